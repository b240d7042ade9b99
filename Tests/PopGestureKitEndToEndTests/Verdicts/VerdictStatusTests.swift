import Foundation
import Testing

@testable import PopGestureKit

/// What verdicts make of a run, end to end through the built binary: replay's exit status on failed
/// expectations, unchecked traces and `--strict`, and `--update-goldens` refusing a failing file.
/// (The rough edges issue 17 found.)
@Suite(.serialized) struct VerdictStatusTests {

    @Test func replayExitsLikeCheck() throws {
        let dir = try CLI.fixture([
            "fail.yaml": CLI.swipe(expect: "- {gesture: 1, pop: cancelled}"),
            "pass.yaml": CLI.swipe(expect: CLI.passingExpectations), "bad.yaml": "format: popgesture-trace/1\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for format in ["text", "json"] {
            let pass = try CLI.run(["replay", "--format", format, "pass.yaml"], in: dir)
            #expect(pass.status == 0 && pass.stderr.isEmpty, "\(pass.stderr)")
            let fail = try CLI.run(["replay", "--format", format, "pass.yaml", "fail.yaml"], in: dir)
            #expect(fail.status == 1, "\(format): \(fail.stderr)")
            #expect(fail.stderr == "note: 1 trace with failed expectations\n")
            // Errors outrank findings, as in check.
            #expect(try CLI.run(["replay", "--format", format, "fail.yaml", "bad.yaml"], in: dir).status == 2)
        }
        let text = try CLI.run(["replay", "fail.yaml"], in: dir)
        #expect(
            text.stdout.contains(
                "expectations: 0 passed, 1 failed\n    expect[0]: gesture 1: expected pop cancelled, got completed"))
    }

    @Test func tracesWithoutExpectationsOrGoldenAreUnchecked() throws {
        let dir = try CLI.fixture([
            "a.yaml": CLI.swipe(), "b.yaml": CLI.swipe(expect: CLI.passingExpectations),
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try CLI.run(["check", "a.yaml", "b.yaml"], in: dir)
        #expect(text.status == 0)
        #expect(
            text.stdout == "UNCHECKED a.yaml#1 swipe (fd): no `expect` items and no golden; nothing was checked\n"
                + "2 traces in 2 files: 1 passed, 1 unchecked, 0 failed, 0 errors\n", "\(text.stdout)")

        let strict = try CLI.run(["check", "--strict", "a.yaml", "b.yaml"], in: dir)
        #expect(strict.status == 1)
        #expect(
            strict.stdout
                == "a.yaml:1:1: error: unchecked trace: swipe (fd): unchecked: no `expect` items and no golden (--strict fails such a trace)\n"
                + "2 traces in 2 files: 1 passed, 1 failed, 0 errors\n", "\(strict.stdout)")

        let json = try CLI.run(["check", "--format", "json", "a.yaml", "b.yaml"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let summary = object["summary"] as! [String: Any]
        #expect(summary["unchecked"] as? Int == 1 && summary["passed"] as? Int == 1)
        let files = object["files"] as! [[String: Any]]
        let statuses = files.map { (($0["documents"] as! [[String: Any]])[0]["status"] as? String) ?? "" }
        #expect(statuses == ["unchecked", "passed"])

        let run = try CLI.run(["check", "--format", "junit", "a.yaml", "b.yaml"], in: dir)
        #expect(run.status == 0)
        let junit = try XMLElements(run.stdout)
        #expect(
            junit.outline == [
                "testsuites", "  testsuite", "    testcase", "      skipped", "  testsuite", "    testcase",
            ])
        #expect(
            junit.named("testsuite").map(\.attributes) == [
                ["name": "a.yaml", "tests": "1", "failures": "0", "errors": "0", "skipped": "1"],
                ["name": "b.yaml", "tests": "1", "failures": "0", "errors": "0", "skipped": "0"],
            ])
        #expect(
            junit.named("testcase").map(\.attributes) == [
                ["name": "a.yaml#1 swipe", "classname": "a.yaml", "file": "a.yaml", "line": "1"],
                ["name": "b.yaml#1 swipe", "classname": "b.yaml", "file": "b.yaml", "line": "1"],
            ])
        #expect(
            junit.named("skipped").map(\.attributes) == [
                ["message": "no `expect` items and no golden; nothing was checked"]
            ])

        // A golden is a check: recorded, the trace is no longer unchecked.
        #expect(try CLI.run(["check", "--update-goldens", "a.yaml"], in: dir).status == 0)
        let golden = try CLI.run(["check", "--strict", "a.yaml"], in: dir)
        #expect(
            golden.status == 0 && golden.stdout == "1 trace in 1 file: 1 passed, 0 failed, 0 errors\n",
            "\(golden.stdout)")
    }

    @Test func updateGoldensRefusesAFileWhoseExpectationsFail() throws {
        let dir = try CLI.fixture(["a.yaml": CLI.swipe(expect: "- {gesture: 1, pop: cancelled}")])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let refused = try CLI.run(["check", "--update-goldens", "a.yaml"], in: dir)
        #expect(refused.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.yaml.golden.jsonl"))
        #expect(
            refused.stderr
                == "a.yaml.golden.jsonl: warning: not recorded: the expectations of a.yaml#1 fail (fix the trace or the rules, or pass --force to record it anyway)\n",
            "\(refused.stderr)")
        #expect(
            refused.stdout.hasSuffix(
                "1 trace in 1 file: 0 passed, 1 failed, 0 errors, 1 golden refused (expectations fail; --force records)\n"
            ),
            "\(refused.stdout)")

        let forced = try CLI.run(["check", "--update-goldens", "--force", "a.yaml"], in: dir)
        // The expectation still fails; the golden is recorded as asked.
        #expect(forced.status == 1 && forced.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: dir + "/a.yaml.golden.jsonl"))
        #expect(forced.stdout.contains("wrote a.yaml.golden.jsonl\n"))

        let usage = try CLI.run(["check", "--force", "a.yaml"], in: dir)
        #expect(usage.status == 2 && usage.stderr.contains("--force is for --update-goldens"))
    }
}
