import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Each fact the replay records, worded: the sentences every output has shown since they were built
/// in the replay (SPEC section 8's `detail` and `cause`), numbers shortest round-trip (integral ones without a fraction).
@Suite struct FindingWordingTests {
    @Test func anAnomalysDetailSaysItsFacts() {
        let worded: [(AnomalyFact, String)] = [
            (.barFlicker(changes: 3), "bar changed 3 times"),
            (
                .wrongFinalBar(top: "home", prefersHidden: true, barHidden: false),
                "top home prefers barHidden=true, bar is shown"
            ),
            (
                .wrongFinalBar(top: "c", prefersHidden: false, barHidden: true),
                "top c prefers barHidden=false, bar is hidden"
            ),
            (.abruptBarChange(during: .interactivePop), "non-animated bar change during interactivePop"),
            // The record counts gestures from 0; people from 1.
            (.nestedTransition(gesture: 2, during: .setStack), "gesture 3 began during setStack"),
            (
                .contentDelayed(region: "list", waited: 0.1 + 0.2),
                "list waited 0.30000000000000004 ms for the pop to fail"
            ),
            (.contentBlocked(region: "map"), "map waited for the pop to fail and never got the drag"),
            (.doubleHandled(region: "list", beforeMoment: false), "list scrolls while the pop runs"),
            (
                .doubleHandled(region: "list", beforeMoment: true),
                "list scrolls while the pop runs (gesture began before the content moment)"
            ),
            (
                .controlInterrupted(control: "slider"),
                "the pop began over slider, a control that tracks the touch without protection"
            ),
            (
                .missedScroll(detector: "article", region: "feed", moved: 12),
                "article reported nothing while feed moved 12 pt"
            ),
        ]
        for (fact, sentence) in worded {
            #expect(FindingWording.detail(fact) == sentence)
            #expect(FindingWording.detail(Finding(t: 5, fact)) == sentence)
        }
        #expect(Set(worded.map(\.0.kind)) == Set(AnomalyKind.allCases))
    }

    @Test func aNotesDetailNamesTheOperationOrTheController() {
        let worded: [(NoteFact, String)] = [
            (.deferred(.setStack), "setStack"), (.popAtRoot(.popToRoot), "popToRoot"),
            (.duplicatePush(id: "a"), "a"), (.unknownVC(id: "zz"), "zz"),
        ]
        for (fact, detail) in worded { #expect(FindingWording.detail(fact) == detail) }
        #expect(Set(worded.map(\.0.kind)) == Set(NoteKind.allCases))
    }

    @Test func aBarCauseIsItsSourceAndTheController() {
        #expect(
            [BarCause.initial, .app, .willAppear("inbox"), .disappearHook("x")].map(FindingWording.cause) == [
                "initial", "app", "willAppear:inbox", "disappearHook:x",
            ])
    }

    /// The JSON report writes the worded text under `detail` and `cause`, as it always has.
    @Test func theJSONReportCarriesTheWords() {
        var report = TraceReport(trace: "t", source: "t.yaml#1", rules: "fd")
        report.bar = [
            BarEntry(t: 0, hidden: false, animated: false, cause: .initial),
            BarEntry(t: 12.5, hidden: true, animated: true, cause: .willAppear("b")),
        ]
        report.anomalies = [Finding(t: 40, .nestedTransition(gesture: 0, during: .push))]
        report.notes = [Finding(t: 7, .popAtRoot(.pop))]
        #expect(
            report.jsonLine(withSourceAndExpectations: false)
                == #"{"anomalies": [{"detail": "gesture 1 began during push", "kind": "nestedTransition", "t": 40}], "#
                + #""bar": [{"animated": false, "cause": "initial", "hidden": false, "t": 0}, "#
                + #"{"animated": true, "cause": "willAppear:b", "hidden": true, "t": 12.5}], "detections": [], "#
                + #""final": {"barHidden": false, "stack": []}, "gestures": [], "#
                + #""notes": [{"detail": "pop", "kind": "popAtRoot", "t": 7}], "rules": "fd", "trace": "t", "transitions": []}"#
        )
    }
}
