import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// The cross-platform models' rule keys, one mechanism a test (sections 3 and 4: `edgeRect`, `pan`,
/// `activeOffset`, `responseDistance`, `ema` with the frame clock, `speedOrDistance`,
/// `linearProjection`, and the `ionic`, `spring` and `animator` settles), each through a rules
/// document that extends `fd`, the arithmetic by hand in comments. W = 390 unless a test says otherwise.
@Suite struct CrossPlatformRuleTests {
    static func trace(stack: String = "[{id: a}, {id: b}]", extra: String = "", _ events: String) -> String {
        "format: popgesture-trace/1\nstack: \(stack)\n\(extra)events:\n\(events)\n"
    }

    static func document(_ body: String) -> String { "format: popgesture-rules/1\n\(body)\n" }

    static func close(_ a: Double?, _ b: Double, tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance * max(1, abs(b))
    }

    /// One stroke of finger 1 from `samples`, lifted at `up`.
    static func swipe(_ samples: String, up: Double) -> String {
        "- touch: 1\n  samples: \(samples)\n  up: \(formatNumber(up))"
    }

    // MARK: Loading the keys (section 7)

    @Test func theNewKeysCheckTheirValues() throws {
        let bound = try #require(rulesError(Self.document("responseDistance: {start: -2}")))
        #expect(bound.message == "expected `start` to be >= 0, or -1 for no bound, found -2")
        let rate = try #require(rulesError(Self.document("frameClock: {rate: 0}")))
        #expect(rate.message == "expected `rate` in (0, 1000], found 0")
        let angle = try #require(rulesError(Self.document("pan: {maxAngle: 91}")))
        #expect(angle.message == "expected `maxAngle` in (0, 90], found 91")
        let typo = try #require(rulesError(Self.document("spring: {stifness: 900}")))
        #expect(typo.suggestion == "did you mean `stiffness`?")
        let kind = try #require(rulesError(Self.document("recognizer: {kind: pann}")))
        #expect(kind.suggestion == "did you mean `pan`?")
        // -1 and 0 are both bounds the loader takes; -0 reads as 0 (no -0 in reports).
        let taken = try rules(Self.document("responseDistance: {start: -0, end: -1}\nlinearProjection: {cap: 0}"))
        #expect(taken.responseDistance.start == 0 && taken.responseDistance.start.sign == .plus)
        #expect(taken.responseDistance.end == -1 && taken.linearProjection.cap == 0)
    }

    @Test func everyNewKeyRoundTripsThroughRulesShow() throws {
        var odd = try RulesLoader.load("fd")
        odd.pan = .init(threshold: 12.5, maxAngle: 30)
        odd.activeOffset = .init(x: 7, failY: 15)
        odd.responseDistance = .init(start: 0, end: 200, top: -1, bottom: 700)
        odd.ema = .init(weight: 1, window: 50, perFrame: false)
        odd.frameClock = .init(rate: 120, phase: 4.25)
        odd.speedOrDistance = .init(speed: 0.35, fraction: 0.4)
        odd.linearProjection = .init(velocityImpact: 0.25, cap: 100, fraction: 0.45)
        odd.spring = .init(
            stiffness: 200, damping: 20, mass: 1, restDisplacement: 0.5, restSpeed: 2, overshootClamping: false)
        odd.animator = .init(duration: 350)
        odd.recognizer.region = .edgeRect
        odd.recognizer.kind = .activeOffset
        odd.begin = [.responseDistance]
        odd.velocity = .ema
        odd.completion.model = .linearProjection
        odd.transition.settle = .spring
        #expect(try rules(RulesLoader.yaml(for: odd)) == odd)
    }

    // MARK: The edge band as CGRectContainsPoint sees it (section 3.2)

    @Test func edgeRectHoldsItsLeadingSideAndNotItsFarSide() throws {
        let band = Self.document("recognizer: {region: edgeRect, edgeWidth: 50}\nbegin: [rootOnly]")
        func outcome(_ x: Double, rtl: Bool = false) throws -> (GestureOutcome?, GestureReason?) {
            let report = try replay(
                Self.trace(
                    extra: rtl ? "layoutDirection: rtl\n" : "",
                    Self.swipe(
                        "[[0, \(formatNumber(x)), 400], [16, \(formatNumber(x + (rtl ? -20 : 20))), 400]]", up: 20)),
                rulesDocument: band)
            return (report.gestures[0].outcome, report.gestures[0].reason)
        }
        // ltr: 0 <= x < 50. x = 0 and 49.9 are in; 50 is out (`x 50 >= edgeWidth 50`).
        #expect(try outcome(0) == (.began, nil))
        #expect(try outcome(49.9) == (.began, nil))
        #expect(try outcome(50) == (.refused, .outsideEdge))
        // rtl: 340 <= x < 390, i.e. 0 < W - x <= 50. x = 340 (distance 50) is in, 339.9 out, 390 out.
        #expect(try outcome(340, rtl: true) == (.began, nil))
        #expect(try outcome(339.9, rtl: true) == (.refused, .outsideEdge))
        #expect(try outcome(390, rtl: true) == (.refused, .outsideEdge))
        // The evidence says which side: x 50 >= edgeWidth 50; edge distance 0 <= 0.
        let report = try replay(Self.trace(Self.swipe("[[0, 50, 400], [16, 70, 400]]", up: 20)), rulesDocument: band)
        let refusal = try #require(report.gestures[0].refusal)
        #expect(refusal.text == "x 50 >= edgeWidth 50")
    }

    // MARK: Ionic's pan recognizer (section 3.3)

    @Test func panJudgesTheAngleOnceAtTheThreshold() throws {
        let pan = Self.document("recognizer: {kind: pan}\nbegin: [rootOnly]")
        // d = (6, 8): |d| = 10 >= 10, cos = 0.6 <= cos 40 = 0.766: refused there, notHorizontal;
        // the later horizontal move changes nothing.
        let steep = try replay(
            Self.trace(Self.swipe("[[0, 20, 400], [16, 26, 408], [32, 80, 408]]", up: 40)), rulesDocument: pan)
        #expect(steep.gestures[0].outcome == .refused && steep.gestures[0].reason == .notHorizontal)
        #expect(steep.gestures[0].decidedAt == Sample(t: 16, x: 26, y: 408))
        let refusal = try #require(steep.gestures[0].refusal)
        #expect(refusal.check == "maxAngle" && Self.close(refusal.limit, 0.766044443118978))
        // d = (8, 6): cos 0.8 > 0.766: recognized with T = (0, 0), the origin at x = 28.
        let flat = try replay(
            Self.trace(Self.swipe("[[0, 20, 400], [16, 28, 406], [32, 80, 406]]", up: 40)), rulesDocument: pan)
        #expect(flat.gestures[0].outcome == .began && flat.gestures[0].recognition?.kind == .pan)
        #expect(flat.gestures[0].recognition?.translation == .zero)
        // Progress at the lift (80 - 28) / 390.
        #expect(flat.gestures[0].pop?.progress == 52.0 / 390)
        // |d| = 9.9: still undecided; the lift leaves it unrecognized.
        let short = try replay(Self.trace(Self.swipe("[[0, 20, 400], [16, 29.9, 400]]", up: 20)), rulesDocument: pan)
        #expect(short.gestures[0].outcome == .unrecognized && short.gestures[0].reason == .touchEnded)
        // A leftward drag is captured too: d = (-10, 0), cos -1 < -0.766; it begins, progress stays 0.
        let left = try replay(
            Self.trace(Self.swipe("[[0, 120, 400], [16, 110, 400], [32, 60, 400]]", up: 40)), rulesDocument: pan)
        #expect(left.gestures[0].outcome == .began && left.gestures[0].pop?.progress == 0)
    }

    // MARK: react-native-gesture-handler's activeOffsetX / failOffsetY (section 3.3)

    @Test func activeOffsetFailsOnYFirstAndLocksTheDirection() throws {
        let offsets = Self.document("recognizer: {kind: activeOffset}\nbegin: [rootOnly]")
        // d.x = 5 is not > 5; d.x = 5.5 is: recognized at 32 with T = 0 from x = 25.5.
        let report = try replay(
            Self.trace(Self.swipe("[[0, 20, 400], [16, 25, 400], [32, 25.5, 400], [48, 60, 400]]", up: 50)),
            rulesDocument: offsets)
        #expect(report.gestures[0].decidedAt?.t == 32 && report.gestures[0].recognition?.kind == .activeOffset)
        #expect(report.gestures[0].pop?.progress == 34.5 / 390)
        // |d.y| = 20 does not fail, 20.5 does, although d.x = 30 > 5 on that move: failY first.
        let fails = try replay(
            Self.trace(Self.swipe("[[0, 20, 400], [16, 22, 420], [32, 50, 420.5]]", up: 40)), rulesDocument: offsets)
        #expect(fails.gestures[0].outcome == .refused && fails.gestures[0].reason == .notHorizontal)
        #expect(fails.gestures[0].decidedAt?.t == 32 && fails.gestures[0].refusal?.check == "failY")
        // Leftward in ltr never activates: unrecognized at the lift.
        let left = try replay(
            Self.trace(Self.swipe("[[0, 200, 400], [16, 150, 400], [32, 100, 400]]", up: 40)), rulesDocument: offsets)
        #expect(left.gestures[0].outcome == .unrecognized)
        // In rtl the lock turns: d.x = -6, c * d.x = 6 > 5.
        let rtl = try replay(
            Self.trace(extra: "layoutDirection: rtl\n", Self.swipe("[[0, 380, 400], [16, 374, 400]]", up: 20)),
            rulesDocument: offsets)
        #expect(rtl.gestures[0].outcome == .began)
    }

    // MARK: react-native-screens' gestureResponseDistance (section 3.5)

    @Test func responseDistanceReadsTheRecognitionPoint() throws {
        let bounds = Self.document("begin: [rootOnly, responseDistance]\nresponseDistance: {start: 20, bottom: 600}")
        // Down at 15, recognized at x = 25 (d.x = 10, T.x = 0): 25 >= start 20, y 400 <= 600: began.
        let inside = try replay(Self.trace(Self.swipe("[[0, 15, 400], [16, 25, 400]]", up: 20)), rulesDocument: bounds)
        #expect(inside.gestures[0].outcome == .began)
        // Recognized at x = 19.5: 19.5 < 20.
        let before = try replay(
            Self.trace(Self.swipe("[[0, 9.5, 400], [16, 19.5, 400]]", up: 20)), rulesDocument: bounds)
        #expect(before.gestures[0].reason == .outsideResponseDistance)
        #expect(before.gestures[0].refusal?.text == "location.x 19.5 < start 20")
        // y = 600 is within (not > 600); 600.5 is below the bottom bound.
        let edge = try replay(Self.trace(Self.swipe("[[0, 100, 600], [16, 110, 600]]", up: 20)), rulesDocument: bounds)
        #expect(edge.gestures[0].outcome == .began)
        let low = try replay(
            Self.trace(Self.swipe("[[0, 100, 600.5], [16, 110, 600.5]]", up: 20)), rulesDocument: bounds)
        #expect(low.gestures[0].refusal?.text == "location.y 600.5 > bottom 600")
        // In rtl x is measured from the right edge: recognized at x = 360 is 30 from it.
        let rtl = try replay(
            Self.trace(extra: "layoutDirection: rtl\n", Self.swipe("[[0, 375, 400], [16, 360, 400]]", up: 20)),
            rulesDocument: bounds)
        #expect(rtl.gestures[0].outcome == .began)
    }

    // MARK: Ionic's moving average and the frame clock (section 4.3)

    @Test func emaMixesEachSampleTakenAndDropsMovesOfAFrameAlreadySampled() {
        var ema = EMAVelocityEstimator(
            .init(weight: 0.7, window: 100, perFrame: true), clock: .init(rate: 60, phase: 0))
        ema.add(Sample(t: 0, x: 10, y: 0))
        #expect(ema.lastStep == .first && ema.velocity == .zero)
        // 6 / 8 = 0.75 px/ms: 0.7 * 0.75 = 0.525.
        ema.add(Sample(t: 8, x: 16, y: 0))
        #expect(Self.close(ema.velocity.x, 525))
        // Recognized at 16: 8 / 8 = 1, 0.7 + 0.3 * 0.525 = 0.8575; frames start to count from here.
        ema.add(Sample(t: 16, x: 24, y: 0))
        ema.began()
        #expect(Self.close(ema.velocity.x, 857.5))
        // 24: frame floor(24 * 60 / 1000) = 1, the first after the recognition: 10 / 8 = 1.25,
        // 0.875 + 0.3 * 0.8575 = 1.13225.
        ema.add(Sample(t: 24, x: 34, y: 0))
        #expect(Self.close(ema.velocity.x, 1132.25))
        // 32: frame floor(1.92) = 1 again: dropped whole.
        ema.add(Sample(t: 32, x: 46, y: 0))
        #expect(ema.lastStep == .dropped(frame: 1) && Self.close(ema.velocity.x, 1132.25))
        // 40: frame 2: dt from 24, (60 - 34) / 16 = 1.625: 1.1375 + 0.3 * 1.13225 = 1.477175.
        ema.add(Sample(t: 40, x: 60, y: 0))
        #expect(Self.close(ema.velocity.x, 1477.175))
        // The lift at 48, where the finger stands: raw 0 over 8 ms, v = 0.3 * 1.477175 = 0.4431525.
        ema.lift(at: 48, from: Sample(t: 40, x: 60, y: 0))
        #expect(Self.close(ema.velocity.x, 443.1525))
        // dt outside (0, 100): unchanged, but the sample becomes the previous one.
        ema.lift(at: 148, from: Sample(t: 40, x: 90, y: 0))
        #expect(ema.lastStep == .outsideWindow(dt: 100, window: 100) && Self.close(ema.velocity.x, 443.1525))
    }

    @Test func theFrameClockHasAPhaseAndARate() {
        let clock = Rules.FrameClock(rate: 120, phase: 5)
        // (t - 5) * 120 / 1000: 13.3 -> 0.996 frame 0; 13.5 -> 1.02 frame 1; a frame's start belongs to it.
        #expect(clock.frame(13.3) == 0 && clock.frame(13.5) == 1 && clock.frame(5 + 1000.0 / 120) == 1)
        #expect(clock.frame(4) == -1 && clock.period == 1000.0 / 120)
    }

    // MARK: The release rules (section 4.5)

    @Test func speedOrDistanceHasFourBranches() {
        let ionic = CompletionModel(
            completion: .init(
                model: .speedOrDistance, projectionDistance: 0, projectionCap: 0, progressThreshold: 0,
                flingVelocity: 0, popOnZero: false, strict: false, onCancel: .decide, velocityThreshold: 1000,
                quickTime: 300, quickDistance: 10), duration: 540)
        func decide(_ v: Double, _ delta: Double) -> ReleaseDecision {
            ionic.decide(
                progress: delta / 390, velocity: v * 1000, width: 390, statistics: ProjectionStatistics(), moved: true,
                translation: delta)
        }
        // v 0.15 <= 0.2 and delta 120 <= 195: cancelled.
        let short = decide(0.15, 120)
        #expect(!short.completes && short.by == .speedOrDistance)
        guard case .speedOrDistance(let terms) = short.reason else {
            Issue.record("no speedOrDistance terms")
            return
        }
        #expect(terms.branch == .short && terms.text == "v 0.15 px/ms <= 0.2 and delta 120 <= 195 (half the width)")
        // Past half the width (200 > 195): completed; faster than 0.2 with 20 pt: completed.
        #expect(decide(0.15, 200).completes && decide(0.25, 20).completes)
        // Exactly 195 is not past it; exactly 0.2 px/ms is not faster.
        #expect(!decide(0.15, 195).completes && !decide(0.2, 10).completes)
        // Backwards (v -0.01) cancels whatever the distance.
        #expect(!decide(-0.01, 300).completes)
    }

    @Test func linearProjectionAddsTheVelocityTermWithItsCap() {
        func decide(_ translation: Double, _ velocity: Double, cap: Double = -1) -> ReleaseDecision {
            var model = CompletionModel(
                completion: .init(
                    model: .linearProjection, projectionDistance: 0, projectionCap: 0, progressThreshold: 0,
                    flingVelocity: 0, popOnZero: false, strict: false, onCancel: .cancel, velocityThreshold: 1000,
                    quickTime: 300, quickDistance: 10), duration: 483)
            model.linearProjection = .init(velocityImpact: 0.3, cap: cap, fraction: 0.5)
            return model.decide(
                progress: translation / 390, velocity: velocity, width: 390, statistics: ProjectionStatistics(),
                moved: true, translation: translation)
        }
        // 120 + 0.3 * 300 = 210 > 195: completed.
        #expect(decide(120, 300).completes && decide(120, 300).by == .linearProjection)
        // 150 + 0.3 * -100 = 120 <= 195: cancelled.
        #expect(!decide(150, -100).completes)
        // 105 + 0.3 * 300 = 195: not strictly past 195.
        #expect(!decide(105, 300).completes)
        // The cap: 100 + min(300, 100) = 200 > 195 completes; 90 + 100 = 190 does not.
        #expect(decide(100, 1000, cap: 100).completes && !decide(90, 1000, cap: 100).completes)
        guard case .linearProjection(let terms) = decide(100, 1000, cap: 100).reason else {
            Issue.record("no linearProjection terms")
            return
        }
        #expect(terms.capped && terms.velocityTerm == 100 && terms.projected == 200)
    }

    // MARK: The settles (section 4.6)

    @Test func ionicSettlePlaysWhatIsLeftOfItsCurve() {
        // Completing from delta 36 at 0.4431525 px/ms: missing 1 - 36/390 = 0.9077, 354 pt / 0.4431525
        // = 798.8 > 540, so dur 540; the curve's time at 0.0923 is 0.038615, less 0.001: start 0.037615;
        // 540 - 0.037615 * 540 = 519.688.
        let completing = IonicSettle.settle(completing: true, delta: 36, width: 390, speed: 0.4431525, longest: 540)
        #expect(completing.dur == 540 && Self.close(completing.missing, 354.0 / 390))
        #expect(Self.close(completing.start, 0.03761510573555245, tolerance: 1e-12))
        #expect(Self.close(completing.result, 519.6878429028017, tolerance: 1e-12))
        // Cancelling from delta 120 at 0.15 px/ms: 120 / 0.15 = 800, dur 540; the reversed curve's time
        // at 0.3077 is 0.788183, plus 0.001; start 1 - 0.789183 = 0.210817; 540 * (1 - 0.210817) = 426.16.
        let cancelling = IonicSettle.settle(completing: false, delta: 120, width: 390, speed: 0.15, longest: 540)
        #expect(Self.close(cancelling.result, 426.15886409336144, tolerance: 1e-12))
        // Nothing left to travel past 5 pt: dur 0, so 0 ms; a zero velocity takes D.
        #expect(IonicSettle.settle(completing: true, delta: 386, width: 390, speed: 1, longest: 540).result == 0)
        #expect(IonicSettle.settle(completing: false, delta: 100, width: 390, speed: 0, longest: 540).dur == 540)
        // The half-width case of the reference: 540 - (0.160154 - 0.001) * 540 = 454.06.
        let half = IonicSettle.settle(completing: true, delta: 195, width: 390, speed: 0.1, longest: 540)
        #expect(Self.close(half.result, 540 - (0.16015409375296139 - 0.001) * 540, tolerance: 1e-12))
    }

    @Test func springStopsAtTheFirstFrameAtRestOrPastItsTarget() {
        let ios = Rules.Spring(
            stiffness: 1000, damping: 500, mass: 3, restDisplacement: 10, restSpeed: 10, overshootClamping: true)
        let spring = SpringSettle(ios, period: 1000.0 / 60)
        // zeta = 500 / (2 sqrt(3000)) = 4.56 >= 1: critically damped with w0 = sqrt(1000/3) = 18.2574.
        // From 300 to 390 at 2000 pt/s: at frame 14 (t = 0.2333 s) e^(-4.2601) = 0.014125,
        // x0 + (w0 x0 - v0) t = 90 + (1643.17 - 2000) * 0.2333 = 6.74: position 389.905, 0.095 from the
        // target; speed 0.014125 * (-2000 * 3.2601 + 0.2333 * 90 * 333.33) = 6.78 <= 10: at rest.
        #expect(spring.frames(from: 300, to: 390, velocity: 2000) == (14, false))
        // At frame 13 the speed is still above 10.
        let (_, speed13) = spring.state(at: 13.0 / 60, from: 300, to: 390, velocity: 2000)
        #expect(speed13 > 10)
        // A push of 390 pt from rest: 29 frames, 483.3 ms.
        #expect(spring.frames(from: 390, to: 0, velocity: 0) == (29, false))
        // Flung at 20000 pt/s from 350: at frame 1 (t = 1/60 s) e^(-0.30429) = 0.73763 and
        // 40 + (730.3 - 20000) / 60 = -281.16, so the position is 390 + 0.73763 * 281.16 = 597.4 > 390:
        // past its target, it stops there.
        #expect(spring.frames(from: 350, to: 390, velocity: 20_000) == (1, true))
        // Already there and still: frame 0.
        #expect(spring.frames(from: 385, to: 390, velocity: 5) == (0, false))
    }

    @Test func animatorSettlesInWhatIsLeftOfItsDurationEitherWay() {
        var settle = Settle(transition: .init(duration: 350, settle: .animator, progressCap: 1))
        settle.animator = .init(duration: 500)
        // p = 0.8: (1 - 0.8) * 500 = 100 ms, completing or cancelling.
        for completing in [true, false] {
            let terms = settle.terms(
                remaining: completing ? 0.2 : 0.8, completing: completing, velocity: 100, width: 390, progress: 0.8,
                translation: 312)
            #expect(Self.close(terms.result, 100) && terms.duration == 500 && terms.model == "animator")
        }
        // p = 0.1 cancelling still takes 450 ms.
        #expect(
            Self.close(
                settle.terms(
                    remaining: 0.1, completing: false, velocity: -100, width: 390, progress: 0.1, translation: 39
                ).result, 450))
    }

    @Test func aTouchCancelSettlesByTheCrossPlatformModel() throws {
        // onCancel: cancel with the animator settle: a cancel at p = 100/390 settles in (1 - p) * 500,
        // not p * D. Recognized at 16 (d.x = 11, T.x = 1: the origin at x = 30, uikit hysteresis), then
        // x = 130: T.x = 100.
        let report = try replay(
            Self.trace("- touch: 1\n  samples: [[0, 20, 400], [16, 31, 400], [32, 130, 400]]\n  cancel: 40"),
            rulesDocument: Self.document("transition: {settle: animator}"))
        let pop = try #require(report.gestures[0].pop)
        #expect(pop.by == .touchCancelled && pop.settle?.model == "animator")
        #expect(Self.close(pop.settledAt, 40 + (1 - 100.0 / 390) * 500))
    }
}
