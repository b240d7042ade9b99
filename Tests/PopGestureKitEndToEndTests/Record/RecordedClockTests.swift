import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Issue 39: `check`, `explain` and `validate` warn about a take timed by a clock of 1 ms or coarser,
/// with the spread of its release velocity under half a step either way.
@Suite(.serialized) struct RecordedClockTests {

    /// CommandLineTests' swipe as the recorder writes it, with `origin` lines and its times.
    static func take(origin: String = "", times: [Double] = [0, 16, 33, 50], up: Double = 60) -> String {
        let xs = [30, 42, 80, 140]
        let samples = zip(times, xs).enumerated().map { i, pair in
            "[\(Self.number(pair.0)), \(pair.1), \(400 + i)]"
        }
        return """
            format: popgesture-trace/1
            name: plain-1
            origin:
              recorder: popgesture-recorder/1
            \(origin)screen: {width: 390, height: 844}
            stack: [{id: inbox}, {id: thread, barHidden: true}]
            events:
            - touch: 1
              samples: [\(samples.joined(separator: ", "))]
              up: \(Self.number(up))
            expect:
            - {gesture: 1, intent: back}

            """
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Under fd's uikit estimator: 0.2 of the newest raw velocity and 0.8 of the one before,
    /// 0.2 x 60/17 + 0.8 x 38/17 pt/ms = 2494.118 pt/s. Each of the last three times moved by
    /// ±0.5 ms makes the two intervals 16, 17 or 18 ms, not both 16 (they share the middle sample):
    /// greatest 0.2 x 60/17 + 0.8 x 38/16 = 2605.882, least 0.2 x 60/17 + 0.8 x 38/18 = 2394.771.
    static let warning =
        "t.yaml:1:1: warning: t.yaml#1 was recorded with a clock of 1 ms or coarser (its times are all whole "
        + "milliseconds): its release velocity under fd (uikit), 2494.1 pt/s, is anywhere from 2394.8 to 2605.9 "
        + "pt/s with each of the last 3 sample times off by ±0.5 ms (record with a finer clock: see "
        + "docs/RECORDING.md, \"Clocks\")\n"

    @Test func aTakeInWholeMillisecondsIsWarnedAboutInCheckExplainAndValidate() throws {
        let dir = try CLI.fixture(["t.yaml": Self.take()])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let check = try CLI.run(["check", "t.yaml"], in: dir)
        #expect(check.status == 0)
        #expect(check.stderr == Self.warning, "\(check.stderr)")
        #expect(
            check.stdout
                == "1 trace in 1 file: 1 passed, 0 failed, 0 errors, 1 warning; intent: 1 back (0 missed), 0 stays (0 false pops)\n"
        )
        #expect(try CLI.run(["check", "--strict", "t.yaml"], in: dir).status == 1)
        let json = try CLI.run(["check", "--format", "json", "t.yaml"], in: dir)
        #expect(json.stdout.contains("\"kind\": \"coarseClock\""), "\(json.stdout)")
        let explain = try CLI.run(["explain", "t.yaml"], in: dir)
        #expect(explain.status == 0 && explain.stderr == Self.warning, "\(explain.stderr)")
        let validate = try CLI.run(["validate", "t.yaml"], in: dir)
        #expect(validate.status == 0 && validate.stderr == Self.warning, "\(validate.stderr)")
    }

    @Test func chromiumsTimesAndHandMadeTracesAreNotWarnedAbout() throws {
        // Chromium's times (to 0.1 ms with jitter, here from the browser test), a take whose origin
        // says its clock was fine, and a hand-made trace with round times and no recorder.
        let dir = try CLI.fixture([
            "chromium.yaml": Self.take(times: [0, 16.5, 33, 50.1]),
            "measured.yaml": Self.take(origin: "  clock: {wholeMilliseconds: false, tick: 0.1}\n"),
            "hand.yaml": CLI.swipe(expect: CLI.passingExpectations),
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let check = try CLI.run(["check", "chromium.yaml", "measured.yaml", "hand.yaml"], in: dir)
        #expect(check.status == 0 && check.stderr == "", "\(check.stderr)")
        #expect(
            check.stdout
                == "3 traces in 3 files: 3 passed, 0 failed, 0 errors; intent: 2 backs (0 missed), 0 stays (0 false pops)\n"
        )
    }

    @Test func theOriginsMeasurementDecidesWhenItIsThere() throws {
        // The page measured whole milliseconds: warned although these times have fractions (the
        // origin is what the page saw, before rounding), with the origin named as the reason.
        let dir = try CLI.fixture([
            "t.yaml": Self.take(origin: "  clock: {wholeMilliseconds: true, tick: 1}\n", times: [0, 16, 33, 50])
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let check = try CLI.run(["check", "t.yaml"], in: dir)
        #expect(
            check.stderr.hasPrefix(
                "t.yaml:1:1: warning: t.yaml#1 was recorded with a clock of 1 ms or coarser (the page's clock ticked in 1 ms steps): its release velocity under fd (uikit), 2494.1 pt/s"
            ), "\(check.stderr)")
    }

    @Test func theSpreadIsEveryCombinationOfTheLastSamples() {
        let samples = [
            Sample(t: 0, x: 30, y: 400), Sample(t: 16, x: 42, y: 401), Sample(t: 33, x: 80, y: 402),
            Sample(t: 50, x: 140, y: 402),
        ]
        let trace = Trace(
            name: "t", source: "t#1", stack: [ViewControllerSpec(id: "a"), ViewControllerSpec(id: "b")],
            events: [TraceEvent(.touch(Stroke(finger: 1, samples: samples, end: .up(60))), t: 0)])
        let clock = RecordedClock(step: 1, evidence: .times)
        let uikit = clock.spread(of: trace, model: .uikit)
        #expect(uikit?.moved == 3)
        #expect(abs((uikit?.velocity ?? 0) - (0.2 * 60 / 17 + 0.8 * 38 / 17) * 1000) < 1e-9)
        #expect(abs((uikit?.least ?? 0) - (0.2 * 60 / 17 + 0.8 * 38 / 18) * 1000) < 1e-9)
        #expect(abs((uikit?.greatest ?? 0) - (0.2 * 60 / 17 + 0.8 * 38 / 16) * 1000) < 1e-9)
        // The last two samples, 17 ms apart, moved to 16 or 18: 60/16 and 60/18 pt/ms.
        let last2 = clock.spread(of: trace, model: .last2)
        #expect(last2?.moved == 2)
        #expect(abs((last2?.least ?? 0) - 60_000 / 18) < 1e-9 && abs((last2?.greatest ?? 0) - 60_000 / 16) < 1e-9)
    }
}
