import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `popgesture sweep`: the grid, the counts per version and the flips, against hand computations
/// and against separate replays.
@Suite(.serialized) struct SweepTests {
    static func key(_ path: String) throws -> SweepGrid.Key { try SweepGrid.key(path) }

    @Test func rangesArePrintedShortest() throws {
        let distance = try Self.key("completion.projectionDistance")
        #expect(try SweepValue.parse("0.1..0.3/0.1", for: distance).map(\.text) == ["0.1", "0.2", "0.3"])
        #expect(try SweepValue.parse("0..1/0.1", for: distance).count == 11)
        #expect(try SweepValue.parse("1..0/-0.25", for: distance).map(\.text) == ["1", "0.75", "0.5", "0.25", "0"])
        #expect(
            try SweepValue.parse("120..240/40", for: distance) == [
                .number(120), .number(160), .number(200), .number(240),
            ])
        #expect(try SweepValue.parse("5..5/1", for: distance) == [.number(5)])
        #expect(
            try SweepValue.parse("uikit,edgeYields", for: Self.key("content.policy")) == [
                .word("uikit"), .word("edgeYields"),
            ])
        #expect(try SweepValue.parse("true,false", for: Self.key("completion.strict")) == [.bool(true), .bool(false)])
    }

    static func message(_ body: () throws -> Void) -> Diagnostic? {
        do { try body() } catch let error as Diagnostic { return error } catch { return nil }
        return nil
    }

    @Test func badVaryIsAClearError() throws {
        let distance = try Self.key("completion.projectionDistance")
        #expect(
            Self.message { _ = try SweepValue.parse("100..200/0", for: distance) }?.message
                == "--vary completion.projectionDistance=100..200/0: STEP is 0")
        #expect(
            Self.message { _ = try SweepValue.parse("200..100/10", for: distance) }?.message
                == "--vary completion.projectionDistance=200..100/10: STEP 10 goes away from TO 100")
        #expect(
            Self.message { _ = try SweepValue.parse("100,abc", for: distance) }?.message
                == "--vary completion.projectionDistance=100,abc: `abc` is not a number; `completion.projectionDistance` takes a number"
        )
        let policy = Self.message { _ = try SweepValue.parse("uikitt", for: Self.key("content.policy")) }
        #expect(
            policy?.message.hasPrefix(
                "--vary content.policy=uikitt: `uikitt` is not a value of `content.policy`; expected one of uikit,")
                == true)
        #expect(policy?.suggestion == "did you mean `uikit`?")
        #expect(
            Self.message { _ = try SweepValue.parse("a..b/1", for: Self.key("content.policy")) }?.message.contains(
                "needs a number key") == true)
        let list = Self.message { _ = try SweepGrid.key("begin") }
        #expect(
            list?.message == "--vary `begin`: a list key cannot be swept" && list?.suggestion?.contains("diff") == true)
        #expect(
            Self.message { _ = try SweepGrid.key("projectionDistance") }?.suggestion
                == "did you mean `completion.projectionDistance`?")
        #expect(Self.message { _ = try SweepGrid.key("maxStartx") }?.suggestion == "did you mean `maxStartX`?")
        #expect(
            Self.message {
                _ = try SweepGrid(base: "fd", vary: ["recognizer.hysteresis=0..100/1", "recognizer.slop=0..100/1"])
            }?.message
                == "the grid has 10201 versions (101 x 101); at most 10000 can be swept")
        // Each version is checked like a rules file: a value the key's range refuses names key and value.
        let cap = Self.message { _ = try SweepGrid(base: "fd", vary: ["transition.progressCap=0.5,1.5"]) }
        #expect(cap?.message == "--vary transition.progressCap=1.5: expected `progressCap` in (0, 1], found 1.5")
        #expect(
            Self.message { _ = try SweepGrid(base: "fd", vary: ["maxStartX=1", "maxStartX=2"]) }?.message.contains(
                "given twice") == true)
    }

    @Test func versionsMergeOverBaseInGridOrder() throws {
        let grid = try SweepGrid(base: "cupertino", vary: ["completion.progressThreshold=0.3,0.5", "maxStartX=0,40"])
        #expect(
            grid.versions.map { $0.values.map(\.text) } == [
                ["0.3", "0"], ["0.3", "40"], ["0.5", "0"], ["0.5", "40"],
            ])
        // The other keys are cupertino's: merged as `extends: cupertino` would.
        #expect(
            grid.versions.allSatisfy {
                $0.rules.name == "cupertino" && $0.rules.velocity == .lsq2 && $0.rules.completion.flingVelocity == 1
            })
        #expect(grid.versions.map(\.rules.completion.progressThreshold) == [0.3, 0.3, 0.5, 0.5])
        #expect(grid.versions.map(\.maxStartX) == [0, 40, 0, 40])
        // cupertino's threshold is 0.5: the last two change only maxStartX, which always counts.
        #expect(grid.versions.map(\.differing) == [2, 2, 1, 1])
        // Two keys of one section and a top-level word land in one overlay, each in its place.
        let mixed = try SweepGrid(
            base: "fd", vary: ["completion.projectionDistance=100", "velocity=lsq2", "completion.projectionCap=0.3"])
        let rules = mixed.versions[0].rules
        #expect(
            rules.completion.projectionDistance == 100 && rules.completion.projectionCap == 0.3
                && rules.velocity == .lsq2)
        #expect(
            rules.completion.model == .projection && rules.transition.duration == 350
                && mixed.versions[0].differing == 3)
    }

    /// A swipe from x = 30 moving 12 pt every `interval` ms, lifted `interval` ms after its third
    /// move. fd (uikit, hysteresis 10, W 390): recognized at the first move (d.x = 12, T.x = 2,
    /// origin 40), uniform motion so the uikit velocity is constant, 12 / interval * 1000 pt/s, and
    /// the projection's avgA is 0 with n = 4 at the lift. p = (66 - 40) / 390 = 26/390.
    /// interval 40: v = 300 pt/s, p + avgV D = (26 + 300 * 0.35) / 390 = 131/390: completes iff
    /// projectionDistance < 131. interval 30: v = 400, (26 + 140) / 390 = 166/390: iff < 166.
    static func swipe(interval: Double, intent: String) -> String {
        let t = (1...4).map { formatNumber(Double($0) * interval) }
        return """
            format: popgesture-trace/1
            stack: [{id: a}, {id: b}]
            events:
              - {touch: 1, samples: [[0, 30, 400], [\(t[0]), 42, 400], [\(t[1]), 54, 400], [\(t[2]), 66, 400]], up: \(t[3])}
            expect:
              - {gesture: 1, intent: \(intent)}

            """
    }

    static func handCorpus() throws -> String {
        try CLI.fixture([
            "t1.yaml": swipe(interval: 40, intent: "back"),
            "t2.yaml": swipe(interval: 30, intent: "back"),
            "t3.yaml": swipe(interval: 40, intent: "stay"),
        ])
    }

    static func json(_ run: CLI.Run) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
    }

    @Test func handComputedProjectionDistanceSweep() throws {
        let dir = try Self.handCorpus()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(
            ["sweep", "--vary", "completion.projectionDistance=100..200/10", "--format", "json", "."], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let object = try Self.json(run)
        let versions = object["versions"] as? [[String: Any]] ?? []
        #expect(versions.count == 11)
        // 100-130: all three complete (t3, a stay, is a false pop); 140-160: t1 cancels (missed back)
        // and t3 too; 170-200: t2 cancels as well.
        let expected: [(missed: Int, falsePops: Int, completed: Int)] = [
            (0, 1, 3), (0, 1, 3), (0, 1, 3), (0, 1, 3),
            (1, 0, 1), (1, 0, 1), (1, 0, 1), (2, 0, 0), (2, 0, 0), (2, 0, 0), (2, 0, 0),
        ]
        for (i, version) in versions.enumerated() {
            let intent = version["intent"] as? [String: Int]
            let pops = version["pops"] as? [String: Int]
            #expect(
                intent == ["back": 2, "missedBack": expected[i].missed, "stay": 1, "falsePop": expected[i].falsePops],
                "version \(i)")
            #expect(
                pops == [
                    "completed": expected[i].completed, "cancelled": 3 - expected[i].completed, "unfinished": 0,
                    "ignored": 0,
                ], "version \(i)")
            #expect(version["expectations"] as? [String: Int] == ["passed": 0, "failed": 0])
            #expect(version["documents"] as? Int == 3 && version["errors"] as? Int == 0)
        }
        // Seven versions tie at one failure each (none of them is BASE's 187.5).
        #expect(object["best"] as? [Int] == [0, 1, 2, 3, 4, 5, 6])
        let flips = object["flips"] as? [[String: Any]] ?? []
        let completedUpTo130 = Array(repeating: "completed", count: 4) + Array(repeating: "cancelled", count: 7)
        let completedUpTo160 = Array(repeating: "completed", count: 7) + Array(repeating: "cancelled", count: 4)
        #expect(flips.map { $0["source"] as? String } == ["./t1.yaml#1", "./t2.yaml#1", "./t3.yaml#1"])
        #expect(flips.map { $0["results"] as? [String] } == [completedUpTo130, completedUpTo160, completedUpTo130])
        #expect(flips.map { $0["intent"] as? String } == ["back", "back", "stay"])

        let text = try CLI.run(
            ["sweep", "--vary", "completion.projectionDistance=100..200/10", "t1.yaml", "t2.yaml"], in: dir)
        #expect(
            text.stdout.contains(
                "  t2.yaml#1 gesture 1 (back): completed for completion.projectionDistance <= 160, cancelled from 170\n"
            ))
        #expect(
            text.stdout.contains(
                "  t1.yaml#1 gesture 1 (back): completed for completion.projectionDistance <= 130, cancelled from 140\n"
            ))
    }

    /// 10,000 of `swipe`'s strokes in one document, 3 s apart, each followed by a push so that the next
    /// has something to pop; odd gestures at interval 40 (complete iff projectionDistance < 131), even
    /// ones at 30 (iff < 166). A version keeps 4,096 results in memory and spills the rest, so the
    /// labelled gestures sit in the first block, on both block boundaries and in the last block.
    @Test func flipsPastTheResultsKeptInMemory() throws {
        var text = "format: popgesture-trace/1\nstack: [{id: a}, {id: b}]\nevents:\n"
        for i in 0..<10_000 {
            let base = Double(i) * 3000
            let interval: Double = i % 2 == 0 ? 40 : 30
            let samples = (0..<4).map { "[\(formatNumber(base + Double($0) * interval)), \(30 + 12 * $0), 400]" }
            text +=
                "  - {touch: 1, samples: [\(samples.joined(separator: ", "))], up: \(formatNumber(base + 4 * interval))}\n"
            text += "  - {t: \(formatNumber(base + 1500)), push: {id: p\(i)}}\n"
        }
        let labelled = [8, 4096, 4097, 8192, 8193, 10_000]
        text += "expect:\n" + labelled.map { "  - {gesture: \($0), intent: back}\n" }.joined()
        let dir = try CLI.fixture(["long.yaml": text])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(
            ["sweep", "--vary", "completion.projectionDistance=120,150,170", "--format", "json", "long.yaml"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let flips = try Self.json(run)["flips"] as? [[String: Any]] ?? []
        #expect(flips.map { $0["gesture"] as? Int } == labelled)
        // Gesture g is stroke g - 1: even strokes (odd g) at interval 40, odd strokes at 30.
        #expect(
            flips.map { $0["results"] as? [String] }
                == labelled.map {
                    $0 % 2 == 1 ? ["completed", "cancelled", "cancelled"] : ["completed", "completed", "cancelled"]
                })
        let versions = try Self.json(run)["versions"] as? [[String: Any]] ?? []
        #expect(versions.map { ($0["pops"] as? [String: Int])?["completed"] } == [10_000, 5_000, 0])
    }

    /// `--vary rules=...`: each value a whole rule version, the other keys set on it. Two swipes on a
    /// 390 pt screen: `far` (back) from x = 100 to 340 in 80 ms, `flick` (stay) from x = 200 to 360 in
    /// 64 ms. fd (full screen, no maxStartX here) pops both: the fast projections pass the threshold.
    /// ionic and react-navigation take neither: 100 and 200 lie outside their 50 pt edges. rn-screens'
    /// full-screen pan pops both, as fd does.
    @Test func theRuleVersionItselfCanBeSwept() throws {
        let far = """
            format: popgesture-trace/1
            stack: [{id: a}, {id: b}]
            events:
              - touch: 1
                samples: [[0, 100, 400], [16, 112, 400], [32, 160, 400], [48, 220, 400], [64, 280, 400], [80, 340, 400]]
                up: 84
            expect:
              - {gesture: 1, intent: back}
            """
        let flick = far.replacingOccurrences(
            of: "[[0, 100, 400], [16, 112, 400], [32, 160, 400], [48, 220, 400], [64, 280, 400], [80, 340, 400]]",
            with: "[[0, 200, 400], [16, 212, 400], [32, 260, 400], [48, 310, 400], [64, 360, 400]]"
        ).replacingOccurrences(of: "up: 84", with: "up: 68").replacingOccurrences(of: "back", with: "stay")
        let dir = try CLI.fixture(["far.yaml": far, "flick.yaml": flick])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let vary = ["sweep", "--vary", "rules=fd,ionic,react-navigation,rn-screens-fullscreen"]
        let run = try CLI.run(vary + ["--format", "json", "."], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let object = try Self.json(run)
        let versions = object["versions"] as? [[String: Any]] ?? []
        #expect(
            versions.map { ($0["values"] as? [String: String])?["rules"] } == [
                "fd", "ionic", "react-navigation", "rn-screens-fullscreen",
            ])
        #expect(versions.map { ($0["intent"] as? [String: Int])?["missedBack"] } == [0, 1, 1, 0])
        #expect(versions.map { ($0["intent"] as? [String: Int])?["falsePop"] } == [1, 0, 0, 1])
        // The version that is BASE changed no key; each other one, the rule version.
        #expect(versions.map { $0["changedKeys"] as? Int } == [0, 1, 1, 1])
        // The flips name the versions each result came under (main's wording, issue 37's implementation).
        let text = try CLI.run(vary + ["."], in: dir)
        #expect(
            text.stdout.contains(
                "far.yaml#1 gesture 1 (back): completed for rules = fd; refused(outsideEdge) for rules = ionic, react-navigation; completed for rules = rn-screens-fullscreen"
            ), "\(text.stdout)")
        // Shards merge into the same bytes (written once both ran, so neither walks the other's).
        let shards = try (1...2).map {
            try CLI.run(vary + ["--format", "json", "--shard", "\($0)/2", "."], in: dir).stdout
        }
        for (k, shard) in shards.enumerated() {
            try shard.write(toFile: dir + "/s\(k + 1).json", atomically: true, encoding: .utf8)
        }
        #expect(try CLI.run(["merge", "s1.json", "s2.json"], in: dir).stdout == run.stdout)
        // With another key, each rule version is that key's base: ionic's 50 pt edge widened to 120.
        let grid = try SweepGrid(base: "fd", vary: ["rules=fd,ionic", "recognizer.edgeWidth=50,120"])
        #expect(grid.versions.map(\.rules.name) == ["fd", "fd", "ionic", "ionic"])
        #expect(grid.versions.map(\.rules.recognizer.edgeWidth) == [50, 120, 50, 120])
        // Keys count against BASE: ionic's own 50 still differs from fd's 15.
        #expect(grid.versions[3].rules.velocity == .ema && grid.versions.map(\.differing) == [1, 1, 2, 2])
        // A name that is no rule version is refused before any trace is read.
        let unknown = Self.message { _ = try SweepGrid(base: "fd", vary: ["rules=fd,ionc"]) }
        #expect(unknown?.message == "--vary rules=ionc: unknown preset or file `ionc`")
        #expect(unknown?.suggestion == "did you mean `ionic`?")
    }

    /// maxStartX 20 refuses all three at recognition (location.x 42 > 20: beyondMaxStartX);
    /// 0 is no limit, and then projectionDistance 120 completes all three, 150 only t2.
    @Test func maxStartXTraceKey() throws {
        let dir = try Self.handCorpus()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(
            [
                "sweep", "--vary", "maxStartX=0,20", "--vary", "completion.projectionDistance=120,150", "--format",
                "json", ".",
            ], in: dir)
        let versions = try Self.json(run)["versions"] as? [[String: Any]] ?? []
        #expect(versions.map { ($0["intent"] as? [String: Int])?["missedBack"] } == [0, 1, 2, 2])
        #expect(versions.map { ($0["intent"] as? [String: Int])?["falsePop"] } == [1, 0, 0, 0])
        #expect(
            versions.map { ($0["gestures"] as? [String: Any])?["refused"] as? [String: Int] } == [
                [:], [:], ["beyondMaxStartX": 3], ["beyondMaxStartX": 3],
            ])
        #expect(
            versions.map { $0["values"] as? [String: Double] } == [
                ["maxStartX": 0, "completion.projectionDistance": 120],
                ["maxStartX": 0, "completion.projectionDistance": 150],
                ["maxStartX": 20, "completion.projectionDistance": 120],
                ["maxStartX": 20, "completion.projectionDistance": 150],
            ])
        #expect(try Self.json(run)["best"] as? [Int] == [0, 1])
    }
}

/// A sweep's counts per version are those of separate runs under a rules file with the same values,
/// and each file is parsed once however many versions.
@Suite(.serialized) struct SweepEqualsSeparateRunsTests {
    /// Synthesized traces (random swipes, stack operations, rtl), each gesture labelled at random,
    /// and an `anomalies: []` item that fails where an anomaly occurs.
    static func corpus(seed: UInt64) throws -> (dir: String, files: [String]) {
        var synth = TraceSynthesizer(seed: seed, gestures: 12)
        var random = SeededGenerator(seed: seed &+ 1)
        var files: [String: String] = [:]
        for f in 0..<4 {
            var text = ""
            for d in 0..<3 {
                // Without the synthesizer's own maxStartX, a version's `maxStartX=0` is the traces as written.
                synth.document(d, opensFile: d == 0) {
                    text += $0.replacingOccurrences(of: #", maxStartX: [0-9.]+"#, with: "", options: .regularExpression)
                }
                text += "expect:\n  - {anomalies: []}\n"
                for g in 1...12 where Bool.random(using: &random) {
                    text += "  - {gesture: \(g), intent: \(Bool.random(using: &random) ? "back" : "stay")}\n"
                }
            }
            files["c\(f).yaml"] = text
        }
        let dir = try CLI.fixture(files)
        return (dir, files.keys.sorted())
    }

    @Test(arguments: [UInt64(7), 1234])
    func eachVersionEqualsItsOwnCheck(seed: UInt64) throws {
        let (dir, files) = try Self.corpus(seed: seed)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let vary = ["completion.projectionDistance=90,187.5,300", "maxStartX=0,60", "velocity=uikit,lsq2"]
        let run = try CLI.run(
            ["sweep", "--format", "json"] + vary.flatMap { ["--vary", $0] } + ["."], in: dir)
        let versions = try SweepTests.json(run)["versions"] as? [[String: Any]] ?? []
        let grid = try SweepGrid(base: "fd", vary: vary)
        #expect(versions.count == 12 && grid.versions.count == 12)
        for (i, version) in grid.versions.enumerated() {
            // The version as a user would write it: a rules file extending fd, and (maxStartX being a
            // trace key) the traces with every view controller's maxStartX replaced.
            let distance = version.values[0].text
            let velocity = version.values[2].text
            let rulesFile = dir + "/v\(i).rules.yaml"
            try
                "format: popgesture-rules/1\nextends: fd\ncompletion: {projectionDistance: \(distance)}\nvelocity: \(velocity)\n"
                .write(toFile: rulesFile, atomically: true, encoding: .utf8)
            let rules = try RulesLoader.load(rulesFile)
            var tally = SweepTally()
            for file in files {
                for case .trace(var trace, _) in TraceFileLoader(path: dir + "/" + file) {
                    trace = trace.settingMaxStartX(version.maxStartX!)
                    trace.events = trace.events.map { $0.settingMaxStartX(version.maxStartX!) }
                    let report = Replay(rules: rules).run(trace)
                    for gesture in report.gestures { tally.add(gesture: gesture) }
                    for anomaly in report.anomalies { tally.add(anomaly: anomaly.kind) }
                    tally.add(expectations: report.expectations)
                }
            }
            let json = versions[i]
            #expect(json["documents"] as? Int == tally.documents && tally.documents == 12)
            #expect(
                json["intent"] as? [String: Int] == [
                    "back": tally.intent.back, "missedBack": tally.intent.missedBack,
                    "stay": tally.intent.stay, "falsePop": tally.intent.falsePop,
                ], "version \(i)")
            #expect(
                json["expectations"] as? [String: Int] == ["passed": tally.passed, "failed": tally.failed],
                "version \(i)")
            #expect(
                json["pops"] as? [String: Int]
                    == Dictionary(uniqueKeysWithValues: zip(PopResult.allCases.map(\.rawValue), tally.pops)),
                "version \(i)")
            let gestures = json["gestures"] as? [String: Any]
            #expect(
                gestures?["began"] as? Int == tally.began && gestures?["unrecognized"] as? Int == tally.unrecognized)
            #expect(
                gestures?["refused"] as? [String: Int]
                    == Dictionary(uniqueKeysWithValues: SweepTally.nonZero(tally.refused, GestureReason.allCases)))
            #expect(
                json["anomalies"] as? [String: Int]
                    == Dictionary(uniqueKeysWithValues: SweepTally.nonZero(tally.anomalies, AnomalyKind.allCases)))
            #expect(
                json["content"] as? [String: Int]
                    == Dictionary(uniqueKeysWithValues: SweepTally.nonZero(tally.content, ContentResult.allCases)))

            // And `check --rules` on that file agrees on the expectations and intents where maxStartX
            // is the traces' own (0: the corpus sets none).
            if version.maxStartX == 0 {
                let check = try CLI.run(
                    ["check", "--format", "json", "--rules", rulesFile] + files, in: dir)
                let object = try SweepTests.json(check)
                #expect(
                    (object["summary"] as? [String: Any])?["intent"] as? [String: Int] == json["intent"]
                        as? [String: Int], "version \(i)")
                let documents = (object["files"] as? [[String: Any]] ?? []).flatMap {
                    $0["documents"] as? [[String: Any]] ?? []
                }
                let passed = documents.reduce(0) { $0 + ($1["passedExpectations"] as? Int ?? 0) }
                let failures = documents.reduce(0) { $0 + ($1["failures"] as? [Any] ?? []).count }
                #expect(
                    passed == tally.passed + tally.intent.labels - tally.intent.failed
                        && failures == tally.failed + tally.intent.failed,
                    "version \(i)")
            }
        }
        // The corpus has labels, so the ranking is by them and exit 1 says some version misses.
        #expect(run.status == 1)
    }

    @Test func eachFileIsParsedOnceWhateverTheVersions() throws {
        let (dir, files) = try Self.corpus(seed: 99)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        LoadCounter.shared.start()
        let paths = files.map { dir + "/" + $0 }
        let before = paths.map { LoadCounter.shared.count($0) }
        for (round, vary) in [["maxStartX=0"], ["completion.projectionDistance=0..1000/10"]].enumerated() {
            let out = dir + "/sweep-\(round).json"
            let status = SweepRun(paths: [dir], vary: vary, format: .json, jobs: 2).run(
                console: try Console().writingOutput(to: out))
            #expect(status == .findings)
            let versions =
                (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])?[
                    "versions"] as? [Any]
            #expect(versions?.count == [1, 101][round])
            // One open per file per run: 1 version or 101, the loader read each file once.
            #expect(paths.map { LoadCounter.shared.count($0) } == before.map { $0 + round + 1 })
        }
    }
}

/// `sweep --shard K/N` outputs merge into the unsharded bytes, and any --jobs gives the same bytes.
@Suite(.serialized) struct SweepShardTests {
    @Test func shardsMergeIntoTheUnshardedBytes() throws {
        let (dir, _) = try SweepEqualsSeparateRunsTests.corpus(seed: 5)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/traces", withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: dir) where file.hasSuffix(".yaml") {
            try FileManager.default.moveItem(atPath: dir + "/" + file, toPath: dir + "/traces/" + file)
        }
        for (name, text) in [
            ("t1.yaml", SweepTests.swipe(interval: 40, intent: "back")),
            ("t3.yaml", SweepTests.swipe(interval: 40, intent: "stay")),
            ("bad.yaml", "format: popgesture-trace/1\nstack: []\n"),
        ] {
            try text.write(toFile: dir + "/traces/" + name, atomically: true, encoding: .utf8)
        }
        let arguments = [
            "sweep", "--vary", "completion.projectionDistance=100..200/25", "--vary", "velocity=uikit,last2", "--flips",
            "all", "--format", "json",
        ]
        let whole = try CLI.run(arguments + ["traces"], in: dir)
        #expect(whole.status == 2, "the bad file is an error of every version")
        let flips = try SweepTests.json(whole)["flips"] as? [Any]
        #expect(whole.stdout.contains("\"errors\": 1,") && flips?.isEmpty == false)
        let jobs = try CLI.run(arguments + ["--jobs", "1", "traces"], in: dir)
        #expect(jobs.stdout == whole.stdout)
        for n in 1...4 {
            var outputs: [String] = []
            for k in 1...n {
                let shard = try CLI.run(arguments + ["--shard", "\(k)/\(n)", "traces"], in: dir)
                let path = dir + "/shard-\(k)-of-\(n).json"
                try shard.stdout.write(toFile: path, atomically: true, encoding: .utf8)
                outputs.append(path)
            }
            let merged = try CLI.run(["merge"] + outputs.reversed(), in: dir)
            #expect(merged.stdout == whole.stdout, "N = \(n)")
            #expect(merged.status == whole.status, "N = \(n)")
        }
    }
}

/// What sweep says on stderr, and its exit codes, from the command line.
@Suite(.serialized) struct SweepCommandLineTests {
    @Test func warningsErrorsAndExitCodes() throws {
        let dir = try CLI.fixture([
            "other.yaml": "# popgesture-rules: fd-1.1\n"
                + SweepTests.swipe(interval: 40, intent: "back").replacingOccurrences(
                    of: "expect:\n  - {gesture: 1, intent: back}\n", with: ""),
            "plain.yaml": SweepTests.swipe(interval: 30, intent: "back").replacingOccurrences(
                of: "expect:\n  - {gesture: 1, intent: back}\n", with: "expect: []\n"),
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["sweep", "--vary", "maxStartX=0,20", "."], in: dir)
        #expect(run.status == 0, "no expectation fails in any version")
        #expect(
            run.stderr.contains(
                "warning: 1 file names another rule version in `# popgesture-rules:`: ./other.yaml (fd-1.1); sweep replays every file from fd"
            ))
        #expect(run.stderr.contains("warning: no trace has an `intent` label"))
        let bad = try CLI.run(["sweep", "--vary", "completion.projectionDistance=1..2/0", "."], in: dir)
        #expect(
            bad.status == 2 && bad.stdout.isEmpty
                && bad.stderr.hasPrefix("error: --vary completion.projectionDistance=1..2/0: STEP is 0"))
        let three = try CLI.run(
            [
                "sweep", "--vary", "maxStartX=0", "--vary", "velocity=uikit", "--vary", "completion.strict=true",
                "--format", "svg", ".",
            ], in: dir)
        // Three keys have a picture too: the trade-off alone (SweepFrontTests).
        #expect(three.status == 0 && three.stdout.hasPrefix("<svg "), "\(three.stderr)")
        let none = try CLI.run(["sweep", "--vary", "maxStartX=0", "empty"], in: dir)
        #expect(none.status == 2)
    }

    /// `-o` is the one option every report command shares: the file appears whole, standard output
    /// says `wrote FILE`, and a run refused before any trace is read leaves no file.
    @Test func outputGoesThroughTheSharedOption() throws {
        let dir = try CLI.fixture(["plain.yaml": SweepTests.swipe(interval: 30, intent: "stay")])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let wrote = try CLI.run(
            ["sweep", "--vary", "maxStartX=0", "--format", "json", "-o", "sweep.json", "plain.yaml"], in: dir)
        #expect(wrote.status == 0 && wrote.stdout == "wrote sweep.json\n", "\(wrote.stdout)\(wrote.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/sweep.json")))
        #expect((json as? [String: Any])?["format"] as? String == "popgesture-sweep/1")
        for refused in [
            ["--vary", "nokey=1"],
            [
                "--vary", "maxStartX=0", "--vary", "velocity=uikit", "--vary", "completion.strict=true", "--vary",
                "stackOps=deferred",
            ],
        ] {
            let run = try CLI.run(["sweep"] + refused + ["-o", "refused.out", "plain.yaml"], in: dir)
            #expect(run.status == 2 && run.stdout.isEmpty, "\(refused): \(run.stdout)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/refused.out"), "\(refused) left a file")
        }
    }
}
