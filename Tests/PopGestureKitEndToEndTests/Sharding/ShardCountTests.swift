import Foundation
import Testing

@testable import PopGestureKit

/// Issue 30: a shard output that lost its last whole line or item is refused. The shard mark counts
/// the items its output holds (check's file entries, JUnit's suites, replay's report lines, diff's
/// changed traces, sweep's flips) and comes after them, so neither a cut end nor a removed item can
/// pass for a whole shard. Each message written out by hand; exit 2, nothing written, even with `-o`.
@Suite(.serialized) struct ShardCountTests {
    /// Four traces of one size: `--shard 1/2` is a.yaml and c.yaml, `2/2` b.yaml and d.yaml (largest
    /// first onto the least loaded shard, ties to the lower shard, equal sizes in path order). Each
    /// swipe, labelled a back, begins under fd and is refused under cupertino and under a maxStartX of
    /// 10: every trace is a changed trace for diff and a flip for sweep.
    static let commands: [(tag: String, file: String, arguments: [String])] = [
        ("check", "c", ["check", "--format", "json"]),
        ("junit", "j", ["check", "--format", "junit"]),
        ("replay", "r", ["replay", "--format", "json"]),
        ("diff", "d", ["diff", "--base", "fd", "--head", "cupertino", "--format", "json"]),
        ("sweep", "s", ["sweep", "--vary", "maxStartX=0,10", "--format", "json"]),
    ]

    static func shards() throws -> String {
        let trace = CLI.swipe(expect: "- {gesture: 1, intent: back}")
        let dir = try CLI.fixture(["a.yaml": trace, "b.yaml": trace, "c.yaml": trace, "d.yaml": trace])
        for command in commands {
            for k in 1...2 {
                let run = try CLI.run(
                    command.arguments + ["--shard", "\(k)/2", "a.yaml", "b.yaml", "c.yaml", "d.yaml"], in: dir)
                #expect(run.status <= 1, "\(command.tag): \(run.stderr)")
                try run.stdout.write(toFile: dir + "/\(command.file)\(k)", atomically: true, encoding: .utf8)
            }
        }
        return dir
    }

    static func text(_ dir: String, _ file: String) throws -> String {
        try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
    }

    /// `merge -o merged FILES`: the refusal, and no merged file or temporary file left.
    static func refused(_ files: [String], in dir: String) throws -> String {
        let run = try HardeningTests.run(["merge", "-o", "merged"] + files, in: dir)
        #expect(run.status == 2, "\(files): exit \(run.status), \(run.stderr)")
        #expect(run.stdout.isEmpty, "\(files): \(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/merged"), "\(files)")
        #expect(HardeningTests.temporaryFiles(in: dir).isEmpty, "\(files)")
        return run.stderr
    }

    static let damaged = "cut short or edited, not a whole output of a popgesture run"

    @Test func eachFormatsMarkCountsItsItemsAfterThem() throws {
        let dir = try Self.shards()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let mark = "\"allowEmpty\": false, \"count\": 2, \"files\": 2, \"index\": 1, \"items\": 2, \"run\": "
        #expect(
            try Self.text(dir, "c1").contains(
                "\"path\": \"c.yaml\"}], \"shard\": {\(mark)\"check --format json -- a.yaml b.yaml"))
        #expect(
            try Self.text(dir, "j1").hasSuffix(
                "  </testsuite>\n</testsuites>\n<?popgesture-shard index=\"1\" count=\"2\" files=\"2\" total=\"4\" items=\"2\" strict=\"false\" allowEmpty=\"false\" run=\"check --format junit -- a.yaml b.yaml c.yaml d.yaml\"?>\n"
            ))
        let replay = try Self.text(dir, "r1").split(separator: "\n")
        #expect(replay.count == 3)
        #expect(replay[0].contains("\"source\": \"a.yaml#1\"") && replay[1].contains("\"source\": \"c.yaml#1\""))
        #expect(
            replay[2]
                == "{\"shard\": {\(mark)\"replay --format json -- a.yaml b.yaml c.yaml d.yaml\", \"strict\": false, \"total\": 4}}"
        )
        #expect(try Self.text(dir, "d1").contains("\"shard\": {\(mark)\"diff "))
        #expect(try Self.text(dir, "s1").contains("\"shard\": {\(mark)\"sweep "))
        // Whole, they merge into the unsharded run.
        for command in Self.commands {
            let whole = try CLI.run(command.arguments + ["a.yaml", "b.yaml", "c.yaml", "d.yaml"], in: dir)
            let merged = try CLI.run(["merge", command.file + "2", command.file + "1"], in: dir)
            #expect(merged.stdout == whole.stdout && merged.status == whole.status, "\(command.tag): \(merged.stderr)")
        }
    }

    @Test func aShardThatLostItsLastLineIsRefused() throws {
        let dir = try Self.shards()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for command in Self.commands {
            try Self.edit(dir, command.file + "1", to: "cut") { text in
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                lines.removeLast(2)
                return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
            }
            let message = try Self.refused(["cut", command.file + "2"], in: dir)
            switch command.tag {
            case "replay", "junit":
                // Both still parse: the mark was their last line.
                #expect(
                    message
                        == "cut: error: has no shard mark: it is not the output of a run with --shard K/N, or its end was cut off\n",
                    "\(command.tag)")
            default:
                // One line each: nothing is left.
                #expect(message.hasPrefix("cut: error: not the output of "), "\(command.tag): \(message)")
            }
        }
    }

    @Test func aShardThatLostItsLastItemIsRefused() throws {
        let dir = try Self.shards()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let again = "(run shard 1/2 again and merge its whole output)\n"
        // JSON Lines: c.yaml's line gone, the mark now line 2.
        try Self.edit(dir, "r1", to: "r-cut") { text in
            let lines = text.split(separator: "\n")
            return lines[0] + "\n" + lines[2] + "\n"
        }
        #expect(
            try Self.refused(["r-cut", "r2"], in: dir)
                == "r-cut:2:1: error: its shard mark counts 2 report lines, the output holds 1: \(Self.damaged) \(again)"
        )
        // JUnit: c.yaml's suite gone. Lines: the declaration, <testsuites>, a.yaml's suite (its opening,
        // six lines of intent properties, one passing case, its closing), </testsuites>, then the mark
        // on line 13.
        try Self.edit(dir, "j1", to: "j-cut") { text in
            let second = text.range(of: "  <testsuite name=\"c.yaml\"")!.lowerBound
            let end = text.range(of: "  </testsuite>\n", range: second..<text.endIndex)!.upperBound
            return String(text[..<second] + text[end...])
        }
        #expect(
            try Self.refused(["j-cut", "j2"], in: dir)
                == "j-cut:13:1: error: its shard mark counts 2 test suites, the output holds 1: \(Self.damaged) \(again)"
        )
        // One-line JSON: c.yaml's entry of `files`, `traces` or `flips` taken out with its comma (the
        // summaries are left as they were: only the count refuses diff's and sweep's); the error's
        // column is the mark's `{`.
        for (file, opening, closing, noun) in [
            ("c1", ", {\"documents\": ", "\"path\": \"c.yaml\"}", "file entries"),
            ("d1", ", {\"changes\": ", "\"source\": \"c.yaml#1\", \"trace\": \"swipe\"}", "changed traces"),
            ("s1", ", {\"gesture\": ", "\"source\": \"c.yaml#1\"}", "flips"),
        ] {
            try Self.edit(dir, file, to: "cut") { text in
                let start = text.range(of: opening, options: .backwards)!.lowerBound
                let end = text.range(of: closing, range: start..<text.endIndex)!.upperBound
                return String(text[..<start] + text[end...])
            }
            let cut = try Self.text(dir, "cut")
            let column = cut.distance(from: cut.startIndex, to: cut.range(of: "\"shard\": {")!.lowerBound) + 10
            #expect(
                try Self.refused(["cut", file.prefix(1) + "2"], in: dir)
                    == "cut:1:\(column): error: its shard mark counts 2 \(noun), the output holds 1: \(Self.damaged) \(again)",
                "\(file)")
        }
    }

    /// Before the count, replay's mark was its first line and JUnit's followed the declaration; such
    /// a shard cannot be told whole, so merge says to run it again.
    /// The options merge needs for the run's exit status are the mark's fields, not words of its
    /// `run`: a strict check's warning is a finding of the merged run because the mark says
    /// `strict`, and a mark written before the fields (an older popgesture's) is refused.
    @Test func mergeReadsTheRunsOptionsFromTheMarksFields() throws {
        // A comment that looks like a rules comment: a warning, and the trace passes.
        let take =
            "# popgesture-rule: cupertino\n"
            + CLI.swipe(expect: CLI.passingExpectations)
        let dir = try CLI.fixture(["a.yaml": take, "b.yaml": take])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (strict, status) in [(true, 1), (false, 0)] {
            let flag = strict ? ["--strict"] : []
            for k in 1...2 {
                let shard = try CLI.run(
                    ["check", "--format", "json"] + flag + ["--shard", "\(k)/2", "a.yaml", "b.yaml"], in: dir)
                #expect(shard.stdout.contains("\"strict\": \(strict)"), "\(shard.stdout)")
                try shard.stdout.write(toFile: dir + "/c\(k).json", atomically: true, encoding: .utf8)
            }
            let whole = try CLI.run(["check", "--format", "json"] + flag + ["a.yaml", "b.yaml"], in: dir)
            #expect(whole.status == Int32(status), "\(whole.stderr)")
            let merged = try CLI.run(["merge", "c1.json", "c2.json"], in: dir)
            #expect(merged.status == whole.status && merged.stdout == whole.stdout, "\(merged.stderr)")
        }
        // The run's words are not read: a strict mark whose `run` lost `--strict` still merges strictly.
        for k in 1...2 {
            let shard = try CLI.run(
                ["check", "--format", "json", "--strict", "--shard", "\(k)/2", "a.yaml", "b.yaml"], in: dir)
            try shard.stdout.replacingOccurrences(of: "--strict ", with: "").write(
                toFile: dir + "/s\(k).json", atomically: true, encoding: .utf8)
        }
        #expect(try CLI.run(["merge", "s1.json", "s2.json"], in: dir).status == 1)
    }

    @Test func aShardWrittenBeforeTheOptionsAreFieldsIsRefused() throws {
        let dir = try Self.shards()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let older =
            "error: its shard mark does not say whether the run was --strict or --allow-empty: written by an older popgesture (run shard 1/2 again with this popgesture)\n"
        try Self.edit(dir, "j1", to: "j-old") {
            $0.replacingOccurrences(of: " strict=\"false\" allowEmpty=\"false\"", with: "")
        }
        let lines = try Self.text(dir, "j-old").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(try Self.refused(["j-old", "j2"], in: dir) == "j-old:\(lines - 1):1: " + older)
        try Self.edit(dir, "c1", to: "c-old") {
            $0.replacingOccurrences(of: "\"allowEmpty\": false, ", with: "")
        }
        let old = try Self.text(dir, "c-old")
        let column = old.distance(from: old.startIndex, to: old.range(of: "\"shard\": {")!.lowerBound) + 10
        #expect(try Self.refused(["c-old", "c2"], in: dir) == "c-old:1:\(column): " + older)
    }

    @Test func aShardWrittenBeforeTheCountIsRefusedWithWhatToDo() throws {
        let dir = try Self.shards()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let older =
            "error: its shard mark does not count the output's items: written by an older popgesture, whose cut or edited shards merge cannot tell from whole ones (run shard 1/2 again with this popgesture)\n"
        try Self.edit(dir, "r1", to: "r-old") { text in
            let lines = text.split(separator: "\n").map(String.init)
            return ([lines[2].replacingOccurrences(of: "\"items\": 2, ", with: "")] + lines[..<2]).joined(
                separator: "\n")
                + "\n"
        }
        #expect(try Self.refused(["r-old", "r2"], in: dir) == "r-old:1:1: " + older)
        try Self.edit(dir, "j1", to: "j-old") { text in
            var lines = text.split(separator: "\n").map(String.init)
            let mark = lines.removeLast().replacingOccurrences(of: " items=\"2\"", with: "")
            lines.insert(mark, at: 1)
            return lines.joined(separator: "\n") + "\n"
        }
        #expect(try Self.refused(["j-old", "j2"], in: dir) == "j-old:2:1: " + older)
        try Self.edit(dir, "c1", to: "c-old") { $0.replacingOccurrences(of: "\"items\": 2, ", with: "") }
        let old = try Self.text(dir, "c-old")
        let column = old.distance(from: old.startIndex, to: old.range(of: "\"shard\": {")!.lowerBound) + 10
        #expect(try Self.refused(["c-old", "c2"], in: dir) == "c-old:1:\(column): " + older)
    }

    @Test func aShardWithTwoMarksIsRefused() throws {
        let dir = try Self.shards()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for file in ["r1", "j1"] {
            try Self.edit(dir, file, to: "two") { text in
                text + text.split(separator: "\n").last! + "\n"
            }
            #expect(
                try Self.refused(["two", file.prefix(1) + "2"], in: dir)
                    == "two: error: holds two shard marks: edited or damaged, not a whole output of a popgesture run\n",
                "\(file)")
        }
    }

    /// A JUnit line that ends in a form feed, a vertical tab or a carriage return is no line the
    /// renderer writes, and XML allows none of the first two: the fuzzer found `merge` copying a
    /// test case's line with a form feed at its end into output no XML parser reads.
    @Test func aJunitLineWithATrailingControlCharacterIsRefused() throws {
        let dir = try Self.shards()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let whole = try Self.text(dir, "j1")
        // The first test case's line: `    <testcase ... line="1"/>` (the document's line).
        let end = try #require(whole.range(of: "line=\"1\"/>\n"))
        for control in ["\u{0C}", "\u{0B}", "\r"] {
            try whole.replacingCharacters(in: end, with: "line=\"1\"/>\(control)\n")
                .write(toFile: dir + "/ctl", atomically: true, encoding: .utf8)
            #expect(
                try Self.refused(["ctl", "j2"], in: dir)
                    == "ctl: error: is cut short or damaged: not a whole output of a popgesture run\n",
                "\(control.unicodeScalars.first!.value)")
        }
    }

    /// merge keeps a file's consecutive items as one byte range, so its memory follows the files, not
    /// the documents; a copied, reordered or spaced-out item of such a run is still refused.
    @Test func aFilesItemsAreOneRangeAndStillCheckedOneByOne() throws {
        let three = [CLI.swipe(), CLI.swipe(), CLI.swipe()].joined(
            separator: "\n---\n")
        let dir = try CLI.fixture(["a.yaml": three, "b.yaml": CLI.swipe()])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(
            ["replay", "--format", "json", "--shard", "1/1", "a.yaml", "b.yaml"], in: dir)
        try run.stdout.write(toFile: dir + "/r", atomically: true, encoding: .utf8)
        let shard = try ShardOutput(path: dir + "/r")
        // a.yaml#1 to #3 in one range, from the first line's start to the third line's end; b.yaml#1.
        let lines = run.stdout.split(separator: "\n").map { $0.utf8.count }
        #expect(shard.items.map(\.file) == ["a.yaml", "b.yaml"])
        #expect(shard.items.map(\.count) == [3, 1])
        #expect(shard.items[0].start == 0 && shard.items[0].end == lines[0] + 1 + lines[1] + 1 + lines[2])
        let merged = try CLI.run(["merge", "r"], in: dir)
        #expect(
            merged.status == 0
                && merged.stdout == run.stdout.split(separator: "\n").dropLast().map { $0 + "\n" }.joined())
        let damaged = "edited or damaged, not a whole output of a popgesture run\n"
        for (name, change, message) in [
            // a.yaml#1 copied after a.yaml#2, or the two swapped.
            (
                "copied", { (l: [String]) in [l[0], l[1], l[0]] + l[2...] },
                "copied: error: holds a.yaml#1 after a.yaml#2: \(damaged)"
            ),
            (
                "reordered", { (l: [String]) in [l[1], l[0]] + l[2...] },
                "reordered: error: holds a.yaml#1 after a.yaml#2: \(damaged)"
            ),
            // A blank line inside a file's range would be copied into the merged lines.
            (
                "spaced", { (l: [String]) in [l[0], ""] + l[1...] },
                "spaced: error: is cut short or damaged: not a whole output of a popgesture run\n"
            ),
            (
                "after", { (l: [String]) in [l[0], l[1], l[2], l[4], l[3]] },
                "after: error: is cut short or damaged: not a whole output of a popgesture run\n"
            ),
        ] {
            let lines = run.stdout.split(separator: "\n").map(String.init)
            try (change(lines).joined(separator: "\n") + "\n").write(
                toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            let refused = try HardeningTests.run(["merge", name], in: dir)
            #expect(refused.status == 2 && refused.stdout.isEmpty, "\(name)")
            #expect(refused.stderr == message, "\(name)")
        }
    }

    static func edit(_ dir: String, _ file: String, to name: String, _ change: (String) -> String) throws {
        try change(try Self.text(dir, file)).write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
    }
}
