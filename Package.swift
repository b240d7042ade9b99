// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "popgesture",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "popgesture", targets: ["popgesture"]),
        // `record --serve`'s server, which `popgesture` execs; installed beside it.
        .executable(name: "popgesture-record", targets: ["popgesture-record"]),
        // The library API, under semantic versioning (README, "Versions"): load, replay, read the report,
        // check expectations, sweep. PopGestureCore and PopGestureKit are no products: nothing outside
        // this package builds on them, so their `public` declarations are no promise.
        .library(name: "PopGesture", targets: ["PopGesture"]),
        // Swift Testing's and XCTest's assertions on recorded traces (`expectTrace`, `XCTAssertTrace`).
        .library(name: "PopGestureTesting", targets: ["PopGestureTesting"]),
        // `swift package popgesture ...` (reads) and `swift package --allow-writing-to-package-directory
        // popgesture-write ...` (may write: goldens, baselines, -o into the package).
        .plugin(name: "PopGesturePlugin", targets: ["PopGestureCommand", "PopGestureWriteCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `record --serve`'s HTTP server: no dependency of its own (see README, "Recording real swipes").
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // libyaml's C API; pkg-config finds it, the module map links it even when pkg-config is absent.
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Load -> replay -> judge the expectations: the SPEC's model, numbers and enums only. It depends
        // on nothing but libyaml, so that the compiler rejects a word for people built upstream of the
        // renderers (StructureTests holds it to that).
        .target(
            name: "PopGestureCore",
            dependencies: ["CYaml"]
        ),
        // The commands, batches, encodings and renderers around the core: everything people and CI read.
        // The recorder page's HTML, CSS and JavaScript are files of their own (Record/Page), which the
        // RecorderPage plugin builds into the Kit as strings.
        .target(
            name: "PopGestureKit",
            dependencies: ["PopGestureCore"],
            exclude: ["Record/Page"],
            plugins: ["RecorderPage"]
        ),
        // Record/Page's files as a Swift file of string literals, made by /bin/sh at build time: the
        // binary needs nothing beside it.
        .plugin(name: "RecorderPage", capability: .buildTool()),
        // `record --serve`: the HTTP server around PopGestureKit's recorder page and take store, in a
        // target of its own so that the library, its tests and the fuzz target never link a server.
        .target(
            name: "PopGestureRecord",
            dependencies: [
                "PopGestureCore",
                "PopGestureKit",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        // The options both executables read: `popgesture-record` parses the record command's line as
        // `popgesture` validated it.
        .target(
            name: "PopGestureOptions",
            dependencies: [
                "PopGestureCore",
                "PopGestureKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Argument parsing only. No server: `record --serve` execs popgesture-record, so that no other
        // command loads FoundationNetworking and libcurl (README, "Performance").
        .executableTarget(
            name: "popgesture",
            dependencies: [
                "PopGestureCore",
                "PopGestureKit",
                "PopGestureOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `record --serve`: the same arguments, and the server.
        .executableTarget(
            name: "popgesture-record",
            dependencies: [
                "PopGestureKit",
                "PopGestureOptions",
                "PopGestureRecord",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The public API: small value types over the core's and the Kit's, which it imports internally so
        // that none of theirs can appear in it (the compiler refuses).
        .target(
            name: "PopGesture",
            dependencies: ["PopGestureCore", "PopGestureKit"]
        ),
        .target(
            name: "PopGestureTesting",
            dependencies: ["PopGesture"]
        ),
        .plugin(
            name: "PopGestureCommand",
            capability: .command(
                intent: .custom(
                    verb: "popgesture",
                    description:
                        "Runs popgesture in the package's folder (check, replay, explain, ...); never writes there")
            ),
            dependencies: ["popgesture"]
        ),
        .plugin(
            name: "PopGestureWriteCommand",
            capability: .command(
                intent: .custom(
                    verb: "popgesture-write",
                    description: "Runs popgesture in the package's folder, free to write there"),
                permissions: [
                    .writeToPackageDirectory(
                        reason:
                            "popgesture writes goldens (--update-goldens), baselines (--write-baseline) or -o's file")
                ]
            ),
            dependencies: ["popgesture"]
        ),
        .testTarget(
            name: "PopGestureTests",
            dependencies: ["PopGesture", "PopGestureTesting"],
            // Traces the tests read from the source tree.
            exclude: ["Traces"]
        ),
        // The tests by kind, as swift-argument-parser splits its own: the unit suites run the code
        // in-process on small inputs and finish in seconds (`swift test --filter Unit`); the
        // randomized suites run it in-process over generated inputs (seeded random traces, long
        // synthesized recordings), comparing ways that must agree; the end-to-end suites launch the
        // built binaries. Tests/Helpers/ is linked into each (Helpers/); Tests/References/ holds the
        // reference outputs, read from the source tree.
        .testTarget(
            name: "PopGestureKitUnitTests",
            dependencies: ["PopGestureCore", "PopGestureKit", "PopGestureRecord"]
        ),
        .testTarget(
            name: "PopGestureKitRandomizedTests",
            dependencies: ["PopGestureCore", "PopGestureKit"]
        ),
        .testTarget(
            name: "PopGestureKitEndToEndTests",
            dependencies: ["PopGestureCore", "PopGestureKit", "PopGestureRecord"]
        ),
    ]
)

// The libFuzzer target (`make fuzz`, scripts/fuzz.sh): only with POPGESTURE_FUZZ set, and built with
// -sanitize=fuzzer,address, so that a plain `swift build` or `swift test` never sees it.
if Context.environment["POPGESTURE_FUZZ"] != nil {
    package.products.append(.executable(name: "popgesture-fuzz", targets: ["PopGestureFuzz"]))
    package.targets += [
        // libFuzzer's driver entry point, declared for Swift; the sanitizer's runtime defines it.
        .systemLibrary(name: "CFuzzer"),
        .executableTarget(name: "PopGestureFuzz", dependencies: ["PopGestureCore", "PopGestureKit", "CFuzzer"]),
    ]
}

// `make docs` (swift package generate-documentation): the DocC plugin only with POPGESTURE_DOCS set.
// A command plugin costs nothing until it runs, but SwiftPM compiles every plugin of the graph on a
// fresh build: its two added about 10 s of CPU to each (docs/DISTRIBUTION.md, "What each costs and saves").
if Context.environment["POPGESTURE_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
