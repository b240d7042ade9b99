import PopGestureCore

/// What the plot draws for the cross-platform models (docs/reference/cross-platform.md): their
/// release rules on the progress lane, react-native-screens' response distance on the finger lane.
extension TracePlot {
    /// `speedOrDistance`: the distance threshold, and the speed that decided in the label;
    /// `linearProjection`: the threshold and the dashed velocity term, as `projection`'s is drawn.
    func drawCrossPlatformRelease(
        _ why: ReleaseReason, pop: PopRecord, from t: Double, release: (Double, Double), _ canvas: inout SVGCanvas
    ) {
        switch why {
        case .speedOrDistance(let terms):
            thresholdLine(terms.fraction, from: t, &canvas)
            let speed =
                "v \(Readable.rounded(terms.v, places: 3)) px/ms \(terms.v > terms.speed ? ">" : "<=") \(formatNumber(terms.speed))"
            canvas.label(
                x(release.0) + 8, progressY(release.1) + 14, speed, within: box(progress), style: "fill=\"#8a5a00\"")
        case .linearProjection(let terms):
            thresholdLine(terms.fraction, from: t, &canvas)
            guard let end = Self.projectionEnd(pop, rules: rules) else { return }
            canvas.line(
                x(release.0), progressY(release.1), x(end.t), progressY(end.p),
                style: "stroke=\"\(Colour.release)\" stroke-width=\"2\" stroke-dasharray=\"6 4\"",
                title:
                    "translation \(formatNumber(terms.translation)) + velocity term \(formatNumber(terms.velocityTerm)) = \(formatNumber(terms.projected)) pt at t=\(formatNumber(end.t))"
            )
            canvas.label(
                x(end.t) - 4, progressY(end.p) + (end.p < 0.5 ? 14 : -6), "projected \(Self.short(end.p))",
                anchor: .end, within: box(progress), style: "fill=\"#8a5a00\"")
        default:
            break
        }
    }

    /// The `responseDistance` check's x bounds, when the rule runs it: lines at the leading-edge
    /// distances `start` and `end` (mirrored in rtl).
    func responseDistanceLimits() -> [(Double, String, String)] {
        guard rules.begin.contains(.responseDistance) else { return [] }
        let width = trace.screen.width
        let rtl = trace.layoutDirection == .rtl
        var limits: [(Double, String, String)] = []
        for (name, bound) in [("start", rules.responseDistance.start), ("end", rules.responseDistance.end)]
        where bound != -1 {
            limits.append((rtl ? width - bound : bound, "responseDistance.\(name) \(formatNumber(bound))", "4 2"))
        }
        return limits
    }
}
