/// Where a gesture may start and when its movement counts as a pan (SPEC section 3).
struct Recognizer {
    let rules: Rules.Recognizer
    let width: Double
    let direction: LayoutDirection

    /// Distance from the leading edge: x in ltr, width - x in rtl.
    func leadingDistance(_ x: Double) -> Double {
        direction == .ltr ? x : width - x
    }

    /// False when an edge recognizer never sees this down point.
    func accepts(down: Sample) -> Bool {
        rules.region == .fullscreen || leadingDistance(down.x) <= rules.edgeWidth
    }

    /// The translation at recognition, or nil while the move stays inside the hysteresis or slop.
    func recognize(from p0: Sample, to p: Sample) -> Vector? {
        let dx = p.x - p0.x, dy = p.y - p0.y
        switch rules.kind {
        case .uikit:
            let h = rules.hysteresis
            guard abs(dx) >= h || abs(dy) >= h else { return nil }
            // UIKit removes the hysteresis per axis, so the pan starts from where it was recognized.
            func remove(_ s: Double) -> Double { sign(s) * max(abs(s) - h, 0) }
            return Vector(x: remove(dx), y: remove(dy))
        case .horizontalSlop:
            guard abs(dx) > rules.slop else { return nil }
            return .zero
        }
    }
}
