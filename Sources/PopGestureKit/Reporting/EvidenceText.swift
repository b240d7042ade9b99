import PopGestureCore

/// The words for the replay's evidence: the replay keeps numbers and enums, and only reports, failures
/// and `explain` turn them into sentences, rounded for people (`Readable`).
extension Recognition {
    public var text: String {
        let dx = Readable.position(d.x)
        let dy = Readable.position(d.y)
        let t = "T = (\(Readable.position(translation.x)), \(Readable.position(translation.y)))"
        let axis =
            abs(d.x) >= limit ? "|d.x| \(Readable.position(abs(d.x)))" : "|d.y| \(Readable.position(abs(d.y)))"
        let uikit =
            "\(axis) >= hysteresis \(formatNumber(limit)); d = (\(dx), \(dy)) less the hysteresis per axis: \(t)"
        switch kind {
        case .uikit:
            return "recognized: " + uikit
        case .systemEdge:
            return "UIKit's own edge pop took it (the down within its edge, so the uikit preset decides): " + uikit
        case .edgeStart:
            return "started within edgeWidth of the edge, so UIKit's pan decides: " + uikit
        case .dominantAxis:
            let (moved, slop) = Readable.pair(abs(d.x), limit, places: 1)
            let from = translation == d ? "the translation counts from the down" : "UIKit's hysteresis reached too"
            return
                "recognized: |d.x| \(moved) > slop \(slop) and > 2|d.y| \(Readable.position(2 * abs(d.y))); \(from): \(t)"
        case .firstMove:
            return "recognized at the first move, d = (\(dx), \(dy)): \(t)"
        case .horizontalSlop:
            let (moved, slop) = Readable.pair(abs(d.x), limit, places: 1)
            return "recognized: |d.x| \(moved) > slop \(slop); the origin moves to the finger: \(t)"
        case .arena:
            return "won its gesture arena at the down (alone in it): \(t)"
        case .pan:
            let distance = (d.x * d.x + d.y * d.y).squareRoot()
            let (moved, threshold) = Readable.pair(distance, limit, places: 1)
            let way = d.x >= 0 ? "rightward" : "leftward"
            return
                "recognized: |d| \(moved) >= threshold \(threshold), within maxAngle of the x axis (\(way)); the origin moves to the finger: \(t)"
        case .activeOffset:
            let along = abs(d.x)
            let (moved, offset) = Readable.pair(along, limit, places: 1)
            return
                "recognized: |d.x| \(moved) > activeOffset \(offset) toward the pop; the translation restarts there: \(t)"
        }
    }
}

extension CheckEvidence {
    public var text: String {
        switch value {
        case .flag(let flag):
            return "\(quantity) \(flag)"
        case .name(let name):
            return "\(quantity): \(name)"
        case .busy(let busy):
            return "\(quantity): \(busy.text)"
        case .number(let number):
            guard let limit else { return "\(quantity) \(Readable.position(number))" }
            // A cosine is no position: three places.
            let (shown, bound) = Readable.pair(number, limit, places: check == "maxAngle" ? 3 : 1)
            let above = refusesAbove ? refuses : !refuses
            // Whether the limit itself lies on the upper side: then `>` reads `>=` and `<=` reads `<`.
            let limitRefuses = refusesAtLimit ?? !refusesAbove
            let limitAbove = refusesAbove == limitRefuses
            let comparison = above ? (limitAbove ? ">=" : ">") : (limitAbove ? "<" : "<=")
            return "\(quantity) \(shown) \(comparison) \(limitName.map { "\($0) " } ?? "")\(bound)"
        }
    }
}

extension ReleaseReason {
    /// One sentence with the numbers that decided, rounded for people.
    public var text: String {
        switch self {
        case .touchCancelled:
            return "the system cancelled the touch"
        case .projection(let terms):
            let (projected, threshold) = Readable.pair(terms.projected, terms.threshold, places: 3)
            let d = formatNumber(terms.lookAhead)
            return "p \(Readable.fraction(terms.p)) + avgV \(Readable.fraction(terms.averageVelocity)) x \(d)"
                + " + avgA \(Readable.fraction(terms.averageAcceleration)) x \(d)^2 / 2 = \(projected)"
                + " \(terms.projected > terms.threshold ? ">" : "<=") threshold min(\(formatNumber(terms.projectionDistance)) / \(formatNumber(terms.width)), \(formatNumber(terms.projectionCap))) = \(threshold)"
                + " (n \(terms.samples), moved)"
        case .lowSampleVelocity(let samples, let moved, let average):
            let why = moved ? "n \(samples) < 3" : "no move after recognition"
            return
                "\(why): avgV \(Readable.fraction(average)) widths/s \(average > 0 && moved ? "> 0 and moved" : moved ? "<= 0" : "does not count")"
        case .fling(let terms):
            let (speed, fling) = Readable.pair(abs(terms.v), terms.fling, places: 3)
            return "|v| \(speed) >= fling \(fling) widths/s, v \(terms.v > 0 ? "> 0" : "<= 0")"
        case .progress(let terms):
            let (p, threshold) = Readable.pair(terms.p, terms.progressThreshold, places: 3)
            let fling =
                terms.fling > 0
                ? "|v| \(Readable.pair(abs(terms.v), terms.fling, places: 3).0) < fling \(formatNumber(terms.fling)); "
                : ""
            if terms.strict {
                return fling
                    + "p \(p) \(terms.p > terms.progressThreshold ? ">" : "<=") threshold \(threshold) (strict)"
            }
            return fling + "p \(p) \(terms.p >= terms.progressThreshold ? ">=" : "<") threshold \(threshold)"
        case .velocitySign(let v, let popOnZero):
            let sign = v > 0 ? "> 0" : v < 0 ? "< 0" : popOnZero ? "= 0, popOnZero" : "= 0"
            return "v \(Readable.fraction(v)) widths/s \(sign)"
        case .interrupted(let t, let removed):
            return removed
                ? "a stack operation at t=\(Readable.time(t)) removed the popped view controller"
                : "a stack operation at t=\(Readable.time(t)) put the popped view controller back, so the release could only cancel"
        case .speedOrDistance(let terms):
            return terms.text
        case .linearProjection(let terms):
            return terms.text
        case .progressOrVelocity(let terms):
            let velocity = Readable.velocity(terms.velocity)
            let threshold = formatNumber(terms.velocityThreshold)
            if terms.velocity > terms.velocityThreshold {
                return "velocity \(velocity) pt/s > \(threshold)"
            }
            return "velocity \(velocity) pt/s <= \(threshold); "
                + Self.progressComparison(terms.p, terms.progressThreshold, strict: terms.strict)
        case .quickSwipe(let terms):
            let elapsed = "released \(Readable.time(terms.elapsed)) ms after the down"
            if terms.p == 0 { return "\(elapsed); p 0: nothing moved, nothing to decide" }
            if terms.quick {
                let (distance, quick) = Readable.pair(terms.distance, terms.quickDistance, places: 1)
                return "\(elapsed) < quickTime \(formatNumber(terms.quickTime)); translation \(distance) pt "
                    + (terms.distance > terms.quickDistance ? ">" : "<=") + " quickDistance \(quick)"
            }
            return "\(elapsed) >= quickTime \(formatNumber(terms.quickTime)); "
                + Self.progressComparison(terms.p, terms.progressThreshold, strict: terms.strict)
        }
    }

    /// `p 0.42 >= threshold 0.5`, or `>` and `(strict)` with `strict`.
    static func progressComparison(_ p: Double, _ threshold: Double, strict: Bool) -> String {
        let (shown, bound) = Readable.pair(p, threshold, places: 3)
        if strict { return "p \(shown) \(p > threshold ? ">" : "<=") threshold \(bound) (strict)" }
        return "p \(shown) \(p >= threshold ? ">=" : "<") threshold \(bound)"
    }
}

extension ReleaseReason.SpeedOrDistanceTerms {
    /// Ionic's rule in its own units: `v 0.15 px/ms <= 0.2 and delta 120 <= 195 (half the width)`.
    public var text: String {
        let (v, speed) = Readable.pair(self.v, self.speed, places: 3)
        let (delta, threshold) = Readable.pair(self.delta, self.threshold, places: 1)
        let part = Self.part(fraction)
        switch branch {
        case .backward:
            return
                "v \(Readable.rounded(self.v, places: 3)) px/ms < 0, so it cancels whatever the distance (delta \(Readable.position(self.delta)))"
        case .fast:
            return "v \(v) px/ms > \(speed)"
        case .far:
            return "v \(v) px/ms <= \(speed) but delta \(delta) > \(threshold) (\(part))"
        case .short:
            return "v \(v) px/ms <= \(speed) and delta \(delta) <= \(threshold) (\(part))"
        }
    }

    /// The threshold's share of the width in words: `half the width`, `0.3 of the width`.
    static func part(_ fraction: Double) -> String {
        fraction == 0.5 ? "half the width" : fraction == 1 ? "the width" : "\(formatNumber(fraction)) of the width"
    }
}

extension ReleaseReason.LinearProjectionTerms {
    /// `translation 120 + 0.3 x v 500 = 270 > 195 (half the width)`, points and points per second.
    public var text: String {
        let (projected, threshold) = Readable.pair(self.projected, self.threshold, places: 1)
        let impact = formatNumber(velocityImpact)
        let term =
            cap == -1
            ? "\(impact) x v \(Readable.velocity(velocity)) pt/s"
            : "min(\(impact) x v \(Readable.velocity(velocity)) pt/s, cap \(formatNumber(cap)))"
        let part = ReleaseReason.SpeedOrDistanceTerms.part(fraction)
        return
            "translation \(Readable.position(translation)) + \(term) = \(projected) \(completes ? ">" : "<=") \(threshold) (\(part))"
    }
}

extension SettleTerms {
    public var text: String {
        let r = Readable.fraction(remaining)
        let d = formatNumber(duration)
        let ms = Readable.time(result)
        switch model {
        case "uikit":
            if remaining == 0 { return "uikit: r = 0, so 0 ms" }
            if velocity == 0 { return "uikit: release velocity 0, so D = \(d) ms" }
            let free = remaining * width / abs(velocity) * 1000
            return
                "uikit: min(D \(d), r \(r) x W \(formatNumber(width)) / |velocity| \(Readable.velocity(abs(velocity))) x 1000 = \(Readable.time(free))) = \(ms) ms"
        case "cupertino":
            let frames = (800 * remaining).rounded(.down)
            return completing
                ? "cupertino: floor(800 x r \(r)) = \(ms) ms"
                : "cupertino: min(floor(800 x r \(r)) = \(formatNumber(frames)), 300) = \(ms) ms"
        case "fixed":
            return "fixed: D = \(d) ms"
        case "animator":
            return "animator: (1 - p) \(r) x duration \(d) = \(ms) ms, completing or cancelling"
        case "telegram":
            if !completing { return "telegram: a cancel takes 100 ms" }
            if velocity == 0 {
                return remaining == 1
                    ? "telegram: from a standstill at progress 0, a 500 ms spring"
                    : "telegram: release velocity 0, so 200 ms"
            }
            let free = remaining * width / abs(velocity) * 1000
            return
                "telegram: min(max(r \(r) x W \(formatNumber(width)) / |velocity| \(Readable.velocity(abs(velocity))) x 1000 = \(Readable.time(free)), 50), 200) = \(ms) ms"
        case "none":
            return "nothing to move back: at once, 0 ms"
        default:
            if let detail { return detailText(detail) }
            return "linear: r \(r) x D \(d) = \(ms) ms"
        }
    }

    private func detailText(_ detail: SettleDetail) -> String {
        let ms = Readable.time(result)
        switch detail {
        case .ionic(let missing, let dur, let start):
            let distance = missing * width
            let durText: String
            if distance <= 5 {
                durText = "missing \(Readable.position(distance)) pt <= 5, so dur 0"
            } else if velocity == 0 {
                durText = "v 0, so dur = D \(formatNumber(duration))"
            } else {
                let free = distance / (abs(velocity) / 1000)
                durText =
                    "dur = min(missing \(Readable.position(distance)) pt / |v| \(Readable.rounded(abs(velocity) / 1000, places: 3)) px/ms = \(Readable.time(free)), D \(formatNumber(duration))) = \(Readable.time(dur))"
            }
            return
                "ionic: \(durText); the \(completing ? "completing" : "reversed") curve stands at \(Readable.fraction(start)) of it, so \(ms) ms"
        case .spring(let from, let to, let frames, let period, let overshot):
            let why = overshot ? "passed its target" : "rests"
            return
                "spring: from \(Readable.position(from)) to \(Readable.position(to)) pt at \(Readable.velocity(velocity)) pt/s, it \(why) at frame \(frames) of \(Readable.time(period)) ms: \(ms) ms"
        }
    }
}

extension Busy {
    public var text: String {
        switch self {
        case .transition(let kind, let from, let to, let start):
            let what = kind == .interactivePop ? "an interactive pop" : "a \(kind.rawValue)"
            return "\(what) \(from) -> \(to) (started at t=\(Readable.time(start))) has not settled"
        case .deferred(let count):
            return "\(count) deferred operation\(count == 1 ? "" : "s") wait\(count == 1 ? "s" : "")"
        }
    }
}
