import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// SPEC sections 2-4 and 7 as Flutter has them: `recognizer.arena` (a recognizer alone in its gesture
/// arena wins it at the down) and `stackOps: immediate` (Flutter's Navigator never defers a push or a
/// pop: transitions overlap and an interactive pop is interrupted). Each test is a tiny trace, the
/// decision expected, and the arithmetic done by hand in a comment.
@Suite struct ArenaAndStackOpsTests {
    static func trace(stack: String = "[{id: a}, {id: b}]", extra: String = "", _ events: String) -> String {
        ReplayRuleTests.trace(stack: stack, extra: extra, events)
    }

    /// `extends: BASE` with the keys given.
    static func rulesDocument(_ base: String, _ body: String) -> String {
        "format: popgesture-rules/1\nname: \(base)-test\nextends: \(base)\n\(body)\n"
    }

    static let cupertinoAlone = rulesDocument("cupertino", "recognizer: {arena: alone}")

    // MARK: The arena (section 3)

    @Test func aTapInsideTheEdgeBeginsAtItsDownAndCancelsWithProgressZero() throws {
        let tap = Self.trace(
            """
            - touch: 1
              samples: [[0, 8, 300]]
              up: 60
            """)
        // cupertino's 20 pt edge: 8 <= 20. Alone in its arena, the recognizer wins at the down: the
        // checks (rootOnly: 2 VCs; transitioning: nothing in flight) pass with T = (0, 0), so the
        // gesture began at (0, 8, 300) and the pop b -> a starts at 0. The lift at 60: progress 0,
        // lsq2 has one sample (velocity 0 < fling 1): 0 >= 0.5 is false -> cancelled by progress,
        // release velocity 0; cupertino's cancel settles in min(floor(800 * 0), 300) = 0 ms: at 60.
        let alone = try replay(tap, rulesDocument: Self.cupertinoAlone)
        let gesture = alone.gestures[0]
        #expect(gesture.outcome == .began && gesture.reason == nil && gesture.decidedAt == Sample(t: 0, x: 8, y: 300))
        #expect(
            gesture.pop
                == PopRecord(
                    result: .cancelled, by: .progress, releasedAt: 60, progress: 0, velocity: 0, settledAt: 60,
                    why: .progress(.init(p: 0, v: 0, fling: 1, progressThreshold: 0.5, strict: false)),
                    settle: SettleTerms(
                        model: "cupertino", remaining: 0, duration: 500, velocity: 0, width: 390,
                        completing: false, result: 0)))
        #expect(
            alone.transitions == [
                TransitionRecord(
                    kind: .interactivePop, start: 0, end: 60, from: "b", to: "a", animated: true,
                    result: .cancelled)
            ])
        #expect(alone.final.stack == ["a", "b"])
        // Contested (cupertino itself), the finger never passes the 18 pt slop: unrecognized.
        let contested = try replay(tap, rules: "cupertino")
        #expect(contested.gestures[0].outcome == .unrecognized && contested.gestures[0].reason == .touchEnded)
        #expect(contested.gestures[0].pop == nil && contested.transitions.isEmpty)
    }

    @Test func aLoneRecognizerTakesNoSlopOff() throws {
        // W = 400. Alone: the translation origin is the down point, so at 50 T.x = 110 - 10 = 100 and
        // progress = 100 / 400 = 0.25. lsq2 needs three samples: velocity 0, no fling; 0.25 < 0.5 ->
        // cancelled, settling in min(floor(800 * 0.25), 300) = 200 ms: at 250.
        // Contested, the slop is passed at 50 (|100| > 18) and the origin becomes that point: progress 0.
        let swipe = Self.trace(
            extra: "screen: {width: 400, height: 800}\n",
            """
            - touch: 1
              samples: [[0, 10, 300], [50, 110, 300]]
              up: 50
            """)
        let alone = try replay(swipe, rulesDocument: Self.cupertinoAlone).gestures[0]
        #expect(alone.decidedAt?.t == 0 && alone.pop?.progress == 0.25 && alone.pop?.settledAt == 250)
        let contested = try replay(swipe, rules: "cupertino").gestures[0]
        #expect(contested.decidedAt?.t == 50 && contested.pop?.progress == 0)
    }

    @Test func theRegionStillRefusesFirstAndDirectionAndHorizontalPass() throws {
        // uikit with arena alone: edge 15, begin [rootOnly, transitioning, direction].
        let uikitAlone = Self.rulesDocument(
            "uikit", "recognizer: {arena: alone}\nbegin: [rootOnly, transitioning, direction, horizontal]")
        // Down at x = 30 > 15: outsideEdge at the down, before any arena.
        let outside = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 30, 300]]
                  up: 60
                """), rulesDocument: uikitAlone
        ).gestures[0]
        #expect(outside.outcome == .refused && outside.reason == .outsideEdge && outside.decidedAt?.t == 0)
        // Down at x = 5: T = (0, 0) would fail `direction` (0 * 1 <= 0), but a zero translation has
        // no direction: began at the down. The finger then goes left and up: the pop only tracks it.
        let inside = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 5, 300], [16, 2, 200]]
                  up: 20
                """), rulesDocument: uikitAlone
        ).gestures[0]
        #expect(inside.outcome == .began && inside.decidedAt == Sample(t: 0, x: 5, y: 300))
        // Projection statistics from the down: the recognition sample at 0, the move at 16 (dts = 16
        // >= 10, taken) and the lift at 20 (dts = 4, displacement unchanged: skipped): n = 2 < 3, so
        // lowSampleVelocity; the finger moved left, the average velocity is < 0: cancelled.
        #expect(inside.pop?.result == .cancelled && inside.pop?.by == .lowSampleVelocity && inside.pop?.progress == 0)
    }

    @Test func decidedAtTheDownItIgnoresASecondFinger() throws {
        // maxTouches 1. Contested, finger 2 landing at 10 before the slop is passed fails the gesture
        // (tooManyTouches); alone, the gesture was decided at 0 and ignores it.
        let twoFingers = Self.trace(
            """
            - touch: 1
              samples: [[0, 8, 300], [30, 60, 300]]
              up: 40
            - touch: 2
              samples: [[10, 200, 300]]
              up: 20
            """)
        let alone = try replay(twoFingers, rulesDocument: Self.cupertinoAlone)
        #expect(alone.gestures.count == 1 && alone.gestures[0].outcome == .began && alone.gestures[0].decidedAt?.t == 0)
        let contested = try replay(twoFingers, rules: "cupertino")
        #expect(contested.gestures[0].reason == .tooManyTouches && contested.gestures[0].decidedAt?.t == 10)
    }

    @Test func transitioningRefusesALoneRecognizerAtItsDown() throws {
        // An animated push at 0 is in flight until 500 (D = 500): the down at 100 runs the checks
        // there, and `transitioning` refuses. Decided, its later moves change nothing.
        let report = try replay(
            Self.trace(
                """
                - {t: 0, push: {id: c}}
                - touch: 1
                  samples: [[100, 8, 300], [200, 300, 300]]
                  up: 210
                """), rulesDocument: Self.cupertinoAlone)
        #expect(report.gestures[0].outcome == .refused && report.gestures[0].reason == .transitioning)
        #expect(report.gestures[0].decidedAt == Sample(t: 100, x: 8, y: 300) && report.final.stack == ["a", "b", "c"])
    }

    @Test func byContentIsAloneWhereNoContentIsHit() throws {
        // No view controller has content regions (SPEC section 9 brings them), so every down misses
        // content and `byContent` wins at the down like `alone`.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 8, 300]]
                """), rulesDocument: Self.rulesDocument("cupertino", "recognizer: {arena: byContent}"))
        // Never lifted: began at 0, the pop unfinished, b out of the stack.
        #expect(report.gestures[0].outcome == .began && report.gestures[0].decidedAt?.t == 0)
        #expect(report.gestures[0].pop?.result == .unfinished && report.final.stack == ["a"])
    }
    // MARK: Rules (section 7)

    @Test func badArenaAndStackOpsValuesArePositionedWithASuggestion() {
        // `recognizer: {arena: ` is 20 characters: the value starts at column 21.
        let arena = rulesError("format: popgesture-rules/1\nrecognizer: {arena: alon}\n")
        #expect(arena?.place?.line == 2 && arena?.place?.column == 21)
        #expect(arena?.message.contains("unknown arena `alon`; expected one of contested, alone, byContent") == true)
        #expect(arena?.suggestion == "did you mean `alone`?")
        // `stackOps: ` is 10 characters.
        let stackOps = rulesError("format: popgesture-rules/1\nstackOps: immediately\n")
        #expect(stackOps?.place?.line == 2 && stackOps?.place?.column == 11)
        #expect(
            stackOps?.message.contains("unknown stackOps `immediately`; expected one of deferred, immediate") == true)
        #expect(stackOps?.suggestion == "did you mean `immediate`?")
        // A misspelt key is unknown, with the nearest known one, at the top level and in `recognizer`.
        #expect(
            rulesError("format: popgesture-rules/1\nstackOp: immediate\n")?.suggestion == "did you mean `stackOps`?")
        #expect(
            rulesError("format: popgesture-rules/1\nrecognizer: {arina: alone}\n")?.suggestion
                == "did you mean `arena`?")
        // Not a name at all.
        #expect(rulesError("format: popgesture-rules/1\nstackOps: [immediate]\n")?.place?.line == 2)
    }

    @Test func bothKeysDefaultToTodaysBehaviourAndMerge() throws {
        let fd = try RulesLoader.load("fd")
        #expect(fd.recognizer.arena == .contested && fd.stackOps == .deferred)
        let merged = try rules(
            "format: popgesture-rules/1\nextends: cupertino\nrecognizer: {arena: alone}\nstackOps: immediate\n")
        #expect(
            merged.recognizer.arena == .alone && merged.recognizer.kind == .horizontalSlop
                && merged.stackOps == .immediate)
    }

    // MARK: Stack operations during an interactive pop (sections 2 and 4)

    /// cupertino alone in its arena with Flutter's Navigator: the pop starts at the down.
    static let immediate = rulesDocument("cupertino", "recognizer: {arena: alone}\nstackOps: immediate")
    /// The same with cupertino's own (deferred) stack operations.
    static let deferred = rulesDocument("cupertino", "recognizer: {arena: alone}")
    /// W = 800, D = 500; samples 50 ms apart, so lsq2 keeps one sample and the velocity is 0: the
    /// threshold model decides by progress alone.
    static let wide = "screen: {width: 800, height: 600}\n"
    /// cupertino's cancel from progress 0.625 on the wide screen: min(floor(800 * 0.625), 300) = 300 ms.
    static let cancelledFrom0625 = SettleTerms(
        model: "cupertino", remaining: 0.625, duration: 500, velocity: 0, width: 800,
        completing: false, result: 300)
    static let swipe = """
        - touch: 1
          samples: [[0, 5, 300], [50, 105, 300], [100, 305, 300], [150, 505, 300]]
          up: 150
        """

    @Test func aPushBeforeTheLiftPutsBBackAndTheLiftCanOnlyCancel() throws {
        // P (b -> a) starts at the down, 0. At 100 the move comes first (event order): progress
        // 300 / 800 = 0.375. The push at 100: b goes back on top ([a, b]), then c is pushed on it
        // (push b -> c, 100 to 600). b is still in the stack: P stays in flight. At 150 progress is
        // 500 / 800 = 0.625, which would complete (>= 0.5), but P can only be cancelled, by
        // `interrupted`, with the release velocity it would have had (0); cupertino's cancel settles
        // in min(floor(800 * 0.625), 300) = 300 ms: at 450, without adding b a second time.
        let report = try replay(
            Self.trace(extra: Self.wide, Self.swipe + "\n- {t: 100, push: {id: c}}"), rulesDocument: Self.immediate)
        #expect(
            report.gestures[0].pop
                == PopRecord(
                    result: .cancelled, by: .interrupted, releasedAt: 150, progress: 0.625, velocity: 0,
                    settledAt: 450, why: .interrupted(at: 100, removed: false),
                    settle: Self.cancelledFrom0625))
        #expect(
            report.transitions == [
                TransitionRecord(
                    kind: .interactivePop, start: 0, end: 450, from: "b", to: "a", animated: true, result: .cancelled),
                TransitionRecord(
                    kind: .push, start: 100, end: 600, from: "b", to: "c", animated: true, result: .completed),
            ])
        #expect(report.final.stack == ["a", "b", "c"] && report.notes.isEmpty)
        // Deferred (cupertino's own stackOps), the push waits for P: completed by progress at 150,
        // settling in floor(800 * 0.375) = 300 ms, at 450; the push runs then, on [a].
        let deferred = try replay(
            Self.trace(extra: Self.wide, Self.swipe + "\n- {t: 100, push: {id: c}}"), rulesDocument: Self.deferred)
        #expect(deferred.gestures[0].pop?.result == .completed && deferred.gestures[0].pop?.by == .progress)
        #expect(
            deferred.notes.map(\.kind) == [.deferred] && deferred.transitions[1].start == 450
                && deferred.final.stack == ["a", "c"])
    }

    @Test func theInterruptedSettleRunsNoHooks() throws {
        // fd with stackOps immediate and arena alone, every instance with a willAppear block
        // (`inject: all`), no disappear hook. Stack [a (bar shown), b (bar hidden)]: the bar starts
        // hidden. P (b -> a) starts at 0: a's block shows the bar (animated). The push of c at 20:
        // b goes back on top (a -> b: b's block hides the bar), then b -> c (c's block shows it); the
        // push runs 20 to 370. The lift at 420 can only cancel P, by interrupted: W = 1000, progress
        // 125 / 1000 = 0.125; projection statistics hold the down and the move (the lift, 0 ms later,
        // is skipped): n = 2, so the release velocity is uikit's c * v.x = 125 / 420 * 1000 pt/s, and
        // the uikit settle of a cancel is min(350, 0.125 * 1000 / (125 / 420 * 1000) * 1000) =
        // min(350, 420) = 350 ms: at 770. There b is already in the stack: no hooks run, so b's
        // block does not hide the bar again. P saw 3 entries (0, 20, 20): barFlicker; the push 1.
        let rules = Self.rulesDocument(
            "fd", "stackOps: immediate\nrecognizer: {arena: alone}\nbar: {inject: all, restoreOnDisappear: false}")
        let report = try replay(
            Self.trace(
                stack: "[{id: a}, {id: b, barHidden: true}]", extra: "screen: {width: 1000, height: 600}\n",
                """
                - touch: 1
                  samples: [[0, 5, 300], [420, 130, 300]]
                  up: 420
                - {t: 20, push: {id: c}}
                """), rulesDocument: rules)
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .cancelled && pop.by == .interrupted && pop.progress == 0.125 && pop.settledAt == 770)
        #expect(report.bar.map(\.cause) == [.initial, .willAppear("a"), .willAppear("b"), .willAppear("c")])
        #expect(report.final == FinalState(stack: ["a", "b", "c"], barHidden: false))
        #expect(report.anomalies.map(\.kind) == [.barFlicker] && report.anomalies[0].t == 770)
    }

    @Test func overlappingTransitionsSettleAtTheirOwnEndsEarliestFirstTiesInStartOrder() throws {
        // cupertino's timing (D = 500) with bar `none` on a managed bar: only the app changes it, so
        // each settle's checks can be told apart. W = 1000. P starts at 0; the app hides the bar at
        // 10, shows it at 30 and hides it at 40; the push of c at 20 (after b is put back) runs 20 to
        // 520. P saw the 3 entries, the push the last 2. The lift at L is at progress 125 / 1000 =
        // 0.125 (lsq2: one sample kept, velocity 0): cancelled by interrupted, settling in
        // min(floor(800 * 0.125), 300) = 100 ms.
        func run(lift: Int) throws -> [String] {
            let report = try replay(
                Self.trace(
                    extra: "screen: {width: 1000, height: 600}\n",
                    """
                    - touch: 1
                      samples: [[0, 5, 300], [\(lift), 130, 300]]
                      up: \(lift)
                    - {t: 10, setBarHidden: true}
                    - {t: 20, push: {id: c}}
                    - {t: 30, setBarHidden: false}
                    - {t: 40, setBarHidden: true}
                    """), rulesDocument: Self.immediate)
            // The report lists transitions in start order whatever their ends.
            #expect(report.transitions.map(\.kind) == [.interactivePop, .push])
            // At each settle, barFlicker then wrongFinalBar (top c prefers a shown bar; it is hidden).
            return report.anomalies.map {
                "\(formatNumber($0.t)) \($0.kind) \(FindingWording.detail($0))".replacingOccurrences(
                    of: "top c prefers barHidden=false, bar is hidden", with: "c")
            }
        }
        // L = 450: P ends at 550, after the push (520), which started later but settles first.
        #expect(
            try run(lift: 450) == [
                "520 barFlicker bar changed 2 times", "520 wrongFinalBar c",
                "550 barFlicker bar changed 3 times", "550 wrongFinalBar c",
            ])
        // L = 420: both end at 520; P started first, so it settles first.
        #expect(
            try run(lift: 420) == [
                "520 barFlicker bar changed 3 times", "520 wrongFinalBar c",
                "520 barFlicker bar changed 2 times", "520 wrongFinalBar c",
            ])
    }

    @Test func aPopDuringTheSwipeEndsItAtOnce() throws {
        // At 100 (after the move there: progress 0.375) a pop arrives: b is put back ([a, b]) and
        // popped again by the operation (pop b -> a, 100 to 600). b's instance left the stack: P
        // settles at 100, completed, by interrupted, releasedAt and velocity null, progress as last
        // set. The move at 150 (0.625) and the lift are ignored by P.
        let report = try replay(
            Self.trace(extra: Self.wide, Self.swipe + "\n- {t: 100, pop: true}"), rulesDocument: Self.immediate)
        #expect(
            report.gestures[0].pop
                == PopRecord(
                    result: .completed, by: .interrupted, releasedAt: nil, progress: 0.375, velocity: nil,
                    settledAt: 100, why: .interrupted(at: 100, removed: true)))
        #expect(
            report.transitions == [
                TransitionRecord(
                    kind: .interactivePop, start: 0, end: 100, from: "b", to: "a", animated: true, result: .completed),
                TransitionRecord(
                    kind: .pop, start: 100, end: 600, from: "b", to: "a", animated: true, result: .completed),
            ])
        #expect(report.final.stack == ["a"])
        // popToRoot and a setStack without b remove it too; a setStack keeping b (the same
        // instance) leaves it in the stack, so the lift cancels P, by interrupted (0.625 would have
        // completed): min(floor(800 * 0.625), 300) = 300 ms after 150.
        let three = "[{id: r}, {id: a}, {id: b}]"
        let toRoot = try replay(
            Self.trace(stack: three, extra: Self.wide, Self.swipe + "\n- {t: 100, popToRoot: true}"),
            rulesDocument: Self.immediate)
        #expect(
            toRoot.gestures[0].pop?.by == .interrupted && toRoot.gestures[0].pop?.settledAt == 100
                && toRoot.final.stack == ["r"])
        let withoutB = try replay(
            Self.trace(stack: three, extra: Self.wide, Self.swipe + "\n- {t: 100, setStack: [{id: r}, {id: a}]}"),
            rulesDocument: Self.immediate)
        #expect(withoutB.gestures[0].pop?.result == .completed && withoutB.gestures[0].pop?.by == .interrupted)
        #expect(
            withoutB.transitions.last?.kind == .setStack && withoutB.transitions.last?.from == "b"
                && withoutB.final.stack == ["r", "a"])
        let keepingB = try replay(
            Self.trace(stack: three, extra: Self.wide, Self.swipe + "\n- {t: 100, setStack: [{id: a}, {id: b}]}"),
            rulesDocument: Self.immediate)
        #expect(
            keepingB.gestures[0].pop
                == PopRecord(
                    result: .cancelled, by: .interrupted, releasedAt: 150, progress: 0.625, velocity: 0,
                    settledAt: 450, why: .interrupted(at: 100, removed: false),
                    settle: Self.cancelledFrom0625))
        // The top stayed b's instance: no setStack transition, only P.
        #expect(keepingB.transitions.count == 1 && keepingB.final.stack == ["a", "b"])
    }

    @Test func aPushAfterTheReleaseRunsOnTheStackAsItIs() throws {
        // The lift at 100 with progress 500 / 800 = 0.625 completes P by progress; it settles in
        // floor(800 * 0.375) = 300 ms, at 400. The push at 200 runs at once on [a] (b has left):
        // push a -> c, 200 to 700. P settles at its own end, completed.
        let completing = """
            - touch: 1
              samples: [[0, 5, 300], [50, 305, 300], [100, 505, 300]]
              up: 100
            - {t: 200, push: {id: c}}
            """
        let report = try replay(Self.trace(extra: Self.wide, completing), rulesDocument: Self.immediate)
        #expect(
            report.gestures[0].pop?.result == .completed && report.gestures[0].pop?.by == .progress
                && report.gestures[0].pop?.settledAt == 400)
        #expect(
            report.transitions.map { [$0.start, $0.end] } == [[0, 400], [200, 700]] && report.transitions[1].from == "a"
        )
        #expect(report.final.stack == ["a", "c"] && report.notes.isEmpty)
        // Deferred, the push waits for P's settle: a note at 200, the push from 400 to 900.
        let deferred = try replay(Self.trace(extra: Self.wide, completing), rulesDocument: Self.deferred)
        #expect(
            deferred.notes.map(\.t) == [200] && deferred.transitions[1].start == 400
                && deferred.final.stack == ["a", "c"])
        // A cancelling P (at 100 progress (105 - 5) / 800 = 0.125: cancelled by progress, settling in
        // min(floor(800 * 0.125), 300) = 100 ms, at 200): a push at 150 puts b back first and runs on
        // [a, b] (push b -> c, 150 to 650); P settles at 200 without adding b again.
        let cancelling = try replay(
            Self.trace(
                extra: Self.wide,
                """
                - touch: 1
                  samples: [[0, 5, 300], [50, 55, 300], [100, 105, 300]]
                  up: 100
                - {t: 150, push: {id: c}}
                """), rulesDocument: Self.immediate)
        #expect(cancelling.gestures[0].pop?.result == .cancelled && cancelling.gestures[0].pop?.by == .progress)
        #expect(cancelling.transitions.map(\.end) == [200, 650] && cancelling.transitions[1].from == "b")
        #expect(cancelling.final.stack == ["a", "b", "c"])
    }

    /// Collects the transitions a committed replay hands over, as a streaming writer would.
    final class TransitionLog: ReplayObserver, @unchecked Sendable {
        var handedOver: [TransitionRecord] = []
        func began(trace: String, source: String, rules: String) {}
        func closed(gesture: GestureRecord) {}
        func closed(transition: TransitionRecord) { handedOver.append(transition) }
        func changed(bar: BarEntry) {}
        func found(anomaly: Anomaly) {}
        func found(note: Note) {}
        func found(detection: Detection) {}
        func reached(_ t: Double) {}
        func finished(_ report: TraceReport) {}
    }

    @Test func overlappingTransitionsAreHandedOverInReportOrder() throws {
        // As in the overlap test with L = 450: the push (started 20) settles at 520, before P
        // (started 0) at 550. A replay without records hands the push over only after P, each
        // record once and settled.
        let trace = try loadTrace(
            Self.trace(
                extra: "screen: {width: 1000, height: 600}\n",
                """
                - touch: 1
                  samples: [[0, 5, 300], [450, 130, 300]]
                  up: 450
                - {t: 20, push: {id: c}}
                """))
        let log = TransitionLog()
        let immediate = try rules(Self.immediate)
        let report = Replay(rules: immediate, observer: log, fromStart: true).run(trace)
        #expect(report.transitions.isEmpty)
        #expect(log.handedOver == Replay(rules: immediate).run(trace).transitions)
        #expect(log.handedOver.map(\.end) == [550, 520])
    }

    // MARK: diff

    @Test func diffNamesTheDeferralThatImmediateOperationsDrop() throws {
        // The swipe completes under both (progress 500 / 800 = 0.625 at 100, by progress, settling
        // at 100 + floor(800 * 0.375) = 400) and the push of c makes [a, c] either way: only the
        // deferrals differ. diff says so as it says anomalies: the kinds removed and added.
        let trace = try loadTrace(
            Self.trace(
                extra: Self.wide,
                """
                - touch: 1
                  samples: [[0, 5, 300], [50, 305, 300], [100, 505, 300]]
                  up: 100
                - {t: 200, push: {id: c}}
                - {t: 300, push: {id: a}}
                """))
        let base = Replay(rules: try rules(Self.deferred)).run(trace)
        let head = Replay(rules: try rules(Self.immediate)).run(trace)
        // A push of a at 300, already in the stack, is a duplicate under both; under cupertino it is
        // deferred first (behind the deferred push), and is found a duplicate when it runs, at 900.
        #expect(
            ReportDiff.changes(base: base, head: head) == [
                ReportChange(
                    kind: "notes -deferred", detail: "notes: [deferred, deferred, duplicatePush] -> [duplicatePush]")
            ])
    }
}
