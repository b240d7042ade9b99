import Foundation
import Testing

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
}
