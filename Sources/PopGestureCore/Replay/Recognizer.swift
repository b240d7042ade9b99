/// Where a gesture may start and when its movement counts as a pan (SPEC section 3).
package struct Recognizer {
    package let rules: Rules.Recognizer
    package let width: Double
    package let direction: LayoutDirection

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
        }
    }

    /// The region check at the down (SPEC section 3, Region).
    package func regionEvidence(down: Sample) -> CheckEvidence? {
        guard rules.region == .edge else { return nil }
        let distance = leadingDistance(down.x)
        return CheckEvidence(
            check: "edgeWidth", refuses: distance > rules.edgeWidth, quantity: "edge distance",
            value: .number(distance),
            limitName: "edgeWidth", limit: rules.edgeWidth)
    }
}
