import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 30: `merge` given tampered or mismatched shard outputs, and every `-o` given a device, a
/// folder or a read-only folder. Each message is written out by hand; exit 2, nothing half-written,
/// no temporary file left.
@Suite(.serialized) struct HostileOutputTests {
    // MARK: merge

    /// Two traces of one size, so `--shard 1/2` is a.yaml and `2/2` b.yaml (ties go in path order).
    static func shards() throws -> String {
        let dir = try CommandLineTests.fixture(["a.yaml": HardeningTests.trace, "b.yaml": HardeningTests.trace])
        for (k, name) in [(1, "1"), (2, "2")] {
            for (arguments, file) in [
                (["check", "--format", "json"], "c\(name).json"), (["check", "--format", "junit"], "j\(name).xml"),
                (["replay", "--format", "json"], "r\(name).jsonl"),
            ] {
                let run = try CommandLineTests.run(arguments + ["--shard", "\(k)/2", "a.yaml", "b.yaml"], in: dir)
                #expect(run.status == 0, "\(arguments): \(run.stderr)")
                try run.stdout.write(toFile: dir + "/" + file, atomically: true, encoding: .utf8)
            }
        }
        return dir
    }

    static func merge(_ files: [String], in dir: String) throws -> CommandLineTests.Run {
        let run = try HardeningTests.run(["merge"] + files, in: dir)
        #expect(HardeningTests.temporaryFiles(in: dir).isEmpty)
        return run
    }

    static func edit(_ dir: String, _ file: String, to name: String, _ change: (String) -> String) throws {
        let text = try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
        try change(text).write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
    }

    @Test func untamperedShardsMerge() throws {
        let dir = try Self.shards()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for files in [["c1.json", "c2.json"], ["j2.xml", "j1.xml"], ["r1.jsonl", "r2.jsonl"]] {
            let run = try Self.merge(files, in: dir)
            #expect(run.status == 0, "\(files): \(run.stderr)")
        }
    }

    @Test func tamperedShardOutputsAreRefused() throws {
        let dir = try Self.shards()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let damaged = "edited or damaged, not a whole output of a popgesture run"
        // An edited count made the merged run report a failure it never had, and exit 1.
        try Self.edit(dir, "c1.json", to: "counts.json") {
            $0.replacingOccurrences(of: "\"failed\": 0", with: "\"failed\": 7")
        }
        // A copied line or suite was merged twice (a.yaml's report is the first line, the mark the last).
        try Self.edit(dir, "r1.jsonl", to: "twice.jsonl") { text in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return ([lines[0]] + lines).joined(separator: "\n")
        }
        try Self.edit(dir, "j1.xml", to: "twice.xml") { text in
            let start = text.range(of: "  <testsuite ")!.lowerBound
            let end = text.range(of: "  </testsuite>\n")!.upperBound
            return String(text[..<end] + text[start..<end] + text[end...])
        }
        // A suite's opening line copied: one suite inside another.
        try Self.edit(dir, "j1.xml", to: "opened.xml") { text in
            let line = text.range(of: "  <testsuite ")!
            let end = text[line.lowerBound...].firstIndex(of: "\n")!
            return String(text[..<text.index(after: end)] + text[line.lowerBound...])
        }
        try Self.edit(dir, "r2.jsonl", to: "cut.jsonl") { String($0.dropLast(40)) }
        // Two lines spliced into one test case: an attribute twice, so the merged file was no XML
        // (found by the merge fuzz target).
        try Self.edit(dir, "j1.xml", to: "spliced.xml") {
            $0.replacingOccurrences(of: "classname=\"a.yaml\"", with: "classname=\"a.yaml\" classname=\"b.yaml\"")
        }
        // A comma lost inside an item: its braces still balance, and the item was copied into
        // merged output that was not JSON (found by the merge fuzz target).
        try Self.edit(dir, "r1.jsonl", to: "comma.jsonl") { text in
            let comma = text.range(of: ", \"bar\": ")!
            return text.replacingCharacters(in: comma, with: " \"bar\": ")
        }
        for (files, message) in [
            (
                ["counts.json", "c2.json"],
                "counts.json: error: its summary says \"failed\": 7, its entries 0: \(damaged)\n"
            ),
            (["twice.jsonl", "r2.jsonl"], "twice.jsonl: error: holds a.yaml#1 twice: \(damaged)\n"),
            (["twice.xml", "j2.xml"], "twice.xml: error: holds a.yaml twice: \(damaged)\n"),
            (
                ["opened.xml", "j2.xml"],
                "opened.xml: error: is cut short or damaged: not a whole output of a popgesture run\n"
            ),
            (
                ["r1.jsonl", "cut.jsonl"],
                "cut.jsonl: error: is cut short or damaged: not a whole output of a popgesture run\n"
            ),
            (
                ["spliced.xml", "j2.xml"],
                "spliced.xml: error: is cut short or damaged: not a whole output of a popgesture run\n"
            ),
            (
                ["comma.jsonl", "r2.jsonl"],
                "comma.jsonl: error: is cut short or damaged: not a whole output of a popgesture run\n"
            ),
        ] {
            let run = try Self.merge(files, in: dir)
            #expect(run.status == 2, "\(files): exit \(run.status)")
            #expect(run.stderr == message, "\(files)")
            #expect(run.stdout.isEmpty, "\(files)")
        }
    }

    @Test func shardsOfDifferentRunsCommandsOrNoneAreRefused() throws {
        let dir = try Self.shards()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let other = try CommandLineTests.run(
            ["check", "--format", "json", "--shard", "2/2", "b.yaml", "a.yaml"], in: dir)
        try other.stdout.write(toFile: dir + "/other.json", atomically: true, encoding: .utf8)
        try #require(FileManager.default.createFile(atPath: dir + "/empty.json", contents: Data()))
        try #require(
            FileManager.default.createFile(atPath: dir + "/binary.json", contents: Data([0xFF, 0xFE, 0x00, 0x7B])))
        let notMerged =
            "not the output of `check --format json|junit`, `replay --format json`, `diff --format json` or `sweep --format json` (text, html, github, markdown and sarif output cannot be merged into the bytes of one run; run the shards with --format json (or junit for check))"
        for (files, message) in [
            (
                ["c1.json", "r2.jsonl"],
                "r2.jsonl: error: is the output of `replay --format json`, c1.json of `check --format json`: shards of one run only\n"
            ),
            (
                ["c1.json", "other.json"],
                "other.json: error: is a shard of `check --format json -- b.yaml a.yaml`, c1.json of `check --format json -- a.yaml b.yaml`: shards of one run only\n"
            ),
            (["c1.json", "c1.json"], "c1.json: error: is shard 1/2, and so is c1.json: overlapping shards\n"),
            (["c1.json"], "error: missing shard 2/2 of `check --format json -- a.yaml b.yaml`\n"),
            (["empty.json"], "empty.json: error: \(notMerged)\n"),
            (["binary.json"], "binary.json: error: \(notMerged)\n"),
        ] {
            let run = try Self.merge(files, in: dir)
            #expect(run.status == 2, "\(files): exit \(run.status)")
            #expect(run.stderr == message, "\(files)")
            #expect(run.stdout.isEmpty, "\(files)")
        }
    }

    @Test(arguments: [
        ["import", "r.csv"], ["plot", "t.yaml"], ["explain", "t.yaml"], ["merge", "c.json"], ["record", "--page"],
    ])
    func standardOutputOnAFullDeviceIsAnError(_ arguments: [String]) throws {
        let dir = try CommandLineTests.fixture(Self.inputs)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let shard = try CommandLineTests.run(["check", "--format", "json", "--shard", "1/1", "t.yaml"], in: dir)
        try shard.stdout.write(toFile: dir + "/c.json", atomically: true, encoding: .utf8)
        let run = try CommandLineTests.run(
            ["-c", "exec timeout -k 5 30 \"$0\" \"$@\" > /dev/full", CommandLineTests.binary] + arguments,
            in: dir, shell: true)
        #expect(run.status == 2, "\(arguments) exited \(run.status)")
        #expect(run.stderr == "error: cannot write standard output: No space left on device\n", "\(arguments)")
    }

    // MARK: -o to a device, a folder, a read-only folder

    /// The commands that write a file with -o, each given `target`.
    static func writers(_ target: String) -> [(arguments: [String], what: String)] {
        [
            (["import", "r.csv", "--force", "-o", target], "the imported traces"),
            (["plot", "t.yaml", "-o", target], "the plot"),
            (["check", "t.yaml", "--format", "html", "-o", target], "the output file"),
            (["record", "--page", "-o", target], "the recorder page"),
        ]
    }

    static let inputs = ["r.csv": "t,x,y,finger\n0,1,1,0\n5,2,1,0\n", "t.yaml": HardeningTests.trace]

    /// /dev/full was renamed over: as root, `plot -o /dev/full` put a regular file in place of the
    /// device. A device is now written as it is: the write fails, the device stays. As root the test
    /// makes its own full device in its folder, so that a regression replaces only that.
    @Test func aFullDeviceIsAnErrorAndStaysADevice() throws {
        let dir = try CommandLineTests.fixture(Self.inputs)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let device = getuid() == 0 ? dir + "/full" : "/dev/full"
        // Device 1:7, as glibc encodes a small major and minor: major << 8 | minor.
        if getuid() == 0 { #expect(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0, "mknod") }
        for (arguments, what) in Self.writers(device) {
            let run = try HardeningTests.run(arguments, in: dir)
            #expect(run.status == 2, "\(arguments): exit \(run.status)")
            #expect(run.stderr == "\(device): error: cannot write \(what): No space left on device\n", "\(arguments)")
            var info = stat()
            #expect(
                stat(device, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR,
                "\(arguments): \(device) is no longer a device")
            #expect(HardeningTests.temporaryFiles(in: dir).isEmpty)
        }
    }

    @Test func aFolderIsNoOutputFile() throws {
        let dir = try HardeningTests.fixture(Self.inputs, folders: ["out.html"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (arguments, what) in Self.writers("out.html") {
            let run = try HardeningTests.run(arguments, in: dir)
            #expect(run.status == 2, "\(arguments): exit \(run.status)")
            #expect(run.stderr == "out.html: error: cannot write \(what): is a directory\n", "\(arguments)")
            #expect(HardeningTests.temporaryFiles(in: dir).isEmpty)
        }
    }

    @Test(
        .enabled(
            if: HardeningTests.canWriteProtect,
            "running as root, and `nobody` cannot run a copy of the binary through setpriv: no folder is read-only to root"
        ))
    func aReadOnlyFolderIsAnErrorAndNothingIsLeft() throws {
        let dir = try HardeningTests.fixture(Self.inputs, folders: ["ro"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(chmod(dir + "/ro", 0o555) == 0)
        for (arguments, what) in Self.writers("ro/out.html") {
            let run = try HardeningTests.runAsUser(arguments, in: dir)
            #expect(run.status == 2, "\(arguments): exit \(run.status)")
            #expect(run.stderr == "ro/out.html: error: cannot write \(what): Permission denied\n", "\(arguments)")
            #expect(run.stdout.isEmpty)
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir + "/ro")) == [])
    }
}
