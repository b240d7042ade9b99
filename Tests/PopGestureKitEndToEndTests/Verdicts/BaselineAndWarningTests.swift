import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Issue 28: a baseline of accepted failures, and warnings as findings.
@Suite(.serialized) struct BaselineAndWarningTests {

    // MARK: baseline

    /// Recorded, every failure is known and the run passes; then one failure is fixed (the pop now
    /// expected completed) and one is new (expect[3]): the new one fails the run, the fixed entry is
    /// reported, the remaining one stays known.
    @Test func aBaselineAcceptsKnownFailuresAndFailsOnNewOnes() throws {
        let dir = try CLI.fixture(["t.yaml": CIOutputTests.twoDocuments])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let write = try CLI.run(["check", "t.yaml", "--write-baseline", "b.json"], in: dir)
        #expect(
            write.status == 1 && write.stderr == "b.json: note: wrote the baseline: 3 failures\n", "\(write.stderr)")
        #expect(
            try String(contentsOfFile: dir + "/b.json", encoding: .utf8) == """
                {"failures": [
                {"expectation": 1, "kind": "pop", "source": "t.yaml#1", "trace": "several"},
                {"expectation": 2, "kind": "final", "source": "t.yaml#1", "trace": "several"},
                {"expectation": 0, "kind": "outcome", "source": "t.yaml#2", "trace": "second"}
                ], "format": "popgesture-baseline/1"}

                """)
        let known = try CLI.run(["check", "t.yaml", "--baseline", "b.json"], in: dir)
        #expect(known.status == 0)
        #expect(known.stdout == "2 traces in 1 file: 0 passed, 0 failed, 2 known (baseline), 0 errors\n")

        let changed = CIOutputTests.twoDocuments.replacingOccurrences(
            of: "- {gesture: 1, pop: cancelled}", with: "- {gesture: 1, pop: completed}"
        )
        .replacingOccurrences(
            of: "-   final: {stack: [inbox, thread]}",
            with: "-   final: {stack: [inbox, thread]}\n- {anomalies: [barFlicker]}")
        try changed.write(toFile: dir + "/t.yaml", atomically: true, encoding: .utf8)
        let text = try CLI.run(["check", "t.yaml", "--baseline", "b.json"], in: dir)
        #expect(text.status == 1)
        #expect(
            text.stdout == """
                t.yaml:13:3: error: expectation failed: several (fd): expect[3]: anomalies: expected [barFlicker], got []
                t.yaml: note: fixed since the baseline: t.yaml#1 expect[1] (pop) (write the baseline again (--write-baseline) to drop it)
                2 traces in 1 file: 0 passed, 1 failed, 1 known (baseline), 0 errors; 1 baseline entry fixed

                """, "\(text.stdout)")
        let json = try CLI.run(["check", "--format", "json", "t.yaml", "--baseline", "b.json"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let file = (object["files"] as! [[String: Any]])[0]
        let documents = file["documents"] as! [[String: Any]]
        #expect(documents.map { $0["status"] as! String } == ["failed", "known"])
        #expect((documents[0]["known"] as! [[String: Any]]).map { $0["expectation"] as! Int } == [2])
        #expect((documents[0]["failures"] as! [[String: Any]]).map { $0["expectation"] as! Int } == [3])
        let fixed = file["fixed"] as! [[String: Any]]
        #expect(
            fixed.count == 1 && fixed[0]["source"] as? String == "t.yaml#1" && fixed[0]["kind"] as? String == "pop"
                && fixed[0]["expectation"] as? Int == 1)
        let summary = object["summary"] as! [String: Any]
        #expect(summary["known"] as? Int == 1 && summary["fixed"] as? Int == 1 && summary["failed"] as? Int == 1)

        // Sharded, merged: the unsharded bytes.
        let dir2 = try CLI.fixture(["a/t.yaml": changed, "a/u.yaml": CIOutputTests.twoDocuments])
        defer { try? FileManager.default.removeItem(atPath: dir2) }
        #expect(try CLI.run(["check", "a/u.yaml", "--write-baseline", "b.json"], in: dir2).status == 1)
        try (try String(contentsOfFile: dir + "/b.json", encoding: .utf8)).replacingOccurrences(
            of: "t.yaml#", with: "a/t.yaml#"
        ).write(toFile: dir2 + "/bt.json", atomically: true, encoding: .utf8)
        // Both files' entries in one baseline.
        let both = try String(contentsOfFile: dir2 + "/bt.json", encoding: .utf8).replacingOccurrences(
            of: "\n], \"format\"",
            with: ",\n"
                + (try String(contentsOfFile: dir2 + "/b.json", encoding: .utf8)).components(separatedBy: "\n")
                .dropFirst().dropLast(2).joined(separator: "\n").replacingOccurrences(of: "t.yaml#", with: "a/u.yaml#")
                + "\n], \"format\"")
        try both.write(toFile: dir2 + "/b.json", atomically: true, encoding: .utf8)
        let whole = try CLI.run(["check", "--format", "json", "--baseline", "b.json", "a"], in: dir2)
        // a/t.yaml#2 and both of a/u.yaml's documents are wholly known; a/t.yaml#1 has a new failure.
        #expect(whole.stdout.contains("\"known\": 3"), "\(whole.stdout)")
        for k in 1...2 {
            _ = try CLI.run(
                ["check", "--format", "json", "--baseline", "b.json", "--shard", "\(k)/2", "a", "-o", "s\(k).json"],
                in: dir2)
        }
        let merged = try CLI.run(["merge", "s1.json", "s2.json"], in: dir2)
        #expect(merged.stdout == whole.stdout && merged.status == whole.status, "\(merged.stderr)")
    }

    /// `popp` is at column 34 of line 2 (after `  {"source": "t.yaml#1", "kind": `); the item missing
    /// its index starts at column 50 of line 1.
    @Test func aBadBaselineIsAnErrorAtItsPlace() throws {
        let dir = try CLI.fixture([
            "t.yaml": CIOutputTests.twoDocuments,
            "wrong.json":
                "{\"format\": \"popgesture-baseline/1\", \"failures\": [\n  {\"source\": \"t.yaml#1\", \"kind\": \"popp\", \"expectation\": 1}]}\n",
            "noindex.json":
                "{\"format\": \"popgesture-baseline/1\", \"failures\": [{\"source\": \"t.yaml#1\", \"kind\": \"pop\"}]}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let wrong = try CLI.run(["check", "t.yaml", "--baseline", "wrong.json"], in: dir)
        #expect(wrong.status == 2 && wrong.stdout.isEmpty)
        #expect(
            wrong.stderr.hasPrefix("wrong.json:2:34: error: unknown failure kind `popp`")
                && wrong.stderr.contains("did you mean `pop`?"), "\(wrong.stderr)")
        let noIndex = try CLI.run(["check", "t.yaml", "--baseline", "noindex.json"], in: dir)
        #expect(
            noIndex.status == 2
                && noIndex.stderr.hasPrefix("noindex.json:1:50: error: a `pop` failure needs `expectation`"),
            "\(noIndex.stderr)")
        let missing = try CLI.run(["check", "t.yaml", "--baseline", "none.json"], in: dir)
        #expect(missing.status == 2 && missing.stderr.hasPrefix("none.json"), "\(missing.stderr)")
    }

    // MARK: warnings

    /// A misspelt rules comment on line 2 of a passing trace: a warning in every format, and with
    /// --strict a finding (exit 1).
    @Test func warningsAreFindings() throws {
        let dir = try CLI.fixture([
            "w.yaml": "# a trace\n# popgesture-rule: cupertino\n" + CLI.swipe(expect: CLI.passingExpectations)
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try CLI.run(["check", "w.yaml"], in: dir)
        #expect(text.status == 0)
        #expect(text.stdout == "1 trace in 1 file: 1 passed, 0 failed, 0 errors, 1 warning\n")
        #expect(
            text.stderr
                == "w.yaml:2:1: warning: `# popgesture-rule: cupertino` is not a rules comment; the file is replayed under fd (did you mean `# popgesture-rules: cupertino`?)\n"
        )
        let strict = try CLI.run(["check", "--strict", "w.yaml"], in: dir)
        #expect(strict.status == 1 && strict.stdout == text.stdout)

        let json = try CLI.run(["check", "--format", "json", "w.yaml"], in: dir)
        #expect(
            json.stdout.contains(
                "\"path\": \"w.yaml\", \"warnings\": [{\"column\": 1, \"kind\": \"rulesComment\", \"line\": 2, \"message\": \"`# popgesture-rule: cupertino` is not a rules comment; the file is replayed under fd (did you mean `# popgesture-rules: cupertino`?)\", \"path\": \"w.yaml\"}]}"
            ), "\(json.stdout)")
        #expect(json.stdout.hasSuffix("\"unchecked\": 0, \"warnings\": 1}}\n"))

        let junit = try XMLElements(try CLI.run(["check", "--format", "junit", "w.yaml"], in: dir).stdout)
        #expect(
            junit.outline == [
                "testsuites", "  testsuite", "    properties", "      property", "    testcase", "    system-err",
            ])
        #expect(
            junit.named("testsuite").map(\.attributes) == [
                ["name": "w.yaml", "tests": "1", "failures": "0", "errors": "0", "skipped": "0"]
            ])
        #expect(junit.named("property").map(\.attributes) == [["name": "popgesture.warnings", "value": "1"]])
        // The document starts on line 3, under the two comment lines.
        #expect(
            junit.named("testcase").map(\.attributes) == [
                ["name": "w.yaml#1 swipe", "classname": "w.yaml", "file": "w.yaml", "line": "3"]
            ])
        #expect(
            junit.named("system-err").map(\.text) == [
                "w.yaml:2:1: warning: `# popgesture-rule: cupertino` is not a rules comment; the file is replayed under fd (did you mean `# popgesture-rules: cupertino`?)"
            ])

        let sarif = try CLI.run(["check", "--format", "sarif", "w.yaml"], in: dir)
        #expect(
            sarif.stdout.contains(
                "\"level\": \"warning\", \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \"w.yaml\"}, \"region\": {\"startColumn\": 1, \"startLine\": 2}}}]"
            ))
        #expect(sarif.stdout.contains("\"ruleId\": \"rules-comment\", \"ruleIndex\": 13}"))

        // Sharded and merged, --strict still fails on the warning.
        for k in 1...2 {
            _ = try CLI.run(
                ["check", "--strict", "--format", "json", "--shard", "\(k)/2", "w.yaml", "-o", "s\(k).json"], in: dir)
        }
        let merged = try CLI.run(["merge", "s1.json", "s2.json"], in: dir)
        let whole = try CLI.run(["check", "--strict", "--format", "json", "w.yaml"], in: dir)
        #expect(merged.status == 1 && merged.stdout == whole.stdout)
    }
}
