import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

@Suite struct RandomTraceTests {
    static let presets = Presets.names

    /// Never a crash; every gesture decided; every transition with a known end settled; the same
    /// report twice.
    @Test(arguments: presets)
    func randomTracesReplayConsistently(_ preset: String) throws {
        let replay = Replay(rules: try RulesLoader.load(preset))
        var generator = RandomTraceGenerator(random: SeededRandom(seed: 0x5EED))
        for n in 0..<300 {
            let trace = generator.trace(n)
            let report = replay.run(trace)
            #expect(report == replay.run(trace), "seed trace \(n) gave two different reports")
            #expect(report.gestures.allSatisfy { $0.outcome != nil }, "trace \(n): an undecided gesture")
            for transition in report.transitions {
                if transition.end == nil {
                    #expect(
                        transition.kind == .interactivePop && transition.result == .unfinished,
                        "trace \(n): \(transition)")
                } else {
                    #expect(
                        transition.result != .unfinished,
                        "trace \(n): a transition with an end never settled: \(transition)")
                    #expect(transition.end! >= transition.start)
                }
            }
            #expect(report.transitions.filter { $0.end == nil }.count <= 1)
            for gesture in report.gestures {
                if gesture.outcome == .began { #expect(gesture.pop != nil) } else { #expect(gesture.pop == nil) }
            }
            #expect(!report.final.stack.isEmpty)
        }
    }
}

/// Every JSON a replay prints parses with a strict parser (JSON has no NaN or infinity): for the
/// random traces above, and for the same traces pushed to the edges the loader still accepts
/// (positions at ±1e9, screens from 0.001 to 1e9 points wide, samples a nanosecond apart).
@Suite struct RandomTraceJSONTests {
    /// The random traces at the loader's limits: `variant` 0 scales positions towards ±1e9 on a
    /// 1e9-wide screen, 1 keeps them on a 0.001-wide screen, 2 packs each stroke's samples 1e-6 ms
    /// apart (so `last2` velocities are as large as they get).
    static func atTheLimits(_ trace: Trace, variant: Int) -> Trace {
        var trace = trace
        switch variant {
        case 0: trace.screen = Screen(width: TraceLimits.extent.upperBound, height: TraceLimits.extent.upperBound)
        case 1: trace.screen = Screen(width: TraceLimits.extent.lowerBound, height: TraceLimits.extent.lowerBound)
        default: break
        }
        trace.events = trace.events.map { event in
            guard case .touch(var stroke) = event.kind else { return event }
            let start = stroke.samples[0].t
            for i in stroke.samples.indices {
                if variant == 0 {
                    let scale = TraceLimits.coordinate / 1000
                    stroke.samples[i].x = min(
                        max(stroke.samples[i].x * scale, -TraceLimits.coordinate), TraceLimits.coordinate)
                    stroke.samples[i].y = min(
                        max(stroke.samples[i].y * scale, -TraceLimits.coordinate), TraceLimits.coordinate)
                    stroke.samples[i].x = i % 2 == 0 ? stroke.samples[i].x : -stroke.samples[i].x
                }
                if variant == 2 { stroke.samples[i].t = start + Double(i) * TraceLimits.sampleStep }
            }
            if variant == 2, case .up = stroke.end { stroke.end = .up(stroke.samples[stroke.samples.count - 1].t) }
            if variant == 2, case .cancel = stroke.end {
                stroke.end = .cancel(stroke.samples[stroke.samples.count - 1].t)
            }
            return .touch(stroke)
        }
        return trace
    }

    @Test(arguments: Presets.names)
    func everyReportIsStrictJSON(_ preset: String) throws {
        let replay = Replay(rules: try RulesLoader.load(preset))
        var generator = RandomTraceGenerator(random: SeededRandom(seed: 0x5EED))
        for n in 0..<300 {
            let trace = generator.trace(n)
            for variant in [nil, 0, 1, 2] {
                let report = replay.run(variant.map { Self.atTheLimits(trace, variant: $0) } ?? trace)
                expectStrictJSON(
                    report.jsonLine(), "trace \(n) variant \(String(describing: variant)) under \(preset)")
                expectStrictJSON(Golden.line(for: report), "trace \(n)'s golden line")
            }
        }
    }
}
