import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `sweep --vary rules=...`: the rule version as a key of the grid. Each value is a preset or a rules
/// file the versions start from; its counts are those of `check --rules` under that version.
@Suite(.serialized) struct SweepRuleVersionTests {
    /// Every preset (`rules=all`) over a synthesized, labelled corpus: each version's intent tally and
    /// expectation counts are those `check --rules P` reports, and its pops, gestures, content and
    /// anomalies those of a replay under P.
    @Test func everyPresetCountsAsItsOwnCheck() throws {
        let (dir, files) = try SweepEqualsSeparateRunsTests.corpus(seed: 37)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["sweep", "--vary", "rules=all", "--format", "json", "."], in: dir)
        let object = try SweepTests.json(run)
        #expect(object["keys"] as? [String] == ["rules"])
        let versions = object["versions"] as? [[String: Any]] ?? []
        #expect(versions.map { ($0["values"] as? [String: String])?["rules"] } == Presets.names)
        for (i, preset) in Presets.names.enumerated() {
            let json = versions[i]
            let check = try SweepTests.json(
                try CLI.run(["check", "--format", "json", "--rules", preset] + files, in: dir))
            #expect(
                (check["summary"] as? [String: Any])?["intent"] as? [String: Int] == json["intent"] as? [String: Int],
                "\(preset)")
            let documents = (check["files"] as? [[String: Any]] ?? []).flatMap {
                $0["documents"] as? [[String: Any]] ?? []
            }
            let passed = documents.reduce(0) { $0 + ($1["passedExpectations"] as? Int ?? 0) }
            let failures = documents.reduce(0) { $0 + ($1["failures"] as? [Any] ?? []).count }
            let intent = json["intent"] as? [String: Int] ?? [:]
            let expectations = json["expectations"] as? [String: Int] ?? [:]
            let labels = (intent["back"] ?? 0) + (intent["stay"] ?? 0)
            let intentFailed = (intent["missedBack"] ?? 0) + (intent["falsePop"] ?? 0)
            // check counts an intent item among the expectations; sweep keeps them apart.
            #expect(passed == expectations["passed"]! + labels - intentFailed, "\(preset)")
            #expect(failures == expectations["failed"]! + intentFailed, "\(preset)")
            #expect(documents.count == json["documents"] as? Int, "\(preset)")

            var tally = SweepTally()
            let rules = try RulesLoader.load(preset)
            for file in files {
                for case .trace(let trace, _) in TraceFileLoader(path: dir + "/" + file) {
                    let report = Replay(rules: rules).run(trace)
                    for gesture in report.gestures { tally.add(gesture: gesture) }
                    for anomaly in report.anomalies { tally.add(anomaly: anomaly.kind) }
                }
            }
            #expect(
                json["pops"] as? [String: Int]
                    == Dictionary(uniqueKeysWithValues: zip(PopResult.allCases.map(\.rawValue), tally.pops)),
                "\(preset)")
            let gestures = json["gestures"] as? [String: Any]
            #expect(
                gestures?["began"] as? Int == tally.began && gestures?["unrecognized"] as? Int == tally.unrecognized
                    && gestures?["refused"] as? [String: Int]
                        == Dictionary(uniqueKeysWithValues: SweepTally.nonZero(tally.refused, GestureReason.allCases)),
                "\(preset)")
            #expect(
                json["anomalies"] as? [String: Int]
                    == Dictionary(uniqueKeysWithValues: SweepTally.nonZero(tally.anomalies, AnomalyKind.allCases)),
                "\(preset)")
            // fd is BASE: it alone changes no key.
            #expect(json["changedKeys"] as? Int == (preset == "fd" ? 0 : 1), "\(preset)")
        }
    }

    /// The other keys are set over each rule version, merged as `extends` merges; each version's
    /// changed keys are counted against BASE (fd), the rule version counting once.
    @Test func otherKeysAreSetOverEachRuleVersion() throws {
        let grid = try SweepGrid(base: "fd", vary: ["rules=fd,cupertino", "completion.progressThreshold=0.3,0.5"])
        #expect(grid.sweepsRules)
        #expect(
            grid.versions.map { $0.values.map(\.text) } == [
                ["fd", "0.3"], ["fd", "0.5"], ["cupertino", "0.3"], ["cupertino", "0.5"],
            ])
        #expect(grid.versions.map(\.rules.name) == ["fd", "fd", "cupertino", "cupertino"])
        #expect(grid.versions.map(\.rules.completion.progressThreshold) == [0.3, 0.5, 0.3, 0.5])
        // cupertino keeps its own keys under the overlay.
        #expect(grid.versions.map(\.rules.velocity) == [.uikit, .uikit, .lsq2, .lsq2])
        #expect(grid.versions.map(\.rules.completion.model) == [.projection, .projection, .threshold, .threshold])
        // fd's threshold is 0.5: (fd, 0.3) changes 1 key, (fd, 0.5) none; cupertino is 1 more each.
        #expect(grid.versions.map(\.differing) == [1, 0, 2, 1])
        // A version with BASE's every key counts as unchanged whatever its name; `all` is every preset.
        let dir = try CLI.fixture([
            "same.yaml": "format: popgesture-rules/1\nname: same-as-fd\n",
            "edge.yaml": "format: popgesture-rules/1\nrecognizer: {region: edge}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = try SweepGrid(base: "fd", vary: ["rules=\(dir)/same.yaml,\(dir)/edge.yaml"])
        #expect(files.versions.map(\.rules.name) == ["same-as-fd", "edge"])
        #expect(files.versions.map(\.differing) == [0, 1])
        #expect(try SweepGrid(base: "tz", vary: ["rules=all"]).versions.map(\.rules.name) == Presets.names)
        #expect(try SweepGrid(base: "tz", vary: ["rules=all"]).versions.map(\.differing).filter { $0 == 0 }.count == 1)
    }

    @Test func badValuesAreClearErrors() throws {
        #expect(
            SweepTests.message { _ = try SweepGrid(base: "fd", vary: ["rules=fd,fdd"]) }
                == Diagnostic(
                    message: "--vary rules=fdd: unknown preset or file `fdd`", suggestion: "did you mean `fd`?"))
        #expect(
            SweepTests.message { _ = try SweepGrid(base: "fd", vary: ["rules=all,tz"]) }?.message
                == "--vary rules=all,tz: `tz` is listed twice (all lists every preset)")
        #expect(
            SweepTests.message { _ = try SweepGrid(base: "fd", vary: ["rules=fd,fd"]) }?.message
                == "--vary rules=fd,fd: `fd` is listed twice")
        #expect(
            SweepTests.message { _ = try SweepGrid(base: "fd", vary: ["rules=fd,"]) }?.message
                == "--vary rules=fd,: an empty value")
        #expect(
            SweepTests.message { _ = try SweepGrid(base: "fd", vary: ["rules=fd", "rules=tz"]) }?.message
                == "--vary `rules` is given twice; each key is swept once")
        #expect(SweepTests.message { _ = try SweepGrid.key("rule") }?.suggestion == "did you mean `rules`?")
        // A rules file with an error is reported at its own line.
        let dir = try CLI.fixture(["bad.yaml": "format: popgesture-rules/1\nvelocity: fast\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = SweepTests.message { _ = try SweepGrid(base: "fd", vary: ["rules=fd,\(dir)/bad.yaml"]) }
        #expect(bad?.place?.line == 2 && bad?.message.hasPrefix("unknown velocity estimator `fast`") == true)
    }

    /// The text table has a `rules` column like any key; a flip names each rule version of a run
    /// (words have no order, so no `<=` or `from`); shards merge into the unsharded bytes.
    @Test func textColumnFlipsAndShards() throws {
        let dir = try SweepTests.handCorpus()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // t1 (back, 300 pt/s from x = 30, SweepTests.swipe): fd projects 26 + 300 * 0.35 = 131 pt,
        // short of 187.5, and cancels; fd-1.1 (no maxStartX here) the same.
        let text = try CLI.run(["sweep", "--vary", "rules=fd,uikit,fd-1.1", "t1.yaml"], in: dir)
        #expect(text.stdout.hasPrefix("sweep of 3 versions across rules over 1 trace in 1 file\n#  rules "))
        #expect(text.stdout.contains("\n0  fd  "))
        #expect(text.stdout.contains("\n1  uikit  "))
        // Under uikit the down at x = 30 is outside the 15 pt edge; fd and fd-1.1 cancel alike.
        #expect(
            text.stdout.contains(
                "  t1.yaml#1 gesture 1 (back): cancelled for rules = fd; refused(outsideEdge) for rules = uikit; cancelled for rules = fd-1.1\n"
            ), "\(text.stdout)")
        let arguments = [
            "sweep", "--vary", "rules=fd,cupertino,edge30", "--vary", "maxStartX=0,50", "--format", "json",
        ]
        // The files by name: the shards' outputs are written beside them.
        let traces = ["t1.yaml", "t2.yaml", "t3.yaml"]
        let whole = try CLI.run(arguments + traces, in: dir)
        for n in 1...3 {
            var outputs: [String] = []
            for k in 1...n {
                let shard = try CLI.run(arguments + ["--shard", "\(k)/\(n)"] + traces, in: dir)
                let path = dir + "/shard-\(k)-of-\(n).json"
                try shard.stdout.write(toFile: path, atomically: true, encoding: .utf8)
                outputs.append(path)
            }
            let merged = try CLI.run(["merge"] + outputs, in: dir)
            #expect(merged.stdout == whole.stdout && merged.status == whole.status, "N = \(n)")
        }
    }
}
