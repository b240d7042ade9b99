import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// The four cross-platform presets replayed whole, computed by hand (docs/reference/cross-platform.md,
/// sections 3 and 4): each begin area at its boundary, the direction locks, every branch of each
/// release rule, Ionic's moving average and frame clock on a 120 Hz stroke, the settles' durations,
/// right-to-left layouts, and content under the finger and the bar coordinator under each. W = 390;
/// the stack is [a, b] unless a test says otherwise.
@Suite struct CrossPlatformPresetTests {
    static func trace(stack: String = "[{id: a}, {id: b}]", extra: String = "", _ samples: String, end: String)
        -> String
    {
        "format: popgesture-trace/1\nstack: \(stack)\n\(extra)events:\n  - touch: 1\n    samples: \(samples)\n    \(end)\n"
    }

    static let rtl = "layoutDirection: rtl\n"

    static func close(_ a: Double?, _ b: Double, tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance * max(1, abs(b))
    }

    /// Outcome and reason of the first gesture of a swipe that goes 12 pt (leftwards in rtl) from x.
    static func begins(_ x: Double, rules: String, rtl: Bool = false) throws -> (GestureOutcome?, GestureReason?) {
        let to = formatNumber(x + (rtl ? -12 : 12))
        let report = try replay(
            trace(
                extra: rtl ? Self.rtl : "", "[[0, \(formatNumber(x)), 400], [16, \(to), 400]]", end: "up: 20"),
            rules: rules)
        return (report.gestures[0].outcome, report.gestures[0].reason)
    }

    // MARK: ionic

    @Test func ionicTakesTheFiftyPointEdgeInclusively() throws {
        // Ionic's canStart: startX <= 50, or startX >= innerWidth - 50 in rtl.
        #expect(try Self.begins(50, rules: "ionic") == (.began, nil))
        #expect(try Self.begins(50.5, rules: "ionic") == (.refused, .outsideEdge))
        // rtl: x = 340 is 50 from the right edge, 339.5 is 50.5.
        #expect(try Self.begins(340, rules: "ionic", rtl: true) == (.began, nil))
        #expect(try Self.begins(339.5, rules: "ionic", rtl: true) == (.refused, .outsideEdge))
    }

    @Test func ionicCapturesEitherWayButNotSteeply() throws {
        // d = (6, 8) at 16: |d| 10 reaches the threshold, |cos| 0.6 <= cos 40 = 0.766: refused there.
        let steep = try replay(
            Self.trace("[[0, 20, 400], [16, 26, 408], [32, 90, 408]]", end: "up: 40"), rules: "ionic")
        #expect(steep.gestures[0].outcome == .refused && steep.gestures[0].reason == .notHorizontal)
        #expect(steep.gestures[0].refusal?.check == "maxAngle" && steep.gestures[0].decidedAt?.t == 16)
        // d = (-10, 0) at 16: |cos| 1, captured leftwards and begun from x = 30. ema: 16: -10/16 =
        // -0.625, v -0.4375; 32 (frame 1, the first after the capture): -20/16 = -1.25, v -0.875 -
        // 0.13125 = -1.00625; the lift at 40, 8 ms on, raw 0: v -0.301875 < 0: cancelled whatever
        // the distance (delta 10 - 30 = -20), progress 0.
        let left = try replay(Self.trace("[[0, 40, 400], [16, 30, 400], [32, 10, 400]]", end: "up: 40"), rules: "ionic")
        let pop = try #require(left.gestures[0].pop)
        #expect(left.gestures[0].outcome == .began && pop.progress == 0)
        #expect(pop.result == .cancelled && pop.by == .speedOrDistance && Self.close(pop.velocity, -301.875))
        guard case .speedOrDistance(let terms)? = pop.why else {
            Issue.record("no speedOrDistance terms")
            return
        }
        #expect(terms.branch == .backward && terms.delta == -20)
    }

    /// Every move 20 ms apart, each in a frame of its own (frames 1, 2, 3, 4 and 6 at 60 Hz), so every
    /// one is taken. Recognized at 20 (|d| 10), the origin at x = 20. ema: 20: raw 10/20 = 0.5, v 0.35;
    /// 40: raw 100/20 = 5, v 3.5 + 0.105 = 3.605.
    @Test func ionicReleaseTakesEachOfItsFourBranches() throws {
        func pop(_ samples: String, up: Double) throws -> PopRecord {
            try #require(
                try replay(Self.trace(samples, end: "up: \(formatNumber(up))"), rules: "ionic").gestures[0].pop)
        }
        // far: 60: raw 110/20 = 5.5, v 3.85 + 1.0815 = 4.9315; three still moves and the lift, each
        // 20 ms on at raw 0, leave 0.3^4 = 0.0081 of it: v 0.03994515 <= 0.2, but delta 230 - 20 = 210 >
        // 195: completed.
        let far = try pop(
            "[[0, 10, 400], [20, 20, 400], [40, 120, 400], [60, 230, 400], [80, 230, 400], [100, 230, 400], [120, 230, 400]]",
            up: 140)
        #expect(far.result == .completed && Self.close(far.velocity, 39.94515))
        // short: to 200 instead: 60: raw 4, v 2.8 + 1.0815 = 3.8815, times 0.0081 = 0.03144015 <= 0.2;
        // delta 180 <= 195: cancelled.
        let short = try pop(
            "[[0, 10, 400], [20, 20, 400], [40, 120, 400], [60, 200, 400], [80, 200, 400], [100, 200, 400], [120, 200, 400]]",
            up: 140)
        #expect(short.result == .cancelled && Self.close(short.velocity, 31.44015))
        // fast: 40 to x = 60: raw 2, v 1.4 + 0.105 = 1.505; the lift 10 ms on: 0.3 * 1.505 = 0.4515 >
        // 0.2: completed from delta 40.
        let fast = try pop("[[0, 10, 400], [20, 20, 400], [40, 60, 400]]", up: 50)
        #expect(fast.result == .completed && Self.close(fast.velocity, 451.5))
        // backward: 60 to 260 (raw 7, v 4.9 + 1.0815 = 5.9815), back to 240 (raw -1, v -0.7 + 1.79445 =
        // 1.09445) and 220 (v -0.7 + 0.328335 = -0.371665); the lift 5 ms on: -0.1114995 < 0:
        // cancelled although delta 200 > 195.
        let back = try pop(
            "[[0, 10, 400], [20, 20, 400], [40, 120, 400], [60, 260, 400], [80, 240, 400], [100, 220, 400]]", up: 105)
        #expect(back.result == .cancelled && Self.close(back.velocity, -111.4995))
        let branches = [far, short, fast, back].compactMap { pop -> ReleaseReason.SpeedOrDistanceTerms.Branch? in
            if case .speedOrDistance(let terms)? = pop.why { terms.branch } else { nil }
        }
        #expect(branches == [.far, .short, .fast, .backward])
        // The settles (completing from 210, cancelling from 180, |v| tiny so dur = D = 540): the curve's
        // times tc(0.5385) = 0.169302 and tr(0.4615) = 0.830698 are the same point of the two curves,
        // each the other turned half round, so both take 540 - 0.168302 * 540 = 449.117 ms.
        #expect(Self.close(far.settledAt, 140 + 449.116712794955, tolerance: 1e-12))
        #expect(Self.close(short.settledAt, 140 + 449.116712794955, tolerance: 1e-12))
    }

    /// The 120 Hz stroke of docs/reference/interactive-pop.md, 4.3: x = 10, 16, 24, 34, 46, 60 at t = 0,
    /// 8, 16, 24, 32, 40, lifted at 48.
    static let stroke120 = "[[0, 10, 400], [8, 16, 400], [16, 24, 400], [24, 34, 400], [32, 46, 400], [40, 60, 400]]"

    @Test func ionicSamplesA120HzStrokeOncePerFrame() throws {
        // Recognized at 16 (|d| 14), the origin at x = 24. v: 8: 0.75 * 0.7 = 0.525; 16: 0.7 + 0.1575 =
        // 0.8575; 24 (frame 1): 1.25 * 0.7 + 0.25725 = 1.13225; 32 (frame 1): dropped; 40 (frame 2):
        // 26 / 16 = 1.625, 1.1375 + 0.339675 = 1.477175; the lift: 0.3 * 1.477175 = 0.4431525 > 0.2.
        let report = try replay(Self.trace(Self.stroke120, end: "up: 48"), rules: "ionic")
        let pop = try #require(report.gestures[0].pop)
        #expect(report.gestures[0].decidedAt?.t == 16 && pop.progress == 36.0 / 390)
        #expect(pop.result == .completed && pop.by == .speedOrDistance && Self.close(pop.velocity, 443.1525))
        // The settle: missing 354 pt / 0.4431525 = 798.8 > 540, dur 540; tc(36/390) = 0.038615, start
        // 0.037615: 540 - 0.037615 * 540 = 519.688, at 48 + 519.688.
        #expect(Self.close(pop.settle?.result, 519.6878429028017, tolerance: 1e-12))
        #expect(Self.close(pop.settledAt, 567.6878429028017, tolerance: 1e-12))
        guard case .ionic(let missing, let dur, let start)? = pop.settle?.detail else {
            Issue.record("no ionic settle terms")
            return
        }
        #expect(Self.close(missing, 354.0 / 390) && dur == 540 && Self.close(start, 0.03761510573555245))

        // frameClock.phase 10 moves the frames: 24 is in frame floor(14 * 0.06) = 0 (taken, the first after
        // the capture), 32 in frame 1 (taken: 12 / 8 = 1.5, v 1.05 + 0.339675 = 1.389675), 40 in frame 1
        // too (dropped); the lift over 16 ms from 32: 14 / 16 = 0.875, v 0.6125 + 0.4169025 = 1.0294025.
        let phased = try replay(
            Self.trace(Self.stroke120, end: "up: 48"),
            rulesDocument: "format: popgesture-rules/1\nextends: ionic\nframeClock: {phase: 10}\n")
        #expect(Self.close(phased.gestures[0].pop?.velocity, 1029.4025))
        // Without the frames every move is taken: 32: v 1.05 + 0.339675 = 1.389675; 40: 14 / 8 = 1.75,
        // v 1.225 + 0.4169025 = 1.6419025; the lift: 0.49257075.
        let everyMove = try replay(
            Self.trace(Self.stroke120, end: "up: 48"),
            rulesDocument: "format: popgesture-rules/1\nextends: ionic\nema: {perFrame: false}\n")
        #expect(Self.close(everyMove.gestures[0].pop?.velocity, 492.57075))
    }

    @Test func ionicMirrorsInRightToLeft() throws {
        // The 120 Hz stroke mirrored (x -> 390 - x): down 10 from the right edge, the same speeds
        // leftwards: c * v = 0.4431525, delta = -(330 - 366) = 36: completed, settling as in ltr.
        let report = try replay(
            Self.trace(
                extra: Self.rtl,
                "[[0, 380, 400], [8, 374, 400], [16, 366, 400], [24, 356, 400], [32, 344, 400], [40, 330, 400]]",
                end: "up: 48"), rules: "ionic")
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .completed && Self.close(pop.velocity, 443.1525) && pop.progress == 36.0 / 390)
        #expect(Self.close(pop.settledAt, 567.6878429028017, tolerance: 1e-12))
    }

    @Test func ionicDecidesATouchCancelLikeALift() throws {
        // The `far` drag of the branches test, cancelled at 140 instead of lifted: Ionic's touchcancel
        // goes to pointerUp: completed by speedOrDistance, not cancelled by touchCancelled.
        let report = try replay(
            Self.trace(
                "[[0, 10, 400], [20, 20, 400], [40, 120, 400], [60, 230, 400], [80, 230, 400], [100, 230, 400], [120, 230, 400]]",
                end: "cancel: 140"), rules: "ionic")
        #expect(report.gestures[0].pop?.result == .completed && report.gestures[0].pop?.by == .speedOrDistance)
    }

    // MARK: react-navigation (7)

    @Test func reactNavigationTakesItsBandAsCGRectContainsPointDoes() throws {
        // 0 <= x < 50 in ltr; in rtl 340 <= x < 390.
        #expect(try Self.begins(49.9, rules: "react-navigation") == (.began, nil))
        #expect(try Self.begins(50, rules: "react-navigation") == (.refused, .outsideEdge))
        #expect(try Self.begins(340, rules: "react-navigation", rtl: true) == (.began, nil))
        #expect(try Self.begins(339.9, rules: "react-navigation", rtl: true) == (.refused, .outsideEdge))
        #expect(try Self.begins(390, rules: "react-navigation", rtl: true) == (.refused, .outsideEdge))
    }

    @Test func reactNavigationSevenHasNoDirectionLock() throws {
        // Leftward: |d.x| 12 >= 10, T = (-2, 0): it begins (no direction check) and cancels: -2 + 0.3 *
        // -750 < 195 (one raw velocity, -12 / 16 * 1000).
        let left = try replay(Self.trace("[[0, 40, 400], [16, 28, 400]]", end: "up: 20"), rules: "react-navigation")
        #expect(left.gestures[0].outcome == .began && left.gestures[0].pop?.result == .cancelled)
        // Vertical: |d.y| 12 >= 10 first, T = (0, 2): begins, cancels with translation 0.
        let up = try replay(Self.trace("[[0, 20, 400], [16, 21, 388]]", end: "up: 20"), rules: "react-navigation")
        #expect(up.gestures[0].outcome == .began && up.gestures[0].pop?.progress == 0)
    }

    /// Recognized at 20 (d.x 15 >= 10): T.x 5, the origin at x = 20. UIKit's raw velocities 15/20,
    /// 88/20, 6/20 and 6/20 per ms: at 80 the velocity is 0.2 * 300 + 0.8 * 300 = 300 pt/s.
    static let tie = "[[0, 10, 400], [20, 25, 400], [40, 113, 400], [60, 119, 400], [80, 125, 400]]"
    /// The same, the last move 1 pt farther: raw 7/20 = 350, v 0.2 * 350 + 0.8 * 300 = 310.
    static let past = "[[0, 10, 400], [20, 25, 400], [40, 113, 400], [60, 119, 400], [80, 126, 400]]"

    @Test func reactNavigationCompletesOnlyStrictlyPastHalfTheWidth() throws {
        // 105 + 0.3 * 300 = 195, not > 195: cancelled.
        let tie = try #require(
            try replay(Self.trace(Self.tie, end: "up: 85"), rules: "react-navigation").gestures[0].pop)
        #expect(tie.result == .cancelled && tie.by == .linearProjection && tie.velocity == 300)
        // 106 + 0.3 * 310 = 199 > 195: completed.
        let past = try #require(
            try replay(Self.trace(Self.past, end: "up: 85"), rules: "react-navigation").gestures[0].pop)
        #expect(past.result == .completed && past.velocity == 310)
        guard case .linearProjection(let terms)? = past.why else {
            Issue.record("no linearProjection terms")
            return
        }
        #expect(terms.translation == 106 && terms.velocityTerm == 93 && terms.projected == 199)
    }

    /// The spring (k 1000, c 500, m 3: zeta 4.56, taken as critically damped with w0 = 18.2574/s), at
    /// frames n / 60 s after the release: position = to - e^(-w0 t) (x0 + (w0 x0 - v0) t), speed =
    /// e^(-w0 t) (-v0 (w0 t - 1) + t x0 w0^2), x0 = to - from.
    @Test func reactNavigationSettlesOnTheSpringsFrames() throws {
        // Cancelled from 105 at 300 pt/s toward W, to 0 (x0 = -105). Frame 24, t 0.4: e^(-7.3030) =
        // 6.7354e-4, speed 6.7354e-4 * (-300 * 6.3030 + 0.4 * -105 * 333.33) = -10.70: |speed| > 10.
        // Frame 25, t 0.41667: e^(-7.6073) = 4.9683e-4, speed 4.9683e-4 * (-300 * 6.6073 - 14583.3) =
        // -8.23, position -4.9683e-4 * (-105 + (-1917.03 - 300) * 0.41667) = 0.511: at rest. 25 frames,
        // 416.667 ms after 85.
        let tie = try #require(
            try replay(Self.trace(Self.tie, end: "up: 85"), rules: "react-navigation").gestures[0].pop)
        #expect(tie.settle?.detail == .spring(from: 105, to: 0, frames: 25, period: 1000.0 / 60, overshot: false))
        #expect(Self.close(tie.settledAt, 85 + 25 * 1000.0 / 60))
        // Completed from 106 at 310 pt/s, to 390 (x0 = 284). Frame 27, t 0.45: e^(-8.2158) = 2.7034e-4,
        // speed 2.7034e-4 * (-310 * 7.2158 + 0.45 * 284 * 333.33) = 10.91 > 10. Frame 28, t 0.46667:
        // 1.9941e-4 * (-310 * 7.5201 + 44177.8) = 8.34, position 389.49: at rest. 28 frames.
        let past = try #require(
            try replay(Self.trace(Self.past, end: "up: 85"), rules: "react-navigation").gestures[0].pop)
        #expect(past.settle?.detail == .spring(from: 106, to: 390, frames: 28, period: 1000.0 / 60, overshot: false))
        #expect(Self.close(past.settledAt, 85 + 28 * 1000.0 / 60))
    }

    @Test func reactNavigationMirrorsInRightToLeftAndSpringsATouchCancelHome() throws {
        // `past` mirrored: down 10 from the right edge, T.x = -106, velocity -310: c * ... = 106 and 310.
        let rtl = try #require(
            try replay(
                Self.trace(
                    extra: Self.rtl, "[[0, 380, 400], [20, 365, 400], [40, 277, 400], [60, 271, 400], [80, 264, 400]]",
                    end: "up: 85"), rules: "react-navigation"
            ).gestures[0].pop)
        #expect(rtl.result == .completed && rtl.velocity == 310 && Self.close(rtl.settledAt, 85 + 28 * 1000.0 / 60))
        // A touch cancel: the handler's CANCELLED animates the card back on the spring, from 106 at 310
        // toward W to 0 (25 frames, as the tie's 105 at 300), not linearly.
        let cancelled = try #require(
            try replay(Self.trace(Self.past, end: "cancel: 85"), rules: "react-navigation").gestures[0].pop)
        #expect(cancelled.by == .touchCancelled && cancelled.settle?.model == "spring")
        #expect(Self.close(cancelled.settledAt, 85 + 25 * 1000.0 / 60))
    }

    // MARK: react-navigation-8

    @Test func reactNavigationEightActivatesPastFiveAndFailsPastTwenty() throws {
        // d.x 5 is not > 5; 5.5 is: recognized at 32, counted from x = 25.5.
        let five = try replay(
            Self.trace("[[0, 20, 400], [16, 25, 400], [32, 25.5, 400], [48, 60, 400]]", end: "up: 50"),
            rules: "react-navigation-8")
        #expect(five.gestures[0].decidedAt?.t == 32 && five.gestures[0].pop?.progress == 34.5 / 390)
        // |d.y| 20 does not fail; 20.5 fails first, although d.x 30 > 5 on that move.
        let fails = try replay(
            Self.trace("[[0, 20, 400], [16, 22, 420], [32, 50, 420.5]]", end: "up: 40"), rules: "react-navigation-8")
        #expect(fails.gestures[0].reason == .notHorizontal && fails.gestures[0].decidedAt?.t == 32)
        // Leftward never activates: unrecognized; in rtl the lock turns (d.x -6: c * d.x 6 > 5), and a
        // rightward drag there never activates.
        let left = try replay(
            Self.trace("[[0, 40, 400], [16, 20, 400], [32, 5, 400]]", end: "up: 40"), rules: "react-navigation-8")
        #expect(left.gestures[0].outcome == .unrecognized && left.gestures[0].reason == .touchEnded)
        #expect(try Self.begins(380, rules: "react-navigation-8", rtl: true) == (.began, nil))
        let right = try replay(
            Self.trace(extra: Self.rtl, "[[0, 360, 400], [16, 380, 400]]", end: "up: 20"), rules: "react-navigation-8")
        #expect(right.gestures[0].outcome == .unrecognized)
    }

    @Test func reactNavigationEightCountsFromTheActivation() throws {
        // `past` under 8: activated at 20 (d.x 15 > 5), counted from x = 25: 101 + 0.3 * 310 = 194 <=
        // 195: cancelled, where 7 (from x = 20, UIKit's hysteresis removed) completes with 199.
        let pop = try #require(
            try replay(Self.trace(Self.past, end: "up: 85"), rules: "react-navigation-8").gestures[0].pop)
        #expect(pop.result == .cancelled)
        guard case .linearProjection(let terms)? = pop.why else {
            Issue.record("no linearProjection terms")
            return
        }
        #expect(terms.translation == 101 && terms.projected == 194)
    }

    // MARK: rn-screens-fullscreen

    @Test func rnScreensBeginsAnywhereWithinItsResponseDistance() throws {
        // Unbounded by default: a pan from mid-screen begins.
        #expect(try Self.begins(200, rules: "rn-screens-fullscreen") == (.began, nil))
        // start 20, end 100, judged where UIKit recognizes (down + 10 pt): 19.5 < 20 refused, 20 and
        // 100 pass, 100.5 > 100 refused.
        let bounds = try rules(
            "format: popgesture-rules/1\nextends: rn-screens-fullscreen\nresponseDistance: {start: 20, end: 100}\n")
        func outcome(_ recognizedAt: Double, rtl: Bool = false) throws -> GestureReason? {
            let down = recognizedAt + (rtl ? 10 : -10)
            let report = Replay(rules: bounds).run(
                try loadTrace(
                    Self.trace(
                        extra: rtl ? Self.rtl : "",
                        "[[0, \(formatNumber(down)), 400], [16, \(formatNumber(recognizedAt)), 400]]", end: "up: 20")))
            return report.gestures[0].reason
        }
        #expect(try outcome(19.5) == .outsideResponseDistance)
        #expect(try outcome(20) == nil && outcome(100) == nil)
        #expect(try outcome(100.5) == .outsideResponseDistance)
        // rtl: x = 370 is 20 from the right edge, 370.5 is 19.5.
        #expect(try outcome(370, rtl: true) == nil)
        #expect(try outcome(370.5, rtl: true) == .outsideResponseDistance)
    }

    @Test func rnScreensSettlesInOneMinusProgressEitherWay() throws {
        // Completing at p = 312 / 390 = 0.8 (origin 20): (1 - 0.8) * 500 = 100 ms after 45.
        let done = try #require(
            try replay(
                Self.trace("[[0, 10, 400], [20, 25, 400], [40, 332, 400]]", end: "up: 45"),
                rules: "rn-screens-fullscreen"
            ).gestures[0].pop)
        #expect(done.result == .completed && Self.close(done.settledAt, 145))
        // Cancelling at p = 39 / 390 = 0.1 with the finger still (UIKit's velocity 0): 39 <= 195, and
        // the animator still runs (1 - 0.1) * 500 = 450 ms after 85.
        let back = try #require(
            try replay(
                Self.trace("[[0, 10, 400], [20, 25, 400], [40, 59, 400], [60, 59, 400], [80, 59, 400]]", end: "up: 85"),
                rules: "rn-screens-fullscreen"
            ).gestures[0].pop)
        #expect(back.result == .cancelled && back.velocity == 0 && Self.close(back.settledAt, 535))
        // A touch cancel there: cancelled by touchCancelled, the same 450 ms.
        let cancelled = try #require(
            try replay(
                Self.trace("[[0, 10, 400], [20, 25, 400], [40, 59, 400], [60, 59, 400]]", end: "cancel: 85"),
                rules: "rn-screens-fullscreen"
            ).gestures[0].pop)
        #expect(cancelled.by == .touchCancelled && Self.close(cancelled.settledAt, 535))
    }

    // MARK: Content under the finger and the bar, under each preset

    static let presets = ["ionic", "react-navigation", "react-navigation-8", "rn-screens-fullscreen"]

    /// A carousel (horizontal, scrolled to 100) under the finger, which drags right from x = 20: the
    /// content moment is at 32 (|d.x| 10). `ionic`, `react-navigation` and `rn-screens-fullscreen`
    /// recognize there too (|d| 10, |d.x| 10): i = j, ties to the content, so the carousel claims it
    /// and the pop is refused `contentWon`. `react-navigation-8` activated at 16 (d.x 6 > 5), before
    /// the content moment: the pop began and the carousel lost the drag.
    @Test(arguments: presets)
    func contentUnderTheFingerCompetesAsUIKitSays(_ preset: String) throws {
        let report = try replay(
            Self.trace(
                stack:
                    "[{id: a}, {id: b, content: [{id: carousel, kind: scroll, frame: [0, 300, 390, 200], axis: horizontal, offset: 100}]}]",
                "[[0, 20, 400], [16, 26, 400], [32, 30, 400], [48, 60, 400]]", end: "up: 60"), rules: preset)
        let gesture = report.gestures[0]
        if preset == "react-navigation-8" {
            #expect(gesture.outcome == .began && gesture.decidedAt?.t == 16)
            #expect(gesture.content?.result == .lost)
        } else {
            #expect(gesture.outcome == .refused && gesture.reason == .contentWon && gesture.decidedAt?.t == 32)
            #expect(gesture.content?.result == .claimed && gesture.content?.region == "carousel")
        }
    }

    /// A managed bar: b prefers it hidden, a shown. None of these stacks carries FDFullscreenPopGesture's
    /// willAppear blocks (`bar.inject: none`), so a completed swipe to a leaves the bar hidden:
    /// `wrongFinalBar` at the settle; the app's own call at 2000 shows it.
    @Test(arguments: presets)
    func theBarCoordinatorRunsUnderEachPreset(_ preset: String) throws {
        let report = try replay(
            """
            format: popgesture-trace/1
            barAppearanceManaged: true
            stack: [{id: a}, {id: b, barHidden: true}]
            events:
              - touch: 1
                samples: [[0, 20, 400], [20, 40, 400], [40, 120, 400], [60, 220, 400], [80, 320, 400]]
                up: 85
              - {t: 2000, setBarHidden: false, animated: true}
            """, rules: preset)
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.result == .completed)
        #expect(report.bar.map(\.t) == [0, 2000] && report.bar.map(\.hidden) == [true, false])
        #expect(report.bar.map(\.cause) == [.initial, .app])
        #expect(report.anomalies.map(\.kind) == [.wrongFinalBar] && report.anomalies.first?.t == pop.settledAt)
        #expect(report.final.stack == ["a"] && report.final.barHidden == false)
    }
}
