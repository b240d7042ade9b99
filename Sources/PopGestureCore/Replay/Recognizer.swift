import Foundation

/// Where a gesture may start and when its movement counts as a pan (SPEC section 3).
package struct Recognizer {
    package let rules: Rules.Recognizer
    package let width: Double
    package let direction: LayoutDirection
    /// `pan`'s and `activeOffset`'s numbers.
    package var pan = Rules.Pan(threshold: 10, maxAngle: 40)
    package var activeOffset = Rules.ActiveOffset(x: 5, failY: 20)

    package init(rules: Rules.Recognizer, width: Double, direction: LayoutDirection) {
        self.rules = rules
        self.width = width
        self.direction = direction
    }

    package init(_ all: Rules, width: Double, direction: LayoutDirection) {
        self.init(rules: all.recognizer, width: width, direction: direction)
        pan = all.pan
        activeOffset = all.activeOffset
    }

    /// +1 in ltr, -1 in rtl: the pop direction along x.
    private var c: Double { direction == .ltr ? 1 : -1 }

    /// Distance from the leading edge: x in ltr, width - x in rtl.
    package func leadingDistance(_ x: Double) -> Double {
        direction == .ltr ? x : width - x
    }

    /// The recognition with its translation, or nil while the move stays inside the hysteresis or slop.
    package func recognize(from p0: Sample, to p: Sample) -> Recognition? {
        let d = Vector(x: p.x - p0.x, y: p.y - p0.y)
        switch rules.kind {
        case .uikit:
            let h = rules.hysteresis
            guard abs(d.x) >= h || abs(d.y) >= h else { return nil }
            // UIKit removes the hysteresis per axis, so the pan starts from where it was recognized.
            func remove(_ s: Double) -> Double { sign(s) * max(abs(s) - h, 0) }
            return Recognition(kind: .uikit, d: d, limit: h, translation: Vector(x: remove(d.x), y: remove(d.y)))
        case .horizontalSlop:
            guard abs(d.x) > rules.slop else { return nil }
            return Recognition(kind: .horizontalSlop, d: d, limit: rules.slop, translation: .zero)
        case .pan:
            // Ionic captures a drag either way along x and starts its translation there.
            guard reachesPanThreshold(d), abs(panCosine(d)) > Self.maxCosine(pan.maxAngle) else { return nil }
            return Recognition(kind: .pan, d: d, limit: pan.threshold, translation: .zero)
        case .activeOffset:
            // The gesture handler resets the translation when it activates.
            guard abs(d.y) <= activeOffset.failY, c * d.x > activeOffset.x else { return nil }
            return Recognition(kind: .activeOffset, d: d, limit: activeOffset.x, translation: .zero)
        }
    }

    /// The move at which the recognizer itself gives up, before any begin check: `pan` judges the
    /// angle once, at the threshold; `activeOffset` fails while |d.y| passes failY. Nil otherwise.
    package func failure(from p0: Sample, to p: Sample) -> CheckEvidence? {
        let d = Vector(x: p.x - p0.x, y: p.y - p0.y)
        switch rules.kind {
        case .uikit, .horizontalSlop:
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
}
