import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Issue 41, item 3: a file is opened and read once per run. The rules comment is looked for in the
/// bytes the loader already holds, which must give what reading the file's head again gave.
@Suite(.serialized) struct ReadOnceTests {
    typealias Scan = (directive: (String, Int)?, lookalikes: [(comment: String, value: String, line: Int)])

    static func summary(_ scan: Scan) -> String {
        let directive = scan.directive.map { "\($0.0)@\($0.1)" } ?? "none"
        return ([directive] + scan.lookalikes.map { "\($0.value)@\($0.line)" }).joined(separator: " ")
    }

    /// Heads with the answer counted by hand: blank lines, `---` and the BOM are skipped but counted;
    /// a line of 5,000 bytes is two of `fgets`' 4,096-byte reads (4,095 bytes, then 905), so the
    /// directive after 5,000 `#` is on counted line 3, and after `# aaa...` there is none (its second
    /// piece, `aaa...`, is not a comment and ends the scan); a CRLF line ends at its LF; the scan
    /// stops at the first line that is not a comment, and at 32 lines.
    @Test(arguments: [
        ("\u{FEFF}\n---\n# popgesture-rules: uikit\nformat: x\n", "uikit@3"),
        ("# popgesture-rule: tz\r\n# popgesture-rules: fd-1.1\r\n", "fd-1.1@2 tz@1"),
        (String(repeating: "#", count: 5000) + "\n# popgesture-rules: tz\n", "tz@3"),
        ("# " + String(repeating: "a", count: 4998) + "\n# popgesture-rules: tz\n", "none"),
        ("format: popgesture-trace/1\n# popgesture-rules: tz\n", "none"),
        (String(repeating: "#\n", count: 32) + "# popgesture-rules: tz\n", "none"),
        (String(repeating: "#\n", count: 31) + "# popgesture-rules: tz\n", "tz@32"),
    ])
    func theHeadGivesWhatTheFileGave(_ text: String, _ expected: String) throws {
        let dir = try HardeningTests.fixture(["a.yaml": text])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fromFile = RulesChoice.scan(dir + "/a.yaml")
        let fromHead = RulesChoice.scan(head: Array(text.utf8))
        #expect(Self.summary(fromFile) == expected)
        #expect(Self.summary(fromHead) == expected)
    }

    /// `check`, `replay`, `validate` and `sweep` open each file once at `--jobs` 1 and 2, the rules
    /// comment still chooses the version (the `uikit` file's swipe from x 30 is refused outside its
    /// 15 pt edge, so it fails its `pop: completed` expectation, where `fd` completes it).
    @Test(arguments: [1, 2])
    func eachCommandOpensEachFileOnce(jobs: Int) throws {
        let trace = CLI.trace
        let dir = try HardeningTests.fixture([
            "a.yaml": trace, "b.yaml": "# popgesture-rules: uikit\n" + trace, "c.yaml": trace,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let paths = ["a.yaml", "b.yaml", "c.yaml"].map { dir + "/" + $0 }
        LoadCounter.shared.start()
        var before = paths.map { LoadCounter.shared.count($0) }
        let capture = ConsoleCapture()
        let status = CheckRun(paths: [dir], rules: RulesChoice(forced: nil), jobs: jobs).run(
            console: Console(capturingInto: capture))
        #expect(paths.map { LoadCounter.shared.count($0) } == before.map { $0 + 1 })
        #expect(status == .findings)
        #expect(capture.output.contains("3 traces in 3 files: 2 passed, 1 failed, 0 errors"), "\(capture.output)")
        before = paths.map { LoadCounter.shared.count($0) }
        _ = ReplayRun(paths: [dir], rules: RulesChoice(forced: nil), format: .json, jobs: jobs).run(
            console: Console(capturingInto: ConsoleCapture()))
        _ = ValidateRun(paths: [dir], jobs: jobs).run(console: Console(capturingInto: ConsoleCapture()))
        #expect(paths.map { LoadCounter.shared.count($0) } == before.map { $0 + 2 })
    }

    /// A file past `RegularFile.wholeReadLimit` is streamed, not held; its head is read by position
    /// from the open file, so it too is opened once, pipelined or not, and its rules comment still
    /// chooses (`uikit` refuses the swipe from x 30, so `pop: completed` fails, 1 of 1).
    @Test(arguments: [1, 2])
    func aStreamedFileIsOpenedOnce(jobs: Int) throws {
        let padding = String(repeating: "# " + String(repeating: "x", count: 98) + "\n", count: 11_000)
        let text = "# popgesture-rules: uikit\n" + CLI.trace + padding
        #expect(text.utf8.count > RegularFile.wholeReadLimit)
        let dir = try HardeningTests.fixture(["big.yaml": text])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/big.yaml"
        LoadCounter.shared.start()
        let before = LoadCounter.shared.count(path)
        let capture = ConsoleCapture()
        let status = CheckRun(paths: [path], rules: RulesChoice(forced: nil), jobs: jobs).run(
            console: Console(capturingInto: capture))
        #expect(LoadCounter.shared.count(path) == before + 1)
        #expect(status == .findings)
        #expect(capture.output.contains("1 trace in 1 file: 0 passed, 1 failed, 0 errors"), "\(capture.output)")
    }
}
