import Foundation
import PopGesture
import Testing

/// The library's public API as a client sees it (no `@testable`): loading, replaying, the report's
/// values, expectations checked in the trace and in code, the plot, rules and errors. Expected values
/// are the README's worked example (traces/example/cancelled-swipe.yaml), which its console blocks
/// hold to the binary.
@Suite struct PublicAPITests {
    @Test func aReplayReportsGesturesPopsTheBarAnomaliesAndTheFinalState() throws {
        let traces = try Trace.load(contentsOf: bundled("example/cancelled-swipe.yaml"))
        try #require(traces.count == 1)
        #expect(traces[0].name == "cancelled-swipe-between-bar-and-no-bar")
        #expect(traces[0].source == bundled("example/cancelled-swipe.yaml") + "#1")
        #expect(traces[0].expectationCount == 5)
        #expect(traces[0].defaultRules == .fd)
        let report = traces[0].replay()
        #expect(report.rules == "fd")
        try #require(report.gestures.count == 1)
        let gesture = report.gestures[0]
        #expect(gesture.index == 1 && gesture.finger == 1)
        #expect(gesture.down == Point(t: 0, x: 40, y: 400))
        #expect(gesture.outcome == .began && gesture.reason == nil)
        #expect(gesture.decidedAt == Point(t: 16, x: 52, y: 401))
        #expect(
            gesture.decision
                == "recognized: |d.x| 12 >= hysteresis 10; d = (12, 1) less the hysteresis per axis: T = (2, 0)")
        let pop = try #require(gesture.pop)
        #expect(report.pops == [pop])
        #expect(pop.result == .cancelled && pop.by == "projection")
        #expect(pop.releasedAt == 200 && pop.settledAt == 340.625 && pop.velocity == 128)
        #expect(
            pop.why
                == "p 0.046 + avgV 0.405 x 0.35 + avgA -5 x 0.35^2 / 2 = -0.118 <= threshold min(187.5 / 390, 0.5) = 0.481 (n 5, moved)"
        )
        #expect(pop.settle == "uikit: min(D 350, r 0.046 x W 390 / |velocity| 128 x 1000 = 140.6) = 140.6 ms")
        #expect(gesture.content == nil)
        #expect(
            report.bar.map { "\($0.t) \($0.hidden) \($0.animated) \($0.cause)" } == [
                "0.0 true false initial", "16.0 false true willAppear:inbox", "340.625 true true willAppear:thread",
            ])
        #expect(report.anomalies == [Anomaly(t: 340.625, kind: .barFlicker, detail: "bar changed 2 times")])
        #expect(report.notes.isEmpty)
        #expect(report.transitions.map(\.kind) == ["interactivePop"])
        #expect(report.transitions.first?.result == .cancelled)
        #expect(report.final == FinalState(stack: ["inbox", "thread"], barHidden: true))
        #expect(report.expectations.passed == 5 && report.expectations.allPassed)
        #expect(
            report.json.hasPrefix(
                #"{"anomalies": [{"detail": "bar changed 2 times", "kind": "barFlicker", "t": 340.625}], "bar": ["#))
    }

    @Test func theJSONIsWhatReplayPrints() throws {
        let path = bundled("example/cancelled-swipe.yaml")
        let report = try Trace.load(contentsOf: path)[0].replay()
        let run = try popgesture(["replay", "--format", "json", path])
        #expect(run.status == 0)
        #expect(run.output == report.json + "\n")
    }

    @Test func aFailedItemIsWordedAsCheckWordsIt() throws {
        let path = fixture("failing-swipe.yaml")
        let report = try Trace.load(contentsOf: path)[0].replay(rules: .fd)
        #expect(report.expectations.passed == 4 && report.expectations.failed == 1)
        let failure = try #require(report.expectations.failures.first)
        #expect(failure.index == 1 && failure.kind == "pop" && failure.gesture == 1)
        #expect(failure.location == TraceLocation(path: path, line: 15, column: 5))
        #expect(failure.message == "expect[1]: " + failingPopMessage)
        // check's line, less its `error: ` severity.
        let check = try popgesture(["check", path])
        #expect(check.status == 1)
        #expect(
            check.output.split(separator: "\n").first.map(String.init)
                == failure.description.replacingOccurrences(
                    of: ": expectation failed", with: ": error: expectation failed"))
        // explain's derivation of the gesture, less the final state and verdicts explain adds.
        let explain = try popgesture(["explain", path, "--gesture", "1"])
        #expect(explain.output.hasPrefix(failure.explanation))
        #expect(failure.explanation.contains("release: projection: n >= 3 and moved, so the projection decides"))
    }

    @Test func anExpectationWrittenInCodeIsCheckedAsAnItem() throws {
        let report = try Trace.load(contentsOf: bundled("example/cancelled-swipe.yaml"))[0].replay()
        #expect(report.check(.gesture(1, .pop(.cancelled))) == nil)
        #expect(report.check(.final(stack: ["inbox", "thread"])) == nil)
        #expect(report.check(.anomalies([.barFlicker])) == nil)
        #expect(report.check(.bar([(16, false), (340.625, true)])) == nil)
        let failure = try #require(report.check(.gesture(1, .pop(.completed))))
        #expect(failure.index == nil && failure.location == nil && failure.gesture == 1)
        #expect(failure.message == failingPopMessage)
        #expect(
            failure.description == "expectation failed: cancelled-swipe-between-bar-and-no-bar (fd): "
                + failingPopMessage)
        #expect(report.gestures[0].check(.outcome(.began)) == nil)
        #expect(report.gestures[0].check(.intent(.stay)) == nil)
        let missed = try #require(report.gestures[0].check(.intent(.back)))
        #expect(missed.message.hasPrefix("gesture 1: missed back: labelled back, but the pop cancelled by projection"))
        let final = try #require(report.check(.final(barHidden: false)))
        #expect(final.message == "final: barHidden false expected, got true")
        #expect(final.explanation.hasPrefix(report.source + " cancelled-swipe-between-bar-and-no-bar (rules fd)\n"))
    }

    @Test func anotherRuleVersionDecidesOtherwise() throws {
        let trace = try Trace.load(contentsOf: bundled("pop/projection.yaml"))[1]
        #expect(trace.replay(rules: .fd).pops.map(\.result) == [.cancelled])
        #expect(
            Rules.presetNames == [
                "fd", "fd-1.1", "uikit", "tz", "cupertino", "flutter", "edge30", "lh", "swipetransition",
                "sloppyswiper", "telegram", "framework7", "ionic", "react-navigation", "react-navigation-8",
                "rn-screens-fullscreen",
            ])
        #expect(try Rules("fd-1.1") == .fd11)
        // FDFullscreenPopGesture's peers: the release velocity alone decides under SloppySwiper.
        #expect(
            [Rules.swipeTransition, .sloppySwiper, .telegram, .framework7].map(\.name) == [
                "swipetransition", "sloppyswiper", "telegram", "framework7",
            ])
        let file = try Rules(contentsOf: bundled("rules/fd-rtl-fix.yaml"))
        #expect(file.name == "fd-rtl-fix")
    }

    @Test func errorsSayWhereAndWhat() throws {
        let bad = "format: popgesture-trace/1\nstack:\n- {id: a, barHiden: true}\n"
        let error = try #require(throws: PopGestureError.self) { try Trace.load(yaml: bad, path: "bad.yaml") }
        #expect(error.path == "bad.yaml" && error.line == 3 && error.column == 11)
        #expect(error.message.hasPrefix("unknown key `barHiden` in an entry of `stack`"))
        #expect(error.description.hasPrefix("bad.yaml:3:11: error: unknown key `barHiden`"))
        let preset = try #require(throws: PopGestureError.self) { try Rules("fdd") }
        #expect(preset.description == "error: unknown preset or file `fdd` (did you mean `fd`?)")
        let missing = try #require(throws: PopGestureError.self) { try Trace.load(contentsOf: "/no/such/trace.yaml") }
        #expect(missing.description == "/no/such/trace.yaml: error: cannot read file: No such file or directory")
    }

    @Test func aTraceFromAStringIsPlottedUnderItsOwnName() throws {
        let yaml = try String(contentsOfFile: bundled("example/cancelled-swipe.yaml"), encoding: .utf8)
        let report = try Trace.load(yaml: yaml, path: "mine/swipe.yaml")[0].replay()
        #expect(report.source == "mine/swipe.yaml#1")
        let svg = try report.timelineSVG()
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains("mine/swipe.yaml") && !svg.contains("popgesture-plot-"))
        let fromFile = try Trace.load(contentsOf: bundled("example/cancelled-swipe.yaml"))[0].replay()
        let plot = try popgesture(["plot", bundled("example/cancelled-swipe.yaml")])
        #expect(try fromFile.timelineSVG() == plot.output)
    }

    @Test func aSweepCountsEachVersion() throws {
        let result = try Sweep(paths: [bundled("intent")], vary: ["maxStartX=0..200/40"]).run()
        #expect(result.base == "fd" && result.keys == ["maxStartX"])
        #expect(result.versions.map { $0.values["maxStartX"] ?? "" } == ["0", "40", "80", "120", "160", "200"])
        #expect(result.versions.map(\.missedBacks) == [0, 4, 1, 0, 0, 0])
        #expect(result.versions.map(\.falsePops) == [5, 0, 0, 0, 0, 3])
        #expect(result.versions.map(\.completed) == [12, 3, 6, 7, 7, 10])
        #expect(result.best == [3, 4])
        // 120 and 160 are the only versions at (0 false pops, 0 missed backs): no other beats them.
        #expect(result.front == [3, 4])
        #expect(result.json.hasPrefix("{"))
        let presets = try Sweep(paths: [bundled("intent")], vary: ["rules=fd,uikit"]).run()
        #expect(presets.keys == ["rules"] && presets.versions.map { $0.values["rules"] ?? "" } == ["fd", "uikit"])
        #expect(throws: PopGestureError.self) { try Sweep(paths: [bundled("intent")], vary: ["noSuchKey=1"]).run() }
    }
}
