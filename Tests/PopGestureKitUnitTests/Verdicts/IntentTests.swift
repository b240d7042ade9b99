import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `{gesture: N, intent: back|stay}` (SPEC section 6): loading, verdicts, the tally and the messages.
@Suite struct IntentTests {
    @Test func loadsBothLabels() throws {
        let trace = try loadTrace(
            """
            format: popgesture-trace/1
            stack: [{id: a}, {id: b}]
            expect:
              - {gesture: 1, intent: back}
              - {gesture: 2, intent: stay}
            """)
        #expect(trace.expectations == [.intent(gesture: 1, intent: .back), .intent(gesture: 2, intent: .stay)])
    }

    @Test func badLabelsAreErrorsAtTheValue() {
        let header = "format: popgesture-trace/1\nstack: [{id: a}]\nexpect:\n"
        let unknown = loadError(header + "  - {gesture: 1, intent: bak}\n")
        #expect(unknown?.place?.line == 4 && unknown?.place?.column == 26)
        #expect(unknown?.message == "unknown intent `bak`; expected one of back, stay")
        #expect(unknown?.suggestion == "did you mean `back`?")
        let mixed = loadError(header + "  - {gesture: 1, intent: back, pop: completed}\n")
        #expect(mixed?.message == "`pop` does not go with `intent` in one expect item")
        let alone = loadError(header + "  - {intent: stay}\n")
        #expect(alone?.message == "`intent` needs `gesture: N` in the same expect item")
        let zero = loadError(header + "  - {gesture: 0, intent: stay}\n")
        #expect(zero != nil)
    }

    @Test func tallyAndMessagesWithAndWithoutRecords() throws {
        let trace = try loadTrace(Traces.fiveGestures)
        let rules = try RulesLoader.load("fd")
        for keepsRecords in [true, false] {
            let report = Replay(rules: rules, keepsRecords: keepsRecords).run(trace)
            let results = report.expectations
            // Passed: 1 (back, completed), 4 (stay, refused), final. Failed: 2, 3, 5, 9.
            #expect(results.passed == 3 && results.failed == 4)
            var tally = IntentTally()
            tally.back = 3
            tally.missedBack = 2
            tally.stay = 3
            tally.falsePop = 2
            #expect(results.intent == tally)
            #expect(results.failures.map(\.index) == [1, 2, 4, 5])
            let messages = results.failures.map(\.message)
            #expect(
                messages[0].hasPrefix(
                    "expect[1]: gesture 2: missed back: labelled back, but the pop cancelled by projection"))
            #expect(
                messages[1].hasPrefix(
                    "expect[2]: gesture 3: false pop: labelled stay, but the pop completed by projection"))
            #expect(
                messages[2].hasPrefix(
                    "expect[4]: gesture 5: missed back: labelled back, but the gesture refused(wrongDirection) and started no pop"
                ))
            #expect(messages[3] == "expect[5]: false pop: gesture 9 expected, but the trace has 5 gestures")
            if keepsRecords {
                // With the report at hand, the pop's terms say why, as for `pop` items.
                #expect(messages[0].contains(": progress 0.031") && messages[0].contains("projection model"))
                #expect(messages[1].contains(": progress 0.538"))
            }
        }
    }
}
