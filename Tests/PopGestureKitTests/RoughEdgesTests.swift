import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Issue 17's "rough edges found by a new user", one test (or a few) per item, end to end through the
/// built binary where the edge is what a user sees.
@Suite(.serialized) struct RoughEdgesTests {
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws
        -> CommandLineTests.Run
    {
        try CommandLineTests.run(arguments, in: directory, environment: environment)
    }

    /// CommandLineTests' swipe completes under fd (projection), so `pop: cancelled` fails.
    static let failing = CommandLineTests.swipe(expect: "- {gesture: 1, pop: cancelled}")
    static let passing = CommandLineTests.swipe(expect: CommandLineTests.passingExpectations)
    /// `expect: []` and no golden: nothing to check.
    static let unchecked = CommandLineTests.swipe()

    // MARK: replay's exit codes

    @Test func replayExitsLikeCheck() throws {
        let dir = try CommandLineTests.fixture([
            "fail.yaml": Self.failing, "pass.yaml": Self.passing, "bad.yaml": "format: popgesture-trace/1\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for format in ["text", "json"] {
            let pass = try Self.run(["replay", "--format", format, "pass.yaml"], in: dir)
            #expect(pass.status == 0 && pass.stderr.isEmpty, "\(pass.stderr)")
            let fail = try Self.run(["replay", "--format", format, "pass.yaml", "fail.yaml"], in: dir)
            #expect(fail.status == 1, "\(format): \(fail.stderr)")
            #expect(fail.stderr == "note: 1 trace with failed expectations\n")
            // Errors outrank findings, as in check.
            #expect(try Self.run(["replay", "--format", format, "fail.yaml", "bad.yaml"], in: dir).status == 2)
        }
        let text = try Self.run(["replay", "fail.yaml"], in: dir)
        #expect(
            text.stdout.contains(
                "expectations: 0 passed, 1 failed\n    expect[0]: gesture 1: expected pop cancelled, got completed"))
    }

    // MARK: Unchecked traces and --strict

    @Test func tracesWithoutExpectationsOrGoldenAreUnchecked() throws {
        let dir = try CommandLineTests.fixture(["a.yaml": Self.unchecked, "b.yaml": Self.passing])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try Self.run(["check", "a.yaml", "b.yaml"], in: dir)
        #expect(text.status == 0)
        #expect(
            text.stdout == "UNCHECKED a.yaml#1 swipe (fd): no `expect` items and no golden; nothing was checked\n"
                + "2 traces in 2 files: 1 passed, 1 unchecked, 0 failed, 0 errors\n", "\(text.stdout)")

        let strict = try Self.run(["check", "--strict", "a.yaml", "b.yaml"], in: dir)
        #expect(strict.status == 1)
        #expect(
            strict.stdout
                == "a.yaml:1:1: error: unchecked trace: swipe (fd): unchecked: no `expect` items and no golden (--strict fails such a trace)\n"
                + "2 traces in 2 files: 1 passed, 1 failed, 0 errors\n", "\(strict.stdout)")

        let json = try Self.run(["check", "--format", "json", "a.yaml", "b.yaml"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let summary = object["summary"] as! [String: Any]
        #expect(summary["unchecked"] as? Int == 1 && summary["passed"] as? Int == 1)
        let files = object["files"] as! [[String: Any]]
        let statuses = files.map { (($0["documents"] as! [[String: Any]])[0]["status"] as? String) ?? "" }
        #expect(statuses == ["unchecked", "passed"])

        let junit = try Self.run(["check", "--format", "junit", "a.yaml", "b.yaml"], in: dir)
        #expect(
            junit.stdout.contains(
                """
                  <testsuite name="a.yaml" tests="1" failures="0" errors="0" skipped="1">
                    <testcase name="a.yaml#1 swipe" classname="a.yaml" file="a.yaml" line="1">
                      <skipped message="no `expect` items and no golden; nothing was checked"/>
                    </testcase>
                  </testsuite>
                  <testsuite name="b.yaml" tests="1" failures="0" errors="0" skipped="0">
                """), "\(junit.stdout)")

        // A golden is a check: recorded, the trace is no longer unchecked.
        #expect(try Self.run(["check", "--update-goldens", "a.yaml"], in: dir).status == 0)
        let golden = try Self.run(["check", "--strict", "a.yaml"], in: dir)
        #expect(
            golden.status == 0 && golden.stdout == "1 trace in 1 file: 1 passed, 0 failed, 0 errors\n",
            "\(golden.stdout)")
    }

    // MARK: --update-goldens and failing expectations

    @Test func updateGoldensRefusesAFileWhoseExpectationsFail() throws {
        let dir = try CommandLineTests.fixture(["a.yaml": Self.failing])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let refused = try Self.run(["check", "--update-goldens", "a.yaml"], in: dir)
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

        let forced = try Self.run(["check", "--update-goldens", "--force", "a.yaml"], in: dir)
        // The expectation still fails; the golden is recorded as asked.
        #expect(forced.status == 1 && forced.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: dir + "/a.yaml.golden.jsonl"))
        #expect(forced.stdout.contains("wrote a.yaml.golden.jsonl\n"))

        let usage = try Self.run(["check", "--force", "a.yaml"], in: dir)
        #expect(usage.status == 2 && usage.stderr.contains("--force is for --update-goldens"))
    }

    // MARK: synth --force

    @Test func synthRefusesToOverwriteUnlessForced() throws {
        let dir = try CommandLineTests.fixture(["keep/synth-000001.yaml": "mine\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let refused = try Self.run(["synth", "--count", "3", "--out", "keep"], in: dir)
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "keep/synth-000001.yaml: error: already exists; synth does not overwrite files (pass --force to replace the corpus's files, or choose another --out)\n",
            "\(refused.stderr)")
        // Nothing of the corpus was written, and the file is untouched.
        #expect(!FileManager.default.fileExists(atPath: dir + "/keep/synth-000000.yaml"))
        #expect(try String(contentsOfFile: dir + "/keep/synth-000001.yaml", encoding: .utf8) == "mine\n")
        let forced = try Self.run(["synth", "--count", "3", "--out", "keep", "--force"], in: dir)
        #expect(forced.status == 0 && forced.stdout == "wrote 3 documents in 3 files to keep\n")
        #expect(
            try String(contentsOfFile: dir + "/keep/synth-000001.yaml", encoding: .utf8).hasPrefix(
                "format: popgesture-trace/1"))
    }

    /// A batch report must tell a corpus's traces apart: each document is named by its place in the
    /// corpus (synth-0 ... synth-4 over files of two), never by its place in its file.
    @Test func synthNamesEveryDocumentOfACorpusApart() throws {
        let dir = try CommandLineTests.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Self.run(["synth", "--count", "5", "--per-file", "2", "--gestures", "2", "--out", "c"], in: dir)
        #expect(run.status == 0 && run.stdout == "wrote 5 documents in 3 files to c\n")
        var names: [String] = []
        for file in ["c/synth-000000.yaml", "c/synth-000001.yaml", "c/synth-000002.yaml"] {
            for document in loadDocuments(try String(contentsOfFile: dir + "/" + file, encoding: .utf8), path: file) {
                if case .trace(let trace, _) = document { names.append(trace.name) }
            }
        }
        #expect(names == ["synth-0", "synth-1", "synth-2", "synth-3", "synth-4"])
    }

    // MARK: Colour

    @Test(
        arguments: [
            // choice, terminal, environment, coloured
            (ColourChoice.auto, true, [:], true),
            (.auto, false, [:], false),
            // no-color.org: only a NO_COLOR that is present and not empty turns colour off.
            (.auto, true, ["NO_COLOR": ""], true),
            (.auto, true, ["NO_COLOR": "1"], false),
            (.auto, true, ["TERM": "dumb"], false),
            (.auto, true, ["TERM": "xterm-256color"], true),
            (.always, false, ["NO_COLOR": "1", "TERM": "dumb"], true),
            (.never, true, [:], false),
        ] as [(ColourChoice, Bool, [String: String], Bool)])
    func colourFollowsTheChoiceTheTerminalAndTheEnvironment(
        _ choice: ColourChoice, _ terminal: Bool, _ environment: [String: String], _ coloured: Bool
    ) {
        #expect(choice.enabled(isTerminal: terminal, environment: environment) == coloured)
    }

    @Test func colourCodesAreWholeAndOnlyWhereAsked() throws {
        let dir = try CommandLineTests.fixture(["a.yaml": Self.failing, "bad.yaml": "format: popgesture-trace/1\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let always = try Self.run(["check", "--color", "always", "a.yaml"], in: dir)
        #expect(
            always.stdout.hasPrefix(
                "a.yaml:9:3: \u{1B}[1;31merror:\u{1B}[0m expectation failed: swipe (fd): expect[0]"),
            "\(always.stdout.debugDescription)")
        // With failures, "0 passed" is plain: no reset wrapped around it as if it were a colour.
        #expect(
            always.stdout.hasSuffix("\n1 trace in 1 file: 0 passed, 1 failed, 0 errors\n"),
            "\(always.stdout.debugDescription)")
        let error = try Self.run(["validate", "--color", "always", "bad.yaml"], in: dir)
        #expect(
            error.stdout.hasPrefix("bad.yaml:1:1: \u{1B}[1;31merror:\u{1B}[0m missing required key `stack`"),
            "\(error.stdout.debugDescription)")
        let unreadable = try Self.run(["check", "--color", "always", "--format", "json", "missing.yaml"], in: dir)
        #expect(
            unreadable.stderr.hasPrefix("missing.yaml:1:1: \u{1B}[1;31merror:\u{1B}[0m cannot read file"),
            "\(unreadable.stderr.debugDescription)")
        // Every escape sequence opened is a real SGR code, and each is reset.
        for text in [always.stdout, error.stdout, unreadable.stderr] {
            #expect(!text.contains("\u{1B}[0m\u{1B}[0m") && !text.contains("\u{1B}[m") && !text.contains("\u{1B}[0m0"))
            #expect(
                text.components(separatedBy: "\u{1B}[0m").count == text.components(separatedBy: "\u{1B}[").count / 2 + 1
            )
        }
        // A pipe gets none by default, with NO_COLOR empty too; --color never, none anywhere.
        for arguments in [["check", "a.yaml", "bad.yaml"], ["check", "--color", "never", "a.yaml", "bad.yaml"]] {
            let plain = try Self.run(arguments, in: dir, environment: ["NO_COLOR": ""])
            #expect(!plain.stdout.contains("\u{1B}") && !plain.stderr.contains("\u{1B}"))
        }
        let passing = try CommandLineTests.fixture(["a.yaml": Self.passing])
        defer { try? FileManager.default.removeItem(atPath: passing) }
        let green = try Self.run(["check", "--color", "always", "a.yaml"], in: passing)
        #expect(green.stdout == "1 trace in 1 file: \u{1B}[32m1 passed\u{1B}[0m, 0 failed, 0 errors\n")
    }

    @Test(arguments: ["check", "replay", "explain", "diff", "validate", "plot", "synth", "import", "record"])
    func everyCommandTakesColor(_ command: String) throws {
        let help = try Self.run([command, "--help"], in: NSTemporaryDirectory())
        #expect(help.stdout.contains("--color <auto|always|never>"), "\(help.stdout)")
    }

    /// Each command's help shows how it is called, by example.
    @Test(arguments: [
        ["check"], ["replay"], ["explain"], ["diff"], ["validate"], ["plot"], ["synth"], ["import"], ["record"],
        ["rules", "list"], ["rules", "show"],
    ])
    func everyCommandsHelpHasExamples(_ command: [String]) throws {
        let help = try Self.run(command + ["--help"], in: NSTemporaryDirectory())
        #expect(help.stdout.contains("Example"), "\(help.stdout)")
        #expect(help.stdout.contains("  popgesture \(command.joined(separator: " "))"), "\(help.stdout)")
    }

    // MARK: Hints for libyaml's messages

    @Test(
        arguments: [
            // A tab in the indentation: libyaml sees a character that cannot start a token.
            (
                "format: popgesture-trace/1\nstack:\n\t- {id: a}\n", 3, 1,
                "found character that cannot start any token",
                "a tab indents line 3; YAML indents with spaces only"
            ),
            // The `[` of line 2 is never closed; libyaml notices on line 3.
            (
                "format: popgesture-trace/1\nstack: [{id: a}, {id: b}\nevents: []\n", 3, 1,
                "did not find expected ',' or ']'",
                "the `[` opened at line 2, column 8 is not closed; close it with `]`, or separate its items with `,`"
            ),
            (
                "format: popgesture-trace/1\nscreen: {width: 390, height: 844\nstack: [{id: a}]\n", 3, 6,
                "did not find expected ',' or '}'",
                "the `{` opened at line 2, column 9 is not closed; close it with `}`, or separate its items with `,`"
            ),
            // `up:120` is one plain scalar, a key without its colon on the next line.
            (
                "format: popgesture-trace/1\nstack: [{id: a}]\nevents:\n  - touch: 1\n    samples: [[0, 1, 2]]\n    up:120\n",
                7, 1,
                "could not find expected ':'", "a space is missing after `:` on line 6: write `up: 120`, not `up:120`"
            ),
            (
                "format:popgesture-trace/1\nstack: [{id: a}]\n", 2, 6, "mapping values are not allowed in this context",
                "a space is missing after `:` on line 1: write `format: popgesture-trace/1`, not `format:popgesture-trace/1`"
            ),
        ] as [(String, Int, Int, String, String)])
    func syntaxErrorsGetAHint(_ yaml: String, _ line: Int, _ column: Int, _ problem: String, _ hint: String) throws {
        // Both ways in: text in memory, and a file read again from its start for the hint.
        let dir = try CommandLineTests.fixture(["a.yaml": yaml])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for documents in [loadDocuments(yaml, path: "a.yaml"), Array(TraceFileLoader(path: dir + "/a.yaml"))] {
            guard case .failure(_, let error)? = documents.first else {
                Issue.record("expected a syntax error, got \(documents)")
                continue
            }
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(problem), "\(error)")
            #expect(error.suggestion == hint, "\(error)")
        }
    }

    @Test func aTabInsideAValueIsNotCalledIndentation() {
        let error = loadError("format: popgesture-trace/1\nstack: [{id: a},\t@b]\n")
        #expect(
            error?.suggestion == nil || error?.suggestion?.contains("indents") == false, "\(String(describing: error))")
    }

    // MARK: A bad config is the trace's error

    @Test func aBadConfigIsBlamedOnTheConfigLineInEveryFormat() throws {
        let dir = try CommandLineTests.fixture([
            "stacks/bad.yaml": "format: popgesture-stack/1\nstack: [{id: a, barHiden: true}]\n",
            "t.yaml": "format: popgesture-trace/1\nname: x\nconfig: stacks/bad.yaml\nevents: []\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let expected =
            "t.yaml:3:9: error: config `stacks/bad.yaml` is invalid: stacks/bad.yaml:2:17: unknown key `barHiden` in an entry of `stack`; "
            + "expected one of `id`, `barHidden`, `popDisabled`, `maxStartX`, `content` (did you mean `barHidden`?)"
        let check = try Self.run(["check", "t.yaml"], in: dir)
        #expect(check.status == 2 && check.stdout.hasPrefix(expected + "\n"), "\(check.stdout)")
        let validate = try Self.run(["validate", "t.yaml"], in: dir)
        #expect(validate.stdout.hasPrefix(expected + "\n"), "\(validate.stdout)")
        let replay = try Self.run(["replay", "t.yaml"], in: dir)
        #expect(replay.stderr == expected + "\n", "\(replay.stderr)")
    }

    // MARK: Shell completion

    /// The presets by name for every rule-version option, and YAML and JSON files (and folders) for
    /// trace arguments; the preset names come from the library's table.
    @Test(arguments: [
        (
            "bash",
            [
                "-W 'fd'$'\\n''fd-1.1'$'\\n''uikit'$'\\n''tz'$'\\n''cupertino'$'\\n''flutter'$'\\n''edge30'$'\\n''lh'",
                "-o plusdirs -fX '!*.@(yaml|yml|json)'",
            ]
        ),
        (
            "zsh",
            [
                "('fd' 'fd-1.1' 'uikit' 'tz' 'cupertino' 'flutter' 'edge30' 'lh')",
                "_files -g '\\''*.yaml *.yml *.json'\\''",
            ]
        ),
        (
            "fish",
            [
                "-l 'rules'", "-rfka 'fd fd-1.1 uikit tz cupertino flutter edge30 lh'",
                "set -l exts \\'yaml\\' \\'yml\\' \\'json\\'",
            ]
        ),
    ])
    func completionScriptsCompleteTracesAndPresets(_ shell: String, _ fragments: [String]) throws {
        #expect(Presets.names == ["fd", "fd-1.1", "uikit", "tz", "cupertino", "flutter", "edge30", "lh"])
        let script = try Self.run(["--generate-completion-script", shell], in: NSTemporaryDirectory())
        #expect(script.status == 0)
        for fragment in fragments {
            #expect(script.stdout.contains(fragment), "\(shell): no \(fragment)")
        }
        // --rules of check, replay and plot, --base and --head of diff, and rules show.
        let presetLists =
            script.stdout.components(
                separatedBy: shell == "zsh" ? "'edge30' 'lh'" : shell == "fish" ? "edge30 lh'" : "'edge30'"
            ).count - 1
        #expect(presetLists >= 6, "\(shell): \(presetLists)")
    }

    // MARK: Every independent error of a document

    /// Ten mistakes in different keys, entries, samples, events and expect items: each reported at
    /// its place, in document order, whether the events stream to a replay or not.
    static let tenMistakes = """
        format: popgesture-trace/1
        screen: {width: 0, height: 844}
        layoutDirection: sideways
        stak: []
        stack:
          - {id: inbox, barHiden: true}
          - {id: thread, popDisabled: maybe}
        events:
          - touch: 1
            samples: [[0, 30, 400], [16, "42", 401], [33, 80, 402], [50, 140, 402]]
            up: 60
          - {t: 900, push: {id: settings}, animated: sure}
          - {t: 1000, poop: true}
          - touch: 2
            samples: [[1100, 30, 400], [1090, 40, 400], [1120, 50, 400]]
        expect:
          - {gesture: 1, outcome: begun}
          - {final: {barHidden: 3}}
        """

    static let tenPlaces = [
        (2, 17), (3, 18), (4, 1), (6, 17), (7, 31), (10, 34), (12, 46), (13, 5), (15, 33), (17, 27), (18, 25),
    ]

    @Test func everyIndependentErrorOfADocumentIsReported() throws {
        let streamed = TraceFileLoader(
            text: Self.tenMistakes, path: "t.yaml", sink: Replay.sink([Replay(rules: try RulesLoader.load("fd"))]))
        for documents in [loadDocuments(Self.tenMistakes), Array(streamed)] {
            guard documents.count == 1, case .failure(let source, let error) = documents[0] else {
                Issue.record("expected one failure, got \(documents)")
                continue
            }
            #expect(source == "t.yaml#1")
            #expect(error.all.map { [$0.line, $0.column] } == Self.tenPlaces.map { [$0.0, $0.1] }, "\(error)")
            #expect(error.notShown == 0)
            #expect(error.all[2].message.hasPrefix("unknown key `stak` in a trace document"))
            // The second stroke's second row is out of order; the third, compared with it, is not.
            #expect(error.all[8].message.hasPrefix("sample time 1090 is not after the previous sample's 1100"))
            #expect(error.description.split(separator: "\n").count == Self.tenPlaces.count)
        }
    }

    /// Found by the fuzz target: an alias to nothing inside an anchored row was recorded, and the
    /// reading went on from inside the row, until a list's end was taken for a node and crashed.
    @Test func anErrorInsideARowLeavesTheReaderAfterTheRow() throws {
        let yaml =
            "format: popgesture-trace/1\nstack: [{id: a}, {id: b}]\nevents:\n- touch: 1\n  samples: [&r [*nope, 1, 2], [16, 1, 1], [-3, 1, 1]]\n  up: 20\n"
        let streamed = TraceFileLoader(
            text: yaml, path: "t.yaml", sink: Replay.sink([Replay(rules: try RulesLoader.load("fd"))]))
        for documents in [loadDocuments(yaml), Array(streamed)] {
            guard documents.count == 1, case .failure(_, let error) = documents[0] else {
                Issue.record("expected one failure, got \(documents)")
                continue
            }
            // Both rows' errors: the reader went on after the first row, not inside it.
            #expect(
                error.all.map(\.description) == [
                    "t.yaml:5:17: error: unknown alias `*nope` (define `&nope` before using it)",
                    "t.yaml:5:44: error: expected sample time t (ms) to be >= 0, found -3",
                ], "\(error)")
        }
    }

    @Test func errorsPastTheLimitAreCountedAndASyntaxErrorIsAlwaysShown() {
        // 30 bad sample rows, a bad event, then a list never closed: libyaml stops there.
        let rows = (1...30).map { "      - [-\($0), 0, 0]" }.joined(separator: "\n")
        let yaml =
            "format: popgesture-trace/1\nstack: [{id: a}]\nevents:\n  - touch: 1\n    samples:\n\(rows)\n  - {t: 5, pop: maybe}\n  - [\n"
        guard let error = loadError(yaml) else { return }
        let all = error.all
        #expect(all.count == DocumentErrors.limit + 1)
        #expect(all.first?.description == "t.yaml:6:10: error: expected sample time t (ms) to be >= 0, found -1")
        #expect(all[19].line == 25 && all.last?.message.hasPrefix("malformed YAML") == true, "\(error)")
        // 30 rows and the event, 20 shown.
        #expect(error.notShown == 11)
        #expect(error.description.hasSuffix("\nt.yaml: note: 11 more errors in this document not shown"))
    }

    @Test func errorsBeforeASyntaxErrorAreReportedWithIt() {
        guard
            let error = loadError(
                "format: popgesture-trace/1\nlayoutDirection: up\nstack: [{id: a}]\nevents:\n  - {t: 1, pop: yes}\n  - [\n"
            )
        else { return }
        #expect(error.all.map(\.line) == [2, 5, 7], "\(error)")
        #expect(error.all.last?.message.contains("malformed YAML") == true)
    }

    @Test func validateListsEachErrorInTextAndJSON() throws {
        let dir = try CommandLineTests.fixture(["t.yaml": Self.tenMistakes])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try Self.run(["validate", "t.yaml"], in: dir)
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n")
        #expect(
            lines.count == Self.tenPlaces.count + 1 && lines.last == "1 document in 1 file: 0 valid, 1 invalid",
            "\(text.stdout)")
        #expect(zip(lines, Self.tenPlaces).allSatisfy { $0.hasPrefix("t.yaml:\($1.0):\($1.1): error: ") })
        let json = try Self.run(["validate", "--format", "json", "t.yaml"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let diagnostics = object["diagnostics"] as! [[String: Any]]
        #expect(diagnostics.map { [$0["line"] as! Int, $0["column"] as! Int] } == Self.tenPlaces.map { [$0.0, $0.1] })
        #expect(
            diagnostics.allSatisfy {
                ($0["text"] as! String).split(separator: "\n").count == 1 && $0["source"] as? String == "t.yaml#1"
            })
        #expect(object["invalid"] as? Int == 1)
    }

    // MARK: Progress

    @Test func progressIsThrottledFormattedAndErased() {
        var now = 100.0
        var written: [String] = []
        var progress = Progress(total: 50, isTerminal: true, clock: { now }, write: { written.append($0) })
        // Nothing in the first second: a quick run shows no line at all.
        for _ in 0..<10 {
            now += 0.05
            progress.tick()
        }
        #expect(written.isEmpty)
        // From then on at most one line per 0.1 s: 40 ticks 0.01 s apart give one line per 10.
        now = 101.0
        for _ in 0..<40 {
            progress.tick()
            now += 0.01
        }
        #expect(written.count == 4, "\(written)")
        // The first at t = 1.0 s with 11 files done: 11 files/s; each overwrites the one before.
        #expect(written.first == "\r\u{1B}[K11/50 files, 11.0 files/s")
        #expect(written.last == "\r\u{1B}[K41/50 files, 31.5 files/s", "\(written)")
        progress.finish()
        #expect(written.last == "\r\u{1B}[K")
    }

    @Test func noProgressOffATerminal() {
        var now = 0.0
        var written: [String] = []
        var progress = Progress(total: 5, isTerminal: false, clock: { now }, write: { written.append($0) })
        for _ in 0..<5 {
            now += 10
            progress.tick()
        }
        progress.finish()
        #expect(written.isEmpty && progress.done == 5)
        #expect(Progress.line(done: 3, total: 2000, unit: "files", elapsed: 2) == "3/2000 files, 1.5 files/s")
    }
}
