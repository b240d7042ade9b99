import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// One test per rule of SPEC sections 2-5: a tiny trace, the decision expected, and the arithmetic
/// done by hand in a comment. W is 390 and the rules are `fd` unless a test says otherwise; D = 350.
@Suite struct ReplayRuleTests {
    static func trace(stack: String = "[{id: a}, {id: b}]", extra: String = "", _ events: String) -> String {
        "format: popgesture-trace/1\nstack: \(stack)\n\(extra)events:\n\(events)\n"
    }

    /// A rules document; keys it does not set take `fd`'s values.
    static func rulesDocument(_ body: String) -> String {
        "format: popgesture-rules/1\n\(body)\n"
    }

    /// |a - b| <= 1e-9 * max(1, |b|): for values whose arithmetic is not exact in binary.
    static func close(_ a: Double?, _ b: Double) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= 1e-9 * max(1, abs(b))
    }

    // MARK: Recognition and the arbiter (section 3)

    @Test func uikitHysteresisIsRemovedPerAxis() throws {
        // d.x = 60.5 - 50 = 10.5 >= 10: recognized at 16; T.x = 60.5 - 50 - 10 = 0.5, p = 0.5/390.
        // Velocity at 16: one raw, 10.5 / 16 * 1000 = 656.25. No move after the recognition sample,
        // so `moved` is false: lowSampleVelocity cancels, release velocity c * v.x = 656.25.
        // Settle (uikit): r = p, r * W / |vr| * 1000 = 0.5 / 656.25 * 1000 ms after the lift at 20.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400], [16, 60.5, 400]]
                  up: 20
                """))
        let gesture = report.gestures[0]
        #expect(gesture.outcome == .began && gesture.reason == nil)
        #expect(gesture.decidedAt == Sample(t: 16, x: 60.5, y: 400))
        #expect(gesture.pop?.progress == 0.5 / 390)
        #expect(gesture.pop?.result == .cancelled && gesture.pop?.by == .lowSampleVelocity)
        #expect(gesture.pop?.velocity == 656.25)
        #expect(Self.close(gesture.pop?.settledAt, 20 + 0.5 / 656.25 * 1000))
        #expect(report.transitions.first?.start == 16 && report.transitions.first?.kind == .interactivePop)
        #expect(report.final.stack == ["a", "b"])
    }

    @Test func theHysteresisIsRemovedFromYToo() throws {
        let horizontalOnly = Self.rulesDocument("begin: [horizontal]")
        // d = (12, -13): T = (12 - 10, -(13 - 10)) = (2, -3); |-3| > |2| -> notHorizontal.
        let steep = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 100, 400], [16, 112, 387]]
                  up: 20
                """), rulesDocument: horizontalOnly)
        #expect(steep.gestures[0].outcome == .refused && steep.gestures[0].reason == .notHorizontal)
        #expect(steep.gestures[0].decidedAt == Sample(t: 16, x: 112, y: 387))
        // d = (13, -12): T = (3, -2); |-2| <= |3| -> began.
        let flat = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 100, 400], [16, 113, 388]]
                  up: 20
                """), rulesDocument: horizontalOnly)
        #expect(flat.gestures[0].outcome == .began)
    }

    @Test func verticalFirstIsWrongDirectionUnderFD() throws {
        // At 16, |d.y| = 10 reaches h first (|d.x| = 3): T = (r(3), r(10)) = (0, 0).
        // fd's checks: rootOnly (2 VCs), popDisabled, maxStartX (0 = none), transitioning pass;
        // direction: T.x * 1 = 0 <= 0 -> wrongDirection. The later horizontal move changes nothing.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 100, 400], [16, 103, 410], [32, 140, 412]]
                  up: 40
                """))
        #expect(report.gestures[0].outcome == .refused && report.gestures[0].reason == .wrongDirection)
        #expect(report.gestures[0].decidedAt == Sample(t: 16, x: 103, y: 410))
        #expect(report.gestures[0].pop == nil && report.transitions.isEmpty && report.final.stack == ["a", "b"])
    }

    @Test func maxStartXLooksAtTheRecognitionPoint() throws {
        // Down at x = 35 (inside maxStartX 40). At 16, d.x = 6 < 10: nothing. At 32, d.x = 10:
        // recognized with location.x = 45 > 40 -> beyondMaxStartX (before direction, which T.x = 0
        // would also fail).
        let report = try replay(
            Self.trace(
                stack: "[{id: a}, {id: b, maxStartX: 40}]",
                """
                - touch: 1
                  samples: [[0, 35, 400], [16, 41, 400], [32, 45, 400]]
                  up: 40
                """))
        #expect(report.gestures[0].outcome == .refused && report.gestures[0].reason == .beyondMaxStartX)
        #expect(report.gestures[0].decidedAt == Sample(t: 32, x: 45, y: 400))
        // Down at 29, recognized at x = 40 (d.x = 11, T.x = 1): 40 > 40 is false -> began.
        let boundary = try replay(
            Self.trace(
                stack: "[{id: a}, {id: b, maxStartX: 40}]",
                """
                - touch: 1
                  samples: [[0, 29, 400], [16, 40, 400]]
                  up: 20
                """))
        #expect(
            boundary.gestures[0].outcome == .began && boundary.gestures[0].decidedAt == Sample(t: 16, x: 40, y: 400))
    }

    @Test func popDisabledRefusesAndAnUpdateLiftsItAtOnce() throws {
        // b.popDisabled: refused at 16 (T.x = 2). The update at 100 applies at once (nothing is in
        // flight, and updates are never deferred anyway): the second swipe begins at 216.
        let report = try replay(
            Self.trace(
                stack: "[{id: a}, {id: b, popDisabled: true}]",
                """
                - touch: 1
                  samples: [[0, 50, 400], [16, 62, 400]]
                  up: 20
                - {t: 100, update: {id: b, popDisabled: false}}
                - touch: 1
                  samples: [[200, 50, 400], [216, 62, 400], [232, 100, 400]]
                  up: 240
                """))
        #expect(report.gestures.map(\.reason) == [.popDisabled, nil])
        #expect(report.gestures[1].outcome == .began && report.gestures[1].decidedAt?.t == 216)
        #expect(report.notes.isEmpty)
    }

    @Test func locationLimitUnderTZComesAfterDirection() throws {
        // tz: transitioning, rootOnly, popDisabled, direction, locationLimit (40).
        // 1: 35 -> 45, d.x = 10, T.x = 0: direction refuses first.
        // 2: 35 -> 46, T.x = 1: direction passes; 46 > 40 -> beyondLocationLimit.
        // 3: 29 -> 40, T.x = 1: 40 > 40 is false -> began.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 35, 400], [16, 45, 400]]
                  up: 20
                - touch: 1
                  samples: [[100, 35, 400], [116, 46, 400]]
                  up: 120
                - touch: 1
                  samples: [[200, 29, 400], [216, 40, 400]]
                  up: 220
                """), rules: "tz")
        #expect(report.gestures.map(\.reason) == [.wrongDirection, .beyondLocationLimit, nil])
        #expect(report.gestures.map(\.outcome) == [.refused, .refused, .began])
    }

    static let rtlLeadingEdgeSwipe = trace(
        stack: "[{id: a}, {id: b, maxStartX: 40}]", extra: "layoutDirection: rtl\n",
        """
        - touch: 1
          samples: [[0, 370, 400], [16, 355, 400], [32, 300, 400]]
          up: 40
        """)

    @Test func rtlMaxStartXUsesRawXUnderFDAndTheLeadingEdgeWhenMirrored() throws {
        // Down 390 - 370 = 20 pt from the leading (right) edge; at 16 d.x = -15: recognized at
        // x = 355 with T.x = -(15 - 10) = -5. fd compares the raw x: 355 > 40 -> beyondMaxStartX.
        let fd = try replay(Self.rtlLeadingEdgeSwipe)
        #expect(fd.gestures[0].outcome == .refused && fd.gestures[0].reason == .beyondMaxStartX)
        #expect(fd.gestures[0].decidedAt == Sample(t: 16, x: 355, y: 400))
        #expect(fd.transitions.isEmpty)
        // mirrorMaxStartX: s = 390 - 355 = 35 <= 40; direction mirrored: -5 * -1 = 5 > 0 -> began.
        // Origin.x = 355 - (-5) = 360; at 32 T.x = 300 - 360 = -60, p = c * T.x / W = 60/390.
        // Velocity (uikit): raws (355 - 370)/16*1000 = -937.5, (300 - 355)/16*1000 = -3437.5;
        // at 32: 0.2 * -3437.5 + 0.8 * -937.5 = -1437.5; c * v.x = 1437.5.
        // Statistics: 16 (first), 32 (dts 16, taken), lift 40 (dts 8, same disp: skipped): n = 2
        // -> lowSampleVelocity; avgV = (937.5 + 1437.5) / 2 / 390 > 0 and moved -> completed.
        // Settle: (1 - 60/390) * 390 / 1437.5 * 1000 = 330 / 1437.5 * 1000 = 229.565... < 350.
        let fixed = try replay(
            Self.rtlLeadingEdgeSwipe,
            rulesDocument: """
                format: popgesture-rules/1
                name: rtl-fix
                extends: fd
                mirrorMaxStartX: true
                """)
        let gesture = fixed.gestures[0]
        #expect(gesture.outcome == .began && gesture.decidedAt == Sample(t: 16, x: 355, y: 400))
        let pop = try #require(gesture.pop)
        #expect(pop.result == .completed && pop.by == .lowSampleVelocity)
        #expect(Self.close(pop.progress, 60.0 / 390) && pop.velocity == 1437.5)
        #expect(Self.close(pop.settledAt, 40 + 330 / 1437.5 * 1000))
        #expect(fixed.final.stack == ["a"])
    }

    @Test func rtlDirectionIsMirroredUnderFDButNotUnderFD11() throws {
        let swipe = Self.trace(
            extra: "layoutDirection: rtl\n",
            """
            - touch: 1
              samples: [[0, 370, 400], [16, 355, 400], [32, 300, 400]]
              up: 40
            """)
        // T.x = -(15 - 10) = -5: fd mirrors (k = -1: 5 > 0, began); fd-1.1 does not (k = 1: -5 <= 0).
        let fd = try replay(swipe, rules: "fd")
        #expect(fd.gestures[0].outcome == .began && fd.gestures[0].decidedAt?.t == 16)
        let old = try replay(swipe, rules: "fd-1.1")
        #expect(old.gestures[0].outcome == .refused && old.gestures[0].reason == .wrongDirection)
        #expect(old.gestures[0].decidedAt == Sample(t: 16, x: 355, y: 400))
    }

    static let twoFingers = trace(
        """
        - touch: 1
          samples: [[0, 50, 400], [16, 62, 400], [32, 100, 400]]
          up: 40
        - touch: 2
          samples: [[5, 200, 300]]
          up: 60
        """)

    @Test func aSecondFingerBeforeRecognitionIsTooManyTouches() throws {
        // Finger 2 lands at 5, before finger 1's recognition at 16: 2 fingers down > maxTouches 1
        // -> refused, decided at finger 2's down sample.
        let fd = try replay(Self.twoFingers)
        #expect(fd.gestures.count == 1)
        #expect(fd.gestures[0].outcome == .refused && fd.gestures[0].reason == .tooManyTouches)
        #expect(fd.gestures[0].decidedAt == Sample(t: 5, x: 200, y: 300))
        #expect(fd.gestures[0].pop == nil && fd.transitions.isEmpty)
        // maxTouches 2: 2 <= 2 is allowed; finger 1 then begins at 16 (d.x = 12, T.x = 2).
        let two = try replay(Self.twoFingers, rulesDocument: Self.rulesDocument("recognizer: {maxTouches: 2}"))
        #expect(two.gestures.count == 1)
        #expect(two.gestures[0].outcome == .began && two.gestures[0].decidedAt == Sample(t: 16, x: 62, y: 400))
    }

    @Test func aThirdFingerIsTooManyForMaxTouchesTwo() throws {
        // Fingers 1 and 2 down (2 <= 2); finger 3 at 8 makes 3 > 2 -> refused at (8, 250, 300).
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400], [16, 62, 400]]
                  up: 40
                - touch: 2
                  samples: [[5, 200, 300]]
                  up: 40
                - touch: 3
                  samples: [[8, 250, 300]]
                  up: 40
                """), rulesDocument: Self.rulesDocument("recognizer: {maxTouches: 2}"))
        #expect(report.gestures.count == 1 && report.gestures[0].reason == .tooManyTouches)
        #expect(report.gestures[0].decidedAt == Sample(t: 8, x: 250, y: 300))
    }

    @Test func fingersAfterTheDecisionAreIgnored() throws {
        // Began at 16 (origin.x = 60). Finger 2 lands at 20 (decided: ignored) and its move to 100
        // does not move the pop; finger 3 lands at 50 after finger 1 lifted while finger 2 is still
        // down: still the same gesture. Progress at the lift: (200 - 60) / 390 = 140/390.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400], [16, 62, 400], [32, 200, 400]]
                  up: 40
                - touch: 2
                  samples: [[20, 300, 300], [30, 100, 300]]
                  up: 80
                - touch: 3
                  samples: [[50, 20, 300], [55, 300, 300]]
                  up: 60
                """))
        #expect(report.gestures.count == 1 && report.gestures[0].outcome == .began)
        #expect(report.gestures[0].pop?.releasedAt == 40)
        #expect(report.gestures[0].pop?.progress == 140.0 / 390)
        #expect(report.transitions.count == 1)
    }

    @Test func theTrackedFingerLiftingFirstReleasesTheGesture() throws {
        // maxTouches 2: finger 1 lifts at 10 before recognition -> unrecognized, touchEnded; finger 2
        // (not tracked) then moves 100 pt, which starts nothing until every finger is up.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400]]
                  up: 10
                - touch: 2
                  samples: [[5, 200, 300], [20, 260, 300], [30, 300, 300]]
                  up: 40
                """), rulesDocument: Self.rulesDocument("recognizer: {maxTouches: 2}"))
        #expect(report.gestures.count == 1)
        #expect(report.gestures[0].outcome == .unrecognized && report.gestures[0].reason == .touchEnded)
        #expect(report.gestures[0].decidedAt == nil && report.transitions.isEmpty)
    }

    static let gestureDuringPush = trace(
        """
        - {t: 0, push: {id: c}}
        - touch: 1
          samples: [[100, 50, 400], [116, 62, 400], [132, 100, 400]]
          up: 140
        """)

    @Test func aGestureDuringAPushIsRefusedTransitioning() throws {
        // The push is in flight from 0 to 350; recognized at 116 (T.x = 2): transitioning refuses.
        let report = try replay(Self.gestureDuringPush)
        #expect(report.gestures[0].outcome == .refused && report.gestures[0].reason == .transitioning)
        #expect(report.gestures[0].decidedAt == Sample(t: 116, x: 62, y: 400))
        #expect(report.anomalies.isEmpty && report.final.stack == ["a", "b", "c"])
    }

    @Test func withoutTheTransitioningCheckThePopIsIgnoredAsNested() throws {
        // Same trace, begin list without transitioning: began at 116; 3 VCs, but the push is in
        // flight -> pop ignored by transitioning, anomaly nestedTransition at 116; no second transition.
        let report = try replay(
            Self.gestureDuringPush,
            rulesDocument: Self.rulesDocument("begin: [rootOnly, popDisabled, maxStartX, direction]"))
        #expect(report.gestures[0].outcome == .began && report.gestures[0].decidedAt?.t == 116)
        #expect(report.gestures[0].pop == PopRecord(result: .ignored, by: .transitioning))
        #expect(report.anomalies == [Finding(t: 116, .nestedTransition(gesture: 0, during: .push))])
        #expect(report.transitions.count == 1 && report.final.stack == ["a", "b", "c"])
    }

    @Test func rootOnlyRefusesAndWithoutItThePopIsIgnoredAtRoot() throws {
        let atRoot = Self.trace(
            stack: "[{id: a}]",
            """
            - touch: 1
              samples: [[0, 50, 400], [16, 62, 400]]
              up: 40
            """)
        // One VC: rootOnly refuses at the recognition sample.
        let fd = try replay(atRoot)
        #expect(fd.gestures[0].outcome == .refused && fd.gestures[0].reason == .atRoot)
        #expect(fd.gestures[0].decidedAt == Sample(t: 16, x: 62, y: 400))
        // Without rootOnly: began (T.x = 2 > 0), the pop ignored by atRoot, no anomaly, no transition.
        let lax = try replay(atRoot, rulesDocument: Self.rulesDocument("begin: [direction]"))
        #expect(lax.gestures[0].outcome == .began)
        #expect(lax.gestures[0].pop == PopRecord(result: .ignored, by: .atRoot))
        #expect(lax.anomalies.isEmpty && lax.transitions.isEmpty && lax.final.stack == ["a"])
    }

    @Test func edgeRegionAndUnrecognizedGestures() throws {
        let report = try replay(
            Self.trace(
                """
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
        // 1: 20 > edgeWidth 15 -> refused at the down sample. 2-4 never move 10 pt (|d| = (4, 0),
        // (4, 5), none): lifted, cancelled, still down at the end.
        #expect(report.gestures[0].outcome == .refused && report.gestures[0].reason == .outsideEdge)
        #expect(report.gestures[0].decidedAt == Sample(t: 0, x: 20, y: 400))
        #expect(report.gestures[1...].map { $0.reason } == [.touchEnded, .touchCancelled, .traceEnded])
        #expect(
            report.gestures[1...].allSatisfy { $0.outcome == .unrecognized && $0.decidedAt == nil && $0.pop == nil })
        #expect(report.transitions.isEmpty)
    }

    @Test func theEdgeIsMeasuredFromTheLeadingEdge() throws {
        let swipe = """
            - touch: 1
              samples: [[0, 15, 400], [16, 40, 400]]
              up: 20
            """
        // ltr: x = 15 <= 15 is inside; T.x = 25 - 10 = 15 > 0 -> began.
        #expect(try replay(Self.trace(swipe), rules: "uikit").gestures[0].outcome == .began)
        // x = 15.5 > 15 -> outsideEdge.
        let outside = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 15.5, 400], [16, 40, 400]]
                  up: 20
                """), rules: "uikit")
        #expect(outside.gestures[0].reason == .outsideEdge)
        // rtl: down at 380 is 390 - 380 = 10 <= 15 from the leading edge; d.x = -20, T.x = -10;
        // uikit mirrors direction: -10 * -1 > 0 -> began.
        let rtl = try replay(
            Self.trace(
                extra: "layoutDirection: rtl\n",
                """
                - touch: 1
                  samples: [[0, 380, 400], [16, 360, 400]]
                  up: 20
                """), rules: "uikit")
        #expect(rtl.gestures[0].outcome == .began)
    }

    // MARK: Completion models (section 4, Release)

    @Test func projectionCompletesASteadySwipe() throws {
        // W = 400. Recognized at 20 (d.x = 40, T.x = 30, origin.x = 60). Every raw is 40/20*1000
        // = 2000, so the velocity is 2000 at every sample: vel = 2000/400 = 5 widths/s, a = 0.
        // Statistics: 20, 40, 60 (dts 20), lift 70 (dts 10 >= 10): n = 4, avgV = 5, avgA = 0.
        // p = (170 - 60)/400 = 0.275; projected = 0.275 + 5 * 0.35 = 2.025 > min(187.5/400, 0.5)
        // = 0.46875 -> completed by projection; release velocity W * prevV = 400 * 5 = 2000.
        // Settle: (1 - 0.275) * 400 / 2000 * 1000 = 145 -> 70 + 145 = 215.
        let report = try replay(
            Self.trace(
                extra: "screen: {width: 400}\n",
                """
                - touch: 1
                  samples: [[0, 50, 400], [20, 90, 400], [40, 130, 400], [60, 170, 400]]
                  up: 70
                """))
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .completed && pop.by == .projection)
        #expect(pop.progress == 0.275 && pop.velocity == 2000)
        #expect(Self.close(pop.settledAt, 215))
        guard case .projection(let terms)? = pop.why else {
            Issue.record("expected a projection reason, got \(String(describing: pop.why))")
            return
        }
        #expect(Self.close(terms.projected, 2.025) && terms.threshold == 0.46875)
        #expect(report.final.stack == ["a"] && report.transitions[0].result == .completed)
    }

    @Test func projectionCancelsASwipeThatTurnsBack() throws {
        // W = 400. Recognized at 20 (d.x = 100, T.x = 90, origin.x = 60).
        // Raws: 5000, -1000, -1000. Velocity: 5000; 0.2*-1000 + 0.8*5000 = 3800; -1000.
        // In widths/s: 12.5, 9.5, -2.5 (the lift repeats -2.5).
        // s=20: n=1, avgV 12.5, avgA 0.
        // s=40 (dt 0.02): avgV = (9.5 + 12.5)/2 = 11; a = -3/0.02 = -150 -> clamped 0 - 5 = -5;
        //   avgA = (-5 + 0)/2 = -2.5; n=2.
        // s=60: avgV = (-2.5 + 2*11)/3 = 6.5; a = -12/0.02 = -600 -> -5 - 5 = -10;
        //   avgA = (-10 + 2*-2.5)/3 = -5; n=3.
        // lift 70 (dts 10, taken, dt 0.01, k = 0): avgV = (-2.5 + 3*6.5 - 12.5)/3 = 1.5;
        //   a = 0 -> |0 - -10| > 5 -> -5; avgA = (-5 + 3*-5 - 0)/3 = -20/3; n=4.
        // p = (110 - 60)/400 = 0.125; projected = 0.125 + 1.5*0.35 - 20/3*0.35^2/2
        //   = 0.125 + 0.525 - 0.408333.. = 0.241666.. <= 0.46875 -> cancelled by projection.
        // Release velocity W * prevV = 400 * -2.5 = -1000; settle r = p: 0.125 * 400 / 1000 * 1000
        // = 50 -> 120.
        let report = try replay(
            Self.trace(
                extra: "screen: {width: 400}\n",
                """
                - touch: 1
                  samples: [[0, 50, 400], [20, 150, 400], [40, 130, 400], [60, 110, 400]]
                  up: 70
                """))
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .cancelled && pop.by == .projection)
        #expect(pop.progress == 0.125 && Self.close(pop.velocity, -1000))
        #expect(Self.close(pop.settledAt, 120))
        guard case .projection(let terms)? = pop.why else {
            Issue.record("expected a projection reason, got \(String(describing: pop.why))")
            return
        }
        let d = 0.35
        let expected: Double = 0.125 + 1.5 * d - 20.0 / 3 * d * d / 2
        #expect(Self.close(terms.projected, expected))
        #expect(terms.threshold == 0.46875)
        #expect(report.final.stack == ["a", "b"] && report.transitions[0].result == .cancelled)
    }

    @Test func aMoveAtTheSamePlaceCountsAsMovedForProjection() throws {
        // Recognized at 16 (T.x = 2, origin.x = 60, p = 2/390). Velocity: 750 at 16; at 30 the raw
        // is 0: 0.2*0 + 0.8*750 = 600.
        // With the move at 30: statistics 16, 30 (dts 14), lift 40 (dts 10): n = 3 and moved.
        //   avgV = 750 -> (600 + 750)/2 = 675 -> (600 + 2*675)/3 = 650 pt/s = 650/390 widths/s;
        //   a = (600 - 750)/390/0.014 = -27.5 -> -5; then 0 (|0 - -5| = 5, not > 5): avgA = -2.5
        //   -> (0 + 2*-2.5)/3 = -5/3. projected = 2/390 + 650/390*0.35 - 5/3*0.35^2/2
        //   = 0.005128 + 0.583333 - 0.102083 = 0.486378 > 187.5/390 = 0.480769 -> completed.
        //   Release velocity W * prevV = 600; settle min(350, (388/390)*390/600*1000 = 646.7) = 350.
        let moved = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400], [16, 62, 400], [30, 62, 400]]
                  up: 40
                """))
        let pop = try #require(moved.gestures[0].pop)
        #expect(pop.result == .completed && pop.by == .projection)
        #expect(Self.close(pop.velocity, 600) && pop.settledAt == 390)
        guard case .projection(let terms)? = pop.why else {
            Issue.record("expected a projection reason, got \(String(describing: pop.why))")
            return
        }
        let d = 0.35
        let p: Double = 2.0 / 390
        let avgV: Double = 650.0 / 390
        let avgA: Double = -5.0 / 3
        let expected: Double = p + avgV * d + avgA * d * d / 2
        #expect(Self.close(terms.projected, expected))
        #expect(Self.close(terms.threshold, 187.5 / 390))
        // Without it: 16 and the lift (dts 24): n = 2, not moved -> lowSampleVelocity cancels;
        // release velocity c * v.x = 750; settle 2/390 * 390 / 750 * 1000 = 2/750*1000 after 40.
        let still = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400], [16, 62, 400]]
                  up: 40
                """))
        let stillPop = try #require(still.gestures[0].pop)
        #expect(stillPop.result == .cancelled && stillPop.by == .lowSampleVelocity && stillPop.velocity == 750)
        #expect(stillPop.why == .lowSampleVelocity(samples: 2, moved: false, averageVelocity: 750.0 / 390))
        #expect(Self.close(stillPop.settledAt, 40 + 2.0 / 750 * 1000))
    }

    @Test func lowSampleVelocityCompletesAQuickFlick() throws {
        // Recognized at 16 (d.x = 20, T.x = 10, origin.x = 60). Raws: 20/16*1000 = 1250, then
        // (71 - 70)/1*1000 = 1000 (dt = 1 is not < 1): velocity 0.2*1000 + 0.8*1250 = 1200.
        // Statistics: 16 (first); 17: dts 1, neither >= 10 nor > 1 -> skipped (skipT = 17);
        // lift 20: dts 3 > 1 and disp 11/390 != 10/390 -> taken: n = 2 < 3, moved.
        // avgV = (1200/390 + 1250/390)/2 = 1225/390 > 0 -> completed by lowSampleVelocity;
        // release velocity c * v.x = 1200; settle (1 - 11/390) * 390 / 1200 * 1000 = 379/1.2 ms.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400], [16, 70, 400], [17, 71, 400]]
                  up: 20
                """))
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .completed && pop.by == .lowSampleVelocity)
        #expect(pop.velocity == 1200 && Self.close(pop.progress, 11.0 / 390))
        guard case .lowSampleVelocity(let samples, let moved, let average)? = pop.why else {
            Issue.record("expected a lowSampleVelocity reason, got \(String(describing: pop.why))")
            return
        }
        #expect(samples == 2 && moved && Self.close(average, 1225.0 / 390))
        #expect(Self.close(pop.settledAt, 20 + 379.0 / 1200 * 1000))
        #expect(report.final.stack == ["a"])
    }

    /// edge30 with the threshold model's strictness turned off, everything else as the preset.
    static let lenientEdge30 = "format: popgesture-rules/1\nextends: edge30\ncompletion: {strict: false}\n"

    @Test func progressExactlyAtTheThresholdDependsOnStrict() throws {
        // edge30: down at x = 10 (edge 15), recognized at x = 20 (d.x = 10) with T.x = 0, origin 20;
        // at 100, T.x = 137 - 20 = 117, p = 117/390 = 0.3 (the same double as 0.3).
        let exact = Self.trace(
            """
            - touch: 1
              samples: [[0, 10, 400], [16, 20, 400], [100, 137, 400]]
              up: 110
            """)
        // strict (the preset): 0.3 > 0.3 is false -> cancelled by progress; fixed settle 150 -> 260.
        let strict = try #require(try replay(exact, rules: "edge30").gestures[0].pop)
        #expect(strict.progress == 0.3)
        #expect(strict.result == .cancelled && strict.by == .progress && strict.settledAt == 260)
        guard case .progress(let terms)? = strict.why, terms.p == 0.3, terms.progressThreshold == 0.3, terms.strict,
            terms.fling == 0
        else {
            Issue.record("expected a strict progress reason, got \(String(describing: strict.why))")
            return
        }
        // Not strict: 0.3 >= 0.3 -> completed; still the fixed 150 ms.
        let lenient = try #require(try replay(exact, rulesDocument: Self.lenientEdge30).gestures[0].pop)
        #expect(lenient.result == .completed && lenient.by == .progress && lenient.settledAt == 260)
        // 136.9: p = 116.9/390 < 0.3 -> cancelled under both.
        let short = Self.trace(
            """
            - touch: 1
              samples: [[0, 10, 400], [16, 20, 400], [100, 136.9, 400]]
              up: 110
            """)
        #expect(try replay(short, rules: "edge30").gestures[0].pop?.result == .cancelled)
        #expect(try replay(short, rulesDocument: Self.lenientEdge30).gestures[0].pop?.result == .cancelled)
    }

    @Test func aCancelDecidedLikeALift() throws {
        // edge30 (onCancel: decide): recognized at 16 (origin 20). Cancelled at 110 after x = 157:
        // T.x = 137, p = 137/390 = 0.351.. > 0.3 -> completed by progress, as a lift would;
        // last2 velocity (157 - 20) / 84 * 1000; fixed settle 150 -> 260.
        let far = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 10, 400], [16, 20, 400], [100, 157, 400]]
                  cancel: 110
                """), rules: "edge30")
        let completing = try #require(far.gestures[0].pop)
        #expect(completing.result == .completed && completing.by == .progress)
        #expect(completing.progress == 137.0 / 390 && completing.releasedAt == 110)
        #expect(Self.close(completing.velocity, 137.0 / 84 * 1000) && completing.settledAt == 260)
        #expect(far.final.stack == ["a"] && far.transitions[0].end == 260 && far.transitions[0].result == .completed)
        // x = 98: T.x = 78, p = 0.2 < 0.3 -> cancelled by progress (not touchCancelled), fixed 150.
        let nearTrace = Self.trace(
            """
            - touch: 1
              samples: [[0, 10, 400], [16, 20, 400], [100, 98, 400]]
              cancel: 110
            """)
        let cancelling = try #require(try replay(nearTrace, rules: "edge30").gestures[0].pop)
        #expect(cancelling.result == .cancelled && cancelling.by == .progress && cancelling.settledAt == 260)
        // onCancel: cancel on the same trace: touchCancelled, the linear p * D = 0.2 * 150 = 30 -> 140.
        let system = try #require(
            try replay(
                nearTrace,
                rulesDocument:
                    "format: popgesture-rules/1\nextends: edge30\ncompletion: {onCancel: cancel}\n"
            ).gestures[0].pop)
        #expect(system.result == .cancelled && system.by == .touchCancelled)
        #expect(Self.close(system.settledAt, 140))
    }

    static let flingRules = """
        format: popgesture-rules/1
        extends: edge30
        completion: {model: threshold, progressThreshold: 0.5, flingVelocity: 1}
        transition: {settle: linear}
        """

    @Test func flingAtExactlyTheFlingVelocity() throws {
        // W = 400; recognized at 10 (d.x = 10, T.x = 0, origin 15); last2 at the lift:
        // (19 - 15) / 10 * 1000 = 400 pt/s, v = 400/400 = 1 widths/s >= 1 -> fling; v > 0 completes
        // (though p = 4/400 = 0.01 is far below 0.5). Linear settle (1 - 0.01) * 150.
        let forward = try replay(
            Self.trace(
                extra: "screen: {width: 400}\n",
                """
                - touch: 1
                  samples: [[0, 5, 400], [10, 15, 400], [20, 19, 400]]
                  up: 25
                """), rulesDocument: Self.flingRules)
        let pop = try #require(forward.gestures[0].pop)
        #expect(pop.result == .completed && pop.by == .fling)
        #expect(pop.velocity == 400 && pop.progress == 0.01)
        #expect(Self.close(pop.settledAt, 25 + 0.99 * 150))
        // (11 - 15) / 10 * 1000 = -400: |v| = 1 -> fling, v < 0 cancels; p = clamp(-4/400) = 0 ->
        // settle 0 * 150 = 0, at the lift.
        let back = try replay(
            Self.trace(
                extra: "screen: {width: 400}\n",
                """
                - touch: 1
                  samples: [[0, 5, 400], [10, 15, 400], [20, 11, 400]]
                  up: 25
                """), rulesDocument: Self.flingRules)
        let backPop = try #require(back.gestures[0].pop)
        #expect(backPop.result == .cancelled && backPop.by == .fling && backPop.velocity == -400)
        #expect(backPop.progress == 0 && backPop.settledAt == 25)
        // Just under: (18.9 - 15)/10*1000 = 390 < 400 -> not a fling; p = 3.9/400 < 0.5 -> progress cancels.
        let under = try replay(
            Self.trace(
                extra: "screen: {width: 400}\n",
                """
                - touch: 1
                  samples: [[0, 5, 400], [10, 15, 400], [20, 18.9, 400]]
                  up: 25
                """), rulesDocument: Self.flingRules)
        #expect(under.gestures[0].pop?.result == .cancelled && under.gestures[0].pop?.by == .progress)
    }

    @Test func velocitySignAtZeroFollowsPopOnZero() throws {
        // edge30 with velocitySign: recognized at 10 (T.x = 0, origin 15); last2 over (20, 40) and
        // (30, 40): v = 0 exactly. p = 25/390.
        let still = Self.trace(
            """
            - touch: 1
              samples: [[0, 5, 400], [10, 15, 400], [20, 40, 400], [30, 40, 400]]
              up: 35
            """)
        func rules(_ popOnZero: Bool) -> String {
            "format: popgesture-rules/1\nextends: edge30\ncompletion: {model: velocitySign, popOnZero: \(popOnZero)}\ntransition: {settle: linear}\n"
        }
        // popOnZero: v >= 0 completes; linear settle (1 - 25/390) * 150.
        let on = try #require(try replay(still, rulesDocument: rules(true)).gestures[0].pop)
        #expect(on.result == .completed && on.by == .velocitySign && on.velocity == 0)
        #expect(Self.close(on.settledAt, 35 + (1 - 25.0 / 390) * 150))
        // Without: v > 0 is false -> cancelled; settle 25/390 * 150.
        let off = try #require(try replay(still, rulesDocument: rules(false)).gestures[0].pop)
        #expect(off.result == .cancelled && off.by == .velocitySign)
        #expect(Self.close(off.settledAt, 35 + 25.0 / 390 * 150))
    }

    // MARK: Settle models (section 4, Settle)

    @Test func uikitSettleIsZeroAtZeroRemainingAndDWithoutVelocity() throws {
        // Back past the origin (110): T.x = 90 - 110 = -20, so p = clamp(-20/390) = 0; the
        // velocity dies out (raws 1250, -1875, 0, 0), projection cancels; r = p = 0 -> settle 0.
        let back = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 100, 400], [16, 120, 400], [32, 90, 400], [48, 90, 400], [64, 90, 400]]
                  up: 80
                """))
        #expect(back.gestures[0].pop?.progress == 0 && back.gestures[0].pop?.result == .cancelled)
        #expect(back.gestures[0].pop?.settledAt == 80)
        // Recognized at 20 (T.x = 40); raws 2500, 0, 0: velocity 2500, 2000, 0. Statistics 20, 30,
        // 40 (dts 10 each); the lift at 40 has dts 0 and is skipped: n = 3, moved -> projection,
        // release velocity W * prevV = W * 0 = 0; r > 0 and vr = 0 -> D: 40 + 350 = 390.
        let still = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400], [20, 100, 400], [30, 100, 400], [40, 100, 400]]
                  up: 40
                """))
        #expect(still.gestures[0].pop?.by == .projection)
        #expect(still.gestures[0].pop?.velocity == 0 && still.gestures[0].pop?.settledAt == 390)
    }

    @Test func uikitSettleIsCappedAtD() throws {
        // Recognized at 100 (d.x = 11, T.x = 1, origin 60). Raws 11/100*1000 = 110 and
        // 1/1*1000 = 1000: velocity 0.2*1000 + 0.8*110 = 288. Statistics: 100, 101 skipped (dts 1),
        // lift 104 (dts 3, disp 2/390 != 1/390) -> n = 2, moved, avgV > 0: lowSampleVelocity
        // completes. r = 388/390: 388/390 * 390 / 288 * 1000 = 1347.2 > 350 -> D: 104 + 350 = 454.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400], [100, 61, 400], [101, 62, 400]]
                  up: 104
                """))
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .completed && pop.by == .lowSampleVelocity)
        #expect(Self.close(pop.velocity, 288) && pop.settledAt == 454)
    }

    @Test func cupertinoSettleFramesAndTheCancelCap() throws {
        // Samples 50 ms apart: lsq2 keeps one sample (gap > 40), so velocity 0 and no fling.
        // Recognized at x = 29 (|d.x| = 19 > 18) with T = 0, origin 29; W = 400.
        func swipe(to x: Double) -> String {
            Self.trace(
                extra: "screen: {width: 400}\n",
                """
                - touch: 1
                  samples: [[0, 10, 400], [50, 29, 400], [100, \(formatNumber(x)), 400]]
                  up: 110
                """)
        }
        // p = 100/400 = 0.25 < 0.5: cancelled, min(floor(800 * 0.25), 300) = 200 -> 310.
        let quarter = try #require(try replay(swipe(to: 129), rules: "cupertino").gestures[0].pop)
        #expect(quarter.result == .cancelled && quarter.by == .progress && quarter.velocity == 0)
        #expect(quarter.settledAt == 310)
        // p = 180/400 = 0.45: cancelled, floor(360) capped at 300 -> 410.
        #expect(try replay(swipe(to: 209), rules: "cupertino").gestures[0].pop?.settledAt == 410)
        // p = 240/400 = 0.6: completed, floor(800 * (1 - 0.6)) = 320 -> 430 (no cap when completing).
        let completed = try replay(swipe(to: 269), rules: "cupertino").gestures[0].pop
        #expect(completed?.result == .completed && completed?.by == .progress && completed?.settledAt == 430)
    }

    @Test func linearSettle() throws {
        // edge30 with the linear settle: recognized at 16 (T.x = 0, origin 20); T.x = 98 - 20 = 78,
        // p = 78/390 = 0.2 < 0.3 -> cancelled by progress, linear r * D = 0.2 * 150 = 30 -> 130.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 10, 400], [16, 20, 400], [60, 98, 400]]
                  up: 100
                """), rulesDocument: "format: popgesture-rules/1\nextends: edge30\ntransition: {settle: linear}\n")
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .cancelled && pop.progress == 0.2)
        #expect(Self.close(pop.settledAt, 130))
    }

    @Test func fixedSettleTakesDWhateverIsLeft() throws {
        // edge30 (fixed, D = 150) with a fling of 1 width/s, so a short swipe can complete.
        let rules = "format: popgesture-rules/1\nextends: edge30\ncompletion: {flingVelocity: 1}\n"
        // r = 0.1: x 20 -> 371 over 84 ms, p = 351/390 = 0.9; last2 4178.6 pt/s = 10.7 widths/s ->
        // fling completes; 1 - p = 0.1 is left, and the settle is still 150 (linear: 15) -> 250.
        let long = try #require(
            try replay(
                Self.trace(
                    """
                    - touch: 1
                      samples: [[0, 10, 400], [16, 20, 400], [100, 371, 400]]
                      up: 100
                    """), rulesDocument: rules
            ).gestures[0].pop)
        #expect(long.progress == 0.9 && long.result == .completed && long.by == .fling && long.settledAt == 250)
        // r = 0.9: x 20 -> 59 over 24 ms, p = 39/390 = 0.1; 1625 pt/s = 4.2 widths/s -> fling
        // completes with 0.9 left; fixed 150 (linear: 135) -> 190.
        let short = try #require(
            try replay(
                Self.trace(
                    """
                    - touch: 1
                      samples: [[0, 10, 400], [16, 20, 400], [40, 59, 400]]
                      up: 40
                    """), rulesDocument: rules
            ).gestures[0].pop)
        #expect(short.progress == 0.1 && short.result == .completed && short.by == .fling && short.settledAt == 190)
        // The model alone: D whatever r, completing or not, whatever the velocity.
        let fixed = Settle(transition: .init(duration: 150, settle: .fixed, progressCap: 1))
        for r in [0.1, 0.9] {
            #expect(fixed.duration(remaining: r, completing: true, velocity: 812.5, width: 390) == 150)
            #expect(fixed.duration(remaining: r, completing: false, velocity: 0, width: 390) == 150)
        }
    }

    @Test func aCancelledTouchSettlesLinearly() throws {
        // T.x = 88 - 50 - 10 = 28 at the cancel: p = 28/390, settle p * 350 = 25.128.. whatever the
        // model (uikit would use the velocity); release velocity c * v.x = 0.2*1625 + 0.8*750 = 925.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400], [16, 62, 400], [32, 88, 400]]
                  cancel: 40
                """))
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .cancelled && pop.by == .touchCancelled)
        #expect(Self.close(pop.velocity, 925))
        #expect(Self.close(pop.settledAt, 40 + 28.0 / 390 * 350))
        #expect(report.transitions[0].result == .cancelled && report.final.stack == ["a", "b"])
    }

    // MARK: Stack operations and deferral (sections 2 and 4)

    @Test func deferredOperationsRunAtTheSettleAndWaitAgainBehindAnimatedOnes() throws {
        let report = try replay(
            Self.trace(
                """
                - {t: 0, push: {id: c}}
                - {t: 100, push: {id: d}}
                - {t: 120, push: {id: e}}
                """))
        // c is in flight 0-350; d and e are deferred when they arrive (one note each); d runs at 350
        // (in flight to 700), so e waits again, without a second note, and runs at 700.
        #expect(
            report.notes == [
                Finding(t: 100, .deferred(.push)), Finding(t: 120, .deferred(.push)),
            ])
        #expect(report.transitions.map(\.start) == [0, 350, 700])
        #expect(report.transitions.map(\.end) == [350, 700, 1050])
        #expect(report.transitions.map(\.to) == ["c", "d", "e"])
        #expect(report.final.stack == ["a", "b", "c", "d", "e"])
    }

    @Test func aNonAnimatedDeferredOperationLetsTheNextRunAtOnce() throws {
        // d (not animated) runs at 350 and settles at once (end = start = 350), so e runs at 350 too.
        let report = try replay(
            Self.trace(
                """
                - {t: 0, push: {id: c}}
                - {t: 100, push: {id: d}, animated: false}
                - {t: 110, setStack: [{id: a}, {id: e}]}
                """))
        #expect(
            report.notes.map(\.t) == [100, 110] && report.notes.map(\.fact) == [.deferred(.push), .deferred(.setStack)])
        #expect(report.transitions.map(\.kind) == [.push, .push, .setStack])
        #expect(report.transitions.map(\.start) == [0, 350, 350])
        #expect(report.transitions.map(\.end) == [350, 350, 700])
        #expect(report.final.stack == ["a", "e"])
    }

    @Test func anOperationDeferredBehindAnInteractivePopRunsAtItsSettle() throws {
        // The pop begins at 16; the push at 20 is deferred; the cancel at 40 settles at
        // 40 + 28/390 * 350 (see aCancelledTouchSettlesLinearly), and the push starts then.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400], [16, 62, 400], [32, 88, 400]]
                  cancel: 40
                - {t: 20, push: {id: c}}
                """))
        #expect(report.notes == [Finding(t: 20, .deferred(.push))])
        #expect(report.transitions.map(\.kind) == [.interactivePop, .push])
        let settle = try #require(report.transitions[0].end)
        #expect(Self.close(settle, 40 + 28.0 / 390 * 350))
        #expect(report.transitions[1].start == settle && report.transitions[1].end == settle + 350)
        #expect(report.final.stack == ["a", "b", "c"])
    }

    @Test func operationsDeferredBehindAnUnfinishedPopNeverRun() throws {
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400], [16, 80, 400], [32, 120, 400]]
                - {t: 100, push: {id: c}, animated: false}
                """))
        // The finger never lifts: the pop stays unfinished (no end), b stays out of the stack, and
        // the push deferred at 100 never runs.
        #expect(report.gestures[0].pop == PopRecord(result: .unfinished))
        #expect(
            report.transitions == [
                TransitionRecord(
                    kind: .interactivePop, start: 16, end: nil, from: "b", to: "a", animated: true, result: .unfinished)
            ])
        #expect(report.notes == [Finding(t: 100, .deferred(.push))])
        #expect(report.final.stack == ["a"])
    }

    @Test func updateAndSetBarHiddenAreNeverDeferred() throws {
        let report = try replay(
            Self.trace(
                """
                - {t: 0, push: {id: c}}
                - {t: 100, setBarHidden: true, animated: false}
                - {t: 110, update: {id: c, barHidden: true}}
                - {t: 120, push: {id: a}}
                - {t: 400, pop: true}
                - {t: 900, popToRoot: true}
                - {t: 1300, pop: true}
                - {t: 1350, popToRoot: true}
                - {t: 1400, update: {id: zz}}
                """))
        // The push of c is in flight 0-350. setBarHidden lands at once, non-animated during the
        // animated push -> abruptBarChange at 100. The update of c lands at once too: at the
        // settle c prefers hidden and the bar is hidden, so no wrongFinalBar (a deferred update
        // would have left c preferring a shown bar at 350).
        // The push of `a` is deferred to 350 and then ignored: a is already in the stack.
        // The pop at 400 brings b back, whose willAppear block shows the bar (animated).
        #expect(report.bar.map(\.t) == [0, 100, 400])
        #expect(report.bar.map(\.cause) == [.initial, .app, .willAppear("b")])
        #expect(
            report.anomalies == [Finding(t: 100, .abruptBarChange(during: .push))]
        )
        #expect(
            report.notes == [
                Finding(t: 120, .deferred(.push)),
                Finding(t: 350, .duplicatePush(id: "a")),
                Finding(t: 1300, .popAtRoot(.pop)),
                Finding(t: 1350, .popAtRoot(.popToRoot)),
                Finding(t: 1400, .unknownVC(id: "zz")),
            ])
        #expect(report.transitions.map(\.kind) == [.push, .pop, .popToRoot])
        #expect(report.transitions.map(\.start) == [0, 400, 900])
        #expect(report.final == FinalState(stack: ["a"], barHidden: false))
    }

    @Test func anUpdateOfThePoppingViewControllerIsUnknown() throws {
        // B leaves the stack when the pop begins (16): the update at 20 is a note and is not applied,
        // so when the cancelled pop puts b back (at 40 + 28/390*350), b's willAppear block sets
        // barHidden = false: no change, no entry. Once b is back, the update at 100 applies silently.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 50, 400], [16, 62, 400], [32, 88, 400]]
                  cancel: 40
                - {t: 20, update: {id: b, barHidden: true}}
                - {t: 100, update: {id: b, popDisabled: true}}
                """))
        #expect(report.notes == [Finding(t: 20, .unknownVC(id: "b"))])
        #expect(report.bar.count == 1 && report.anomalies.isEmpty)
        #expect(report.final == FinalState(stack: ["a", "b"], barHidden: false))
    }

    // MARK: The bar coordinator (section 5)

    @Test func projectionCancelsASlowShortSwipeAndTheBarFlickers() throws {
        // The README's worked example. Recognized at 16 (T.x = 2, origin 50); p = (68 - 50)/390.
        // Raws 750, 8/34*1000, 150, 40: at 140, 0.2*40 + 0.8*150 = 128. Statistics 16, 50, 90, 140,
        // lift 200: n = 5, projection cancels; release velocity W * prevV = 128;
        // settle r * W / |vr| * 1000 = 18 / 128 * 1000 = 140.625 after 200.
        let report = try replay(
            """
            format: popgesture-trace/1
            stack: [{id: inbox}, {id: thread, barHidden: true}]
            events:
            - touch: 1
              samples: [[0, 40, 400], [16, 52, 401], [50, 60, 402], [90, 66, 402], [140, 68, 403]]
              up: 200
            """)
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .cancelled && pop.by == .projection)
        #expect(Self.close(pop.progress, 18.0 / 390))
        #expect(Self.close(pop.velocity, 128) && Self.close(pop.settledAt, 340.625))
        #expect(report.final == FinalState(stack: ["inbox", "thread"], barHidden: true))
        // A cancelled pop between a bar and a no-bar screen. Initial: hidden (thread). Start (16):
        // inbox's block shows it (animated); the hook sees inbox prefer a bar: no change. Settle
        // (340.625): thread's block hides it again; the hook is skipped (thread prefers hidden).
        // Two entries in the window -> barFlicker at the settle; the bar ends right: no wrongFinalBar.
        #expect(report.bar.map(\.cause) == [.initial, .willAppear("inbox"), .willAppear("thread")])
        #expect(report.bar.map(\.hidden) == [true, false, true])
        #expect(report.bar.map(\.animated) == [false, true, true])
        #expect(report.bar.map(\.t) == [0, 16, 340.625])
        #expect(report.anomalies == [Finding(t: 340.625, .barFlicker(changes: 2))])
    }

    @Test func theDisappearHookAtACancelledSettleNamesA() throws {
        // Unmanaged (no blocks), bar initially hidden. The pop starts at 16: a prefers hidden, so
        // the hook does nothing. The cancel settles at 40 + (70 - 60)/390 * 350; b is back on top and
        // prefers a bar: the hook shows it, non-animated, naming a (the one disappearing). The pop
        // has left flight by then: no abruptBarChange; one entry: no barFlicker; unmanaged: no
        // wrongFinalBar.
        let report = try replay(
            Self.trace(
                stack: "[{id: a, barHidden: true}, {id: b}]",
                extra: "barAppearanceManaged: false\ninitialBarHidden: true\n",
                """
                - touch: 1
                  samples: [[0, 50, 400], [16, 62, 400], [32, 70, 400]]
                  cancel: 40
                """))
        let settle = 40 + 10.0 / 390 * 350
        #expect(report.bar.map(\.cause) == [.initial, .disappearHook("a")])
        #expect(report.bar.map(\.hidden) == [true, false] && report.bar.map(\.animated) == [false, false])
        #expect(Self.close(report.bar[1].t, settle))
        #expect(report.anomalies.isEmpty)
    }

    static let setStackThenPop = trace(
        stack: "[{id: root}, {id: x, barHidden: true}]",
        """
        - {t: 100, setStack: [{id: home}, {id: x}], animated: false}
        - {t: 200, pop: true}
        """)

    @Test func aScreenInstalledBySetStackHasNoBlock() throws {
        // The initial bar is hidden (x prefers it). setStack keeps x on top (same instance: no
        // transition) and makes `home` without a willAppear block. Popping to it (200-550): no block
        // sets the bar.
        // fd-1.1 (no hook): still hidden when the pop settles at 550, home prefers shown -> wrongFinalBar.
        let old = try replay(Self.setStackThenPop, rules: "fd-1.1")
        #expect(old.bar.count == 1)
        #expect(old.transitions.map(\.kind) == [.pop])
        #expect(
            old.anomalies == [
                Finding(t: 550, .wrongFinalBar(top: "home", prefersHidden: false, barHidden: true))
            ])
        #expect(old.final == FinalState(stack: ["home"], barHidden: true))
        // fd's disappear hook shows it at once, without animation, while the animated pop is in
        // flight (its own start hooks) -> abruptBarChange at 200; the bar ends right.
        let fd = try replay(Self.setStackThenPop, rules: "fd")
        #expect(fd.bar.map(\.cause) == [.initial, .disappearHook("x")])
        #expect(fd.bar.map(\.t) == [0, 200] && fd.bar.map(\.animated) == [false, false])
        #expect(fd.anomalies == [Finding(t: 200, .abruptBarChange(during: .pop))])
        #expect(fd.final == FinalState(stack: ["home"], barHidden: false))
    }

    @Test func theInitialStackCountsAsPushedSoALoneRootHasNoBlock() throws {
        // A lone root has no block: pushing b (barHidden) gives b and the root blocks; popping back
        // shows the bar through the root's block.
        let report = try replay(
            Self.trace(
                stack: "[{id: a}]",
                """
                - {t: 0, push: {id: b, barHidden: true}}
                - {t: 500, pop: true}
                """), rules: "fd-1.1")
        #expect(report.bar.map(\.cause) == [.initial, .willAppear("b"), .willAppear("a")])
        #expect(report.bar.map(\.hidden) == [false, true, false])
        #expect(report.anomalies.isEmpty)
    }

    @Test func barFlickerIsListedBeforeWrongFinalBarAndEarlierEntriesDoNotCount() throws {
        // Push of c (barHidden) at 0: c's block hides the bar (entry 1, inside the window); the app
        // shows it at 100 (entry 2). At the settle (350): 2 entries -> barFlicker; c prefers hidden
        // but the bar is shown -> wrongFinalBar; in that order.
        let both = try replay(
            Self.trace(
                stack: "[{id: a}]",
                """
                - {t: 0, push: {id: c, barHidden: true}}
                - {t: 100, setBarHidden: false}
                """))
        #expect(
            both.anomalies == [
                Finding(t: 350, .barFlicker(changes: 2)),
                Finding(t: 350, .wrongFinalBar(top: "c", prefersHidden: true, barHidden: false)),
            ])
        // The app hides the bar at 0 before the push at 0 starts; the push's block shows it again:
        // only that one entry is in the window -> no barFlicker.
        let before = try replay(
            Self.trace(
                """
                - {t: 0, setBarHidden: true}
                - {t: 0, push: {id: c}}
                """))
        #expect(before.bar.map(\.cause) == [.initial, .app, .willAppear("c")])
        #expect(before.anomalies.isEmpty)
    }

    // MARK: Velocity estimators (section 4)

    @Test func uikitVelocityBlendsTheLastTwoRawVelocities() {
        var estimator = UIKitVelocityEstimator()
        estimator.add(Sample(t: 0, x: 0, y: 0))
        #expect(estimator.velocity == .zero)  // no raw sample yet
        estimator.add(Sample(t: 10, x: 10, y: 0))  // raw (10/10*1000, 0) = (1000, 0), alone
        #expect(estimator.velocity == Vector(x: 1000, y: 0))
        estimator.add(Sample(t: 20, x: 30, y: 5))  // raw (2000, 500): 0.2*2000 + 0.8*1000 = 1200, 0.2*500 = 100
        #expect(estimator.velocity == Vector(x: 1200, y: 100))
        estimator.add(Sample(t: 20.5, x: 31, y: 5))  // dt 0.5 < 1 ms: raw (0, 0); 0.8 * (2000, 500) = (1600, 400)
        #expect(estimator.velocity == Vector(x: 1600, y: 400))
        // t_prev and p_prev advanced to (20.5, 31): raw (41 - 31)/10*1000 = 1000; 0.2*1000 + 0.8*0 = 200.
        estimator.add(Sample(t: 30.5, x: 41, y: 5))
        #expect(Self.close(estimator.velocity.x, 200) && estimator.velocity.y == 0)
    }

    @Test func lastTwoVelocity() {
        var estimator = LastTwoVelocityEstimator()
        estimator.add(Sample(t: 0, x: 0, y: 0))
        #expect(estimator.velocity == .zero)  // fewer than two samples
        estimator.add(Sample(t: 10, x: 10, y: 0))
        estimator.add(Sample(t: 20, x: 30, y: -5))
        // (30 - 10)/10*1000 = 2000, (-5 - 0)/10*1000 = -500; the first sample is no longer used.
        #expect(estimator.velocity == Vector(x: 2000, y: -500))
    }

    @Test func leastSquaresRecoversAQuadraticsSlope() {
        // x = 5 + 2 tau + 0.01 tau^2 (tau = t - 100) at t = 40, 50, ..., 100: the fit is exact, so
        // b1 = 2 pt/ms -> 2000 pt/s; y constant -> 0.
        var estimator = LeastSquaresVelocityEstimator()
        for t in stride(from: 40.0, through: 100, by: 10) {
            let tau = t - 100
            estimator.add(Sample(t: t, x: 5 + 2 * tau + 0.01 * tau * tau, y: 7))
        }
        #expect(Self.close(estimator.velocity.x, 2000))
        #expect(estimator.velocity.y == 0)
        // A gap over 40 ms ends the window: from 80, 70 is kept (gap 10) and 20 is not (gap 50):
        // fewer than 3 -> zero.
        var gapped = LeastSquaresVelocityEstimator()
        for t in [0.0, 10, 20, 70, 80] { gapped.add(Sample(t: t, x: t, y: 0)) }
        #expect(gapped.velocity == .zero)
        // Two samples only: zero.
        var two = LeastSquaresVelocityEstimator()
        two.add(Sample(t: 0, x: 0, y: 0))
        two.add(Sample(t: 10, x: 10, y: 0))
        #expect(two.velocity == .zero)
    }

    @Test func leastSquaresGivesAStillAxisExactlyZero() {
        // t = 0, 9, 17, 25, 33 (taus -33..0), y = 400.1 throughout, x = 100 + t. Fitting the raw
        // positions leaves rounding noise on y (about 8.9e-14 pt/ms: 8.9e-11 pt/s, whose sign
        // velocitySign would read); fitted relative to the newest sample, y is exactly 0, and x keeps
        // its slope, 1 pt/ms -> 1000 pt/s.
        let times: [Double] = [0, 9, 17, 25, 33]
        #expect(quadraticSlope(times.map { $0 - 33 }, times.map { _ in 400.1 }) != 0)
        var estimator = LeastSquaresVelocityEstimator()
        for t in times { estimator.add(Sample(t: t, x: 100 + t, y: 400.1)) }
        #expect(estimator.velocity.y == 0 && estimator.velocity.y.sign == .plus)
        #expect(Self.close(estimator.velocity.x, 1000))
        // And the other way round: x still, y moving down 2 pt/ms.
        var vertical = LeastSquaresVelocityEstimator()
        for t in times { vertical.add(Sample(t: t, x: 612.5, y: 50 + 2 * t)) }
        #expect(vertical.velocity.x == 0 && Self.close(vertical.velocity.y, 2000))
    }

    @Test func leastSquaresKeepsAtMost100MsAnd20Samples() {
        // t = 0, 20, ..., 200; x = 0 up to 80, then x = 50 + 3 (t - 100). Kept: 200 back to 100
        // (age 100 <= 100); 80 has age 120 and would bend the fit. Slope 3 pt/ms -> 3000.
        var horizon = LeastSquaresVelocityEstimator()
        for t in stride(from: 0.0, through: 200, by: 20) {
            horizon.add(Sample(t: t, x: t <= 80 ? 0 : 50 + 3 * (t - 100), y: 0))
        }
        #expect(Self.close(horizon.velocity.x, 3000))
        // t = 0..24 every 1 ms; x = 100 for t < 5, x = t from 5 on: the newest 20 (t = 5..24) lie
        // on x = t -> 1000; a 21st sample (t = 4, x = 100) would bend the fit.
        var capped = LeastSquaresVelocityEstimator()
        for t in stride(from: 0.0, through: 24, by: 1) {
            capped.add(Sample(t: t, x: t < 5 ? 100 : t, y: 0))
        }
        #expect(Self.close(capped.velocity.x, 1000))
    }

    @Test func leastSquaresDrivesACupertinoFling() throws {
        // cupertino, W = 400: x = 10 + t every 10 ms. |d.x| > 18 first at t = 20 (d.x = 20): T = 0,
        // origin 30. At the lift the 8 samples 0..70 (ages <= 70, gaps 10) lie on a line of slope
        // 1 pt/ms -> 1000 pt/s, v = 2.5 >= fling 1.0 -> completed by fling. p = (80 - 30)/400 = 0.125;
        // settle floor(800 * 0.875) = 700 -> 775.
        let report = try replay(
            Self.trace(
                extra: "screen: {width: 400}\n",
                """
                - touch: 1
                  samples: [[0, 10, 400], [10, 20, 400], [20, 30, 400], [30, 40, 400], [40, 50, 400], [50, 60, 400], [60, 70, 400], [70, 80, 400]]
                  up: 75
                """), rules: "cupertino")
        #expect(report.gestures[0].decidedAt?.t == 20)
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .completed && pop.by == .fling)
        #expect(pop.progress == 0.125 && Self.close(pop.velocity, 1000))
        #expect(pop.settledAt == 775)
    }
}
