import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `check` without goldens replays without records; its verdicts must be those of the full replay.
@Suite struct SummaryReplayTests {
    /// Expectations that hold for `report`, one of each kind per gesture and for the whole trace.
    static func expectations(holdingFor report: TraceReport) -> [PopGestureCore.Expectation] {
        var items: [PopGestureCore.Expectation] = []
        for gesture in report.gestures {
            items.append(.outcome(gesture: gesture.index, outcome: gesture.outcome!, reason: gesture.reason))
            if let pop = gesture.pop { items.append(.pop(gesture: gesture.index, result: pop.result)) }
            items.append(.content(gesture: gesture.index, result: gesture.content?.result))
            items.append(.intent(gesture: gesture.index, intent: gesture.pop?.result == .completed ? .back : .stay))
        }
        items.append(.final(stack: report.final.stack, barHidden: report.final.barHidden))
        items.append(.anomalies(report.anomalies.map(\.kind)))
        items.append(.detections(collapsed(report.detections.map(\.direction))))
        items.append(.bar(report.bar.dropFirst().map { .init(t: $0.t, hidden: $0.hidden) }))
        return items
    }

    /// The same, each turned false.
    static func falsified(_ items: [PopGestureCore.Expectation]) -> [PopGestureCore.Expectation] {
        items.map { item in
            switch item {
            case .outcome(let n, let outcome, _):
                .outcome(gesture: n, outcome: outcome == .began ? .refused : .began, reason: nil)
            case .pop(let n, let result): .pop(gesture: n, result: result == .completed ? .cancelled : .completed)
            case .final(let stack, let hidden): .final(stack: (stack ?? []) + ["nowhere"], barHidden: hidden)
            case .anomalies(let kinds): .anomalies(kinds + [.barFlicker])
            case .bar(let points): .bar(points + [.init(t: -1, hidden: true)])
            case .content(let n, let result): .content(gesture: n, result: result == .claimed ? .lost : .claimed)
            case .detections(let runs): .detections(runs + [runs.last == .up ? .down : .up])
            case .intent(let n, let intent): .intent(gesture: n, intent: intent == .back ? .stay : .back)
            }
        }
    }

    @Test(arguments: Presets.names)
    func summaryVerdictsEqualFullVerdicts(_ preset: String) throws {
        let rules = try RulesLoader.load(preset)
        let full = Replay(rules: rules)
        let summary = Replay(rules: rules, keepsRecords: false)
        var generator = RandomTraceGenerator(random: SeededRandom(seed: 0xC0FFEE))
        for n in 0..<200 {
            var trace = generator.trace(n)
            let report = full.run(trace)
            trace.expectations = Self.expectations(holdingFor: report)
            let summed = summary.run(trace)
            #expect(
                summed.expectations.failed == 0 && summed.expectations.passed == trace.expectations.count,
                "trace \(n): \(summed.expectations.failures.map(\.message))")
            #expect(summed.final == report.final && summed.gestures.isEmpty && summed.bar.count == 1)
            trace.expectations = Self.falsified(trace.expectations)
            let wrong = summary.run(trace)
            let wrongFull = full.run(trace)
            #expect(wrong.expectations.failed == trace.expectations.count)
            #expect(wrong.expectations.failures.map(\.index) == wrongFull.expectations.failures.map(\.index))
        }
    }
}

/// A failure lists at most twenty of what happened.
@Suite struct LongFailureListTests {
    @Test func aLongAnomalyListIsCut() throws {
        var report = TraceReport(trace: "t", source: "t.yaml#1", rules: "fd")
        report.anomalies = (0..<25).map { Finding(t: Double($0), .barFlicker(changes: 2)) }
        report.bar =
            [BarEntry(t: 0, hidden: false, animated: false, cause: .initial)]
            + (1...22).map { BarEntry(t: Double($0), hidden: $0 % 2 == 1, animated: true, cause: .app) }
        let results = ExpectationCheck.evaluate(
            [.anomalies([]), .bar([])], against: .report(report), rules: try RulesLoader.load("fd"))
        #expect(results.failed == 2)
        let anomalies = results.failures[0].message
        #expect(
            anomalies.hasPrefix(
                "expect[0]: anomalies: expected [], got ["
                    + Array(repeating: "barFlicker", count: 20).joined(separator: ", ")
                    + ", ... 25 in all]: barFlicker at t=0 (bar changed 2 times); "))
        #expect(anomalies.hasSuffix("barFlicker at t=19 (bar changed 2 times)"))
        #expect(results.failures[1].message.contains("[20, false], ... 22 in all] (causes: app, "))
    }
}
