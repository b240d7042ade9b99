import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Issue 28: check's findings as CI reads them (positions, output files, annotation formats).
@Suite(.serialized) struct CIOutputTests {

    /// Two documents. The first has three items: line 10 `{gesture: 1, outcome: began}` holds; line 11's
    /// flow mapping (column 3) fails (the pop completes); line 12's block mapping, indented to column 5
    /// after `-   `, fails (the stack ends [inbox]). The second document starts after `---` on line 13,
    /// so its mapping's first key is line 14 column 1; its item on line 22, column 3, fails.
    static let twoDocuments = """
        format: popgesture-trace/1
        name: several
        stack: [{id: inbox}, {id: thread, barHidden: true}]
        events:
        - touch: 1
          samples: [[0, 30, 400], [16, 42, 401], [33, 80, 402], [50, 140, 402]]
          up: 60
        expect:
        # the one that holds
        - {gesture: 1, outcome: began}
        - {gesture: 1, pop: cancelled}
        -   final: {stack: [inbox, thread]}
        ---
        format: popgesture-trace/1
        name: second
        stack: [{id: inbox}, {id: thread, barHidden: true}]
        events:
        - touch: 1
          samples: [[0, 30, 400], [16, 42, 401], [33, 80, 402], [50, 140, 402]]
          up: 60
        expect:
        - {gesture: 2, outcome: began}
        """

    @Test func everyFailureIsReportedAtItsItem() throws {
        let dir = try CLI.fixture(["t.yaml": Self.twoDocuments])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try CLI.run(["check", "t.yaml"], in: dir)
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(text.stdout)")
        #expect(
            lines[0].hasPrefix(
                "t.yaml:11:3: error: expectation failed: several (fd): expect[1]: gesture 1: expected pop cancelled, got completed"
            ))
        #expect(
            lines[1]
                == "t.yaml:12:5: error: expectation failed: several (fd): expect[2]: final: stack [inbox, thread] expected, got [inbox]"
        )
        #expect(
            lines[2]
                == "t.yaml:22:3: error: expectation failed: second (fd): expect[0]: gesture 2 expected, but the trace has 1 gesture"
        )
        #expect(lines[3] == "2 traces in 1 file: 0 passed, 2 failed, 0 errors")

        let json = try CLI.run(["check", "--format", "json", "t.yaml"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let documents = (object["files"] as! [[String: Any]])[0]["documents"] as! [[String: Any]]
        let failures = documents.map { $0["failures"] as! [[String: Any]] }
        #expect(failures.map(\.count) == [2, 1])
        let first = failures[0][0]
        #expect(
            first["line"] as? Int == 11 && first["column"] as? Int == 3 && first["expectation"] as? Int == 1
                && first["kind"] as? String == "pop")
        #expect((first["message"] as? String)?.hasPrefix("expect[1]: gesture 1: expected pop cancelled") == true)
        let second = failures[0][1]
        #expect(
            second["line"] as? Int == 12 && second["column"] as? Int == 5 && second["expectation"] as? Int == 2
                && second["kind"] as? String == "final")
        let third = failures[1][0]
        #expect(
            third["line"] as? Int == 22 && third["column"] as? Int == 3 && third["expectation"] as? Int == 0
                && third["kind"] as? String == "outcome")
        // Keys sorted, like every JSON output.
        #expect(
            json.stdout.contains(
                "{\"column\": 3, \"expectation\": 0, \"kind\": \"outcome\", \"line\": 22, \"message\": \"expect[0]: gesture 2 expected, but the trace has 1 gesture\"}"
            ))

        // replay's report carries the same places.
        let replay = try CLI.run(["replay", "--format", "json", "t.yaml"], in: dir)
        #expect(
            replay.stdout.contains(
                "{\"column\": 3, \"index\": 0, \"kind\": \"outcome\", \"line\": 22, \"message\": \"expect[0]: gesture 2 expected, but the trace has 1 gesture\"}"
            ))

        let junit = try XMLElements(try CLI.run(["check", "--format", "junit", "t.yaml"], in: dir).stdout)
        #expect(
            junit.outline == [
                "testsuites", "  testsuite", "    testcase", "      failure", "    testcase", "      failure",
            ])
        #expect(
            junit.named("testsuite").map(\.attributes) == [
                ["name": "t.yaml", "tests": "2", "failures": "2", "errors": "0", "skipped": "0"]
            ])
        // Each test case at its first failure's line.
        #expect(
            junit.named("testcase").map(\.attributes) == [
                ["name": "t.yaml#1 several", "classname": "t.yaml", "file": "t.yaml", "line": "11"],
                ["name": "t.yaml#2 second", "classname": "t.yaml", "file": "t.yaml", "line": "22"],
            ])
        let junitFailures = junit.named("failure")
        #expect(junitFailures.map { $0.attributes["type"] } == ["ExpectationFailed", "ExpectationFailed"])
        #expect(
            junitFailures[0].attributes["message"]?.hasPrefix(
                "t.yaml:11:3: expect[1]: gesture 1: expected pop cancelled")
                == true, "\(junitFailures[0])")
        #expect(
            junitFailures[1].attributes["message"]
                == "t.yaml:22:3: expect[0]: gesture 2 expected, but the trace has 1 gesture")
        // Each failure on its line of the element's text, at its own place.
        let failureLines = junitFailures[0].text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(failureLines.count == 2, "\(junitFailures[0].text)")
        #expect(failureLines.first?.hasPrefix("t.yaml:11:3: expect[1]: gesture 1: expected pop cancelled") == true)
        #expect(failureLines.last == "t.yaml:12:5: expect[2]: final: stack [inbox, thread] expected, got [inbox]")
        #expect(junitFailures[1].text == "t.yaml:22:3: expect[0]: gesture 2 expected, but the trace has 1 gesture")
    }

    @Test func aGoldenMismatchIsReportedAtItsDocument() throws {
        let dir = try CLI.fixture(["t.yaml": Self.twoDocuments])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Recorded (with --force, the expectations fail), then the second document's finger lifts later.
        #expect(try CLI.run(["check", "--update-goldens", "--force", "t.yaml"], in: dir).status == 1)
        let changed = Self.twoDocuments.replacingOccurrences(
            of: "up: 60\nexpect:\n- {gesture: 2", with: "up: 70\nexpect:\n- {gesture: 2")
        #expect(changed != Self.twoDocuments)
        try changed.write(toFile: dir + "/t.yaml", atomically: true, encoding: .utf8)
        let text = try CLI.run(["check", "t.yaml"], in: dir)
        #expect(text.stdout.contains("\nt.yaml:14:1: error: golden mismatch: second (fd): golden: "), "\(text.stdout)")
        let json = try CLI.run(["check", "--format", "json", "t.yaml"], in: dir)
        #expect(
            json.stdout.contains(
                "{\"column\": 1, \"expectation\": null, \"kind\": \"golden\", \"line\": 14, \"message\": \"golden: "))
    }

    // MARK: -o/--output

    /// Every command and format: the file holds exactly the bytes standard output would have, standard
    /// output says where they went, the exit code is the run's, and no temporary file is left.
    @Test(arguments: [
        ["check"], ["check", "--format", "json"], ["check", "--format", "junit"], ["check", "--format", "html"],
        ["replay"], ["replay", "--format", "json"], ["diff", "--base", "fd", "--head", "cupertino"],
        ["diff", "--base", "fd", "--head", "cupertino", "--format", "json"], ["validate"],
        ["validate", "--format", "json"],
    ])
    func outputGoesToTheFileWhole(_ arguments: [String]) throws {
        let dir = try CLI.fixture(["t.yaml": Self.twoDocuments])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plain = try CLI.run(arguments + ["t.yaml"], in: dir)
        #expect(!plain.stdout.isEmpty)
        let written = try CLI.run(arguments + ["t.yaml", "-o", "out.txt"], in: dir)
        #expect(written.status == plain.status)
        #expect(written.stdout == "wrote out.txt\n")
        #expect(try String(contentsOfFile: dir + "/out.txt", encoding: .utf8) == plain.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["out.txt", "t.yaml"])
    }

    @Test func mergeWritesToTheFileToo() throws {
        let dir = try CLI.fixture([
            "a/t.yaml": Self.twoDocuments, "a/u.yaml": CLI.swipe(expect: CLI.passingExpectations),
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let whole = try CLI.run(["check", "--format", "junit", "a"], in: dir)
        for k in 1...2 {
            #expect(
                try CLI.run(["check", "--format", "junit", "--shard", "\(k)/2", "a", "-o", "s\(k).xml"], in: dir).stdout
                    == "wrote s\(k).xml\n")
        }
        let merged = try CLI.run(["merge", "s1.xml", "s2.xml", "--output", "all.xml"], in: dir)
        #expect(merged.status == 1 && merged.stdout == "wrote all.xml\n")
        #expect(try String(contentsOfFile: dir + "/all.xml", encoding: .utf8) == whole.stdout)
    }

    /// An existing file is replaced only when the run got to write; a run refused before (a usage
    /// error) leaves it as it was.
    @Test func aRefusedRunLeavesTheOldFile() throws {
        let dir = try CLI.fixture(["t.yaml": Self.twoDocuments, "out.txt": "old\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let refused = try CLI.run(["check", "--rules", "nosuchpreset", "t.yaml", "-o", "out.txt"], in: dir)
        #expect(refused.status == 2)
        #expect(try String(contentsOfFile: dir + "/out.txt", encoding: .utf8) == "old\n")
        // A config file that does not load, for every command that reads one.
        for command in ["check", "replay", "diff", "validate"] {
            let extra = command == "diff" ? ["--base", "fd", "--head", "fd"] : []
            let badConfig = try CLI.run([command] + extra + ["--config", "t.yaml", "t.yaml", "-o", "out.txt"], in: dir)
            #expect(badConfig.status == 2, "\(command)")
            #expect(try String(contentsOfFile: dir + "/out.txt", encoding: .utf8) == "old\n", "\(command)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["out.txt", "t.yaml"])
    }

    /// `-o` belongs to the console a run is given, not to the process: two in-process runs, each
    /// with its own captured console and file, the second run whole while the first's file is open;
    /// each file holds its own run's bytes and each capture says only where they went.
    @Test func anInProcessRunWritesItsOwnFile() throws {
        let dir = try CLI.fixture(["t.yaml": Self.twoDocuments, "u.yaml": CLI.swipe(expect: CLI.passingExpectations)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let check = CheckRun(paths: [dir + "/t.yaml"], rules: RulesChoice(forced: nil), format: .json, jobs: 1)
        let plain = ConsoleCapture()
        #expect(check.run(console: Console(capturingInto: plain)) == .findings)
        let first = ConsoleCapture()
        let second = ConsoleCapture()
        let checkConsole = try Console(capturingInto: first).writingOutput(to: dir + "/check.json")
        let validateConsole = try Console(capturingInto: second).writingOutput(to: dir + "/validate.txt")
        #expect(ValidateRun(paths: [dir + "/u.yaml"], jobs: 1).run(console: validateConsole) == .ok)
        #expect(check.run(console: checkConsole) == .findings)
        #expect(first.output == "wrote \(dir)/check.json\n")
        #expect(second.output == "wrote \(dir)/validate.txt\n")
        #expect(try String(contentsOfFile: dir + "/check.json", encoding: .utf8) == plain.output)
        // One document, valid, in one file.
        #expect(
            try String(contentsOfFile: dir + "/validate.txt", encoding: .utf8)
                == "1 document in 1 file: 1 valid, 0 invalid\n")
        // A console given up before its `finish` leaves neither its file nor a temporary one.
        do {
            let dropped = try Console(capturingInto: ConsoleCapture()).writingOutput(to: dir + "/dropped.txt")
            dropped.out("never committed\n")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: dir).contains { $0.hasPrefix("dropped.txt.tmp.") })
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [
                "check.json", "t.yaml", "u.yaml", "validate.txt",
            ])
        // A folder cannot be written over: said before the run, at its path.
        #expect(throws: Diagnostic(path: dir, message: "cannot write the output file: is a directory")) {
            try Console(capturingInto: ConsoleCapture()).writingOutput(to: dir)
        }
    }

    // MARK: github, markdown, sarif

    @Test func gitHubEscapesEverySpecialCharacter() {
        // Data: %, CR and LF only; `%` first, so `%0A` written by hand stays itself.
        #expect(CheckGitHubRenderer.data("50% a:b,c\r\nd %0A") == "50%25 a:b,c%0D%0Ad %250A")
        // Properties also : and , (which would end the property).
        #expect(CheckGitHubRenderer.property("a%b:c,d\ne\rf") == "a%25b%3Ac%2Cd%0Ae%0Df")
    }

    /// A file whose name holds `,` `:` and `%`, and a trace whose name holds a line break.
    @Test func gitHubAnnotatesEachFindingAtItsLine() throws {
        let trace = Self.twoDocuments.replacingOccurrences(of: "name: several", with: "name: \"two\\nlines 100%\"")
        let dir = try CLI.fixture([
            "a,b:c%d.yaml": trace, "bad.yaml": "format: popgesture-trace/1\nstack: [{id: a}]\nbogus: 1\n",
            "warn.yaml": "# popgesture-rule: fd\nformat: popgesture-trace/1\nstack: [{id: a}]\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["check", "--format", "github", "."], in: dir)
        #expect(run.status == 2)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 8, "\(run.stdout)")
        #expect(
            lines[0].hasPrefix(
                "::error file=a%2Cb%3Ac%25d.yaml,line=11,col=3,title=expectation failed (pop)::two%0Alines 100%25 (fd): expect[1]: gesture 1: expected pop cancelled"
            ))
        #expect(
            lines[1]
                == "::error file=a%2Cb%3Ac%25d.yaml,line=12,col=5,title=expectation failed (final)::two%0Alines 100%25 (fd): expect[2]: final: stack [inbox, thread] expected, got [inbox]"
        )
        #expect(
            lines[2]
                == "::error file=a%2Cb%3Ac%25d.yaml,line=22,col=3,title=expectation failed (outcome)::second (fd): expect[0]: gesture 2 expected, but the trace has 1 gesture"
        )
        #expect(
            lines[3].hasPrefix(
                "::error file=bad.yaml,line=3,col=1,title=input error::unknown key `bogus` in a trace document"))
        #expect(
            lines[4]
                == "::warning file=warn.yaml,line=1,col=1,title=warning::`# popgesture-rule: fd` is not a rules comment; the file is replayed under fd (did you mean `# popgesture-rules: fd`?)"
        )
        #expect(
            lines[5]
                == "::notice file=warn.yaml,line=2,col=1,title=unchecked trace::warn (fd): no `expect` items and no golden; nothing was checked"
        )
        #expect(lines[6] == "4 traces in 3 files: 0 passed, 1 unchecked, 2 failed, 1 error, 1 warning")
        #expect(lines[7] == "")
    }

    /// The failures table read back as GitHub Flavored Markdown reads a table: rows split at the
    /// pipes that are not escaped, backslash escapes undone, `<br>` a line break.
    @Test func markdownTablesReadBackToTheFindings() throws {
        let trace = Self.twoDocuments.replacingOccurrences(
            of: "name: several", with: "name: \"a|b *c* [d](e) <f> \\\\ `g`\"")
        let dir = try CLI.fixture(["t.yaml": trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["check", "--format", "markdown", "t.yaml"], in: dir)
        #expect(run.status == 1)
        let tables = Self.gfmTables(run.stdout)
        #expect(tables.count == 2, "\(run.stdout)")
        #expect(
            tables[0] == [
                ["traces", "files", "passed", "failed", "unchecked", "errors"], ["2", "1", "0", "2", "0", "0"],
            ])
        let failures = tables[1]
        #expect(failures.count == 4)
        #expect(failures[0] == ["place", "trace", "rules", "what", "message"])
        #expect(failures[1].prefix(4) == ["t.yaml:11:3", "a|b *c* [d](e) <f> \\ `g`", "fd", "expectation failed"])
        #expect(failures[1][4].hasPrefix("expect[1]: gesture 1: expected pop cancelled, got completed by projection"))
        #expect(
            failures[2] == [
                "t.yaml:12:5", "a|b *c* [d](e) <f> \\ `g`", "fd", "expectation failed",
                "expect[2]: final: stack [inbox, thread] expected, got [inbox]",
            ])
        #expect(
            failures[3] == [
                "t.yaml:22:3", "second", "fd", "expectation failed",
                "expect[0]: gesture 2 expected, but the trace has 1 gesture",
            ])
        #expect(
            run.stdout.hasPrefix("## popgesture check\n\nFailed: 2 traces in 1 file: 0 passed, 2 failed, 0 errors\n"))
    }

    /// The GFM tables of a text: each a list of rows of cells, the delimiter row left out.
    static func gfmTables(_ text: String) -> [[[String]]] {
        var tables: [[[String]]] = []
        var current: [[String]]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                if let table = current { tables.append(table) }
                current = nil
                continue
            }
            var cells: [String] = []
            var cell = ""
            var escaped = false
            for character in line.dropFirst() {
                if escaped {
                    cell.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "|" {
                    cells.append(cell.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "<br>", with: "\n"))
                    cell = ""
                } else {
                    cell.append(character)
                }
            }
            if cells.allSatisfy({ $0.allSatisfy { "-:".contains($0) } && !$0.isEmpty }) { continue }
            current = (current ?? []) + [cells]
        }
        if let table = current { tables.append(table) }
        return tables
    }

    @Test func sarifHasOneRunWithItsRulesAndEachResultAtItsPlace() throws {
        let dir = try CLI.fixture(["my traces/t.yaml": Self.twoDocuments])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["check", "--format", "sarif", "my traces"], in: dir)
        #expect(run.status == 1)
        let log = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        #expect(log["version"] as? String == "2.1.0")
        let runs = log["runs"] as! [[String: Any]]
        #expect(runs.count == 1)
        let driver = (runs[0]["tool"] as! [String: Any])["driver"] as! [String: Any]
        let rules = (driver["rules"] as! [[String: Any]]).map { $0["id"] as! String }
        #expect(
            rules == [
                "expect-outcome", "expect-pop", "expect-final", "expect-anomalies", "expect-bar", "expect-content",
                "expect-detections", "expect-intent",
                "golden-mismatch", "unchecked-trace", "input-error", "golden-not-written", "golden-not-recorded",
                "rules-comment", "warning",
            ])
        let results = runs[0]["results"] as! [[String: Any]]
        #expect(results.map { $0["ruleId"] as! String } == ["expect-pop", "expect-final", "expect-outcome"])
        #expect(results.map { $0["ruleIndex"] as! Int } == [1, 2, 0])
        let places = results.map { result -> String in
            let physical = ((result["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any])
            let region = physical["region"] as! [String: Any]
            return
                "\((physical["artifactLocation"] as! [String: Any])["uri"]!):\(region["startLine"]!):\(region["startColumn"]!)"
        }
        #expect(places == ["my%20traces/t.yaml:11:3", "my%20traces/t.yaml:12:5", "my%20traces/t.yaml:22:3"])
        #expect(
            (results[2]["message"] as! [String: Any])["text"] as? String
                == "second (fd): expect[0]: gesture 2 expected, but the trace has 1 gesture")
    }
}
