import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `--shard K/N` and `merge` (issue 20): the slices, and N shards merged into the very bytes and exit
/// status of the unsharded run, for every machine-readable format.
@Suite(.serialized) struct ShardTests {
    @Test func slicesTakeTheLargestFileFirstOntoTheLeastLoadedShard() {
        // Largest first, equal sizes in path order: a(5) -> 0 {5, 0}; b(3) -> 1 {5, 3}; c(3) -> 1
        // {5, 6}; d(2) -> 0 {7, 6}; e(1) -> 1 {7, 7}.
        let files = [("e", 1), ("c", 3), ("a", 5), ("d", 2), ("b", 3)].map { (path: $0.0, bytes: $0.1) }
        #expect(Shard.assign(files, count: 2) == [1, 1, 0, 0, 1])
        // Ties between shards go to the lower one; empty files count a byte, so they spread too.
        #expect(Shard.assign([("x", 0), ("y", 0), ("z", 0)].map { (path: $0.0, bytes: $0.1) }, count: 2) == [0, 1, 0])
        #expect(Shard.assign([("x", 4)].map { (path: $0.0, bytes: $0.1) }, count: 3) == [0])
    }

    @Test func shardsHoldEveryFileOnceInTheRunsOrder() {
        let all = InputFiles.files([packageRoot + "/traces"])
        #expect(all.count > 20)
        for n in 1...5 {
            let shards = (1...n).map { Shard(index: $0, count: n)!.select(all) }
            #expect(shards.map(\.count).reduce(0, +) == all.count)
            #expect(Set(shards.flatMap { $0.map(\.path) }) == Set(all.map(\.path)))
            for shard in shards {
                // A subsequence of the whole list: the run's order kept.
                let positions = shard.map { file in all.firstIndex(of: file)! }
                #expect(positions == positions.sorted())
            }
        }
    }

    @Test func shardArgumentsCountFromOne() {
        #expect(Shard("2/4") == Shard(index: 2, count: 4))
        #expect(Shard("0/4") == nil)
        #expect(Shard("5/4") == nil)
        #expect(Shard("1/0") == nil)
        #expect(Shard("1") == nil)
        #expect(Shard("a/b") == nil)
    }

    /// A folder with a passing, a failing and a broken trace, a file of three documents, a rules file,
    /// another tool's JSON and synthesized traces of different sizes.
    static func mixedFolder() throws -> String {
        let dir = try CommandLineTests.fixture([
            "a-pass.yaml": CommandLineTests.swipe(expect: CommandLineTests.passingExpectations),
            "b-broken.yaml": "format: popgesture-trace/1\nstack: [{id: a}]\nevents:\n- {t: -1, pop: true}\n",
            "c-fail.yaml": CommandLineTests.swipe(expect: "- {gesture: 1, pop: cancelled}"),
            "d-three.yaml": [
                CommandLineTests.swipe(), CommandLineTests.swipe(expect: "- {final: {barHidden: true}}"),
                CommandLineTests.swipe(),
            ]
            .joined(separator: "\n---\n"),
            "rules/edge.yaml": "format: popgesture-rules/1\nname: edge40\nextends: fd\n",
            "schema.json": "{\"type\": \"object\"}\n",
        ])
        let synth = try CommandLineTests.run(
            ["synth", "--seed", "7", "--count", "9", "--gestures", "30", "--out", dir + "/synth"], in: dir)
        #expect(synth.status == 0, "\(synth.stderr)")
        return dir
    }

    static let commands: [(name: String, arguments: [String])] = [
        ("check json", ["check", "--format", "json"]),
        ("check junit", ["check", "--format", "junit"]),
        ("replay json", ["replay", "--format", "json"]),
        ("diff json", ["diff", "--base", "fd", "--head", "cupertino", "--format", "json"]),
        ("check json, goldens", ["check", "--format", "json", "--require-goldens"]),
        // Unchecked traces (the synthesized ones) are counted, and fail under --strict.
        ("check json, strict", ["check", "--format", "json", "--strict"]),
    ]

    @Test(arguments: commands.indices)
    func mergedShardsAreTheUnshardedRun(_ index: Int) throws {
        let command = Self.commands[index]
        let mixed = try Self.mixedFolder()
        defer { try? FileManager.default.removeItem(atPath: mixed) }
        for (folder, directory) in [("traces", packageRoot), (".", mixed)] {
            let whole = try CommandLineTests.run(command.arguments + [folder], in: directory)
            #expect(!whole.stdout.isEmpty)
            for n in 1...4 {
                var outputs: [String] = []
                for k in 1...n {
                    let shard = try CommandLineTests.run(
                        command.arguments + ["--shard", "\(k)/\(n)", "--jobs", "\(k % 2 + 1)", folder], in: directory)
                    let file = mixed + "/../shard-\(UUID().uuidString)-\(k)"
                    try shard.stdout.write(toFile: file, atomically: true, encoding: .utf8)
                    outputs.append(file)
                }
                defer { for output in outputs { try? FileManager.default.removeItem(atPath: output) } }
                // The shards in any order.
                let merged = try CommandLineTests.run(["merge"] + outputs.reversed(), in: directory)
                #expect(merged.stdout == whole.stdout, "\(command.name), \(folder), \(n) shards: \(merged.stderr)")
                #expect(merged.status == whole.status, "\(command.name), \(folder), \(n) shards: \(merged.stderr)")
            }
        }
    }

    /// `replay` exits 1 when a trace's expectations fail; its merged shards too, without an error to hide it.
    @Test func aReplayWhoseExpectationsFailMergesToExitOne() throws {
        let mixed = try Self.mixedFolder()
        defer { try? FileManager.default.removeItem(atPath: mixed) }
        let arguments = ["replay", "--format", "json", "c-fail.yaml", "synth"]
        let whole = try CommandLineTests.run(arguments, in: mixed)
        #expect(whole.status == 1)
        var outputs: [String] = []
        for k in 1...2 {
            let file = mixed + "/../shard-\(UUID().uuidString)-\(k)"
            try (try CommandLineTests.run(arguments + ["--shard", "\(k)/2"], in: mixed)).stdout.write(
                toFile: file, atomically: true, encoding: .utf8)
            outputs.append(file)
        }
        defer { for output in outputs { try? FileManager.default.removeItem(atPath: output) } }
        let merged = try CommandLineTests.run(["merge"] + outputs, in: mixed)
        #expect(merged.stdout == whole.stdout && merged.status == 1)
        #expect(merged.stderr == "note: 1 trace with failed expectations\n")
    }

    @Test func theMixedFolderExercisesEveryStatus() throws {
        // So that the merge test above compares exit codes 1 and 2, not only 0.
        let mixed = try Self.mixedFolder()
        defer { try? FileManager.default.removeItem(atPath: mixed) }
        #expect(try CommandLineTests.run(["check", "--format", "json", "."], in: mixed).status == 2)
        #expect(
            try CommandLineTests.run(["check", "--format", "junit", "synth", "c-fail.yaml"], in: mixed).status == 1)
        #expect(try CommandLineTests.run(["check", "--format", "json", "traces"], in: packageRoot).status == 0)
        #expect(
            try CommandLineTests.run(
                ["diff", "--base", "fd", "--head", "cupertino", "--format", "json", "traces"], in: packageRoot
            ).status == 1)
    }

    @Test func mergeRefusesWhatIsNotOneWholeRun() throws {
        let mixed = try Self.mixedFolder()
        defer { try? FileManager.default.removeItem(atPath: mixed) }
        func write(_ arguments: [String], to name: String) throws {
            let run = try CommandLineTests.run(arguments + ["synth"], in: mixed)
            try run.stdout.write(toFile: mixed + "/" + name, atomically: true, encoding: .utf8)
        }
        try write(["check", "--format", "junit", "--shard", "1/3"], to: "j1")
        try write(["check", "--format", "junit", "--shard", "2/3"], to: "j2")
        try write(["check", "--format", "junit", "--shard", "3/3"], to: "j3")
        try write(["check", "--format", "json", "--shard", "3/3"], to: "c3")
        try write(["check", "--format", "junit", "--rules", "cupertino", "--shard", "3/3"], to: "r3")
        try write(["check", "--format", "junit", "--shard", "2/2"], to: "h2")
        try write(["check", "--format", "junit"], to: "whole")
        try write(["check"], to: "text")
        try "{\"files\": [{\"documents\": [".write(toFile: mixed + "/cut", atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["j1", "j2"], "error: missing shard 3/3 of `check --format junit -- synth`"),
            (["j1", "j2", "j3", "j2"], "j2: error: is shard 2/3, and so is j2: overlapping shards"),
            (
                ["j1", "j2", "c3"],
                "c3: error: is the output of `check --format json`, j1 of `check --format junit`: shards of one run only"
            ),
            (
                ["j1", "j2", "r3"],
                "r3: error: is a shard of `check --format junit --rules cupertino -- synth`, j1 of `check --format junit -- synth`: shards of one run only"
            ),
            (["j1", "h2"], "h2: error: is shard 2/2 and j1 shard 1/3: the runs were split differently"),
            (["whole"], "whole: error: has no shard mark: it is not the output of a run with --shard K/N"),
            (
                ["text"],
                "text: error: not the output of `check --format json|junit`, `replay --format json`, `diff --format json` or `sweep --format json`"
            ),
            (["cut"], "cut: error: is cut short or damaged"),
            (["nowhere"], "nowhere: error: cannot read file"),
        ]
        for (inputs, message) in cases {
            let run = try CommandLineTests.run(["merge"] + inputs, in: mixed)
            #expect(run.status == 2, "\(inputs)")
            #expect(run.stdout.isEmpty, "\(inputs)")
            #expect(run.stderr.hasPrefix(message), "\(inputs): \(run.stderr)")
        }
        // The same three shards merge.
        #expect(try CommandLineTests.run(["merge", "j3", "j1", "j2"], in: mixed).status == 0)
    }

    @Test func aShardWithNoFileIsNoEmptyRun() throws {
        let dir = try CommandLineTests.fixture([
            "a.yaml": CommandLineTests.swipe(expect: CommandLineTests.passingExpectations)
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let empty = try CommandLineTests.run(["check", "--format", "json", "--shard", "2/2", "."], in: dir)
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(
            empty.stdout.hasPrefix(
                "{\"files\": [], \"shard\": {\"count\": 2, \"files\": 0, \"index\": 2, \"items\": 0, \"run\": \"check --format json -- .\", \"total\": 1}"
            ))
        // A run with no file at all is an error in every shard, and merged.
        let none = try CommandLineTests.fixture(["notes.txt": "nothing"])
        defer { try? FileManager.default.removeItem(atPath: none) }
        let shard = try CommandLineTests.run(["check", "--format", "json", "--shard", "1/1", "."], in: none)
        #expect(shard.status == 2)
        try shard.stdout.write(toFile: none + "/s1", atomically: true, encoding: .utf8)
        let merged = try CommandLineTests.run(["merge", "s1"], in: none)
        #expect(merged.status == 2)
        #expect(
            merged.stderr.contains(
                "error: no *.yaml, *.yml or *.json trace file found in any shard of `check --format json -- .`"))
    }
}
