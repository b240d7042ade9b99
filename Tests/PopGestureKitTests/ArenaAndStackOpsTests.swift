import Testing
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
        let tap = Self.trace("""
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
        #expect(gesture.pop == PopRecord(result: .cancelled, by: .progress, releasedAt: 60, progress: 0, velocity: 0, settledAt: 60,
                                         why: .progress(progress: 0, threshold: 0.5, strict: false)))
        #expect(alone.transitions == [TransitionRecord(kind: .interactivePop, start: 0, end: 60, from: "b", to: "a", animated: true,
                                                       result: .cancelled)])
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
        let swipe = Self.trace(extra: "screen: {width: 400, height: 800}\n", """
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
        let uikitAlone = Self.rulesDocument("uikit", "recognizer: {arena: alone}\nbegin: [rootOnly, transitioning, direction, horizontal]")
        // Down at x = 30 > 15: outsideEdge at the down, before any arena.
        let outside = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 30, 300]]
              up: 60
            """), rulesDocument: uikitAlone).gestures[0]
        #expect(outside.outcome == .refused && outside.reason == .outsideEdge && outside.decidedAt?.t == 0)
        // Down at x = 5: T = (0, 0) would fail `direction` (0 * 1 <= 0), but a zero translation has
        // no direction: began at the down. The finger then goes left and up: the pop only tracks it.
        let inside = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 5, 300], [16, 2, 200]]
              up: 20
            """), rulesDocument: uikitAlone).gestures[0]
        #expect(inside.outcome == .began && inside.decidedAt == Sample(t: 0, x: 5, y: 300))
        // Projection statistics from the down: the recognition sample at 0, the move at 16 (dts = 16
        // >= 10, taken) and the lift at 20 (dts = 4, displacement unchanged: skipped): n = 2 < 3, so
        // lowSampleVelocity; the finger moved left, the average velocity is < 0: cancelled.
        #expect(inside.pop?.result == .cancelled && inside.pop?.by == .lowSampleVelocity && inside.pop?.progress == 0)
    }

    @Test func decidedAtTheDownItIgnoresASecondFinger() throws {
        // maxTouches 1. Contested, finger 2 landing at 10 before the slop is passed fails the gesture
        // (tooManyTouches); alone, the gesture was decided at 0 and ignores it.
        let twoFingers = Self.trace("""
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
        let report = try replay(Self.trace("""
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
        let report = try replay(Self.trace("""
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
        #expect(arena?.line == 2 && arena?.column == 21)
        #expect(arena?.message.contains("unknown arena `alon`; expected one of contested, alone, byContent") == true)
        #expect(arena?.suggestion == "did you mean `alone`?")
        // `stackOps: ` is 10 characters.
        let stackOps = rulesError("format: popgesture-rules/1\nstackOps: immediately\n")
        #expect(stackOps?.line == 2 && stackOps?.column == 11)
        #expect(stackOps?.message.contains("unknown stackOps `immediately`; expected one of deferred, immediate") == true)
        #expect(stackOps?.suggestion == "did you mean `immediate`?")
        // A misspelt key is unknown, with the nearest known one, at the top level and in `recognizer`.
        #expect(rulesError("format: popgesture-rules/1\nstackOp: immediate\n")?.suggestion == "did you mean `stackOps`?")
        #expect(rulesError("format: popgesture-rules/1\nrecognizer: {arina: alone}\n")?.suggestion == "did you mean `arena`?")
        // Not a name at all.
        #expect(rulesError("format: popgesture-rules/1\nstackOps: [immediate]\n")?.line == 2)
    }

    @Test func bothKeysDefaultToTodaysBehaviourAndMerge() throws {
        let fd = try RulesLoader.load("fd")
        #expect(fd.recognizer.arena == .contested && fd.stackOps == .deferred)
        let merged = try rules("format: popgesture-rules/1\nextends: cupertino\nrecognizer: {arena: alone}\nstackOps: immediate\n")
        #expect(merged.recognizer.arena == .alone && merged.recognizer.kind == .horizontalSlop && merged.stackOps == .immediate)
    }
}
