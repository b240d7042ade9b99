import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Every command's output on the bundled examples, in every format, compared byte for byte with a
/// reference file under References/ (SwiftLint's way): a change to a renderer shows as a diff of
/// those files. Each holds standard output alone, under the extension of what it is (`check-json.json`,
/// `sweep-svg.svg`, `check-sarif.sarif`), so it opens as that; the exit status and standard error are
/// written out here. `RECORD_REFERENCES=1 swift test --filter ReferenceOutputTests` rewrites the
/// files; review the diff before committing it. The commands run in-process through a captured
/// console. `RendererFixtureTests` holds each renderer alone to canned bytes.
@Suite struct ReferenceOutputTests {
    static let folder = packageRoot + "/Tests/References"
    static let recording = ProcessInfo.processInfo.environment["RECORD_REFERENCES"] == "1"

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The reference file's extension: what the output is.
        var fileExtension: String
        var status: Int32
        var stderr = ""
        var run: @Sendable (Console) throws -> PopGestureKit.ExitStatus
        var testDescription: String { name }
        var file: String { "\(name).\(fileExtension)" }
    }

    /// What each format's output is, as a file extension.
    static let extensions: [String: String] = [
        "text": "txt", "json": "json", "junit": "xml", "html": "html", "github": "txt", "markdown": "md",
        "sarif": "sarif", "svg": "svg",
    ]

    /// The one input error of `inputs/`, on standard error in every format but text (whose report says it).
    static let inputError =
        "Tests/References/inputs/failing.yaml:19:35: error: unknown key `barHiden` in an entry of `stack`; expected one of `id`, `barHidden`, `popDisabled`, `maxStartX`, `content` (did you mean `barHidden`?)\n"

    /// Inputs are given as a user at the project's root gives them, relative to it (`swift test` runs
    /// there; tests run in parallel, so no `chdir`). Absolute, they put the checkout folder in the
    /// output, and a plot lays out its title by its width: a clone in a longer folder moved it. Run
    /// from elsewhere, they are absolute, and outputs show them relative.
    static let base: String = {
        let resolved = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        return resolved(FileManager.default.currentDirectoryPath) == resolved(packageRoot) ? "" : packageRoot + "/"
    }()
    static func path(_ relative: String) -> String { base + relative }
    static let checked = ["traces/example", "traces/content", "Tests/References/inputs"].map(path)
    static let replayed = ["traces/example", "traces/content"].map(path)

    static let cases: [Case] = {
        var cases: [Case] = []
        for format in CheckRun.Format.allCases {
            cases.append(
                Case(
                    name: "check-\(format)", fileExtension: extensions[format.rawValue]!, status: 2,
                    stderr: format == .text ? "" : inputError
                ) { console in
                    CheckRun(paths: checked, rules: RulesChoice(forced: nil), format: format, jobs: 2).run(
                        console: console)
                })
        }
        for format in ReplayRun.Format.allCases {
            cases.append(
                Case(name: "replay-\(format)", fileExtension: format == .json ? "jsonl" : "txt", status: 0) {
                    console in
                    ReplayRun(paths: replayed, rules: RulesChoice(forced: nil), format: format, jobs: 2).run(
                        console: console)
                })
        }
        for format in DiffRun.Format.allCases {
            cases.append(
                Case(name: "diff-\(format)", fileExtension: extensions[format.rawValue]!, status: 1) { console in
                    DiffRun(
                        paths: [path("traces/fd-issues")], base: try RulesLoader.load("fd-1.1"),
                        head: try RulesLoader.load("fd"),
                        format: format, jobs: 2
                    ).run(console: console)
                })
        }
        for format in ValidateRun.Format.allCases {
            cases.append(
                Case(name: "validate-\(format)", fileExtension: extensions[format.rawValue]!, status: 1) { console in
                    ValidateRun(
                        paths: [path("traces/example"), path("Tests/References/inputs")],
                        format: format, jobs: 2
                    )
                    .run(console: console)
                })
        }
        for format in SweepRun.Format.allCases {
            cases.append(
                Case(name: "sweep-\(format)", fileExtension: extensions[format.rawValue]!, status: 1) { console in
                    SweepRun(paths: [path("traces/intent")], vary: ["maxStartX=40..200/40"], format: format, jobs: 2)
                        .run(console: console)
                })
        }
        cases.append(
            Case(name: "explain", fileExtension: "txt", status: 0) { console in
                ExplainRun(path: path("traces/example/cancelled-swipe.yaml"), rules: RulesChoice(forced: nil)).run(
                    console: console)
            })
        cases.append(
            Case(name: "explain-failing", fileExtension: "txt", status: 1) { console in
                ExplainRun(
                    path: path("Tests/References/inputs/failing.yaml"),
                    rules: RulesChoice(forced: nil), document: 1
                )
                .run(console: console)
            })
        cases.append(
            Case(name: "plot-svg", fileExtension: "svg", status: 0) { console in
                PlotRun(path: path("traces/content/carousel-fd.yaml"), rules: RulesChoice(forced: nil), document: 2)
                    .run(console: console)
            })
        cases.append(
            Case(name: "plot-versus-svg", fileExtension: "svg", status: 0) { console in
                PlotRun(
                    path: path("traces/example/cancelled-swipe.yaml"),
                    rules: RulesChoice(forced: try RulesLoader.load("fd-1.1")),
                    versus: try RulesLoader.load("fd")
                ).run(console: console)
            })
        cases.append(Case(name: "rules-list", fileExtension: "txt", status: 0) { RulesRun.list(console: $0) })
        for preset in ["fd", "cupertino"] {
            cases.append(
                Case(name: "rules-show-\(preset)", fileExtension: "yaml", status: 0) {
                    RulesRun.show(try RulesLoader.load(preset), console: $0)
                })
        }
        return cases
    }()

    @Test(arguments: cases)
    func outputEqualsItsReference(_ example: Case) throws {
        let capture = ConsoleCapture()
        let status = try example.run(Console(capturingInto: capture))
        let relative = { (text: String) in text.replacingOccurrences(of: packageRoot + "/", with: "") }
        #expect(status.rawValue == example.status, "\(example.name)")
        #expect(relative(capture.errors) == example.stderr, "\(example.name)")
        let actual = relative(capture.output)
        let file = Self.folder + "/" + example.file
        if Self.recording {
            try actual.write(toFile: file, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOfFile: file, encoding: .utf8) else {
            Issue.record(
                "no reference \(file): record it with RECORD_REFERENCES=1 swift test --filter ReferenceOutputTests")
            return
        }
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
            Issue.record(
                """
                \(example.name) differs from References/\(example.file) at line \(line + 1):
                  expected: \(line < e.count ? String(e[line]) : "<end>")
                  actual:   \(line < a.count ? String(a[line]) : "<end>")
                (RECORD_REFERENCES=1 swift test --filter ReferenceOutputTests rewrites the references; review the diff)
                """)
        }
    }

    /// Every file under References/ is some case's: none is left behind when a case goes or is renamed.
    @Test func everyReferenceFileHasItsCase() throws {
        // inputs/ holds what the cases read, Renderers/ `RendererFixtureTests`' canned bytes.
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter {
            $0 != "inputs" && $0 != "Renderers"
        }
        #expect(Set(files) == Set(Self.cases.map(\.file)))
    }
}
