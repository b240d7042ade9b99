import Foundation
import Testing

/// Tests/Data is a copy of reference data maintained in the steering folder (Tests/Data/README.md).
/// Where that folder is checked out beside this one, the copy must be current: a suite, report or
/// recording added or changed there and not synced here fails this test instead of going untested.
@Suite struct VendoredDataTests {
    /// The steering folder: `POPGESTURE_SHARED`, else `shared` beside the checkout, where CI lays it.
    static let source: String? = {
        if let named = ProcessInfo.processInfo.environment["POPGESTURE_SHARED"], !named.isEmpty { return named }
        let beside = URL(fileURLWithPath: packageRoot).deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: beside.appendingPathComponent("conformance").path)
            ? beside.path : nil
    }()

    static func check(_ source: String, against copy: String) throws -> CLI.Run {
        try CLI.run(
            ["-c", "exec python3 scripts/sync-data.py --check \"$0\" \"$1\"", source, copy], in: packageRoot,
            shell: true)
    }

    @Test func theCopyHoldsEverySuite() throws {
        for folder in ["conformance", "conformance/content", "conformance/flutter"] {
            let expected = try FileManager.default.contentsOfDirectory(atPath: dataRoot + "/\(folder)/expected")
            let traces = try FileManager.default.contentsOfDirectory(atPath: dataRoot + "/\(folder)/traces")
            #expect(!expected.isEmpty && !traces.isEmpty, "\(folder)")
        }
        for file in ["vectors/flutter-velocity.json", "vectors/android-velocity.json", "recordings/README.md"] {
            #expect(FileManager.default.fileExists(atPath: dataRoot + "/" + file), "\(file)")
        }
    }

    @Test func theCopyIsWhatTheSourceHolds() throws {
        guard let source = Self.source else {
            // A clone on its own has nothing to compare with; the copy is then the data.
            return
        }
        let run = try Self.check(source, against: dataRoot)
        #expect(run.status == 0, "Tests/Data differs from \(source): run `make sync-shared`\n\(run.stdout)")
    }

    /// The check itself, on a scratch source: a changed byte, a new report and a removed file each
    /// make it fail, and name the file.
    @Test func theCheckNoticesEachKindOfDifference() throws {
        let source = try CLI.fixture([
            "conformance/expected/fd.jsonl": "{}\n", "conformance/traces/a.yaml": "a\n",
            "conformance/README.md": "prose is not copied\n", "vectors/v.json": "[]\n",
            "recordings/README.md": "kept with the data\n",
        ])
        let copy = try CLI.fixture([
            "conformance/expected/fd.jsonl": "{}\n", "conformance/traces/a.yaml": "a\n", "vectors/v.json": "[]\n",
            "recordings/README.md": "kept with the data\n",
        ])
        defer {
            try? FileManager.default.removeItem(atPath: source)
            try? FileManager.default.removeItem(atPath: copy)
        }
        #expect(try Self.check(source, against: copy).status == 0)
        try "{\"x\": 1}\n".write(toFile: source + "/conformance/expected/fd.jsonl", atomically: true, encoding: .utf8)
        try "{}\n".write(toFile: source + "/conformance/expected/mix9.jsonl", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: source + "/vectors/v.json")
        let run = try Self.check(source, against: copy)
        #expect(run.status == 1)
        #expect(run.stdout.contains("conformance/expected/fd.jsonl: differs from the source"))
        #expect(run.stdout.contains("conformance/expected/mix9.jsonl: missing from"))
        #expect(run.stdout.contains("vectors/v.json: not in the source"))
        #expect(run.stdout.contains("3 files differ"))
    }
}
