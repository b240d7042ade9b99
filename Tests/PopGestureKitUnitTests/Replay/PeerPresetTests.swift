import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// FDFullscreenPopGesture's peers as presets (docs/reference/rules.md, 7.2): every branch of each,
/// on a tiny trace with the arithmetic done by hand. W = 390; `v` is UIKit's velocity (the `uikit`
/// estimator every iOS peer reads): the first raw step alone, then 0.2 x the latest raw + 0.8 x the
/// one before, each raw = dx / dt x 1000 pt/s.
@Suite struct PeerPresetTests {
    static func trace(stack: String = "[{id: a}, {id: b}]", extra: String = "", _ events: String) -> String {
        "format: popgesture-trace/1\nstack: \(stack)\n\(extra)events:\n\(events)\n"
    }

    static func stroke(_ samples: String, _ end: String) -> String {
        "- touch: 1\n  samples: [\(samples)]\n  \(end)\n"
    }

    static let close = ReplayRuleTests.close

    // MARK: swipetransition

    /// SwipeTransition's pan cancels itself at .began when |v.y| > |v.x| or v.x <= 0: begin checks
    /// `velocityHorizontal` and `velocityDirection`, after `rootOnly` and `transitioning`.
    @Test func swipeTransitionTestsTheVelocityAtRecognition() throws {
        // Recognized at 16 by |d.y| 10 >= 10 (T = (0, 0)); v = (4, -10) / 16 x 1000 = (250, -625):
        // |v.y| 625 > |v.x| 250 -> notHorizontal.
        let steep = try replay(
            Self.trace(Self.stroke("[0, 100, 400], [16, 104, 390]", "up: 24")), rules: "swipetransition")
        #expect(steep.gestures[0].outcome == .refused && steep.gestures[0].reason == .notHorizontal)
        #expect(steep.gestures[0].refusal?.check == "velocityHorizontal")
        // Left 5 then right 17: recognized at 32 by d.x = 12 (T.x = 2 > 0, which `direction` would
        // pass); raws -312.5 and 1062.5, v.x = 0.2 x 1062.5 + 0.8 x -312.5 = 212.5 - 250 = -37.5 <= 0.
        let back = try replay(
            Self.trace(Self.stroke("[0, 100, 400], [16, 95, 400], [32, 112, 400]", "up: 40")), rules: "swipetransition")
        #expect(back.gestures[0].reason == .wrongDirection && back.gestures[0].refusal?.check == "velocityDirection")
        #expect(back.gestures[0].refusal?.value == .number(-37.5))
        // d = (12, 0) at 16: v = (750, 0) passes both; a lone view controller is refused first.
        let root = try replay(
            Self.trace(stack: "[{id: a}]", Self.stroke("[0, 100, 400], [16, 112, 400]", "up: 24")),
            rules: "swipetransition")
        #expect(root.gestures[0].reason == .atRoot)
        let fine = try replay(
            Self.trace(Self.stroke("[0, 100, 400], [16, 112, 400]", "up: 24")), rules: "swipetransition")
        #expect(fine.gestures[0].outcome == .began)
    }

    /// `percent > 0.5 || velocity.x > 1000`, strictly both; a finish or cancel over 0.3 s of the
    /// distance left (UIPercentDrivenInteractiveTransition: r x 300 ms).
    @Test func swipeTransitionCompletesPastHalfOrPast1000() throws {
        // Recognized at 16 (d.x 12, T.x 2, origin 110). At 32: p = (150 - 110) / 390 = 40/390; raws
        // 750 and 2375: v = 0.2 x 2375 + 0.8 x 750 = 475 + 600 = 1075 > 1000 -> completed by fling;
        // settles linearly in (350/390) x 300 after the lift at 40.
        let fling = try replay(
            Self.trace(Self.stroke("[0, 100, 400], [16, 112, 400], [32, 150, 400]", "up: 40")), rules: "swipetransition"
        )
        #expect(fling.gestures[0].pop?.result == .completed && fling.gestures[0].pop?.by == .fling)
        #expect(fling.gestures[0].pop?.progress == 40 / 390.0 && fling.gestures[0].pop?.velocity == 1075)
        #expect(Self.close(fling.gestures[0].pop?.settledAt, 40 + 350 / 390.0 * 300))
        // raws 750, 1000 (200 pt in 200 ms), 0: v = 0.8 x 1000 = 800 <= 1000; p = (312 - 110) / 390
        // = 202/390 = 0.518 > 0.5 -> completed by progress.
        let far = try replay(
            Self.trace(Self.stroke("[0, 100, 400], [16, 112, 400], [216, 312, 400], [416, 312, 400]", "up: 420")),
            rules: "swipetransition")
        #expect(far.gestures[0].pop?.result == .completed && far.gestures[0].pop?.by == .progress)
        // To x = 305: p = 195/390 = 0.5, not > 0.5; v = 0.8 x 965 = 772 -> cancelled, in 0.5 x 300 ms.
        let half = try replay(
            Self.trace(Self.stroke("[0, 100, 400], [16, 112, 400], [216, 305, 400], [416, 305, 400]", "up: 420")),
            rules: "swipetransition")
        #expect(half.gestures[0].pop?.result == .cancelled && half.gestures[0].pop?.progress == 0.5)
        #expect(half.gestures[0].pop?.settledAt == 570)
        // raws 1000 and 1000: v = 1000, not > 1000; p = (132 - 110) / 390 -> cancelled by progress.
        let exactly = try replay(
            Self.trace(Self.stroke("[0, 100, 400], [16, 116, 400], [32, 132, 400]", "up: 40")), rules: "swipetransition"
        )
        #expect(exactly.gestures[0].pop?.velocity == 1000 && exactly.gestures[0].pop?.by == .progress)
        #expect(exactly.gestures[0].pop?.result == .cancelled)
        // A touch cancel is .cancelled: cancelTransition, linearly in p x 300 = (40/390) x 300.
        let cancelled = try replay(
            Self.trace(Self.stroke("[0, 100, 400], [16, 112, 400], [32, 150, 400]", "cancel: 40")),
            rules: "swipetransition")
        #expect(cancelled.gestures[0].pop?.by == .touchCancelled)
        #expect(Self.close(cancelled.gestures[0].pop?.settledAt, 40 + 40 / 390.0 * 300))
    }

    /// The pan requires UIKit's edge pan to fail: a down within 15 pt is UIKit's own edge pop's,
    /// replayed as `uikit` replays it; at 16 pt it is the library's.
    @Test func swipeTransitionLeavesUIKitsEdgeToUIKit() throws {
        // Down at x = 8, recognized at 16 (d.x 12, T.x 2), lifted at 30 without a move after: under
        // UIKit's projection, n = 2 and not moved -> cancelled by lowSampleVelocity, release
        // velocity 750, uikit settle (2/390) x 390 / 750 x 1000 = 2.667 ms, as under `uikit`.
        let edge = Self.trace(Self.stroke("[0, 8, 400], [16, 20, 400]", "up: 30"))
        let report = try replay(edge, rules: "swipetransition")
        let uikit = try replay(edge, rules: "uikit")
        #expect(report.gestures[0].recognition?.kind == .systemEdge)
        #expect(report.gestures[0].pop?.by == .lowSampleVelocity && report.gestures[0].pop == uikit.gestures[0].pop)
        #expect(Self.close(report.gestures[0].pop?.settledAt, 30 + 2 / 750.0 * 1000))
        // Straight up from the edge: |d.y| 12 at 16, T = (0, 2); UIKit's `direction` check refuses
        // (T.x 0 <= 0), as it would under `uikit`.
        let up = try replay(Self.trace(Self.stroke("[0, 8, 400], [16, 9, 412]", "up: 30")), rules: "swipetransition")
        #expect(up.gestures[0].reason == .wrongDirection && up.gestures[0].refusal?.check == "direction")
        // From x = 16, past UIKit's 15: the library's own pan, its fling rule (v 750 <= 1000, p 2/390).
        let own = try replay(Self.trace(Self.stroke("[0, 16, 400], [16, 28, 400]", "up: 30")), rules: "swipetransition")
        #expect(own.gestures[0].recognition?.kind == .uikit && own.gestures[0].pop?.by == .progress)
    }

    /// SwipeTransition ignores the layout: its pan goes right and its progress is tx / width in rtl too.
    @Test func swipeTransitionIgnoresTheLayout() throws {
        // rtl, from x = 200 (UIKit's edge is the right 15 pt there): as in the fling above, v = 1075
        // > 1000 and p = +40/390 with c = +1 -> completed by fling. Under fd the rightward swipe
        // fails fd's mirrored direction check.
        let rtl = Self.trace(
            extra: "layoutDirection: rtl\n", Self.stroke("[0, 200, 400], [16, 212, 400], [32, 250, 400]", "up: 40"))
        let report = try replay(rtl, rules: "swipetransition")
        #expect(report.gestures[0].pop?.result == .completed && report.gestures[0].pop?.by == .fling)
        #expect(report.gestures[0].pop?.progress == 40 / 390.0)
        #expect(try replay(rtl, rules: "fd").gestures[0].reason == .wrongDirection)
    }

    // MARK: sloppyswiper

    /// SSWDirectionalPanGestureRecognizer fails when its first non-zero velocity is not mostly +x,
    /// at that move, recognized or not.
    @Test func sloppySwiperTestsTheFirstNonZeroVelocity() throws {
        // v at 16 = (1, 5) / 16 x 1000 = (62.5, 312.5): |v.y| > |v.x| -> refused notHorizontal at
        // 16, though d = (1, 5) is still inside UIKit's hysteresis.
        let steep = try replay(
            Self.trace(Self.stroke("[0, 100, 400], [16, 101, 405], [32, 130, 405]", "up: 40")), rules: "sloppyswiper")
        #expect(steep.gestures[0].reason == .notHorizontal && steep.gestures[0].refusal?.check == "firstVelocity")
        #expect(steep.gestures[0].decidedAt == Sample(t: 16, x: 101, y: 405))
        // v.x = -4 / 16 x 1000 = -250 <= 0 -> wrongDirection at 16.
        let left = try replay(
            Self.trace(Self.stroke("[0, 100, 400], [16, 96, 400], [32, 130, 400]", "up: 40")), rules: "sloppyswiper")
        #expect(left.gestures[0].reason == .wrongDirection && left.gestures[0].decidedAt?.t == 16)
        // A first move that does not move has velocity (0, 0) and is passed over; at 32 the raws are
        // 0 and 750, v = (150, 0): mostly +x. d.x = 12 recognizes at the same move: began.
        let still = try replay(
            Self.trace(Self.stroke("[0, 100, 400], [16, 100, 400], [32, 112, 400]", "up: 40")), rules: "sloppyswiper")
        #expect(still.gestures[0].outcome == .began && still.gestures[0].decidedAt?.t == 32)
    }

    /// `velocityInView.x > 0` at ended or cancelled, a finish or cancel over r x 0.25 s.
    @Test func sloppySwiperFollowsTheReleaseVelocity() throws {
        // Recognized at 16 (origin 110); raws 750, 5500, 0, 0: v = 0 at the lift -> cancelled by
        // velocitySign, p = 90/390, settling in (90/390) x 250 ms.
        let stopped = try replay(
            Self.trace(
                Self.stroke("[0, 100, 400], [16, 112, 400], [32, 200, 400], [48, 200, 400], [64, 200, 400]", "up: 70")),
            rules: "sloppyswiper")
        #expect(stopped.gestures[0].pop?.result == .cancelled && stopped.gestures[0].pop?.by == .velocitySign)
        #expect(Self.close(stopped.gestures[0].pop?.settledAt, 70 + 90 / 390.0 * 250))
        // Cancelled by the system while still moving right (v = 0.2 x 5500 + 0.8 x 750 = 1700):
        // decided like a lift -> completed, in (300/390) x 250 ms.
        let cancelled = try replay(
            Self.trace(Self.stroke("[0, 100, 400], [16, 112, 400], [32, 200, 400]", "cancel: 40")),
            rules: "sloppyswiper")
        #expect(cancelled.gestures[0].pop?.result == .completed && cancelled.gestures[0].pop?.velocity == 1700)
        #expect(Self.close(cancelled.gestures[0].pop?.settledAt, 40 + 300 / 390.0 * 250))
        // Moving back at the lift: raws 750, 5500, -500 -> v = -100 + 4400 = 4300 > 0 still completes;
        // two steps back, raws -500, -500 -> v = -500 -> cancelled.
        let back = try replay(
            Self.trace(
                Self.stroke("[0, 100, 400], [16, 112, 400], [32, 200, 400], [48, 192, 400], [64, 184, 400]", "up: 70")),
            rules: "sloppyswiper")
        #expect(back.gestures[0].pop?.velocity == -500 && back.gestures[0].pop?.result == .cancelled)
    }

    // MARK: telegram

    /// InteractiveTransitionGestureRecognizer before it validates a gesture.
    @Test func telegramValidatesMostlyHorizontalMovesPast2pt() throws {
        // Down at 380: 390 - 380 = 10 < 16 from the far edge, which `.right` does not allow: failed
        // at the first move.
        let far = try replay(Self.trace(Self.stroke("[0, 380, 400], [16, 385, 400]", "up: 24")), rules: "telegram")
        #expect(far.gestures[0].reason == .outsideEdge && far.gestures[0].decidedAt?.t == 16)
        // Half a point left at the first move: translation.x < 0 with leftCenter not allowed: failed.
        let left = try replay(
            Self.trace(Self.stroke("[0, 200, 400], [16, 199.5, 404], [32, 230, 404]", "up: 40")), rules: "telegram")
        #expect(left.gestures[0].reason == .wrongDirection && left.gestures[0].refusal?.check == "dominantAxis")
        // d = (1, 3): |d.y| 3 > 2 and > 2 x 1 -> failed, notHorizontal.
        let steep = try replay(Self.trace(Self.stroke("[0, 200, 400], [16, 201, 403]", "up: 24")), rules: "telegram")
        #expect(steep.gestures[0].reason == .notHorizontal)
        // d = (2, 1) waits (|d.x| not > 2); d = (5, 1): 5 > 2 and 2 x 1 < 5 -> began at 32 with
        // T = d (UIKit's 10 pt not reached): origin (200, 400). At 48, p = 40/390 = 0.103; raws 125,
        // 187.5, 2187.5: v = 437.5 + 150 = 587.5 <= 1000 and p <= 0.2 -> cancelled by progress in
        // animateCancel's 100 ms.
        let slow = try replay(
            Self.trace(Self.stroke("[0, 200, 400], [16, 202, 401], [32, 205, 401], [48, 240, 401]", "up: 56")),
            rules: "telegram")
        let g = slow.gestures[0]
        #expect(g.decidedAt?.t == 32 && g.recognition?.kind == .dominantAxis)
        #expect(g.recognition?.translation == Vector(x: 5, y: 1))
        #expect(g.pop?.progress == 40 / 390.0 && g.pop?.velocity == 587.5)
        #expect(g.pop?.result == .cancelled && g.pop?.by == .progress && g.pop?.settledAt == 156)
        // d = (12, 2) at once: validated, and UIKit's pan reached its 10 pt at the same move, so T is
        // UIKit's: (12 - 10, 0) = (2, 0).
        let fast = try replay(Self.trace(Self.stroke("[0, 200, 400], [16, 212, 402]", "up: 24")), rules: "telegram")
        #expect(fast.gestures[0].recognition?.translation == Vector(x: 2, y: 0))
    }

    /// From within 16 pt of the left edge, validated at the first move whatever its direction; UIKit's
    /// pan then begins at its hysteresis, with no direction check.
    @Test func telegramTakesAnyDragFromTheEdge() throws {
        // Straight up from x = 8: |d.y| 12 >= 10 at 16, T = (0, 2): began (kind edgeStart). The pop's
        // origin is x 9, so p stays 0; v.x = 0.8 x 62.5 = 50 <= 1000, p 0 <= 0.2 -> cancelled, 100 ms.
        let up = try replay(
            Self.trace(Self.stroke("[0, 8, 400], [16, 9, 412], [32, 9, 440]", "up: 40")), rules: "telegram")
        #expect(up.gestures[0].outcome == .began && up.gestures[0].recognition?.kind == .edgeStart)
        #expect(up.gestures[0].pop?.progress == 0 && up.gestures[0].pop?.result == .cancelled)
        #expect(up.gestures[0].pop?.settledAt == 140)
    }

    /// `velocity > 1000 || progress > 0.2`, at ended and cancelled alike; the settle of
    /// NavigationTransitionCoordinator.
    @Test func telegramCompletesPast20PercentOr1000() throws {
        // From x = 200 (T = d): at 400, p = 78/390 = 0.2 exactly, v = 0.8 x (78 - 3) / 384 x 1000
        // ... the last raw is 0: v = 0.8 x 195.3125 = 156.25 -> cancelled (0.2 is not > 0.2).
        let exactly = try replay(
            Self.trace(Self.stroke("[0, 200, 400], [16, 203, 400], [400, 278, 400], [416, 278, 400]", "up: 420")),
            rules: "telegram")
        #expect(exactly.gestures[0].pop?.progress == 0.2 && exactly.gestures[0].pop?.result == .cancelled)
        // One point further: p = 79/390 > 0.2 -> completed by progress. v = 0.8 x 76 / 384 x 1000 =
        // 158.33...; r W / |v| x 1000 = 311 / 158.33 x 1000 > 200 -> 200 ms.
        let past = try replay(
            Self.trace(Self.stroke("[0, 200, 400], [16, 203, 400], [400, 279, 400], [416, 279, 400]", "up: 420")),
            rules: "telegram")
        #expect(past.gestures[0].pop?.result == .completed && past.gestures[0].pop?.by == .progress)
        #expect(past.gestures[0].pop?.settledAt == 620)
        // Cancelled by the system at p 79/390: decided like a lift, completed.
        let cancelled = try replay(
            Self.trace(Self.stroke("[0, 200, 400], [16, 203, 400], [400, 279, 400], [416, 279, 400]", "cancel: 420")),
            rules: "telegram")
        #expect(cancelled.gestures[0].pop?.result == .completed)
        // A flick: T = d = (3, 0) at 16 (origin 200); at 32, x 240, p = 40/390; raws 187.5, 2312.5:
        // v = 462.5 + 150 = 612.5; at 40, x 290: raw 6250, v = 1250 + 1850 = 3100 > 1000 -> fling.
        // Settle: r = 1 - 90/390 = 300/390; 300 / 3100 x 1000 = 96.77 ms, inside [50, 200].
        let flick = try replay(
            Self.trace(Self.stroke("[0, 200, 400], [16, 203, 400], [32, 240, 400], [40, 290, 400]", "up: 44")),
            rules: "telegram")
        #expect(flick.gestures[0].pop?.by == .fling && flick.gestures[0].pop?.velocity == 3100)
        #expect(Self.close(flick.gestures[0].pop?.settledAt, 44 + 300 / 3100.0 * 1000))
        // The top view controller vetoes it (attemptNavigation): popDisabled.
        let vetoed = try replay(
            Self.trace(
                stack: "[{id: a}, {id: b, popDisabled: true}]", Self.stroke("[0, 200, 400], [16, 212, 400]", "up: 24")),
            rules: "telegram")
        #expect(vetoed.gestures[0].reason == .popDisabled)
    }

    /// The `telegram` settle: 100 ms to cancel; completing, r W / |v| within [50, 200] ms, 200 ms at
    /// v = 0, and the 0.5 s spring of a completion from a standstill at progress 0.
    @Test func telegramSettleBranches() {
        let settle = Settle(transition: .init(duration: 500, settle: .telegram, progressCap: 1))
        #expect(settle.duration(remaining: 0.4, completing: false, velocity: 3000, width: 390) == 100)
        // 0.5 x 390 / 1000 x 1000 = 195 ms.
        #expect(Self.close(settle.duration(remaining: 0.5, completing: true, velocity: 1000, width: 390), 195))
        // 0.5 x 390 / 5000 x 1000 = 39 ms -> 50.
        #expect(settle.duration(remaining: 0.5, completing: true, velocity: -5000, width: 390) == 50)
        // 0.9 x 390 / 100 x 1000 = 3510 ms -> 200.
        #expect(settle.duration(remaining: 0.9, completing: true, velocity: 100, width: 390) == 200)
        #expect(settle.duration(remaining: 0.9, completing: true, velocity: 0, width: 390) == 200)
        #expect(settle.duration(remaining: 1, completing: true, velocity: 0, width: 390) == 500)
    }

    // MARK: framework7

    /// A touch within 30 px of the view's left edge; at the first touchmove, |dy| > |dx| or a move
    /// left aborts; else the swipe is on, its diff from the touch start.
    @Test func framework7DecidesAtTheFirstMove() throws {
        let out = try replay(Self.trace(Self.stroke("[0, 31, 400], [16, 50, 400]", "up: 24")), rules: "framework7")
        #expect(out.gestures[0].reason == .outsideEdge && out.gestures[0].decidedAt?.t == 0)
        // |dy| 5 > |dx| 4: scrolling.
        let steep = try replay(Self.trace(Self.stroke("[0, 30, 400], [16, 34, 405]", "up: 24")), rules: "framework7")
        #expect(steep.gestures[0].reason == .notHorizontal && steep.gestures[0].decidedAt?.t == 16)
        // pageX < startX: the wrong way.
        let left = try replay(Self.trace(Self.stroke("[0, 20, 400], [16, 18, 400]", "up: 24")), rules: "framework7")
        #expect(left.gestures[0].reason == .wrongDirection)
        // A first move by (0, 0) is neither: the swipe begins with T = (0, 0); lifted at 30 with a
        // diff of 0, it does nothing: cancelled, settled at once.
        let still = try replay(Self.trace(Self.stroke("[0, 10, 400], [16, 10, 400]", "up: 30")), rules: "framework7")
        #expect(still.gestures[0].outcome == .began && still.gestures[0].recognition?.kind == .firstMove)
        #expect(still.gestures[0].pop?.result == .cancelled && still.gestures[0].pop?.settledAt == 30)
        #expect(still.gestures[0].pop?.settle?.model == "none")
        // A second finger before the first move counts for nothing (maxTouches 10).
        let two = try replay(
            Self.trace(
                Self.stroke("[0, 10, 400], [16, 14, 400], [32, 40, 400]", "up: 40")
                    + "- touch: 2\n  samples: [[8, 200, 600]]\n  up: 30\n"), rules: "framework7")
        #expect(two.gestures[0].outcome == .began)
    }

    /// `(dt < 300 && diff > 10) || (dt >= 300 && diff > width / 2)`, dt from the touch start; a
    /// 300 ms CSS transition either way.
    @Test func framework7TimesTheWholeGesture() throws {
        // Begun at 16 with T = (4, 0) (origin 10); at 32, diff 12 > 10, lifted at 100 < 300 ->
        // completed by quickSwipe, settled at 100 + 300.
        let quick = try replay(
            Self.trace(Self.stroke("[0, 10, 400], [16, 14, 400], [32, 22, 400]", "up: 100")), rules: "framework7")
        #expect(quick.gestures[0].pop?.result == .completed && quick.gestures[0].pop?.by == .quickSwipe)
        #expect(quick.gestures[0].pop?.settledAt == 400)
        // diff exactly 10: not > 10 -> cancelled by quickSwipe, in 300 ms too.
        let ten = try replay(
            Self.trace(Self.stroke("[0, 10, 400], [16, 14, 400], [32, 20, 400]", "up: 100")), rules: "framework7")
        #expect(ten.gestures[0].pop?.result == .cancelled && ten.gestures[0].pop?.settledAt == 400)
        // Lifted at 300 exactly: dt >= 300, the width rule; diff 200 > 195 -> completed by progress.
        let slow = try replay(
            Self.trace(Self.stroke("[0, 10, 400], [16, 14, 400], [200, 210, 400]", "up: 300")), rules: "framework7")
        #expect(slow.gestures[0].pop?.result == .completed && slow.gestures[0].pop?.by == .progress)
        // diff 195 = W / 2: not >, cancelled.
        let half = try replay(
            Self.trace(Self.stroke("[0, 10, 400], [16, 14, 400], [200, 205, 400]", "up: 300")), rules: "framework7")
        #expect(half.gestures[0].pop?.progress == 0.5 && half.gestures[0].pop?.result == .cancelled)
    }

    /// Framework7 listens to no touchcancel: the swipe stays where it was, and until something ends
    /// it, a new touch is not taken (`transitioning`).
    @Test func framework7HoldsAPopItsTouchCancelLeft() throws {
        let report = try replay(
            Self.trace(
                Self.stroke("[0, 10, 400], [16, 14, 400], [32, 60, 400]", "cancel: 40")
                    + "- touch: 2\n  samples: [[200, 10, 400], [216, 20, 400]]\n  up: 230\n"), rules: "framework7")
        #expect(report.gestures[0].pop?.result == .unfinished && report.gestures[0].pop?.by == nil)
        #expect(report.transitions[0].end == nil)
        #expect(report.gestures[1].reason == .transitioning)
    }

    // MARK: content under the finger, the bar, rtl

    /// Telegram's pan must fail before any other pan (shouldBeRequiredToFailBy): a carousel waits.
    /// Dragged left, the pan fails at its first move (d.x < 0) and the carousel claims at its own
    /// 10 pt without a delay; dragged right, the pan begins at 2 pt and the carousel loses.
    @Test func telegramMakesTheContentWait() throws {
        let stack =
            "[{id: a}, {id: b, content: [{id: c, kind: scroll, frame: [0, 100, 390, 300], axis: horizontal, offset: 390, maxOffset: 1560}]}]"
        let left = try replay(
            Self.trace(stack: stack, Self.stroke("[0, 200, 250], [16, 196, 250], [32, 180, 250]", "up: 40")),
            rules: "telegram")
        #expect(left.gestures[0].reason == .wrongDirection && left.gestures[0].content?.result == .claimed)
        #expect(left.anomalies.isEmpty)
        let right = try replay(
            Self.trace(stack: stack, Self.stroke("[0, 200, 250], [16, 204, 250], [32, 240, 250]", "up: 40")),
            rules: "telegram")
        #expect(right.gestures[0].outcome == .began && right.gestures[0].content?.result == .lost)
    }

    /// None of the peers manages the bar: a completed pop from a screen that hides it to one that
    /// shows it changes the bar as `uikit`'s does (no willAppear blocks, no disappear hook).
    @Test(arguments: ["swipetransition", "sloppyswiper", "telegram", "framework7"])
    func theBarIsTheAppsOwn(_ preset: String) throws {
        let trace = Self.trace(
            stack: "[{id: a}, {id: b, barHidden: true}]",
            Self.stroke("[0, 10, 400], [16, 22, 400], [32, 120, 400], [48, 260, 400]", "up: 52"))
        let report = try replay(trace, rules: preset)
        let uikit = try replay(trace, rules: "uikit")
        #expect(report.gestures[0].pop?.result == .completed, "\(preset)")
        #expect(report.bar.map(\.hidden) == uikit.bar.map(\.hidden) && report.final.barHidden == uikit.final.barHidden)
    }

    /// Framework7 mirrors in rtl (its inverter): the 30 px are at the right, a swipe goes left.
    @Test func framework7MirrorsInRTL() throws {
        // Down at 370 (20 from the right edge), first move left by 4: T = (-4, 0); at 32, x 300: p =
        // -(-70) / 390 with c = -1; lifted at 60: quick, 70 > 10 -> completed by quickSwipe.
        let report = try replay(
            Self.trace(
                extra: "layoutDirection: rtl\n", Self.stroke("[0, 370, 400], [16, 366, 400], [32, 300, 400]", "up: 60")),
            rules: "framework7")
        #expect(report.gestures[0].pop?.progress == 70 / 390.0 && report.gestures[0].pop?.by == .quickSwipe)
    }

    // MARK: explain and plot

    /// `explain` says how each peer decided, in its own words: a recognizer's refusal, UIKit's edge
    /// pop, a release by time, a held pop.
    @Test func explainWordsThePeers() throws {
        func explain(_ yaml: String, _ preset: String) throws -> String {
            Explanation(trace: try loadTrace(yaml), rules: try RulesLoader.load(preset)).text()
        }
        let steep = try explain(
            Self.trace(Self.stroke("[0, 100, 400], [16, 101, 405], [32, 130, 405]", "up: 40")), "sloppyswiper")
        #expect(steep.contains("refused by firstVelocity: |velocity.y| 312.5 > |velocity.x| 62.5\n"), "\(steep)")
        let edge = try explain(Self.trace(Self.stroke("[0, 8, 400], [16, 20, 400]", "up: 30")), "swipetransition")
        #expect(edge.contains("UIKit's own edge pop took it (the down within its edge, so the uikit preset decides)"))
        // Its checks are UIKit's edge pop's: `direction`, not the library's velocity checks.
        #expect(edge.contains("direction     passes") && !edge.contains("velocityDirection passes"), "\(edge)")
        // The library's own checks, for a down past UIKit's edge; a long name keeps a space.
        let own = try explain(Self.trace(Self.stroke("[0, 100, 400], [16, 112, 400]", "up: 24")), "swipetransition")
        #expect(own.contains("  velocityHorizontal passes   |velocity.y| 0 <= |velocity.x| 750\n"), "\(own)")
        #expect(own.contains("  velocityDirection passes   velocity.x 750 > 0\n"), "\(own)")
        let quick = try explain(
            Self.trace(Self.stroke("[0, 10, 400], [16, 14, 400], [32, 22, 400]", "up: 100")), "framework7")
        #expect(
            quick.contains(
                "release: quickSwipe: released 100 ms after the down < quickTime 300; translation 12 pt > quickDistance 10\n"
            ), "\(quick)")
        let held = try explain(
            Self.trace(Self.stroke("[0, 10, 400], [16, 14, 400], [32, 60, 400]", "cancel: 40")), "framework7")
        #expect(held.contains("pop: unfinished: the touch cancel decides nothing (completion.onCancel: hold)"))
        let telegram = try explain(
            Self.trace(Self.stroke("[0, 200, 400], [16, 202, 401], [32, 205, 401], [48, 240, 401]", "up: 56")),
            "telegram")
        #expect(telegram.contains("recognizer dominantAxis, slop 2, edge start 16, hysteresis 10, region fullscreen"))
        #expect(telegram.contains("settle:  telegram: a cancel takes 100 ms -> settles at t=156\n"), "\(telegram)")
    }

    /// `plot` draws each peer's limits: Telegram's edge and threshold, UIKit's edge before
    /// SwipeTransition's pan, Framework7's quick distance.
    @Test func plotDrawsThePeersLimits() throws {
        func titles(_ yaml: String, _ preset: String) throws -> [String] {
            let trace = try loadTrace(yaml)
            let rules = try RulesLoader.load(preset)
            let svg = TracePlot(trace: trace, report: Replay(rules: rules).run(trace), rules: rules).svg()
            return try XMLElements(svg).elements.map(\.title).filter { !$0.isEmpty }
        }
        let swipe = Self.trace(Self.stroke("[0, 10, 400], [16, 22, 400], [32, 120, 400], [48, 260, 400]", "up: 52"))
        let telegram = try titles(swipe, "telegram")
        #expect(telegram.contains("edge start 16") && telegram.contains("completion threshold 0.2"), "\(telegram)")
        #expect(try titles(swipe, "swipetransition").contains("UIKit's edge 15"))
        // Lifted at 52 ms: quick, so the line is the quick distance, 10 / 390 of the width.
        #expect(try titles(swipe, "framework7").contains("completion threshold \(formatNumber(10 / 390.0))"))
    }
}
