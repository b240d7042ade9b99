import Foundation

/// Where a gesture may start and when its movement counts as a pan (SPEC section 3).
package struct Recognizer {
    package let rules: Rules.Recognizer
    package let width: Double
    package let direction: LayoutDirection
    /// `pan`'s and `activeOffset`'s numbers.
    package var pan = Rules.Pan(threshold: 10, maxAngle: 40)
    package var activeOffset = Rules.ActiveOffset(x: 5, failY: 20)
    /// The direction tests expect a leftward swipe (rtl with `mirrorDirection`): k = -1.
    package let mirrored: Bool

    package init(rules: Rules.Recognizer, width: Double, direction: LayoutDirection, mirrored: Bool = false) {
        self.rules = rules
        self.width = width
        self.direction = direction
        self.mirrored = mirrored
    }

    package init(_ all: Rules, width: Double, direction: LayoutDirection, mirrored: Bool = false) {
        self.init(rules: all.recognizer, width: width, direction: direction, mirrored: mirrored)
        pan = all.pan
        activeOffset = all.activeOffset
    }

    /// +1 in ltr, -1 in rtl: the pop direction along x.
    private var c: Double { direction == .ltr ? 1 : -1 }

    /// What one move of the tracked finger did to an undecided gesture.
    package enum Step {
        /// Still inside the hysteresis, the slop or the tests.
        case waiting
        case recognized(Recognition)
        /// The recognizer's own tests refused the gesture here (`dominantAxis`, `firstMove`).
        case refused(GestureReason, CheckEvidence)
    }

    /// Distance from the leading edge: x in ltr, width - x in rtl.
    package func leadingDistance(_ x: Double) -> Double {
        direction == .ltr ? x : width - x
    }

    /// k of the direction tests: +1, or -1 when they are mirrored.
    package var k: Double { mirrored ? -1 : 1 }

    /// The recognition with its translation, or nil while the move stays inside the hysteresis or slop.
    package func recognize(from p0: Sample, to p: Sample) -> Recognition? {
        if case .recognized(let recognition) = step(from: p0, to: p, firstMove: false) { return recognition }
        return nil
    }

    /// A move of the tracked finger: `firstMove` is its first since the down.
    package func step(from p0: Sample, to p: Sample, firstMove: Bool) -> Step {
        let d = Vector(x: p.x - p0.x, y: p.y - p0.y)
        switch rules.kind {
        case .uikit:
            return uikit(d, kind: .uikit)
        case .horizontalSlop:
            guard abs(d.x) > rules.slop else { return .waiting }
            return .recognized(Recognition(kind: .horizontalSlop, d: d, limit: rules.slop, translation: .zero))
        case .pan:
            // Ionic captures a drag either way along x and starts its translation there.
            guard reachesPanThreshold(d), abs(panCosine(d)) > Self.maxCosine(pan.maxAngle) else { return .waiting }
            return .recognized(Recognition(kind: .pan, d: d, limit: pan.threshold, translation: .zero))
        case .activeOffset:
            // The gesture handler resets the translation when it activates.
            guard abs(d.y) <= activeOffset.failY, c * d.x > activeOffset.x else { return .waiting }
            return .recognized(Recognition(kind: .activeOffset, d: d, limit: activeOffset.x, translation: .zero))
        case .dominantAxis:
            return dominantAxis(p0: p0, d: d, firstMove: firstMove)
        case .firstMove:
            guard firstMove else { return .waiting }
            // Framework7's first touchmove: scrolling, or the wrong way, aborts; else the swipe is on,
            // its translation from the touch start.
            if abs(d.y) > abs(d.x) {
                return .refused(
                    .notHorizontal,
                    CheckEvidence(
                        check: "firstMove", refuses: true, quantity: "|d.y|", value: .number(abs(d.y)),
                        limitName: "|d.x|", limit: abs(d.x)))
            }
            if d.x * k < 0 {
                return .refused(
                    .wrongDirection,
                    CheckEvidence(
                        check: "firstMove", refuses: true, quantity: mirrored ? "-d.x" : "d.x",
                        value: .number(d.x * k), limit: 0, refusesAbove: false))
            }
            return .recognized(Recognition(kind: .firstMove, d: d, limit: 0, translation: d))
        }
    }

    /// UIKit's pan: |d.x| or |d.y| reaches the hysteresis, which it removes from each axis.
    private func uikit(_ d: Vector, kind: Recognition.Kind) -> Step {
        let h = rules.hysteresis
        guard abs(d.x) >= h || abs(d.y) >= h else { return .waiting }
        return .recognized(Recognition(kind: kind, d: d, limit: h, translation: hysteresisRemoved(d)))
    }

    private func hysteresisRemoved(_ d: Vector) -> Vector {
        let h = rules.hysteresis
        func remove(_ s: Double) -> Double { sign(s) * max(abs(s) - h, 0) }
        return Vector(x: remove(d.x), y: remove(d.y))
    }

    /// Telegram's InteractiveTransitionGestureRecognizer, a UIKit pan that vets each move until it is
    /// validated: a start within edgeWidth of the far edge fails; one within edgeWidth of the start
    /// edge is validated at once and left to UIKit's hysteresis; elsewhere a move the other way
    /// fails, a mostly vertical one past the slop fails, a mostly horizontal one past the slop begins
    /// there (T = d, or UIKit's T when the same move reached its hysteresis and UIKit began it).
    private func dominantAxis(p0: Sample, d: Vector, firstMove: Bool) -> Step {
        // The start edge is the one a swipe back leaves: the left unless the tests are mirrored.
        let start = mirrored ? width - p0.x : p0.x
        let far = width - start
        if far < rules.edgeWidth {
            return .refused(
                .outsideEdge,
                CheckEvidence(
                    check: "edgeWidth", refuses: true, quantity: "far edge distance", value: .number(far),
                    limitName: "edgeWidth", limit: rules.edgeWidth, refusesAbove: false))
        }
        if start < rules.edgeWidth { return uikit(d, kind: .edgeStart) }
        let (ax, ay, s) = (abs(d.x), abs(d.y), rules.slop)
        if d.x * k < 0 {
            return .refused(
                .wrongDirection,
                CheckEvidence(
                    check: "dominantAxis", refuses: true, quantity: mirrored ? "-d.x" : "d.x",
                    value: .number(d.x * k), limit: 0, refusesAbove: false))
        }
        if ay > s && ay > 2 * ax {
            return .refused(
                .notHorizontal,
                CheckEvidence(
                    check: "dominantAxis", refuses: true, quantity: "|d.y|", value: .number(ay),
                    limitName: "2|d.x|", limit: 2 * ax))
        }
        guard ax > s && 2 * ay < ax else { return .waiting }
        let reached = ax >= rules.hysteresis || ay >= rules.hysteresis
        return .recognized(
            Recognition(kind: .dominantAxis, d: d, limit: s, translation: reached ? hysteresisRemoved(d) : d))
    }

    /// The move at which the recognizer itself gives up, before any begin check: `pan` judges the
    /// angle once, at the threshold; `activeOffset` fails while |d.y| passes failY. Nil otherwise.
    package func failure(from p0: Sample, to p: Sample) -> CheckEvidence? {
        let d = Vector(x: p.x - p0.x, y: p.y - p0.y)
        switch rules.kind {
        case .uikit, .horizontalSlop, .dominantAxis, .firstMove:
            return nil
        case .pan:
            guard reachesPanThreshold(d) else { return nil }
            let cosine = abs(panCosine(d))
            let limit = Self.maxCosine(pan.maxAngle)
            guard cosine <= limit else { return nil }
            return CheckEvidence(
                check: "maxAngle", refuses: true, quantity: "|cos| of the drag's angle", value: .number(cosine),
                limitName: "cos(maxAngle)", limit: limit, refusesAbove: false)
        case .activeOffset:
            guard abs(d.y) > activeOffset.failY else { return nil }
            return CheckEvidence(
                check: "failY", refuses: true, quantity: "|d.y|", value: .number(abs(d.y)), limitName: "failY",
                limit: activeOffset.failY)
        }
    }

    /// Ionic compares squared distances: dx^2 + dy^2 >= threshold^2.
    private func reachesPanThreshold(_ d: Vector) -> Bool {
        d.x * d.x + d.y * d.y >= pan.threshold * pan.threshold
    }

    /// d.x / |d|, |d| as Ionic takes it (the square root of the squared distance).
    private func panCosine(_ d: Vector) -> Double {
        d.x / (d.x * d.x + d.y * d.y).squareRoot()
    }

    /// cos(maxAngle * pi / 180), computed in Ionic's order.
    package static func maxCosine(_ degrees: Double) -> Double {
        cos(degrees * (Double.pi / 180))
    }

    /// The region check at the down (SPEC section 3, Region).
    package func regionEvidence(down: Sample) -> CheckEvidence? {
        switch rules.region {
        case .fullscreen:
            return nil
        case .edge:
            let distance = leadingDistance(down.x)
            return CheckEvidence(
                check: "edgeWidth", refuses: distance > rules.edgeWidth, quantity: "edge distance",
                value: .number(distance),
                limitName: "edgeWidth", limit: rules.edgeWidth)
        case .edgeRect:
            return rectEvidence(down.x)
        }
    }

    /// `edgeRect`: the band as CGRectContainsPoint sees it, minimum-x side in, maximum-x side out. In
    /// ltr 0 <= x < edgeWidth; in rtl W - edgeWidth <= x < W, that is 0 < W - x <= edgeWidth.
    private func rectEvidence(_ x: Double) -> CheckEvidence {
        let e = rules.edgeWidth
        if direction == .ltr {
            if x < 0 {
                return CheckEvidence(
                    check: "edgeWidth", refuses: true, quantity: "x", value: .number(x), limit: 0, refusesAbove: false,
                    refusesAtLimit: false)
            }
            return CheckEvidence(
                check: "edgeWidth", refuses: x >= e, quantity: "x", value: .number(x), limitName: "edgeWidth",
                limit: e, refusesAtLimit: true)
        }
        let distance = width - x
        if distance <= 0 {
            return CheckEvidence(
                check: "edgeWidth", refuses: true, quantity: "edge distance", value: .number(distance), limit: 0,
                refusesAbove: false)
        }
        return CheckEvidence(
            check: "edgeWidth", refuses: distance > e, quantity: "edge distance", value: .number(distance),
            limitName: "edgeWidth", limit: e)
    }

    /// SloppySwiper's test of the first move with a non-zero velocity (`recognizer.firstVelocity`):
    /// the refusal when the velocity does not point the pop's way, else nil.
    package func firstVelocityRefusal(_ v: Vector) -> (GestureReason, CheckEvidence)? {
        if abs(v.y) > abs(v.x) {
            return (
                .notHorizontal,
                CheckEvidence(
                    check: "firstVelocity", refuses: true, quantity: "|velocity.y|", value: .number(abs(v.y)),
                    limitName: "|velocity.x|", limit: abs(v.x))
            )
        }
        if v.x * k <= 0 {
            return (
                .wrongDirection,
                CheckEvidence(
                    check: "firstVelocity", refuses: true, quantity: mirrored ? "-velocity.x" : "velocity.x",
                    value: .number(v.x * k), limit: 0, refusesAbove: false)
            )
        }
        return nil
    }
}
