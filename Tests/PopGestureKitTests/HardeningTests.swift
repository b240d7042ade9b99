import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 13's findings, one test (or a few) per item: pathological inputs, file kinds, links,
/// write failures, signals, empty matches and misspelt directives. The end-to-end ones run the
/// built binary under `timeout`, so that a regression that blocks fails instead of hanging CI; with
/// `-k`, since a process spawned from a test's thread inherits a mask that blocks SIGTERM.
@Suite(.serialized) struct HardeningTests {
    /// The binary, killed after `seconds` (status 124 then).
    static func run(
        _ arguments: [String], in directory: String, seconds: Int = 30,
        environment: [String: String] = [:]
    ) throws -> CommandLineTests.Run {
        try CommandLineTests.run(
            ["-c", "exec timeout -k 5 \(seconds) \"$0\" \"$@\"", CommandLineTests.binary] + arguments,
            in: directory, environment: environment, shell: true)
    }

    static let trace = CommandLineTests.swipe(expect: CommandLineTests.passingExpectations)

    // MARK: 1. Deep flow nesting

    /// `unit` 100,000 times, then as many `closing` (the nesting closed); the error's column.
    @Test(arguments: [
        ("[", "", 257),
        ("[", "]", 257),
        // A trace's root mapping is read apart: its values' 256 levels start at the second `{`.
        ("{", "", 258),
        ("{a: ", "", 4 * 257 + 1),
    ])
    func deepNestingEndsTheFileAtOnce(_ unit: String, _ closing: String, _ column: Int) {
        let yaml = String(repeating: unit, count: 100_000) + String(repeating: closing, count: 100_000)
        // Reading on to the document's end took 23 to 50 s: libyaml's flow scanner pays for the
        // depth on every token.
        let clock = ContinuousClock()
        var documents: [LoadedDocument] = []
        let elapsed = clock.measure { documents = loadDocuments(yaml) }
        #expect(elapsed < .seconds(2), "\(elapsed)")
        guard documents.count == 1, case .failure(_, let error) = documents[0] else {
            Issue.record("expected one error, got \(documents)")
            return
        }
        checkError(error, path: "t.yaml", at: 1, column, ["nesting deeper than 256 levels"])
    }

    @Test func aDocumentAfterTooDeepANestingIsNotRead() {
        // Closed, so libyaml could read on; the file ends at the error all the same.
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let documents = loadDocuments("format: popgesture-trace/1\nstack: \(deep)\n---\n" + Self.trace)
        #expect(documents.count == 1, "\(documents)")
        if case .failure(_, let error)? = documents.first {
            checkError(error, path: "t.yaml", at: 2, 264, ["nesting deeper"])
        }
    }

    @Test func skippingAnInvalidDocumentStopsAtTheSameDepth() {
        // The first event's error skips the rest of the document, which nests too deep.
        let deep = String(repeating: "[", count: 50_000)
        let clock = ContinuousClock()
        var documents: [LoadedDocument] = []
        let elapsed = clock.measure {
            documents = loadDocuments(
                "format: popgesture-trace/1\nstack: [{id: a}]\nevents:\n- {t: -1, pop: true}\n- \(deep)\n")
        }
        #expect(elapsed < .seconds(2), "\(elapsed)")
        #expect(documents.count == 1)
    }
}

extension HardeningTests {
    // MARK: 2. FIFOs, devices and folders where a file is expected

    /// A fixture with FIFOs at `fifos` (relative paths) besides `files`.
    static func fixture(_ files: [String: String], fifos: [String] = [], folders: [String] = []) throws -> String {
        let dir = try CommandLineTests.fixture(files)
        for folder in folders {
            try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
        }
        for fifo in fifos { #expect(mkfifo(dir + "/" + fifo, 0o644) == 0, "mkfifo \(fifo)") }
        return dir
    }

    /// Every place a file is read, with a FIFO there: a positioned error and exit 2, never a wait.
    @Test(arguments: [
        (["check", "f.yaml"], "f.yaml:1:1: error: is a FIFO (named pipe), expected a YAML file"),
        (["replay", "walked"], "walked/f.yaml:1:1: error: is a FIFO (named pipe), expected a YAML file"),
        (
            ["check", "configured.yaml"],
            "configured.yaml:2:9: error: cannot read config `f.yaml` (f.yaml): is a FIFO (named pipe), expected a YAML file"
        ),
        (
            ["check", "--rules", "extending.yaml", "a.yaml"],
            "extending.yaml:2:10: error: cannot read rules file `f.yaml`: is a FIFO (named pipe), expected a YAML file"
        ),
        (["replay", "--rules", "f.yaml", "a.yaml"], "f.yaml:1:1: error: is a FIFO (named pipe), expected a YAML file"),
        (
            ["check", "directed.yaml"],
            "directed.yaml:1:1: error: `# popgesture-rules: f.yaml`: is a FIFO (named pipe), expected a YAML file"
        ),
        (
            ["check", "golden.yaml"],
            "golden.yaml.golden.jsonl:1:1: error: is a FIFO (named pipe), expected a golden file"
        ),
        (
            ["check", "--update-goldens", "golden.yaml"],
            "golden.yaml.golden.jsonl:1:1: error: is a FIFO (named pipe), expected a golden file"
        ),
        (["validate", "f.yaml"], "f.yaml:1:1: error: is a FIFO (named pipe), expected a YAML file"),
        // A folder where a file is expected was read as an empty golden.
        (["check", "foldered.yaml"], "foldered.yaml.golden.jsonl:1:1: error: is a directory, expected a golden file"),
    ])
    func nonRegularFilesAreErrorsNotWaits(_ arguments: [String], _ message: String) throws {
        let dir = try Self.fixture(
            [
                "a.yaml": Self.trace,
                "configured.yaml": "format: popgesture-trace/1\nconfig: f.yaml\nevents: []\n",
                "extending.yaml": "format: popgesture-rules/1\nextends: f.yaml\n",
                "directed.yaml": "# popgesture-rules: f.yaml\n" + Self.trace,
                "golden.yaml": Self.trace,
                "foldered.yaml": Self.trace,
            ], fifos: ["f.yaml", "walked/f.yaml", "golden.yaml.golden.jsonl"],
            folders: ["walked", "foldered.yaml.golden.jsonl"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Self.run(arguments, in: dir, seconds: 20)
        #expect(run.status == 2, "\(arguments): \(run.status) \(run.stdout) \(run.stderr)")
        #expect((run.stdout + run.stderr).contains(message), "\(arguments): \(run.stdout) \(run.stderr)")
    }
}

extension HardeningTests {
    // MARK: 3. Links

    @Test func eachFolderIsWalkedOnceAndEachTraceReadOnce() throws {
        let dir = try Self.fixture(["t/a.yaml": Self.trace, "t/sub/b.yaml": Self.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A link to its own folder, two links that lead into each other, and a second way to a file.
        #expect(symlink(".", dir + "/t/self") == 0)
        #expect(symlink("../sub", dir + "/t/sub/loop") == 0)
        #expect(symlink("../t", dir + "/t/sub/up") == 0)
        #expect(symlink("a.yaml", dir + "/t/also.yaml") == 0)
        let run = try Self.run(["check", "t"], in: dir, seconds: 20)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2 traces in 2 files: 2 passed, 0 failed, 0 errors\n")
        // Whatever the way in, the same trace once, under the path that sorts first.
        let named = try Self.run(
            ["replay", "--format", "json", "t/also.yaml", "t/self/a.yaml", "t"], in: dir, seconds: 20)
        #expect(
            named.stdout.split(separator: "\n").map {
                $0.contains("\"source\": \"t/also.yaml#1\"") || $0.contains("\"source\": \"t/sub/b.yaml#1\"")
            }
                == [true, true], "\(named.stdout)")
    }

    // MARK: 11. Empty matches and JSON files

    @Test func aRunThatFindsNoTraceFileIsAnError() throws {
        let dir = try Self.fixture(["a.yaml": Self.trace], folders: ["empty"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for command in [["check"], ["replay"], ["diff", "--base", "fd", "--head", "fd"], ["validate"]] {
            let run = try Self.run(command + ["empty"], in: dir)
            #expect(run.status == 2, "\(command): \(run.stdout)")
            #expect(
                run.stderr.hasSuffix(
                    "empty: error: no *.yaml, *.yml or *.json trace file found (pass --allow-empty when an empty run is expected)\n"
                ),
                "\(command): \(run.stderr)")
            #expect(try Self.run(command + ["--allow-empty", "empty"], in: dir).status == 0, "\(command)")
            // One trace anywhere is enough.
            #expect(try Self.run(command + ["empty", "a.yaml"], in: dir).status == 0, "\(command)")
        }
        let check = try Self.run(["check", "empty"], in: dir)
        #expect(check.stdout == "0 traces in 0 files: 0 passed, 0 failed, 0 errors\n")
    }

    @Test func jsonTracesAreReadAndOtherJSONIsCountedNotReported() throws {
        let json =
            #"{"format": "popgesture-trace/1", "stack": [{"id": "a"}, {"id": "b"}], "events": [{"touch": 1, "samples": [[0, 30, 400], [16, 42, 401], [33, 80, 402]], "up": 40}], "expect": [{"gesture": 1, "outcome": "began"}]}"#
        let schema =
            #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "not a trace", "events": [1, 2]}"#
        let dir = try Self.fixture([
            "traces/a.json": json, "traces/b.yaml": Self.trace, "schemas/x.schema.json": schema,
            "schemas/list.json": "[1, 2]", "schemas/broken.json": "{\"a\": [",
            "schemas/future.json": #"{"format": "popgesture-trace/9"}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let check = try Self.run(["check", "."], in: dir)
        // A popgesture format, even an unknown one, makes the file a popgesture document.
        #expect(check.status == 2, "\(check.stdout)")
        #expect(
            check.stdout.contains("./schemas/future.json:1:12: error: unknown format `popgesture-trace/9`"),
            "\(check.stdout)")
        #expect(
            check.stdout.hasSuffix(
                "3 traces in 3 files: 2 passed, 0 failed, 1 error; 3 JSON files without a popgesture `format`, not traces\n"
            ),
            "\(check.stdout)")
        #expect(
            !check.stdout.contains("x.schema.json") && !check.stdout.contains("list.json")
                && !check.stdout.contains("broken.json"))
        let json2 = try Self.run(["check", "--format", "json", "traces", "schemas/x.schema.json"], in: dir)
        // Named explicitly, it is read as a trace.
        #expect(
            json2.status == 2
                && json2.stderr.contains("schemas/x.schema.json:1:2: error: unknown key `$schema` in a trace document"),
            "\(json2.stderr)")
        let summary =
            (try JSONSerialization.jsonObject(with: Data(json2.stdout.utf8)) as! [String: Any])["summary"]
            as! [String: Any]
        #expect(summary["traces"] as? Int == 3 && summary["notTraces"] == nil)
        let validate = try Self.run(["validate", "--format", "json", "schemas"], in: dir)
        let counts = try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as! [String: Any]
        #expect(
            counts["files"] as? Int == 1 && counts["notTraces"] as? Int == 3 && counts["invalid"] as? Int == 1,
            "\(validate.stdout)")
        let replay = try Self.run(["replay", "--format", "json", "traces", "schemas"], in: dir)
        #expect(
            replay.stderr.contains("note: 3 JSON files without a popgesture `format`, not traces\n"), "\(replay.stderr)"
        )
    }

    // MARK: 12. Rule versions that name nothing

    @Test(arguments: [
        (["check", "--rules", "fd11", "a.yaml"], "error: unknown preset or file `fd11` (did you mean `fd-1.1`?)\n"),
        (
            ["replay", "--rules", "rules/missing.yaml", "a.yaml"],
            "rules/missing.yaml:1:1: error: cannot read file: No such file or directory\n"
        ),
        (
            ["diff", "--base", "fd", "--head", "cupertin", "a.yaml"],
            "error: unknown preset or file `cupertin` (did you mean `cupertino`?)\n"
        ),
        (
            ["rules", "show", "nothing-like-it"],
            "error: unknown preset or file `nothing-like-it` (presets are fd, fd-1.1, uikit, tz, cupertino, flutter, edge30, lh)\n"
        ),
    ])
    func aRuleVersionThatNamesNothingSaysWhat(_ arguments: [String], _ message: String) throws {
        let dir = try Self.fixture(["a.yaml": Self.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Self.run(arguments, in: dir)
        #expect(run.status == 2)
        #expect(run.stderr == message)
    }

    @Test func aRulesCommentThatNamesNothingSaysWhatWhereItIs() throws {
        let dir = try Self.fixture([
            "a.yaml": "# a swipe\n# popgesture-rules: fd11\n" + Self.trace,
            "b.yaml": "# popgesture-rules: ../rules/missing.yaml\n" + Self.trace,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Self.run(["check", "a.yaml", "b.yaml"], in: dir)
        #expect(run.status == 2)
        #expect(
            run.stdout == """
                a.yaml:2:1: error: `# popgesture-rules: fd11`: unknown preset or file `fd11` (did you mean `fd-1.1`?)
                b.yaml:1:1: error: `# popgesture-rules: ../rules/missing.yaml`: cannot read file: No such file or directory
                2 traces in 2 files: 0 passed, 0 failed, 2 errors

                """)
    }
}

extension HardeningTests {
    // MARK: 6. Numbers that would make JSON print nan or inf

    /// Finite inputs whose replay printed `inf` (the differences of positions near ±1e308 overflow,
    /// progress divides by a subnormal width, `last2` divides by a subnormal gap) are refused at load.
    @Test(arguments: [
        (
            "  samples: [[0, -1e308, 400], [16, 1e308, 401], [33, 1.5e308, 402]]\n  up: 40\n", "", 5, 17,
            "expected sample x within ±1e9 points, found -1e+308"
        ),
        (
            "  samples: [[0, 0, 400], [16, 20, 401], [33, 10, 402], [50, 5, 400]]\n  up: 60\n",
            "screen: {width: 1e-320}\n", 2, 17,
            "expected `screen.width` between 0.001 and 1e9 points, found 1e-320"
        ),
        (
            "  samples: [[0, 10, 400], [1e-300, 1e9, 401]]\n  up: 40\n", "", 5, 28,
            "sample time 1e-300 is less than 1e-6 ms after the previous sample's 0; samples of a stroke are at least a nanosecond apart"
        ),
        ("  samples: [[0, 10, 1000000000.5]]\n", "", 5, 21, "expected sample y within ±1e9 points, found 1000000000.5"),
    ])
    func numbersThatWouldOverflowAreRefusedAtLoad(
        _ stroke: String, _ header: String, _ line: Int, _ column: Int, _ message: String
    ) {
        let yaml = "format: popgesture-trace/1\n\(header)stack: [{id: a}, {id: b}]\nevents:\n- touch: 1\n" + stroke
        // The stroke is read straight from the events; the same stroke as nodes (an anchor) says the same.
        for text in [yaml, yaml.replacingOccurrences(of: "- touch: 1", with: "- &s\n  touch: 1")] {
            guard let error = loadError(text) else { continue }
            checkError(error, path: "t.yaml", at: line + (text == yaml || line < 5 ? 0 : 1), column, [message])
        }
    }

    @Test func theLimitsThemselvesLoadAndReplayToFiniteJSON() throws {
        let trace = try loadTrace(
            """
            format: popgesture-trace/1
            screen: {width: 0.001, height: 1e9}
            stack: [{id: a}, {id: b, content: [{id: s, kind: scroll, frame: [0, 0, 1e9, 1e9], axis: horizontal, offset: 1e9, maxOffset: 1e9}]}]
            events:
            - touch: 1
              samples: [[0, -1e9, 400], [0.000001, 1e9, 401], [0.000002, -1e9, 1e9], [20, 1e9, -1e9]]
              up: 20
            """)
        for preset in Presets.names {
            let report = Replay(rules: try RulesLoader.load(preset)).run(trace)
            RandomTraceJSONTests.expectStrictJSON(report.jsonLine(), "the limits under \(preset)")
        }
    }
}

extension HardeningTests {
    // MARK: 4. Standard output that cannot be written

    @Test(arguments: [
        ["replay", "a.yaml"], ["replay", "--format", "json", "a.yaml"], ["check", "a.yaml"],
        ["check", "--format", "junit", "a.yaml"],
        ["diff", "--base", "fd", "--head", "cupertino", "a.yaml"], ["validate", "a.yaml"], ["rules", "show", "fd"],
        ["rules", "list"],
    ])
    func outputLostOnAFullDeviceIsAnError(_ arguments: [String]) throws {
        let dir = try Self.fixture(["a.yaml": Self.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CommandLineTests.run(
            ["-c", "exec timeout -k 5 30 \"$0\" \"$@\" > /dev/full", CommandLineTests.binary] + arguments,
            in: dir, shell: true)
        #expect(run.status == 2, "\(arguments) exited \(run.status)")
        #expect(
            run.stderr.hasSuffix("error: cannot write standard output: No space left on device\n"),
            "\(arguments): \(run.stderr)")
    }
}

extension HardeningTests {
    // MARK: 5, 9, 10. Files that cannot be written, and runs that are interrupted

    /// Root writes into read-only folders anyway: as root, the binary runs as `nobody` (setpriv).
    /// `nobody` cannot reach a binary inside a private checkout (a `mktemp -d` folder, mode 700, as CI
    /// containers have), so it runs a copy in a folder of its own that every user can enter; the
    /// copy is checked to start as `nobody`, else the tests that need it are skipped with the reason.
    static let userBinary: String? = {
        guard getuid() == 0 else { return CommandLineTests.binary }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "popgesture-nobody-\(UUID().uuidString)"
        ).path
        let copy = folder + "/popgesture"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: CommandLineTests.binary, toPath: copy)
        } catch { return nil }
        guard chmod(folder, 0o755) == 0, chmod(copy, 0o755) == 0,
            let probe = try? CommandLineTests.run(
                ["-c", "exec setpriv --reuid=65534 --regid=65534 --clear-groups \"$0\" --version", copy],
                in: folder, shell: true),
            probe.status == 0
        else { return nil }
        return copy
    }()

    static let canWriteProtect = userBinary != nil

    static func runAsUser(_ arguments: [String], in directory: String) throws -> CommandLineTests.Run {
        guard let binary = userBinary else { throw CocoaError(.featureUnsupported) }
        let user = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        if getuid() == 0 { openToEveryone(directory) }
        return try CommandLineTests.run(
            ["-c", "exec \(user)timeout -k 5 30 \"$0\" \"$@\"", binary] + arguments,
            in: directory, shell: true)
    }

    /// Lets `nobody` read the fixture whatever the umask, without undoing a folder the test made read-only.
    private static func openToEveryone(_ directory: String) {
        var st = stat()
        if stat(directory, &st) == 0 { chmod(directory, st.st_mode & 0o7777 | 0o005) }
        for case let name as String in FileManager.default.enumerator(atPath: directory)
            ?? FileManager.DirectoryEnumerator()
        {
            let path = directory + "/" + name
            guard stat(path, &st) == 0 else { continue }
            let isFolder = st.st_mode & S_IFMT == S_IFDIR
            chmod(path, st.st_mode & 0o7777 | (isFolder ? 0o005 : 0o004))
        }
    }

    static func temporaryFiles(in directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).filter {
            $0.contains(".tmp.")
        }
    }

    @Test(
        .enabled(
            if: canWriteProtect,
            "running as root, and `nobody` cannot run a copy of the binary through setpriv (no setpriv, or the temporary folder is private): no folder is read-only to root"
        ))
    func synthSaysWhichFolderItCouldNotCreate() throws {
        let dir = try Self.fixture([:], folders: ["ro"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(chmod(dir + "/ro", 0o555) == 0)
        let run = try Self.runAsUser(["synth", "--count", "2", "--out", "ro/sub"], in: dir)
        #expect(run.status == 2)
        #expect(run.stderr == "ro/sub: error: cannot create folder: Permission denied\n")
        #expect(run.stdout.isEmpty)
    }

    @Test func synthOnADeviceOrAFullDiskFailsAndLeavesNothingHalfWritten() throws {
        let dir = try Self.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let device = try Self.run(["synth", "--count", "2", "--out", "/dev/full"], in: dir)
        #expect(device.status == 2)
        #expect(
            device.stderr == "/dev/full: error: is not a folder; --out names the folder the traces are written into\n")
        // A file size limit stands in for a full disk: writes past it fail with EFBIG.
        let full = try CommandLineTests.run(
            [
                "-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" synth --count 3 --gestures 400 --out out",
                CommandLineTests.binary,
            ], in: dir, shell: true)
        #expect(full.status == 2)
        #expect(full.stderr == "out/synth-000000.yaml: error: cannot write the synthesized traces: File too large\n")
        #expect(full.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").isEmpty)
    }

    @Test(
        .enabled(
            if: canWriteProtect,
            "running as root, and `nobody` cannot run a copy of the binary through setpriv (no setpriv, or the temporary folder is private): no folder is read-only to root"
        ))
    func aGoldenThatCannotBeWrittenIsAnErrorOfTheRun() throws {
        let dir = try Self.fixture(["ro/a.yaml": Self.trace, "ro/b.yaml": Self.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(chmod(dir + "/ro", 0o555) == 0)
        let run = try Self.runAsUser(["check", "--update-goldens", "ro"], in: dir)
        #expect(run.status == 2)
        #expect(
            run.stdout == """
                ro/a.yaml.golden.jsonl: error: cannot write golden: Permission denied
                ro/b.yaml.golden.jsonl: error: cannot write golden: Permission denied
                2 traces in 2 files: 2 passed, 0 failed, 0 errors, 2 goldens not written

                """)
        let json = try Self.runAsUser(["check", "--update-goldens", "--format", "json", "ro"], in: dir)
        #expect(
            json.status == 2
                && json.stderr.hasSuffix("ro/b.yaml.golden.jsonl: error: cannot write golden: Permission denied\n"))
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect((object["summary"] as! [String: Any])["goldensNotWritten"] as? Int == 2)
        #expect(
            ((object["files"] as! [[String: Any]])[0]["goldenError"] as? String)?.hasSuffix("Permission denied") == true
        )
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringUpdateGoldensLeavesNoTemporaryFile(_ signal: Int32) throws {
        let dir = try Self.fixture(["big/a.yaml.golden.jsonl": "the golden before\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A long recording, so that its golden's temporary file is open for a while.
        let synth = try Self.run(
            ["synth", "--seed", "3", "--count", "1", "--gestures", "30000", "--out", "big"], in: dir)
        try #require(synth.status == 0)
        try FileManager.default.moveItem(atPath: dir + "/big/synth-000000.yaml", toPath: dir + "/big/a.yaml")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
        process.arguments = ["check", "--update-goldens", "--jobs", "1", "big"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var waited = 0
        while Self.temporaryFiles(in: dir).isEmpty, process.isRunning, waited < 400 {
            Thread.sleep(forTimeInterval: 0.025)
            waited += 1
        }
        #expect(!Self.temporaryFiles(in: dir).isEmpty, "no temporary file appeared")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(Self.temporaryFiles(in: dir).isEmpty, "\(Self.temporaryFiles(in: dir))")
        #expect(try String(contentsOfFile: dir + "/big/a.yaml.golden.jsonl", encoding: .utf8) == "the golden before\n")
    }
}

extension HardeningTests {
    // MARK: 7. diff and validate in flat memory

    /// A diff streamed record by record (each replay hands over its records from the first, so
    /// neither report is ever whole) says exactly what the diff of the two whole reports says: over
    /// the corpus, and for a document whose header key after its events makes both replays start
    /// again from the kept events.
    @Test(arguments: [("fd", "cupertino"), ("fd", "edge30"), ("fd-1.1", "uikit"), ("tz", "fd")])
    func aStreamedDiffSaysWhatTheWholeReportsSay(_ base: String, _ head: String) throws {
        let rules = (try RulesLoader.load(base), try RulesLoader.load(head))
        let whole = [Replay(rules: rules.0), Replay(rules: rules.1)]
        let restarted = Self.trace.replacingOccurrences(of: "expect:", with: "screen: {width: 100}\nexpect:")
        func streamed(_ loader: (((Trace) -> any TraceEventSink)?) -> TraceFileLoader) -> [[ReportChange]] {
            var compared: [[ReportChange]] = []
            let job = DiffFileJob(base: rules.0, head: rules.1) { output in
                if case .compared(let trace) = output { compared.append(trace.changes.all) }
            }
            for document in loader(Replay.sink(job.replays)) {
                switch document {
                case .trace(let trace, let fed):
                    job.document(.trace(trace, reports: Replay.reports(of: trace, fed: fed, under: job.replays)))
                case .failure(let source, let diagnostic): job.document(.failure(source: source, diagnostic))
                default: break
                }
            }
            job.finish()
            return compared
        }
        func expected(_ loader: TraceFileLoader) -> [[ReportChange]] {
            loader.compactMap { replayed($0, under: whole) }.map {
                ReportDiff.changes(base: $0.reports[0], head: $0.reports[1])
            }
        }
        var traces = 0
        for path in InputFiles.expand(
            [packageRoot + "/traces"] + (sharedIsPresent ? [sharedRoot + "/conformance"] : []))
        {
            let changes = streamed { TraceFileLoader(path: path, sink: $0) }
            #expect(changes == expected(TraceFileLoader(path: path)), "\(path)")
            traces += changes.count
        }
        #expect(traces > 100)
        let text = restarted + "\n---\n" + CommandLineTests.swipe() + "\n---\n" + restarted
        #expect(
            streamed { TraceFileLoader(text: text, path: "t.yaml", sink: $0) }
                == expected(TraceFileLoader(text: text, path: "t.yaml")))
        #expect(expected(TraceFileLoader(text: text, path: "t.yaml")).count == 3)
    }

    /// validate keeps no more of a long recording's events than a replay does: it used to keep them
    /// all (489 MB for a 77 MB recording). Past the bound the events are dropped, and the checks
    /// that replay makes of a header key after them are made too.
    @Test func validateKeepsNoEventsOfALongRecording() throws {
        var events = ""
        for i in 0..<40 {
            events +=
                "- touch: 1\n  samples: [[\(i * 100), 10, 10], [\(i * 100 + 16), 40, 10]]\n  up: \(i * 100 + 20)\n"
        }
        let header = "format: popgesture-trace/1\nstack: [{id: a}, {id: b}]\nevents:\n"
        var kept: [Bool] = []
        var outputs: [InvalidDocument?] = []
        let job = try ValidateFileJob(path: "t.yaml", rules: RulesChoice(forced: nil)) { outputs.append($0) }
        for document in TraceFileLoader(
            text: header + events + "---\n" + header + events + "screen: {width: 320}\n",
            path: "t.yaml", sink: { _ in DiscardedEvents() }, retainedSamples: 10)
        {
            if case .trace(let trace, _) = document { kept.append(trace.eventsKept) }
            switch document {
            case .trace(let trace, _): job.document(.trace(trace, reports: []))
            case .failure(let source, let diagnostic): job.document(.failure(source: source, diagnostic))
            default: break
            }
        }
        #expect(kept == [false])
        #expect(outputs.count == 2 && outputs[0] == nil)
        #expect(
            outputs[1]?.diagnostic.message.contains("a key that shapes the replay") == true,
            "\(String(describing: outputs[1]))")
    }
}

extension HardeningTests {
    // MARK: 8. validate refuses what replay refuses at load

    @Test func validateReportsARulesCommentThatReplayRefuses() throws {
        let dir = try Self.fixture([
            "a.yaml": "# popgesture-rules: rules/missing.yaml\n" + Self.trace,
            "b.yaml": "# popgesture-rules: fd11\n" + Self.trace, "c.yaml": Self.trace,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let replay = try Self.run(["replay", "a.yaml", "b.yaml"], in: dir)
        #expect(replay.status == 2)
        let validate = try Self.run(["validate", "a.yaml", "b.yaml", "c.yaml"], in: dir)
        #expect(validate.status == 1)
        #expect(
            validate.stdout == """
                a.yaml:1:1: error: `# popgesture-rules: rules/missing.yaml`: cannot read file: No such file or directory
                b.yaml:1:1: error: `# popgesture-rules: fd11`: unknown preset or file `fd11` (did you mean `fd-1.1`?)
                3 documents in 3 files: 1 valid, 2 invalid

                """)
        // Every diagnostic of validate is one replay gives too.
        for line in validate.stdout.split(separator: "\n").dropLast() {
            #expect(replay.stderr.contains(line), "\(line)")
        }
    }

    // MARK: 12. Comments that look like rules comments

    @Test(arguments: [
        ("# popgesture-rule: fd11", "# popgesture-rules: fd11"),
        ("# popgesture-rules fd-1.1", "# popgesture-rules: fd-1.1"),
        ("#Popgesture-Rules: cupertino", "# popgesture-rules: cupertino"),
        ("# popgesture rules: uikit", "# popgesture-rules: uikit"),
    ])
    func aCommentThatLooksLikeARulesCommentIsAWarning(_ comment: String, _ meant: String) throws {
        let dir = try Self.fixture(["a.yaml": "# a swipe back\n\(comment)\n" + Self.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let shown = comment.dropFirst().drop { $0 == " " }
        let warning =
            "a.yaml:2:1: warning: `# \(shown)` is not a rules comment; the file is replayed under fd (did you mean `\(meant)`?)\n"
        for command in [["check"], ["replay"], ["validate"]] {
            let run = try Self.run(command + ["a.yaml"], in: dir)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(run.stderr.hasPrefix(warning), "\(command): \(run.stderr)")
        }
        // --rules chooses for every file: the comment would not count either way.
        #expect(try Self.run(["check", "--rules", "fd", "a.yaml"], in: dir).stderr.isEmpty)
    }

    @Test func commentsThatOnlyMentionPopgestureAreNotWarnedAbout() throws {
        let dir = try Self.fixture([
            "a.yaml": "# popgesture: a trace of a cancelled swipe\n# yaml-language-server: $schema=x\n" + Self.trace
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try Self.run(["check", "a.yaml"], in: dir).stderr.isEmpty)
    }
}
