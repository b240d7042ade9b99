import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// A failed `expect` item carries the item and what the replay found, as records and counts (SPEC
/// section 6): the words are made in Reporting, from these facts alone.
@Suite struct ExpectationFailureTests {
    /// Traces.fiveGestures's events (gestures 1 and 3 complete, 2 is cancelled by projection,
    /// 4 and 5 are refused as wrongDirection), so the final stack is [a, b, c] with the bar shown.
    static let trace =
        Traces.fiveGestures.components(separatedBy: "expect:")[0] + """
            expect:
              - {gesture: 2, pop: completed}
              - {gesture: 5, outcome: began}
              - {gesture: 7, pop: completed}
              - {final: {stack: [a], barHidden: false}}
              - {anomalies: [wrongFinalBar]}
              - {bar: [[100, true]]}
            """

    @Test func eachFailureIsItsItemAndTheFacts() throws {
        let trace = try loadTrace(Self.trace)
        let rules = try RulesLoader.load("fd")
        for keepsRecords in [true, false] {
            let results = Replay(rules: rules, keepsRecords: keepsRecords).run(trace).expectations
            #expect(results.passed == 0 && results.failed == 6)
            let failures = results.failures
            #expect(failures.map(\.index) == [0, 1, 2, 3, 4, 5])
            #expect(failures.map(\.expectation) == trace.expectations)
            #expect(failures.map(\.kind) == ["pop", "outcome", "pop", "final", "anomalies", "bar"])
            guard failures.count == 6 else { return }
            guard case .gesture(let cancelled, let model) = failures[0].found else {
                Issue.record("gesture 2's pop: \(failures[0].found)")
                return
            }
            #expect(model == .projection)
            #expect(cancelled.index == 2 && cancelled.outcome == .began)
            #expect(cancelled.pop?.result == .cancelled && cancelled.pop?.by == .projection)
            // Only the full report keeps the release's numbers.
            #expect((cancelled.pop?.progress != nil) == keepsRecords)
            guard case .gesture(let refused, _) = failures[1].found else {
                Issue.record("gesture 5: \(failures[1].found)")
                return
            }
            #expect(refused.outcome == .refused && refused.reason == .wrongDirection && refused.pop == nil)
            #expect(failures[2].found == .noGesture(count: 5))
            #expect(failures[3].found == .final(FinalState(stack: ["a", "b", "c"], barHidden: false)))
            #expect(failures[4].found == .anomalies(count: 0, kinds: [], records: []))
            #expect(failures[5].found == .bar(count: 0, points: [], causes: []))
        }
    }

    @Test func theWordsAreMadeFromTheFacts() throws {
        let results = Replay(rules: try RulesLoader.load("fd")).run(try loadTrace(Self.trace)).expectations
        #expect(
            results.failures.dropFirst(2).map(\.message) == [
                "expect[2]: gesture 7 expected, but the trace has 5 gestures",
                "expect[3]: final: stack [a] expected, got [a, b, c]",
                "expect[4]: anomalies: expected [wrongFinalBar], got []",
                "expect[5]: bar: expected [[100, true]], got []",
            ])
    }
}
