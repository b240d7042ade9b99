import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

#if canImport(Glibc)
    import Glibc
#endif

/// What a run reads from its arguments, end to end under `timeout` (`HardeningTests.run`): FIFOs,
/// devices and folders where a file is expected, links walked once, runs that find no trace file,
/// and JSON files that are not traces.
@Suite(.serialized) struct InputFilesTests {
    /// Every place a file is read, with a FIFO there: a positioned error and exit 2, never a wait.
    @Test(arguments: [
        (["check", "f.yaml"], "f.yaml: error: is a FIFO (named pipe), expected a YAML file"),
        (["replay", "walked"], "walked/f.yaml: error: is a FIFO (named pipe), expected a YAML file"),
        (
            ["check", "configured.yaml"],
            "configured.yaml:2:9: error: cannot read config `f.yaml` (f.yaml): is a FIFO (named pipe), expected a YAML file"
        ),
        (
            ["check", "--rules", "extending.yaml", "a.yaml"],
            "extending.yaml:2:10: error: cannot read rules file `f.yaml`: is a FIFO (named pipe), expected a YAML file"
        ),
        (["replay", "--rules", "f.yaml", "a.yaml"], "f.yaml: error: is a FIFO (named pipe), expected a YAML file"),
        (
            ["check", "directed.yaml"],
            "directed.yaml:1:1: error: `# popgesture-rules: f.yaml`: is a FIFO (named pipe), expected a YAML file"
        ),
        (
            ["check", "golden.yaml"],
            "golden.yaml.golden.jsonl: error: is a FIFO (named pipe), expected a golden file"
        ),
        (
            ["check", "--update-goldens", "golden.yaml"],
            "golden.yaml.golden.jsonl: error: is a FIFO (named pipe), expected a golden file"
        ),
        (["validate", "f.yaml"], "f.yaml: error: is a FIFO (named pipe), expected a YAML file"),
        // A folder where a file is expected was read as an empty golden.
        (["check", "foldered.yaml"], "foldered.yaml.golden.jsonl: error: is a directory, expected a golden file"),
    ])
    func nonRegularFilesAreErrorsNotWaits(_ arguments: [String], _ message: String) throws {
        let dir = try HardeningTests.fixture(
            [
                "a.yaml": HardeningTests.trace,
                "configured.yaml": "format: popgesture-trace/1\nconfig: f.yaml\nevents: []\n",
                "extending.yaml": "format: popgesture-rules/1\nextends: f.yaml\n",
                "directed.yaml": "# popgesture-rules: f.yaml\n" + HardeningTests.trace,
                "golden.yaml": HardeningTests.trace,
                "foldered.yaml": HardeningTests.trace,
            ], fifos: ["f.yaml", "walked/f.yaml", "golden.yaml.golden.jsonl"],
            folders: ["walked", "foldered.yaml.golden.jsonl"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try HardeningTests.run(arguments, in: dir, seconds: 20)
        #expect(run.status == 2, "\(arguments): \(run.status) \(run.stdout) \(run.stderr)")
        #expect((run.stdout + run.stderr).contains(message), "\(arguments): \(run.stdout) \(run.stderr)")
    }

    // Issue 13, item 3. Links

    @Test func eachFolderIsWalkedOnceAndEachTraceReadOnce() throws {
        let dir = try HardeningTests.fixture(["t/a.yaml": HardeningTests.trace, "t/sub/b.yaml": HardeningTests.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A link to its own folder, two links that lead into each other, and a second way to a file.
        #expect(symlink(".", dir + "/t/self") == 0)
        #expect(symlink("../sub", dir + "/t/sub/loop") == 0)
        #expect(symlink("../t", dir + "/t/sub/up") == 0)
        #expect(symlink("a.yaml", dir + "/t/also.yaml") == 0)
        let run = try HardeningTests.run(["check", "t"], in: dir, seconds: 20)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2 traces in 2 files: 2 passed, 0 failed, 0 errors\n")
        // Whatever the way in, the same trace once, under the path that sorts first.
        let named = try HardeningTests.run(
            ["replay", "--format", "json", "t/also.yaml", "t/self/a.yaml", "t"], in: dir, seconds: 20)
        #expect(
            named.stdout.split(separator: "\n").map {
                $0.contains("\"source\": \"t/also.yaml#1\"") || $0.contains("\"source\": \"t/sub/b.yaml#1\"")
            }
                == [true, true], "\(named.stdout)")
    }

    // Issue 13, item 11. Empty matches and JSON files

    @Test func aRunThatFindsNoTraceFileIsAnError() throws {
        let dir = try HardeningTests.fixture(["a.yaml": HardeningTests.trace], folders: ["empty"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for command in [["check"], ["replay"], ["diff", "--base", "fd", "--head", "fd"], ["validate"]] {
            let run = try HardeningTests.run(command + ["empty"], in: dir)
            #expect(run.status == 2, "\(command): \(run.stdout)")
            #expect(
                run.stderr.hasSuffix(
                    "empty: error: no *.yaml, *.yml or *.json trace file found (pass --allow-empty when an empty run is expected)\n"
                ),
                "\(command): \(run.stderr)")
            #expect(try HardeningTests.run(command + ["--allow-empty", "empty"], in: dir).status == 0, "\(command)")
            // One trace anywhere is enough.
            #expect(try HardeningTests.run(command + ["empty", "a.yaml"], in: dir).status == 0, "\(command)")
        }
        let check = try HardeningTests.run(["check", "empty"], in: dir)
        #expect(check.stdout == "0 traces in 0 files: 0 passed, 0 failed, 0 errors\n")
    }

    @Test func jsonTracesAreReadAndOtherJSONIsCountedNotReported() throws {
        let json =
            #"{"format": "popgesture-trace/1", "stack": [{"id": "a"}, {"id": "b"}], "events": [{"touch": 1, "samples": [[0, 30, 400], [16, 42, 401], [33, 80, 402]], "up": 40}], "expect": [{"gesture": 1, "outcome": "began"}]}"#
        let schema =
            #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "not a trace", "events": [1, 2]}"#
        let dir = try HardeningTests.fixture([
            "traces/a.json": json, "traces/b.yaml": HardeningTests.trace, "schemas/x.schema.json": schema,
            "schemas/list.json": "[1, 2]", "schemas/broken.json": "{\"a\": [",
            "schemas/future.json": #"{"format": "popgesture-trace/9"}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let check = try HardeningTests.run(["check", "."], in: dir)
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
        let json2 = try HardeningTests.run(["check", "--format", "json", "traces", "schemas/x.schema.json"], in: dir)
        // Named explicitly, it is read as a trace.
        #expect(
            json2.status == 2
                && json2.stderr.contains("schemas/x.schema.json:1:2: error: unknown key `$schema` in a trace document"),
            "\(json2.stderr)")
        let summary =
            (try JSONSerialization.jsonObject(with: Data(json2.stdout.utf8)) as! [String: Any])["summary"]
            as! [String: Any]
        #expect(summary["traces"] as? Int == 3 && summary["notTraces"] == nil)
        let validate = try HardeningTests.run(["validate", "--format", "json", "schemas"], in: dir)
        let counts = try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as! [String: Any]
        #expect(
            counts["files"] as? Int == 1 && counts["notTraces"] as? Int == 3 && counts["invalid"] as? Int == 1,
            "\(validate.stdout)")
        let replay = try HardeningTests.run(["replay", "--format", "json", "traces", "schemas"], in: dir)
        #expect(
            replay.stderr.contains("note: 3 JSON files without a popgesture `format`, not traces\n"), "\(replay.stderr)"
        )
    }

    /// A path given that leads nowhere is the run's error, named once on stderr, counted as a path
    /// not found (no trace, no file) and exit 2; the files that are there are still checked (issue
    /// 40: `check nonexist/` said "1 trace in 1 file").
    @Test func aMissingPathIsAnErrorNotATrace() throws {
        let dir = try HardeningTests.fixture(["t/a.yaml": HardeningTests.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let alone = try HardeningTests.run(["check", "nonexist/"], in: dir)
        #expect(alone.status == 2)
        #expect(alone.stderr == "nonexist/: error: no such file or folder\n")
        #expect(alone.stdout == "0 traces in 0 files: 0 passed, 0 failed, 0 errors; 1 path not found\n")
        let beside = try HardeningTests.run(["check", "t", "nonexist/", "gone.yaml", "nonexist/"], in: dir)
        #expect(beside.status == 2)
        #expect(beside.stderr == "nonexist/: error: no such file or folder\ngone.yaml: error: no such file or folder\n")
        #expect(beside.stdout == "1 trace in 1 file: 1 passed, 0 failed, 0 errors; 2 paths not found\n")
        let validate = try HardeningTests.run(["validate", "t", "nonexist"], in: dir)
        #expect(validate.status == 2)
        #expect(validate.stdout == "1 document in 1 file: 1 valid, 0 invalid; 1 path not found\n")
        for command in [["replay"], ["diff", "--base", "fd", "--head", "fd"], ["plot"], ["explain"]] {
            let run = try HardeningTests.run(command + ["nonexist.yaml"], in: dir)
            #expect(run.status == 2, "\(command)")
            #expect(run.stderr.hasPrefix("nonexist.yaml: error: no such file or folder\n"), "\(command): \(run.stderr)")
        }
    }

    /// popgesture's own outputs beside the traces (issue 35 and 40): a baseline and a sweep report
    /// found by a walk are passed over and counted apart from other tools' JSON (a check report has
    /// no `format`: it is one of those), never errors, each read once; named as a trace, one is an
    /// error that says what it is.
    @Test func popgestureOwnFilesAreNotTraces() throws {
        // The loader's table knows the formats the Kit writes.
        #expect(OwnFile(format: Baseline.format)?.noun == "baseline")
        #expect(OwnFile(format: SweepJSONRenderer.format)?.noun == "sweep report")
        let dir = try HardeningTests.fixture(["example/a.yaml": HardeningTests.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let write = try HardeningTests.run(
            ["check", "--write-baseline", "popgesture-baseline.json", "example"], in: dir)
        #expect(write.status == 0, "\(write.stderr)")
        let sweep = try HardeningTests.run(
            ["sweep", "--format", "json", "-o", "sweep.json", "--vary", "recognizer.edgeWidth=10,20", "example"],
            in: dir)
        #expect(sweep.status <= 1, "\(sweep.stderr)")
        let report = try HardeningTests.run(["check", "--format", "json", "-o", "check.json", "example"], in: dir)
        #expect(report.status == 0, "\(report.stderr)")
        let check = try HardeningTests.run(["check", ".", "--baseline", "popgesture-baseline.json"], in: dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(
            check.stdout
                == "1 trace in 1 file: 1 passed, 0 failed, 0 errors; 1 JSON file without a popgesture `format`, not a trace; 2 popgesture files that are not traces (baseline, sweep report)\n"
        )
        let validate = try HardeningTests.run(["validate", "."], in: dir)
        #expect(validate.status == 0, "\(validate.stdout)")
        #expect(
            validate.stdout
                == "1 document in 1 file: 1 valid, 0 invalid; 1 JSON file without a popgesture `format`, not a trace; 2 popgesture files that are not traces (baseline, sweep report)\n"
        )
        let json = try HardeningTests.run(["validate", "--format", "json", "."], in: dir)
        let counts = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(counts["files"] as? Int == 1 && counts["notTraces"] as? Int == 3, "\(json.stdout)")
        // The same as a YAML file found by a walk.
        try "format: popgesture-baseline/1\nfailures: []\n".write(
            toFile: dir + "/example/old-baseline.yaml", atomically: true, encoding: .utf8)
        let yaml = try HardeningTests.run(["check", "example"], in: dir)
        #expect(yaml.status == 0, "\(yaml.stdout)")
        #expect(
            yaml.stdout
                == "1 trace in 1 file: 1 passed, 0 failed, 0 errors; 1 popgesture file that is not a trace (baseline)\n"
        )
        // Named on the command line, each is an error that says what it is.
        for (file, noun) in [("popgesture-baseline.json", "baseline"), ("sweep.json", "sweep report")] {
            let named = try HardeningTests.run(["check", file], in: dir)
            #expect(named.status == 2)
            #expect(named.stdout.contains("error: this is a popgesture \(noun), not a trace"), "\(named.stdout)")
        }
        // One parse each: the walk reads an own file once, and no more than a trace.
        LoadCounter.shared.start()
        let paths = ["popgesture-baseline.json", "sweep.json", "example/a.yaml"].map { dir + "/" + $0 }
        let before = paths.map { LoadCounter.shared.count($0) }
        let status = CheckRun(paths: [dir], rules: RulesChoice(forced: nil), jobs: 2).run(
            console: Console(capturingInto: ConsoleCapture()))
        #expect(status == .ok)
        #expect(paths.map { LoadCounter.shared.count($0) } == before.map { $0 + 1 })
    }
}
