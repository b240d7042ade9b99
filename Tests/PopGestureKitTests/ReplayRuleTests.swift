import Testing
@testable import PopGestureKit

/// One test per rule of SPEC sections 2-5: a tiny trace, the decision expected, and the arithmetic
/// done by hand in a comment. W is 390 unless a trace says otherwise.
@Suite struct ReplayRuleTests {
    static func trace(stack: String = "[{id: a}, {id: b}]", extra: String = "", _ events: String) -> String {
        "format: popgesture-trace/1\nstack: \(stack)\n\(extra)events:\n\(events)\n"
    }

    static func close(_ a: Double?, _ b: Double) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= 1e-9 * max(1, abs(b))
    }

    // MARK: Recognition and the arbiter (section 3)

    @Test func uikitHysteresisIsRemovedPerAxis() throws {
        // d.x = 60.5 - 50 = 10.5 >= 10: recognized; T.x = 10.5 - 10 = 0.5, so progress = 0.5 / 390.
        // One move: velocity 10.5 / 16 * 1000 = 656.25. No move after recognition, so the lift
        // decides by lowSampleVelocity: moved is false -> cancelled. Settle (uikit): r = p,
        // r * W / |vr| * 1000 = 0.5 / 656.25 * 1000 ms after the lift at 20.
        let report = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 50, 400], [16, 60.5, 400]]
              up: 20
            """))
        let gesture = report.gestures[0]
        #expect(gesture.outcome == .began && gesture.decidedAt == Sample(t: 16, x: 60.5, y: 400))
        #expect(gesture.pop?.progress == 0.5 / 390)
        #expect(gesture.pop?.result == .cancelled && gesture.pop?.by == "lowSampleVelocity")
        #expect(gesture.pop?.velocity == 656.25)
        #expect(Self.close(gesture.pop?.settledAt, 20 + 0.5 / 656.25 * 1000))
    }

    @Test func verticalFirstIsWrongDirectionUnderFD() throws {
        // |d.y| = 10 reaches the hysteresis first: T = (r(3), r(10)) = (0, 0); direction refuses T.x * 1 <= 0.
        let report = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 100, 400], [16, 103, 410], [32, 140, 412]]
              up: 40
            """))
        #expect(report.gestures[0].outcome == .refused && report.gestures[0].reason == "wrongDirection")
        #expect(report.gestures[0].decidedAt?.t == 16)
        #expect(report.gestures[0].pop == nil && report.final.stack == ["a", "b"])
    }

    @Test func maxStartXLooksAtTheRecognitionPoint() throws {
        // Down at x = 35 (inside maxStartX 40), but recognition needs d.x >= 10, so location.x = 45 > 40.
        let report = try replay(Self.trace(stack: "[{id: a}, {id: b, maxStartX: 40}]", """
            - touch: 1
              samples: [[0, 35, 400], [16, 41, 400], [32, 45, 400]]
              up: 40
            """))
        #expect(report.gestures[0].reason == "beyondMaxStartX" && report.gestures[0].decidedAt?.x == 45)
    }

    static let rtlLeadingEdgeSwipe = trace(stack: "[{id: a}, {id: b, maxStartX: 40}]", extra: "layoutDirection: rtl\n", """
        - touch: 1
          samples: [[0, 370, 400], [16, 355, 400], [32, 300, 400]]
          up: 40
        """)

    @Test func rtlMaxStartXUsesRawXUnderFDAndTheLeadingEdgeWhenMirrored() throws {
        // Down 20 pt from the leading (right) edge; recognized at x = 355 with T.x = -(15 - 10) = -5.
        // fd compares the raw x: 355 > 40 -> beyondMaxStartX.
        let fd = try replay(Self.rtlLeadingEdgeSwipe)
        #expect(fd.gestures[0].outcome == .refused && fd.gestures[0].reason == "beyondMaxStartX")
        // mirrorMaxStartX: s = 390 - 355 = 35 <= 40; direction is mirrored: T.x * -1 = 5 > 0 -> began.
        let fixed = try replay(Self.rtlLeadingEdgeSwipe, rulesDocument: "format: popgesture-rules/1\nname: rtl-fix\nextends: fd\nmirrorMaxStartX: true\n")
        #expect(fixed.gestures[0].outcome == .began)
    }

    @Test func rtlDirectionIsMirroredUnderFDButNotUnderFD11() throws {
        let swipe = Self.trace(extra: "layoutDirection: rtl\n", """
            - touch: 1
              samples: [[0, 370, 400], [16, 355, 400], [32, 300, 400]]
              up: 40
            """)
        // T.x = -5: fd mirrors (k = -1, 5 > 0); fd-1.1 does not (k = 1, -5 <= 0).
        #expect(try replay(swipe, rules: "fd").gestures[0].outcome == .began)
        #expect(try replay(swipe, rules: "fd-1.1").gestures[0].reason == "wrongDirection")
    }

    @Test func aSecondFingerBeforeRecognitionIsTooManyTouches() throws {
        let twoFingers = Self.trace("""
            - touch: 1
              samples: [[0, 50, 400], [16, 62, 400], [32, 100, 400]]
              up: 40
            - touch: 2
              samples: [[5, 200, 300]]
              up: 60
            """)
        // Two fingers down at t = 5 > maxTouches 1: refused at finger 2's down sample.
        let fd = try replay(twoFingers)
        #expect(fd.gestures.count == 1)
        #expect(fd.gestures[0].reason == "tooManyTouches" && fd.gestures[0].decidedAt == Sample(t: 5, x: 200, y: 300))
        // maxTouches 2 allows it; finger 1 then begins at 16 (d.x = 12).
        let two = try replay(twoFingers, rulesDocument: "format: popgesture-rules/1\nrecognizer: {maxTouches: 2}\n")
        #expect(two.gestures[0].outcome == .began && two.gestures[0].decidedAt?.t == 16)
    }

    @Test func fingersAfterTheDecisionAreIgnored() throws {
        let report = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 50, 400], [16, 62, 400], [32, 200, 400]]
              up: 40
            - touch: 2
              samples: [[20, 300, 300], [30, 100, 300]]
              up: 80
            """))
        // Began at 16; finger 2 lands at 20 (decided, ignored) and lifts after finger 1: one gesture.
        #expect(report.gestures.count == 1 && report.gestures[0].outcome == .began)
        #expect(report.gestures[0].pop?.releasedAt == 40)
    }

    static let gestureDuringPush = trace("""
        - {t: 0, push: {id: c}}
        - touch: 1
          samples: [[100, 50, 400], [116, 62, 400], [132, 100, 400]]
          up: 140
        """)

    @Test func aGestureDuringAPushIsRefusedTransitioning() throws {
        // The push is in flight from 0 to 350.
        let report = try replay(Self.gestureDuringPush)
        #expect(report.gestures[0].reason == "transitioning")
    }

    @Test func withoutTheTransitioningCheckThePopIsIgnoredAsNested() throws {
        let report = try replay(Self.gestureDuringPush,
                                rulesDocument: "format: popgesture-rules/1\nbegin: [rootOnly, popDisabled, maxStartX, direction]\n")
        #expect(report.gestures[0].outcome == .began)
        #expect(report.gestures[0].pop == PopRecord(result: .ignored, by: "transitioning"))
        #expect(report.anomalies == [Finding(kind: "nestedTransition", t: 116, detail: "gesture 1 began during push")])
        #expect(report.transitions.count == 1)
    }

    @Test func rootOnlyRefusesAndWithoutItThePopIsIgnoredAtRoot() throws {
        let atRoot = Self.trace(stack: "[{id: a}]", """
            - touch: 1
              samples: [[0, 50, 400], [16, 62, 400]]
              up: 40
            """)
        #expect(try replay(atRoot).gestures[0].reason == "atRoot")
        let lax = try replay(atRoot, rulesDocument: "format: popgesture-rules/1\nbegin: [direction]\n")
        #expect(lax.gestures[0].pop == PopRecord(result: .ignored, by: "atRoot"))
        #expect(lax.anomalies.isEmpty && lax.transitions.isEmpty)
    }

    @Test func edgeRegionAndUnrecognizedGestures() throws {
        let report = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 20, 400], [16, 60, 400]]
              up: 20
            - touch: 1
              samples: [[100, 5, 400], [116, 9, 400]]
              up: 120
            - touch: 1
              samples: [[200, 5, 400], [216, 9, 405]]
              cancel: 220
            - touch: 1
              samples: [[300, 5, 400]]
            """), rules: "uikit")
        // 20 > edgeWidth 15: refused at the down sample. The others never move 10 pt.
        #expect(report.gestures[0].reason == "outsideEdge" && report.gestures[0].decidedAt == Sample(t: 0, x: 20, y: 400))
        #expect(report.gestures[1...].map { $0.reason } == ["touchEnded", "touchCancelled", "traceEnded"])
        #expect(report.gestures[1...].allSatisfy { $0.outcome == .unrecognized && $0.decidedAt == nil && $0.pop == nil })
    }

    // MARK: The interactive pop, release and settle (section 4)

    @Test func projectionCompletesAFastShortSwipe() throws {
        // Recognized at 20 (T.x = 240 - 50 - 10 = 180, p = 180/390); raws 9500 then 0, so the velocity
        // at the lift is 0.2 * 0 + 0.8 * 9500 = 7600. Three statistics samples (20, 32, 44: 12 ms
        // apart) and a move after recognition: projection; release velocity W * prevV = 7600.
        // Settle: (1 - p) * W / 7600 * 1000 = 210 / 7600 * 1000 ms after 44.
        let report = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 50, 400], [20, 240, 400], [32, 240, 400]]
              up: 44
            """))
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .completed && pop.by == "projection")
        #expect(Self.close(pop.progress, 180.0 / 390) && Self.close(pop.velocity, 7600))
        #expect(Self.close(pop.settledAt, 44 + 210.0 / 7600 * 1000))
        #expect(report.final.stack == ["a"])
    }

    @Test func projectionCancelsASlowShortSwipeAndBBComesBack() throws {
        // The README's worked example: p = 18/390, release velocity 0.2 * 40 + 0.8 * 150 = 128;
        // settle r * W / |vr| * 1000 = 18 / 128 * 1000 = 140.625 after 200.
        let report = try replay("""
            format: popgesture-trace/1
            stack: [{id: inbox}, {id: thread, barHidden: true}]
            events:
            - touch: 1
              samples: [[0, 40, 400], [16, 52, 401], [50, 60, 402], [90, 66, 402], [140, 68, 403]]
              up: 200
            """)
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .cancelled && pop.by == "projection")
        #expect(Self.close(pop.velocity, 128) && Self.close(pop.settledAt, 340.625))
        #expect(report.final.stack == ["inbox", "thread"])
        // A cancelled pop between a bar and a no-bar screen: shown at the start (inbox's block),
        // hidden again at the settle (thread's block): two entries in the window -> barFlicker.
        #expect(report.bar.map(\.cause) == ["initial", "willAppear:inbox", "willAppear:thread"])
        #expect(report.bar.map(\.t) == [0, 16, 340.625])
        #expect(report.anomalies == [Finding(kind: "barFlicker", t: 340.625, detail: "bar changed 2 times")])
    }

    @Test func thresholdCompletesAtExactlyTheThreshold() throws {
        // edge30: down at x = 10 (edge 15), recognized at x = 20 with T.x = 0; then T.x = 137 - 20 = 117,
        // p = 117/390 = 0.3 >= 0.3 -> completed by progress; linear settle (1 - p) * 150.
        let exact = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 10, 400], [16, 20, 400], [100, 137, 400]]
              up: 110
            """), rules: "edge30")
        #expect(exact.gestures[0].pop?.result == .completed && exact.gestures[0].pop?.by == "progress")
        let exactSettle: Double = 110 + (1 - 117.0 / 390) * 150
        #expect(exact.gestures[0].pop?.settledAt == exactSettle)
        let short = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 10, 400], [16, 20, 400], [100, 136.9, 400]]
              up: 110
            """), rules: "edge30")
        #expect(short.gestures[0].pop?.result == .cancelled)
        let shortSettle: Double = 110 + 116.9 / 390 * 150
        #expect(short.gestures[0].pop?.settledAt == shortSettle)
    }

    static let flingRules = """
        format: popgesture-rules/1
        extends: edge30
        completion: {model: threshold, progressThreshold: 0.5, flingVelocity: 1}
        """

    @Test func flingAtExactlyTheFlingVelocity() throws {
        // W = 400; last2: (19 - 15) / 10 * 1000 = 400 pt/s = 1 width/s >= 1 -> fling, v > 0 completes.
        let forward = try replay(Self.trace(extra: "screen: {width: 400}\n", """
            - touch: 1
              samples: [[0, 5, 400], [10, 15, 400], [20, 19, 400]]
              up: 25
            """), rulesDocument: Self.flingRules)
        #expect(forward.gestures[0].pop?.result == .completed && forward.gestures[0].pop?.by == "fling")
        #expect(forward.gestures[0].pop?.velocity == 400)
        // (11 - 15) / 10 * 1000 = -400: |v| = 1 -> fling, v < 0 cancels.
        let back = try replay(Self.trace(extra: "screen: {width: 400}\n", """
            - touch: 1
              samples: [[0, 5, 400], [10, 15, 400], [20, 11, 400]]
              up: 25
            """), rulesDocument: Self.flingRules)
        #expect(back.gestures[0].pop?.result == .cancelled && back.gestures[0].pop?.by == "fling")
    }

    @Test func velocitySignAtZeroFollowsPopOnZero() throws {
        // last2 over two samples at the same x: v = 0.
        let still = Self.trace("""
            - touch: 1
              samples: [[0, 5, 400], [10, 15, 400], [20, 40, 400], [30, 40, 400]]
              up: 35
            """)
        func rules(_ popOnZero: Bool) -> String {
            "format: popgesture-rules/1\nextends: edge30\ncompletion: {model: velocitySign, popOnZero: \(popOnZero)}\n"
        }
        let on = try replay(still, rulesDocument: rules(true))
        #expect(on.gestures[0].pop?.result == .completed && on.gestures[0].pop?.by == "velocitySign")
        #expect(try replay(still, rulesDocument: rules(false)).gestures[0].pop?.result == .cancelled)
    }

    @Test func uikitSettleIsZeroAtZeroRemainingAndDWithoutVelocity() throws {
        // Back past the origin: T.x < 0 so p = 0; cancelled with r = p = 0 -> settles at the lift.
        let back = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 100, 400], [16, 120, 400], [32, 90, 400], [48, 90, 400], [64, 90, 400]]
              up: 80
            """))
        #expect(back.gestures[0].pop?.progress == 0 && back.gestures[0].pop?.result == .cancelled)
        #expect(back.gestures[0].pop?.settledAt == 80)
        // The 10 ms rule drops nothing here; the release velocity is 0 (no motion in the last moves)
        // and r > 0, so the settle takes D = 350.
        let still = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 50, 400], [20, 100, 400], [30, 100, 400], [40, 100, 400]]
              up: 40
            """))
        #expect(still.gestures[0].pop?.velocity == 0 && still.gestures[0].pop?.settledAt == 390)
    }

    @Test func cupertinoSettleFramesAndTheCancelCap() throws {
        // Samples 50 ms apart: lsq2 keeps one sample (gap > 40), so velocity 0 and no fling.
        // Recognized at x = 29 (|d.x| = 19 > 18) with T = 0; W = 400.
        func swipe(to x: Double) -> String {
            Self.trace(extra: "screen: {width: 400}\n", """
                - touch: 1
                  samples: [[0, 10, 400], [50, 29, 400], [100, \(formatNumber(x)), 400]]
                  up: 110
                """)
        }
        // p = 100/400 = 0.25: cancelled, min(floor(800 * 0.25), 300) = 200.
        #expect(try replay(swipe(to: 129), rules: "cupertino").gestures[0].pop?.settledAt == 310)
        // p = 180/400 = 0.45: cancelled, floor(360) capped at 300.
        #expect(try replay(swipe(to: 209), rules: "cupertino").gestures[0].pop?.settledAt == 410)
        // p = 240/400 = 0.6: completed, floor(800 * (1 - 0.6)) = 320.
        let completed = try replay(swipe(to: 269), rules: "cupertino").gestures[0].pop
        #expect(completed?.result == .completed && completed?.by == "progress" && completed?.settledAt == 430)
    }

    @Test func aCancelledTouchSettlesLinearly() throws {
        // T.x = 88 - 50 - 10 = 28 at the cancel: p = 28/390, settle p * 350 whatever the model.
        let report = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 50, 400], [16, 62, 400], [32, 88, 400]]
              cancel: 40
            """))
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .cancelled && pop.by == "touchCancelled")
        let settle: Double = 40 + 28.0 / 390 * 350
        #expect(pop.settledAt == settle)
        #expect(report.transitions[0].result == .cancelled && report.final.stack == ["a", "b"])
    }

    // MARK: Stack operations and deferral (sections 2 and 4)

    @Test func deferredOperationsRunAtTheSettleAndWaitAgainBehindAnimatedOnes() throws {
        let report = try replay(Self.trace("""
            - {t: 0, push: {id: c}}
            - {t: 100, push: {id: d}}
            - {t: 120, push: {id: e}}
            """))
        // c is in flight 0-350; d and e are deferred when they arrive; d runs at 350 (in flight to
        // 700), so e waits again and runs at 700.
        #expect(report.notes == [Finding(kind: "deferred", t: 100, detail: "push"), Finding(kind: "deferred", t: 120, detail: "push")])
        #expect(report.transitions.map(\.start) == [0, 350, 700])
        #expect(report.transitions.map(\.end) == [350, 700, 1050])
        #expect(report.final.stack == ["a", "b", "c", "d", "e"])
    }

    @Test func operationsDeferredBehindAnUnfinishedPopNeverRun() throws {
        let report = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 50, 400], [16, 80, 400], [32, 120, 400]]
            - {t: 100, push: {id: c}, animated: false}
            """))
        #expect(report.gestures[0].pop?.result == .unfinished)
        #expect(report.transitions == [TransitionRecord(kind: .interactivePop, start: 16, end: nil, from: "b", to: "a", animated: true, result: .unfinished)])
        #expect(report.notes == [Finding(kind: "deferred", t: 100, detail: "push")])
        #expect(report.final.stack == ["a"])
    }

    @Test func updateAndSetBarHiddenAreNeverDeferred() throws {
        let report = try replay(Self.trace("""
            - {t: 0, push: {id: c}}
            - {t: 100, setBarHidden: true, animated: false}
            - {t: 110, update: {id: c, popDisabled: true}}
            - {t: 120, push: {id: a}}
            - {t: 400, pop: true}
            - {t: 900, popToRoot: true}
            - {t: 1300, pop: true}
            - {t: 1400, update: {id: zz}}
            """))
        // setBarHidden lands at once; non-animated during the animated push -> abruptBarChange.
        // The pop at 400 brings b back, whose willAppear block shows the bar again (animated).
        #expect(report.bar.map(\.t) == [0, 100, 400])
        #expect(report.bar.map(\.cause) == ["initial", "app", "willAppear:b"])
        #expect(report.anomalies.first == Finding(kind: "abruptBarChange", t: 100, detail: "non-animated bar change during push"))
        // The push of `a`, already in the stack, is deferred to 350 and then ignored.
        #expect(report.notes.map(\.kind) == ["deferred", "duplicatePush", "popAtRoot", "unknownVC"])
        #expect(report.notes.map(\.t) == [120, 350, 1300, 1400])
        #expect(report.transitions.map(\.kind) == [.push, .pop, .popToRoot])
    }

    @Test func anUpdateOfThePoppingViewControllerIsUnknown() throws {
        // B leaves the stack when the pop begins (16) and is gone for good at the settle.
        let report = try replay(Self.trace("""
            - touch: 1
              samples: [[0, 50, 400], [16, 62, 400], [32, 300, 400]]
              up: 40
            - {t: 20, update: {id: b, barHidden: true}}
            """))
        #expect(report.notes == [Finding(kind: "unknownVC", t: 20, detail: "b")])
    }

    // MARK: The bar coordinator (section 5)

    static let setStackThenPop = trace(stack: "[{id: root}, {id: x, barHidden: true}]", """
        - {t: 100, setStack: [{id: home}, {id: x}], animated: false}
        - {t: 200, pop: true}
        """)

    @Test func aScreenInstalledBySetStackHasNoBlock() throws {
        // The initial bar is hidden (x prefers it). setStack keeps x on top (no transition) and makes
        // `home` without a willAppear block. Popping to it: no block sets the bar.
        // fd-1.1 (no hook): still hidden when the pop settles at 550, home prefers shown -> wrongFinalBar.
        let old = try replay(Self.setStackThenPop, rules: "fd-1.1")
        #expect(old.bar.count == 1)
        #expect(old.anomalies == [Finding(kind: "wrongFinalBar", t: 550, detail: "top home prefers barHidden=false, bar is hidden")])
        // fd's disappear hook shows it at once, without animation, during the animated pop.
        let fd = try replay(Self.setStackThenPop, rules: "fd")
        #expect(fd.bar.map(\.cause) == ["initial", "disappearHook:x"])
        #expect(fd.anomalies == [Finding(kind: "abruptBarChange", t: 200, detail: "non-animated bar change during pop")])
        #expect(fd.final.barHidden == false)
    }

    @Test func theInitialStackCountsAsPushedSoALoneRootHasNoBlock() throws {
        // A lone root has no block: pushing b (barHidden) gives b and the root blocks; popping back
        // shows the bar through the root's block.
        let report = try replay(Self.trace(stack: "[{id: a}]", """
            - {t: 0, push: {id: b, barHidden: true}}
            - {t: 500, pop: true}
            """), rules: "fd-1.1")
        #expect(report.bar.map(\.cause) == ["initial", "willAppear:b", "willAppear:a"])
        #expect(report.bar.map(\.hidden) == [false, true, false])
        #expect(report.anomalies.isEmpty)
    }

    // MARK: Velocity estimators (section 4)

    @Test func uikitVelocityBlendsTheLastTwoRawVelocities() {
        var estimator = UIKitVelocityEstimator()
        estimator.add(Sample(t: 0, x: 0, y: 0))
        #expect(estimator.velocity == .zero)
        estimator.add(Sample(t: 10, x: 10, y: 0))  // raw 1000
        #expect(estimator.velocity == Vector(x: 1000, y: 0))
        estimator.add(Sample(t: 20, x: 30, y: 5))  // raw (2000, 500): 0.2 * 2000 + 0.8 * 1000 = 1200
        #expect(estimator.velocity == Vector(x: 1200, y: 100))
        estimator.add(Sample(t: 20.5, x: 31, y: 5))  // dt < 1 ms: raw 0; 0.8 * 2000 = 1600
        #expect(estimator.velocity == Vector(x: 1600, y: 400))
    }

    @Test func lastTwoVelocity() {
        var estimator = LastTwoVelocityEstimator()
        estimator.add(Sample(t: 0, x: 0, y: 0))
        #expect(estimator.velocity == .zero)
        estimator.add(Sample(t: 10, x: 10, y: 0))
        estimator.add(Sample(t: 20, x: 30, y: -5))
        #expect(estimator.velocity == Vector(x: 2000, y: -500))
    }

    @Test func leastSquaresRecoversAQuadraticsSlope() {
        // x = 5 + 2 tau + 0.01 tau^2 (tau = t - 100): the slope at the newest sample is 2 pt/ms.
        var estimator = LeastSquaresVelocityEstimator()
        for t in stride(from: 40.0, through: 100, by: 10) {
            let tau = t - 100
            estimator.add(Sample(t: t, x: 5 + 2 * tau + 0.01 * tau * tau, y: 7))
        }
        #expect(Self.close(estimator.velocity.x, 2000))
        #expect(abs(estimator.velocity.y) < 1e-9)
        // A gap over 40 ms ends the window: only 80 and 70 are kept, fewer than 3 -> zero.
        var gapped = LeastSquaresVelocityEstimator()
        for t in [0.0, 10, 20, 70, 80] { gapped.add(Sample(t: t, x: t, y: 0)) }
        #expect(gapped.velocity == .zero)
    }
}
