import Foundation
import Testing

@testable import PopGestureCore

/// End-to-end: the built `popgesture` binary on small fixture folders, asserting exit codes, output
/// and the files written (through `CLI`, the helpers both test targets share).
@Suite(.serialized) struct CommandLineTests {
    @Test func passingExpectationsExitZero() throws {
        let dir = try CLI.fixture(["a.yaml": CLI.swipe(expect: CLI.passingExpectations)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["check", "a.yaml"], in: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == "1 trace in 1 file: 1 passed, 0 failed, 0 errors\n")
    }

    @Test(arguments: [
        (
            "- {gesture: 1, outcome: refused, reason: wrongDirection}",
            "gesture 1: expected refused(wrongDirection), got began at t=16"
        ),
        ("- {gesture: 1, pop: cancelled}", "gesture 1: expected pop cancelled, got completed by projection: progress"),
        ("- {final: {stack: [inbox, thread]}}", "final: stack [inbox, thread] expected, got [inbox]"),
        ("- {final: {barHidden: true}}", "final: barHidden true expected, got false"),
        ("- {anomalies: [barFlicker]}", "anomalies: expected [barFlicker], got []"),
        ("- {bar: [[16, true]]}", "bar: expected [[16, true]], got [[16, false]] (causes: willAppear:inbox)"),
        ("- {gesture: 2, outcome: began}", "gesture 2 expected, but the trace has 1 gesture"),
    ])
    func failingExpectationExitsOne(_ item: String, _ message: String) throws {
        let dir = try CLI.fixture(["a.yaml": CLI.swipe(expect: item)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["check", "a.yaml"], in: dir)
        #expect(run.status == 1)
        // The item is line 9's flow mapping, whose `{` is column 3.
        #expect(
            run.stdout.contains("a.yaml:9:3: error: expectation failed: swipe (fd): expect[0]: " + message),
            "\(run.stdout)")
        #expect(run.stdout.hasSuffix("1 trace in 1 file: 0 passed, 1 failed, 0 errors\n"))
    }

    @Test func inputErrorExitsTwoAndTheRestStillRun() throws {
        let dir = try CLI.fixture([
            "a.yaml": CLI.swipe(expect: CLI.passingExpectations),
            "b.yaml": "format: popgesture-trace/1\nstack: [{id: a}]\nevents:\n- {t: -1, pop: true}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["check", "."], in: dir)
        #expect(run.status == 2)
        #expect(run.stdout.contains("./b.yaml:4:7: error: expected `t` (ms) to be >= 0, found -1"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("2 traces in 2 files: 1 passed, 0 failed, 1 error\n"))
    }

    @Test func goldensAreWrittenOnceAndDifferencesShowTheirPath() throws {
        let dir = try CLI.fixture(["a.yaml": CLI.swipe()])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let missing = try CLI.run(["check", "--require-goldens", "a.yaml"], in: dir)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("golden: no a.yaml.golden.jsonl; record it with --update-goldens"))

        let first = try CLI.run(["check", "--update-goldens", "a.yaml"], in: dir)
        #expect(first.status == 0)
        #expect(first.stdout.contains("wrote a.yaml.golden.jsonl"))
        let golden = dir + "/a.yaml.golden.jsonl"
        let stamp = try FileManager.default.attributesOfItem(atPath: golden)[.modificationDate] as! Date
        let content = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(
            content.hasPrefix(
                "{\"anomalies\": [], \"bar\": [{\"animated\": false, \"cause\": \"initial\", \"hidden\": true, \"t\": 0}"
            ))
        #expect(!content.contains("\"source\""))

        Thread.sleep(forTimeInterval: 0.05)
        let second = try CLI.run(["check", "--update-goldens", "a.yaml"], in: dir)
        #expect(second.status == 0)
        #expect(!second.stdout.contains("wrote"))
        #expect(try FileManager.default.attributesOfItem(atPath: golden)[.modificationDate] as! Date == stamp)
        #expect(try CLI.run(["check", "--require-goldens", "a.yaml"], in: dir).status == 0)

        // The same trace under cupertino: the golden (recorded under fd) now differs.
        let changed = try CLI.run(["check", "--rules", "cupertino", "a.yaml"], in: dir)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("golden: gestures[0].decidedAt.t: golden 16, now 0"), "\(changed.stdout)")
        #expect(changed.stdout.contains("golden: final.stack: golden has 1 items, the report 2"))
        // The first five differences only, so one change does not bury the rest of the output.
        #expect(changed.stdout.components(separatedBy: "golden: ").count - 1 == 5)
    }

    @Test func goldensAreClosedSoLargeFoldersDoNotRunOutOfFiles() throws {
        // 100 trace files with goldens under a limit of 48 open files: every golden read, compared or
        // recorded, must be closed when its file is done.
        var files: [String: String] = [:]
        for i in 0..<100 { files["t\(i).yaml"] = CLI.swipe() }
        let dir = try CLI.fixture(files)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // First records 100 goldens; the second reads each in place and writes none; the last compares.
        let runs = [("--update-goldens", ", 100 goldens written"), ("--update-goldens", ""), ("--require-goldens", "")]
        for (arguments, written) in runs {
            let run = try CLI.run(
                ["-c", "ulimit -n 48 && \"$0\" check --jobs 1 \(arguments) .", CLI.binary], in: dir, shell: true)
            #expect(run.status == 0, "\(arguments): \(run.stderr.suffix(300))")
            #expect(
                run.stdout.hasSuffix("100 traces in 100 files: 100 passed, 0 failed, 0 errors\(written)\n"),
                "\(run.stdout.suffix(300))")
        }
    }

    @Test func rulesDirectiveChoosesTheRuleVersion() throws {
        let dir = try CLI.fixture([
            "a.yaml": "# popgesture-rules: cupertino\n"
                + CLI.swipe(expect: "- {gesture: 1, outcome: refused, reason: outsideEdge}")
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["check", "a.yaml"], in: dir).status == 0)
        #expect(try CLI.run(["check", "--rules", "fd", "a.yaml"], in: dir).status == 1)
    }

    @Test func diffReportsChangesAndExitsLikeDiff() throws {
        let dir = try CLI.fixture(["a.yaml": CLI.swipe()])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let same = try CLI.run(["diff", "--base", "fd", "--head", "fd-1.1", "a.yaml"], in: dir)
        #expect(same.status == 0)
        #expect(same.stdout == "1 trace compared (fd -> fd-1.1), 0 changed\n")
        let changed = try CLI.run(["diff", "--base", "fd", "--head", "cupertino", "a.yaml"], in: dir)
        #expect(changed.status == 1)
        #expect(
            changed.stdout.contains(
                "a.yaml#1 swipe\n  gesture 1: began, pop completed by projection -> refused(outsideEdge)\n"))
        #expect(changed.stdout.contains("1 trace compared (fd -> cupertino), 1 changed\n"))
        #expect(changed.stdout.contains("  began -> refused(outsideEdge)  1\n"))
        let json = try CLI.run(["diff", "--base", "fd", "--head", "cupertino", "--format", "json", "a.yaml"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let summary = object["summary"] as! [String: Any]
        #expect(summary["changed"] as? Int == 1)
        #expect((summary["kinds"] as! [String: Int])["began -> refused(outsideEdge)"] == 1)
    }

    @Test func junitParsesBack() throws {
        let dir = try CLI.fixture([
            "a.yaml": CLI.swipe(
                expect: "- {gesture: 1, pop: cancelled}\n---\n" + CLI.swipe(expect: CLI.passingExpectations)),
            "b.yaml":
                "format: popgesture-trace/1\nstack: [{id: \"<&>\"}]\nevents: [{t: 0, pop: true}]\nexpect: [{anomalies: [wrongFinalBar]}]\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["check", "--format", "junit", "."], in: dir)
        #expect(run.status == 1)
        let junit = try XMLElements(run.stdout)
        #expect(
            junit.outline == [
                "testsuites", "  testsuite", "    testcase", "      failure", "    testcase", "  testsuite",
                "    testcase",
                "      failure",
            ])
        #expect(
            junit.named("testsuite").map(\.attributes) == [
                ["name": "./a.yaml", "tests": "2", "failures": "1", "errors": "0", "skipped": "0"],
                ["name": "./b.yaml", "tests": "1", "failures": "1", "errors": "0", "skipped": "0"],
            ])
        // A failing case sits at its first failure's line, a passing one at its document's first line;
        // b.yaml's document has no name and takes the file's stem.
        #expect(
            junit.named("testcase").map(\.attributes) == [
                ["name": "./a.yaml#1 swipe", "classname": "./a.yaml", "file": "./a.yaml", "line": "9"],
                ["name": "./a.yaml#2 swipe", "classname": "./a.yaml", "file": "./a.yaml", "line": "11"],
                ["name": "./b.yaml#1 b", "classname": "./b.yaml", "file": "./b.yaml", "line": "4"],
            ])
        let failures = junit.named("failure")
        #expect(failures.map { $0.attributes["type"] } == ["ExpectationFailed", "ExpectationFailed"])
        #expect(
            failures[0].attributes["message"]?.hasPrefix(
                "./a.yaml:9:3: expect[0]: gesture 1: expected pop cancelled, got completed") == true, "\(failures[0])")
        #expect(
            failures[1].attributes["message"]
                == "./b.yaml:4:10: expect[0]: anomalies: expected [wrongFinalBar], got []",
            "\(failures[1])")
    }

    @Test func outputIsByteIdenticalAtAnyJobs() throws {
        var files: [String: String] = [:]
        for i in 0..<24 {
            let x = 20 + Double(i * 7)
            files["t\(i).yaml"] = """
                format: popgesture-trace/1
                stack: [{id: a}, {id: b, barHidden: \(i % 2 == 0)}]
                events:
                - touch: 1
                  samples: [[0, \(x), 400], [16, \(x + 12), 401], [33, \(x + Double(i * 9)), 402]]
                  up: 40
                - {t: 500, push: {id: c}}
                """
        }
        let dir = try CLI.fixture(files)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for arguments in [
            ["replay", "--format", "json", "."], ["replay", "."], ["check", "--format", "json", "."],
            ["check", "--format", "junit", "."],
        ] {
            let one = try CLI.run(arguments + ["--jobs", "1"], in: dir)
            let four = try CLI.run(arguments + ["--jobs", "4"], in: dir)
            #expect(one.stdout == four.stdout, "\(arguments) differs between --jobs 1 and --jobs 4")
            #expect(!one.stdout.isEmpty)
        }
    }

    @Test func validateReportsEachProblemAndASummary() throws {
        let dir = try CLI.fixture([
            "good.yaml": CLI.swipe(),
            "bad.yaml": "format: popgesture-trace/1\nstack:\n- {id: a, barHiden: true}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["validate", "."], in: dir)
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                ./bad.yaml:3:11: error: unknown key `barHiden` in an entry of `stack`; expected one of `id`, `barHidden`, `popDisabled`, `maxStartX`, `content` (did you mean `barHidden`?)
                2 documents in 2 files: 1 valid, 1 invalid

                """)
        let json = try CLI.run(["validate", "--format", "json", "bad.yaml"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let diagnostic = (object["diagnostics"] as! [[String: Any]])[0]
        #expect(diagnostic["line"] as? Int == 3 && diagnostic["column"] as? Int == 11)
        #expect(diagnostic["suggestion"] as? String == "did you mean `barHidden`?")
        #expect(try CLI.run(["validate", "good.yaml"], in: dir).status == 0)
    }

    @Test func rulesAndStackFilesAreCountedNotSkippedQuietly() throws {
        let dir = try CLI.fixture([
            "a.yaml": CLI.swipe(expect: CLI.passingExpectations),
            "rules/edge.yaml": "format: popgesture-rules/1\nrecognizer: {region: edge}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let check = try CLI.run(["check", "."], in: dir)
        #expect(
            check.stdout
                == "1 trace in 2 files: 1 passed, 0 failed, 0 errors; 1 rules or stack-config document validated, not replayed\n"
        )
        let json = try CLI.run(["check", "--format", "json", "."], in: dir)
        let summary =
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any])["summary"]
            as! [String: Any]
        #expect(summary["otherDocuments"] as? Int == 1)
        let replay = try CLI.run(["replay", "--format", "json", "."], in: dir)
        #expect(
            replay.status == 0 && replay.stderr == "note: 1 rules or stack-config document validated, not replayed\n")
        #expect(replay.stdout.split(separator: "\n").count == 1)
        let diff = try CLI.run(["diff", "--base", "fd", "--head", "fd", "."], in: dir)
        #expect(
            diff.stdout == "1 trace compared (fd -> fd), 0 changed; 1 rules or stack-config document not replayed\n")
    }

    @Test func usageErrorsExitTwo() throws {
        let dir = try CLI.fixture([:] as [String: String])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["check"], in: NSTemporaryDirectory()).status == 2)
        #expect(try CLI.run(["check", "--jobs", "0", "x.yaml"], in: NSTemporaryDirectory()).status == 2)
        let badRules = try CLI.run(["replay", "--rules", "fdd", "x.yaml"], in: NSTemporaryDirectory())
        #expect(badRules.status == 2)
        #expect(badRules.stderr.contains("did you mean `fd`?"), "\(badRules.stderr)")
        _ = dir
    }

    @Test func rulesShowReadsBackUnderRules() throws {
        let dir = try CLI.fixture([:] as [String: String])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for preset in Presets.names {
            let shown = try CLI.run(["rules", "show", preset], in: dir)
            #expect(shown.status == 0)
            try shown.stdout.write(toFile: dir + "/\(preset)-resolved.yaml", atomically: true, encoding: .utf8)
            let again = try CLI.run(["rules", "show", "\(preset)-resolved.yaml"], in: dir)
            #expect(again.stdout == shown.stdout)
        }
        let list = try CLI.run(["rules", "list"], in: dir)
        #expect(list.stdout.split(separator: "\n").count == Presets.names.count && Presets.names.count == 16)
    }
}
