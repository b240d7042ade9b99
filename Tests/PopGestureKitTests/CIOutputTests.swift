import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import PopGestureKit

/// Issue 28: check's findings as CI reads them (positions, output files, annotation formats).
@Suite(.serialized) struct CIOutputTests {
    typealias CLI = CommandLineTests

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
        #expect(lines[0].hasPrefix("t.yaml:11:3: error: expectation failed: several (fd): expect[1]: gesture 1: expected pop cancelled, got completed"))
        #expect(lines[1] == "t.yaml:12:5: error: expectation failed: several (fd): expect[2]: final: stack [inbox, thread] expected, got [inbox]")
        #expect(lines[2] == "t.yaml:22:3: error: expectation failed: second (fd): expect[0]: gesture 2 expected, but the trace has 1 gesture")
        #expect(lines[3] == "2 traces in 1 file: 0 passed, 2 failed, 0 errors")

        let json = try CLI.run(["check", "--format", "json", "t.yaml"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let documents = (object["files"] as! [[String: Any]])[0]["documents"] as! [[String: Any]]
        let failures = documents.map { $0["failures"] as! [[String: Any]] }
        #expect(failures.map(\.count) == [2, 1])
        let first = failures[0][0]
        #expect(first["line"] as? Int == 11 && first["column"] as? Int == 3 && first["expectation"] as? Int == 1 && first["kind"] as? String == "pop")
        #expect((first["message"] as? String)?.hasPrefix("expect[1]: gesture 1: expected pop cancelled") == true)
        let second = failures[0][1]
        #expect(second["line"] as? Int == 12 && second["column"] as? Int == 5 && second["expectation"] as? Int == 2 && second["kind"] as? String == "final")
        let third = failures[1][0]
        #expect(third["line"] as? Int == 22 && third["column"] as? Int == 3 && third["expectation"] as? Int == 0 && third["kind"] as? String == "outcome")
        // Keys sorted, like every JSON output.
        #expect(json.stdout.contains("{\"column\": 3, \"expectation\": 0, \"kind\": \"outcome\", \"line\": 22, \"message\": \"expect[0]: gesture 2 expected, but the trace has 1 gesture\"}"))

        // replay's report carries the same places.
        let replay = try CLI.run(["replay", "--format", "json", "t.yaml"], in: dir)
        #expect(replay.stdout.contains("{\"column\": 3, \"index\": 0, \"kind\": \"outcome\", \"line\": 22, \"message\": \"expect[0]: gesture 2 expected, but the trace has 1 gesture\"}"))

        let junit = try CLI.run(["check", "--format", "junit", "t.yaml"], in: dir)
        #expect(junit.stdout.contains("<testcase name=\"t.yaml#1 several\" classname=\"t.yaml\" file=\"t.yaml\" line=\"11\">"), "\(junit.stdout)")
        #expect(junit.stdout.contains("<testcase name=\"t.yaml#2 second\" classname=\"t.yaml\" file=\"t.yaml\" line=\"22\">"))
        #expect(junit.stdout.contains("<failure message=\"t.yaml:22:3: expect[0]: gesture 2 expected, but the trace has 1 gesture\" type=\"ExpectationFailed\">"))
        // Each failure on its line (xmlEscaped writes the line break as a character reference).
        #expect(junit.stdout.contains("&#10;t.yaml:12:5: expect[2]: final: stack [inbox, thread] expected, got [inbox]</failure>"))
    }

    @Test func aGoldenMismatchIsReportedAtItsDocument() throws {
        let dir = try CLI.fixture(["t.yaml": Self.twoDocuments])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Recorded (with --force, the expectations fail), then the second document's finger lifts later.
        #expect(try CLI.run(["check", "--update-goldens", "--force", "t.yaml"], in: dir).status == 1)
        let changed = Self.twoDocuments.replacingOccurrences(of: "up: 60\nexpect:\n- {gesture: 2", with: "up: 70\nexpect:\n- {gesture: 2")
        #expect(changed != Self.twoDocuments)
        try changed.write(toFile: dir + "/t.yaml", atomically: true, encoding: .utf8)
        let text = try CLI.run(["check", "t.yaml"], in: dir)
        #expect(text.stdout.contains("\nt.yaml:14:1: error: golden mismatch: second (fd): golden: "), "\(text.stdout)")
        let json = try CLI.run(["check", "--format", "json", "t.yaml"], in: dir)
        #expect(json.stdout.contains("{\"column\": 1, \"expectation\": null, \"kind\": \"golden\", \"line\": 14, \"message\": \"golden: "))
    }

    // MARK: -o/--output

    /// Every command and format: the file holds exactly the bytes standard output would have, standard
    /// output says where they went, the exit code is the run's, and no temporary file is left.
    @Test(arguments: [
        ["check"], ["check", "--format", "json"], ["check", "--format", "junit"], ["check", "--format", "html"],
        ["replay"], ["replay", "--format", "json"], ["diff", "--base", "fd", "--head", "cupertino"],
        ["diff", "--base", "fd", "--head", "cupertino", "--format", "json"], ["validate"], ["validate", "--format", "json"],
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
        let dir = try CLI.fixture(["a/t.yaml": Self.twoDocuments, "a/u.yaml": CLI.swipe(expect: CLI.passingExpectations)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let whole = try CLI.run(["check", "--format", "junit", "a"], in: dir)
        for k in 1...2 {
            #expect(try CLI.run(["check", "--format", "junit", "--shard", "\(k)/2", "a", "-o", "s\(k).xml"], in: dir).stdout == "wrote s\(k).xml\n")
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
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["out.txt", "t.yaml"])
    }

    // MARK: github, markdown, sarif

    @Test func gitHubEscapesEverySpecialCharacter() {
        // Data: %, CR and LF only; `%` first, so `%0A` written by hand stays itself.
        #expect(GitHubCheckReporter.data("50% a:b,c\r\nd %0A") == "50%25 a:b,c%0D%0Ad %250A")
        // Properties also : and , (which would end the property).
        #expect(GitHubCheckReporter.property("a%b:c,d\ne\rf") == "a%25b%3Ac%2Cd%0Ae%0Df")
    }

    /// A file whose name holds `,` `:` and `%`, and a trace whose name holds a line break.
    @Test func gitHubAnnotatesEachFindingAtItsLine() throws {
        let trace = Self.twoDocuments.replacingOccurrences(of: "name: several", with: "name: \"two\\nlines 100%\"")
        let dir = try CLI.fixture(["a,b:c%d.yaml": trace, "bad.yaml": "format: popgesture-trace/1\nstack: [{id: a}]\nbogus: 1\n",
                                   "warn.yaml": "# popgesture-rule: fd\nformat: popgesture-trace/1\nstack: [{id: a}]\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["check", "--format", "github", "."], in: dir)
        #expect(run.status == 2)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 8, "\(run.stdout)")
        #expect(lines[0].hasPrefix("::error file=a%2Cb%3Ac%25d.yaml,line=11,col=3,title=expectation failed (pop)::two%0Alines 100%25 (fd): expect[1]: gesture 1: expected pop cancelled"))
        #expect(lines[1] == "::error file=a%2Cb%3Ac%25d.yaml,line=12,col=5,title=expectation failed (final)::two%0Alines 100%25 (fd): expect[2]: final: stack [inbox, thread] expected, got [inbox]")
        #expect(lines[2] == "::error file=a%2Cb%3Ac%25d.yaml,line=22,col=3,title=expectation failed (outcome)::second (fd): expect[0]: gesture 2 expected, but the trace has 1 gesture")
        #expect(lines[3].hasPrefix("::error file=bad.yaml,line=3,col=1,title=input error::unknown key `bogus` in a trace document"))
        #expect(lines[4] == "::warning file=warn.yaml,line=1,col=1,title=warning::`# popgesture-rule: fd` is not a rules comment; the file is replayed under fd (did you mean `# popgesture-rules: fd`?)")
        #expect(lines[5] == "::notice file=warn.yaml,line=2,col=1,title=unchecked trace::warn (fd): no `expect` items and no golden; nothing was checked")
        #expect(lines[6] == "4 traces in 3 files: 0 passed, 1 unchecked, 2 failed, 1 error, 1 warning")
        #expect(lines[7] == "")
    }

    /// The failures table read back as GitHub Flavored Markdown reads a table: rows split at the
    /// pipes that are not escaped, backslash escapes undone, `<br>` a line break.
    @Test func markdownTablesReadBackToTheFindings() throws {
        let trace = Self.twoDocuments.replacingOccurrences(of: "name: several", with: "name: \"a|b *c* [d](e) <f> \\\\ `g`\"")
        let dir = try CLI.fixture(["t.yaml": trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["check", "--format", "markdown", "t.yaml"], in: dir)
        #expect(run.status == 1)
        let tables = Self.gfmTables(run.stdout)
        #expect(tables.count == 2, "\(run.stdout)")
        #expect(tables[0] == [["traces", "files", "passed", "failed", "unchecked", "errors"], ["2", "1", "0", "2", "0", "0"]])
        let failures = tables[1]
        #expect(failures.count == 4)
        #expect(failures[0] == ["place", "trace", "rules", "what", "message"])
        #expect(failures[1].prefix(4) == ["t.yaml:11:3", "a|b *c* [d](e) <f> \\ `g`", "fd", "expectation failed"])
        #expect(failures[1][4].hasPrefix("expect[1]: gesture 1: expected pop cancelled, got completed by projection"))
        #expect(failures[2] == ["t.yaml:12:5", "a|b *c* [d](e) <f> \\ `g`", "fd", "expectation failed", "expect[2]: final: stack [inbox, thread] expected, got [inbox]"])
        #expect(failures[3] == ["t.yaml:22:3", "second", "fd", "expectation failed", "expect[0]: gesture 2 expected, but the trace has 1 gesture"])
        #expect(run.stdout.hasPrefix("## popgesture check\n\nFailed: 2 traces in 1 file: 0 passed, 2 failed, 0 errors\n"))
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
        #expect(rules == ["expect-outcome", "expect-pop", "expect-final", "expect-anomalies", "expect-bar", "expect-content", "expect-detections",
                          "golden-mismatch", "unchecked-trace", "input-error", "golden-not-written", "golden-not-recorded", "rules-comment", "warning"])
        let results = runs[0]["results"] as! [[String: Any]]
        #expect(results.map { $0["ruleId"] as! String } == ["expect-pop", "expect-final", "expect-outcome"])
        #expect(results.map { $0["ruleIndex"] as! Int } == [1, 2, 0])
        let places = results.map { result -> String in
            let physical = ((result["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any])
            let region = physical["region"] as! [String: Any]
            return "\((physical["artifactLocation"] as! [String: Any])["uri"]!):\(region["startLine"]!):\(region["startColumn"]!)"
        }
        #expect(places == ["my%20traces/t.yaml:11:3", "my%20traces/t.yaml:12:5", "my%20traces/t.yaml:22:3"])
        #expect((results[2]["message"] as! [String: Any])["text"] as? String == "second (fd): expect[0]: gesture 2 expected, but the trace has 1 gesture")
    }

    // MARK: --shard auto

    static func automatic(_ environment: [String: String]) -> String {
        switch Shard.automatic(environment: environment) {
        case .success(let found): return found.shard.description + (found.note == nil ? "" : " (note)")
        case .failure(let problem): return "error: " + problem.message
        }
    }

    @Test func shardAutoReadsEachCIsVariablesFromItsOwnBase() {
        // GitLab counts from 1, the others from 0.
        #expect(Self.automatic(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"]) == "2/4")
        #expect(Self.automatic(["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "3"]) == "1/3")
        #expect(Self.automatic(["CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "4"]) == "4/4")
        #expect(Self.automatic(["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2"]) == "2/2")
        // Two systems that agree (GitLab's 1 is CircleCI's 0).
        #expect(Self.automatic(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "2"]) == "1/2")
        // None set, or only GitLab's CI_NODE_TOTAL=1 of a job that is not parallel: the whole run, with a note.
        #expect(Self.automatic([:]) == "1/1 (note)")
        #expect(Self.automatic(["CI_NODE_TOTAL": "1", "CI": "true"]) == "1/1 (note)")
    }

    @Test func shardAutoRefusesInconsistentVariables() {
        let disagree = Self.automatic(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2"])
        #expect(disagree == "error: --shard auto: the CI variables disagree: CI_NODE_INDEX=1 CI_NODE_TOTAL=2 (GitLab, shard 1/2) but CIRCLE_NODE_INDEX=1 CIRCLE_NODE_TOTAL=2 (CircleCI, shard 2/2)")
        #expect(Self.automatic(["CIRCLE_NODE_INDEX": "0"]) == "error: --shard auto: CircleCI's variables are half set: CIRCLE_NODE_INDEX=0 CIRCLE_NODE_TOTAL=(unset)")
        #expect(Self.automatic(["CI_NODE_TOTAL": "4"]) == "error: --shard auto: GitLab's variables are half set: CI_NODE_INDEX=(unset) CI_NODE_TOTAL=4")
        // Out of range for each base, not a number, no shards.
        #expect(Self.automatic(["BUILDKITE_PARALLEL_JOB": "3", "BUILDKITE_PARALLEL_JOB_COUNT": "3"]).hasPrefix("error: --shard auto: Buildkite's variables do not name a shard: BUILDKITE_PARALLEL_JOB=3 BUILDKITE_PARALLEL_JOB_COUNT=3 (the index counts from 0 to the total - 1)"))
        #expect(Self.automatic(["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"]).hasPrefix("error: --shard auto: GitLab's variables do not name a shard"))
        #expect(Self.automatic(["TEST_SHARD_INDEX": "x", "TEST_TOTAL_SHARDS": "2"]).hasPrefix("error: --shard auto: Bazel's variables do not name a shard"))
        #expect(Self.automatic(["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "0"]).hasPrefix("error: --shard auto: Bazel's variables do not name a shard"))
    }

    /// End to end under Bazel's variables: the shard's bytes are `--shard 2/2`'s, the status file is
    /// created; without variables a note, and the whole run. Other CI variables the test itself runs
    /// under are unset around the command.
    @Test func shardAutoRunsTheShardAndTouchesBazelsStatusFile() throws {
        let dir = try CLI.fixture(["a/t.yaml": Self.twoDocuments, "a/u.yaml": CLI.swipe(expect: CLI.passingExpectations)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let unset = (Shard.ciVariables.flatMap { [$0.index, $0.total] } + ["TEST_SHARD_STATUS_FILE"]).map { "-u \($0)" }.joined(separator: " ")
        func run(_ variables: String, _ shard: String) throws -> CLI.Run {
            try CLI.run(["-c", "env \(unset) \(variables) '\(CLI.binary)' check --format json --shard \(shard) a"], in: dir, shell: true)
        }
        let fixed = try run("", "2/2")
        let automatic = try run("TEST_SHARD_INDEX=1 TEST_TOTAL_SHARDS=2 TEST_SHARD_STATUS_FILE=status", "auto")
        #expect(automatic.stdout == fixed.stdout && automatic.status == fixed.status && automatic.stderr.isEmpty, "\(automatic.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/status"))
        let none = try run("", "auto")
        #expect(none.stdout == (try run("", "1/1")).stdout)
        #expect(none.stderr.hasPrefix("note: --shard auto: no CI shard variables set (CI_NODE_INDEX/CI_NODE_TOTAL, "), "\(none.stderr)")
        let bad = try run("CIRCLE_NODE_INDEX=2 CIRCLE_NODE_TOTAL=2", "auto")
        #expect(bad.status == 2 && bad.stdout.isEmpty && bad.stderr.hasPrefix("error: --shard auto: CircleCI's variables do not name a shard"))
    }

    // MARK: standard input

    /// `-` reads a trace from standard input, named `-` in reports (its rules comment too), once
    /// however often it is given; it has no golden, and a file named `-` is `./-`.
    @Test func aDashReadsStandardInput() throws {
        let dir = try CLI.fixture(["t.yaml": Self.twoDocuments, "r.yaml": "# popgesture-rules: cupertino\n" + CLI.swipe(expect: "- {gesture: 1, outcome: refused, reason: outsideEdge}")])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try CLI.run(["-c", "'\(CLI.binary)' check - - < t.yaml"], in: dir, shell: true)
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("-:11:3: error: expectation failed: several (fd): expect[1]: "), "\(text.stdout)")
        #expect(text.stdout.hasSuffix("\n2 traces in 1 file: 0 passed, 2 failed, 0 errors\n"))
        let json = try CLI.run(["-c", "'\(CLI.binary)' check --require-goldens --format json - < r.yaml"], in: dir, shell: true)
        #expect(json.status == 0, "\(json.stdout)\(json.stderr)")
        #expect(json.stdout.contains("\"rules\": \"cupertino\", \"source\": \"-#1\", \"status\": \"passed\""), "\(json.stdout)")
        let replay = try CLI.run(["-c", "'\(CLI.binary)' replay - < t.yaml"], in: dir, shell: true)
        #expect(replay.stdout.hasPrefix("-#1 several (rules fd)\n"), "\(replay.stdout)")
        let empty = try CLI.run(["-c", "'\(CLI.binary)' check - < /dev/null"], in: dir, shell: true)
        #expect(empty.status == 2 && empty.stdout.hasPrefix("-:1:1: error: contains no trace document"))
        // Nothing recorded for standard input, and a file named `-` is read as `./-`.
        #expect(try CLI.run(["-c", "'\(CLI.binary)' check --update-goldens --force - < t.yaml"], in: dir, shell: true).status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/-.golden.jsonl"))
        try FileManager.default.copyItem(atPath: dir + "/t.yaml", toPath: dir + "/-")
        let file = try CLI.run(["check", "./-"], in: dir)
        #expect(file.stdout.hasPrefix("./-:11:3: error: "), "\(file.stdout)")
    }

    // MARK: baseline

    /// Recorded, every failure is known and the run passes; then one failure is fixed (the pop now
    /// expected completed) and one is new (expect[3]): the new one fails the run, the fixed entry is
    /// reported, the remaining one stays known.
    @Test func aBaselineAcceptsKnownFailuresAndFailsOnNewOnes() throws {
        let dir = try CLI.fixture(["t.yaml": Self.twoDocuments])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let write = try CLI.run(["check", "t.yaml", "--write-baseline", "b.json"], in: dir)
        #expect(write.status == 1 && write.stderr == "b.json: note: wrote the baseline: 3 failures\n", "\(write.stderr)")
        #expect(try String(contentsOfFile: dir + "/b.json", encoding: .utf8) == """
            {"failures": [
            {"expectation": 1, "kind": "pop", "source": "t.yaml#1", "trace": "several"},
            {"expectation": 2, "kind": "final", "source": "t.yaml#1", "trace": "several"},
            {"expectation": 0, "kind": "outcome", "source": "t.yaml#2", "trace": "second"}
            ], "format": "popgesture-baseline/1"}

            """)
        let known = try CLI.run(["check", "t.yaml", "--baseline", "b.json"], in: dir)
        #expect(known.status == 0)
        #expect(known.stdout == "2 traces in 1 file: 0 passed, 0 failed, 2 known (baseline), 0 errors\n")

        let changed = Self.twoDocuments.replacingOccurrences(of: "- {gesture: 1, pop: cancelled}", with: "- {gesture: 1, pop: completed}")
            .replacingOccurrences(of: "-   final: {stack: [inbox, thread]}", with: "-   final: {stack: [inbox, thread]}\n- {anomalies: [barFlicker]}")
        try changed.write(toFile: dir + "/t.yaml", atomically: true, encoding: .utf8)
        let text = try CLI.run(["check", "t.yaml", "--baseline", "b.json"], in: dir)
        #expect(text.status == 1)
        #expect(text.stdout == """
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
        #expect(fixed.count == 1 && fixed[0]["source"] as? String == "t.yaml#1" && fixed[0]["kind"] as? String == "pop" && fixed[0]["expectation"] as? Int == 1)
        let summary = object["summary"] as! [String: Any]
        #expect(summary["known"] as? Int == 1 && summary["fixed"] as? Int == 1 && summary["failed"] as? Int == 1)

        // Sharded, merged: the unsharded bytes.
        let dir2 = try CLI.fixture(["a/t.yaml": changed, "a/u.yaml": Self.twoDocuments])
        defer { try? FileManager.default.removeItem(atPath: dir2) }
        #expect(try CLI.run(["check", "a/u.yaml", "--write-baseline", "b.json"], in: dir2).status == 1)
        try (try String(contentsOfFile: dir + "/b.json", encoding: .utf8)).replacingOccurrences(of: "t.yaml#", with: "a/t.yaml#").write(toFile: dir2 + "/bt.json", atomically: true, encoding: .utf8)
        // Both files' entries in one baseline.
        let both = try String(contentsOfFile: dir2 + "/bt.json", encoding: .utf8).replacingOccurrences(of: "\n], \"format\"", with: ",\n" + (try String(contentsOfFile: dir2 + "/b.json", encoding: .utf8)).components(separatedBy: "\n").dropFirst().dropLast(2).joined(separator: "\n").replacingOccurrences(of: "t.yaml#", with: "a/u.yaml#") + "\n], \"format\"")
        try both.write(toFile: dir2 + "/b.json", atomically: true, encoding: .utf8)
        let whole = try CLI.run(["check", "--format", "json", "--baseline", "b.json", "a"], in: dir2)
        // a/t.yaml#2 and both of a/u.yaml's documents are wholly known; a/t.yaml#1 has a new failure.
        #expect(whole.stdout.contains("\"known\": 3"), "\(whole.stdout)")
        for k in 1...2 {
            _ = try CLI.run(["check", "--format", "json", "--baseline", "b.json", "--shard", "\(k)/2", "a", "-o", "s\(k).json"], in: dir2)
        }
        let merged = try CLI.run(["merge", "s1.json", "s2.json"], in: dir2)
        #expect(merged.stdout == whole.stdout && merged.status == whole.status)
    }

    /// `popp` is at column 34 of line 2 (after `  {"source": "t.yaml#1", "kind": `); the item missing
    /// its index starts at column 50 of line 1.
    @Test func aBadBaselineIsAnErrorAtItsPlace() throws {
        let dir = try CLI.fixture(["t.yaml": Self.twoDocuments,
                                   "wrong.json": "{\"format\": \"popgesture-baseline/1\", \"failures\": [\n  {\"source\": \"t.yaml#1\", \"kind\": \"popp\", \"expectation\": 1}]}\n",
                                   "noindex.json": "{\"format\": \"popgesture-baseline/1\", \"failures\": [{\"source\": \"t.yaml#1\", \"kind\": \"pop\"}]}\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let wrong = try CLI.run(["check", "t.yaml", "--baseline", "wrong.json"], in: dir)
        #expect(wrong.status == 2 && wrong.stdout.isEmpty)
        #expect(wrong.stderr.hasPrefix("wrong.json:2:34: error: unknown failure kind `popp`") && wrong.stderr.contains("did you mean `pop`?"), "\(wrong.stderr)")
        let noIndex = try CLI.run(["check", "t.yaml", "--baseline", "noindex.json"], in: dir)
        #expect(noIndex.status == 2 && noIndex.stderr.hasPrefix("noindex.json:1:50: error: a `pop` failure needs `expectation`"), "\(noIndex.stderr)")
        let missing = try CLI.run(["check", "t.yaml", "--baseline", "none.json"], in: dir)
        #expect(missing.status == 2 && missing.stderr.hasPrefix("none.json"), "\(missing.stderr)")
    }

    // MARK: warnings

    /// A misspelt rules comment on line 2 of a passing trace: a warning in every format, and with
    /// --strict a finding (exit 1).
    @Test func warningsAreFindings() throws {
        let dir = try CLI.fixture(["w.yaml": "# a trace\n# popgesture-rule: cupertino\n" + CLI.swipe(expect: CLI.passingExpectations)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try CLI.run(["check", "w.yaml"], in: dir)
        #expect(text.status == 0)
        #expect(text.stdout == "1 trace in 1 file: 1 passed, 0 failed, 0 errors, 1 warning\n")
        #expect(text.stderr == "w.yaml:2:1: warning: `# popgesture-rule: cupertino` is not a rules comment; the file is replayed under fd (did you mean `# popgesture-rules: cupertino`?)\n")
        let strict = try CLI.run(["check", "--strict", "w.yaml"], in: dir)
        #expect(strict.status == 1 && strict.stdout == text.stdout)

        let json = try CLI.run(["check", "--format", "json", "w.yaml"], in: dir)
        #expect(json.stdout.contains("\"path\": \"w.yaml\", \"warnings\": [{\"column\": 1, \"kind\": \"rulesComment\", \"line\": 2, \"message\": \"`# popgesture-rule: cupertino` is not a rules comment; the file is replayed under fd (did you mean `# popgesture-rules: cupertino`?)\", \"path\": \"w.yaml\"}]}"), "\(json.stdout)")
        #expect(json.stdout.hasSuffix("\"unchecked\": 0, \"warnings\": 1}}\n"))

        let junit = try CLI.run(["check", "--format", "junit", "w.yaml"], in: dir)
        #expect(junit.stdout.contains("""
              <testsuite name="w.yaml" tests="1" failures="0" errors="0" skipped="0">
                <properties>
                  <property name="popgesture.warnings" value="1"/>
                </properties>
                <testcase name="w.yaml#1 swipe" classname="w.yaml" file="w.yaml" line="3"/>
                <system-err>w.yaml:2:1: warning: `# popgesture-rule: cupertino` is not a rules comment; the file is replayed under fd (did you mean `# popgesture-rules: cupertino`?)</system-err>
              </testsuite>
            """), "\(junit.stdout)")
        _ = try XMLDocument(data: Data(junit.stdout.utf8))

        let sarif = try CLI.run(["check", "--format", "sarif", "w.yaml"], in: dir)
        #expect(sarif.stdout.contains("\"level\": \"warning\", \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \"w.yaml\"}, \"region\": {\"startColumn\": 1, \"startLine\": 2}}}]"))
        #expect(sarif.stdout.contains("\"ruleId\": \"rules-comment\", \"ruleIndex\": 12}"))

        // Sharded and merged, --strict still fails on the warning.
        for k in 1...2 {
            _ = try CLI.run(["check", "--strict", "--format", "json", "--shard", "\(k)/2", "w.yaml", "-o", "s\(k).json"], in: dir)
        }
        let merged = try CLI.run(["merge", "s1.json", "s2.json"], in: dir)
        let whole = try CLI.run(["check", "--strict", "--format", "json", "w.yaml"], in: dir)
        #expect(merged.status == 1 && merged.stdout == whole.stdout)
    }
}
