import Foundation
import PopGestureCore

/// One trace document's replay as a self-contained SVG: stacked lanes over one time axis (the finger
/// with the recognizer's decision and limits, the pop's progress, transitions, the bar with the
/// anomalies, the content under the finger).
///
/// Progress per sample is not in the report; it is derived from the trace's samples and the report
/// with the SPEC's own formula, progress = clamp(c * (x - origin.x) / W, 0, progressCap), where the
/// origin is the decision sample less the translation recognition left (SPEC section 3), so the plot
/// needs no hook into the replay.
struct TracePlot {
    let trace: Trace
    let report: TraceReport
    let rules: Rules

    static let width = 1200.0
    static let left = 150.0
    static let right = 40.0
    static var plotWidth: Double { width - left - right }

    /// Okabe-Ito colours: distinguishable with the common colour-blindnesses.
    enum Colour {
        static let finger = "#0072B2", fingerY = "#56B4E9", other = "#999999"
        static let began = "#009E73", refused = "#D55E00", release = "#E69F00", settle = "#CC79A7"
        static let limit = "#555555", anomaly = "#D55E00", note = "#777777", claim = "#0072B2"
    }

    /// The lanes from top to bottom: a label, a height, and where it starts once laid out.
    struct Lane {
        var label: String
        var top: Double
        var height: Double
        var bottom: Double { top + height }
    }

    let start: Double
    let end: Double
    let finger: Lane, progress: Lane, transitions: Lane, bar: Lane, content: Lane
    let transitionRows: [Int]
    let axisY: Double
    let height: Double

    /// `span`: the time axis's ends, when it is shared with another plot; else the trace's own.
    init(trace: Trace, report: TraceReport, rules: Rules, span: (start: Double, end: Double)? = nil) {
        self.trace = trace
        self.report = report
        self.rules = rules
        (start, end) = span ?? Self.span(trace: trace, report: report, rules: rules)
        transitionRows = Self.rows(report.transitions, end: end)
        var y = 46.0
        func lane(_ label: String, _ height: Double) -> Lane {
            defer { y += height + 26 }
            return Lane(label: label, top: y, height: height)
        }
        finger = lane("finger x (pt)", 200)
        progress = lane("pop progress", 130)
        transitions = lane("transitions", max(Double((transitionRows.max() ?? 0) + 1) * 24 + 8, 40))
        bar = lane("bar", 62)
        content = lane("content", 70)
        axisY = y - 14
        height = axisY + 40 + 60
    }

    /// From 0 (or the first event, if earlier) to the last time anything of the trace or report
    /// happens, a projection's end included.
    static func span(trace: Trace, report: TraceReport, rules: Rules) -> (start: Double, end: Double) {
        var times: [Double] = []
        for event in trace.events {
            times.append(event.t)
            if case .touch(let stroke) = event.kind {
                times.append(stroke.samples[stroke.samples.count - 1].t)
                if case .up(let t) = stroke.end { times.append(t) }
                if case .cancel(let t) = stroke.end { times.append(t) }
            }
        }
        times += report.transitions.flatMap { [$0.start, $0.end].compactMap { $0 } }
        times += report.bar.map(\.t) + report.anomalies.map(\.t) + report.notes.map(\.t) + report.detections.map(\.t)
        for gesture in report.gestures {
            times += [gesture.pop?.settledAt, gesture.pop?.releasedAt].compactMap { $0 }
            if let end = Self.projectionEnd(gesture.pop, rules: rules) { times.append(end.t) }
        }
        let first = times.min() ?? 0
        let last = times.max() ?? 1
        let start = min(first, 0)
        return (start, last > start ? last : start + 1)
    }

    // MARK: scales

    func x(_ t: Double) -> Double { Self.left + (t - start) / (end - start) * Self.plotWidth }

    /// A point value in the finger lane; positions off the screen are pinned to its edge.
    func fingerY(_ value: Double, range: Double) -> Double {
        finger.bottom - min(max(value / range, 0), 1) * finger.height
    }

    /// Progress 0...1 with headroom for a projection beyond either end.
    func progressY(_ p: Double) -> Double {
        let shown = min(max(p, -0.15), 1.15)
        return progress.bottom - 10 - shown * (progress.height - 20) / 1
    }

    // MARK: drawing

    func svg() -> String {
        var canvas = SVGCanvas()
        canvas.open(
            width: Self.width, height: height, title: "\(report.trace) (\(report.source)) under \(report.rules)")
        draw(&canvas)
        canvas.raw("</svg>\n")
        return canvas.body
    }

    /// Everything but the `<svg>` element, from y = 0 down to `height`.
    func draw(_ canvas: inout SVGCanvas) {
        canvas.rect(0, 0, Self.width, height, style: "fill=\"#fff\"")
        // Cut to the picture's width when long (the <title> has it whole).
        canvas.label(
            Self.left, 24, "\(report.trace) — \(report.source) — rules \(report.rules)",
            within: SVGCanvas.Box(left: 0, top: 0, right: Self.width, bottom: finger.top), size: 15,
            style: "font-size=\"15\" font-weight=\"bold\"")
        drawAxis(&canvas)
        drawFinger(&canvas)
        drawProgress(&canvas)
        drawTransitions(&canvas)
        drawBar(&canvas)
        drawContent(&canvas)
        drawLegend(&canvas)
    }

    /// What a lane's labels must stay inside: its frame.
    func box(_ lane: Lane) -> SVGCanvas.Box {
        SVGCanvas.Box(left: Self.left, top: lane.top, right: Self.left + Self.plotWidth, bottom: lane.bottom)
    }

    func laneFrame(_ lane: Lane, _ canvas: inout SVGCanvas) {
        canvas.rect(Self.left, lane.top, Self.plotWidth, lane.height, style: "fill=\"#fafafa\" stroke=\"#ccc\"")
        canvas.text(8, lane.top + 14, lane.label, style: "font-weight=\"bold\"")
    }

    /// Ticks at 1, 2 or 5 times a power of ten, about ten across, with grid lines through every lane.
    private func drawAxis(_ canvas: inout SVGCanvas) {
        let span = end - start
        let raw = span / 10
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        var tick = (start / step).rounded(.up) * step
        canvas.line(Self.left, axisY, Self.left + Self.plotWidth, axisY, style: "stroke=\"#000\"")
        while tick <= end + step * 1e-9 {
            let px = x(tick)
            canvas.line(px, finger.top, px, axisY, style: "stroke=\"#e4e4e4\"")
            canvas.line(px, axisY, px, axisY + 5, style: "stroke=\"#000\"")
            canvas.text(px, axisY + 18, formatNumber(tick), anchor: .middle)
            tick += step
        }
        canvas.text(Self.left + Self.plotWidth, axisY + 34, "time (ms)", anchor: .end)
    }

    private func drawFinger(_ canvas: inout SVGCanvas) {
        laneFrame(finger, &canvas)
        let width = trace.screen.width
        let screenHeight = trace.screen.height
        canvas.text(Self.left - 6, finger.top + 12, formatNumber(width), anchor: .end, style: "fill=\"#555\"")
        canvas.text(Self.left - 6, finger.bottom, "0", anchor: .end, style: "fill=\"#555\"")
        drawLimits(&canvas)
        let tracked = Set(report.gestures.map { "\($0.finger) \($0.down.t)" })
        for event in trace.events {
            guard case .touch(let stroke) = event.kind else { continue }
            let isTracked = tracked.contains("\(stroke.finger) \(stroke.samples[0].t)")
            let keep = Set(report.gestures.compactMap { $0.decidedAt?.t })
            let ys = decimatedPath(stroke.samples, keep: keep) { fingerY($0.y, range: screenHeight) }
            let xs = decimatedPath(stroke.samples, keep: keep) { fingerY($0.x, range: width) }
            if isTracked {
                canvas.polyline(ys, style: "stroke=\"\(Colour.fingerY)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"")
                canvas.polyline(xs, style: "stroke=\"\(Colour.finger)\" stroke-width=\"2.5\"")
            } else {
                canvas.polyline(xs, style: "stroke=\"\(Colour.other)\" stroke-width=\"1.5\"")
            }
            let colour = isTracked ? Colour.finger : Colour.other
            let down = stroke.samples[0]
            let last = stroke.samples[stroke.samples.count - 1]
            canvas.marker(
                .hollowCircle, x(down.t), fingerY(down.x, range: width), colour: colour,
                title: "finger \(stroke.finger) down at t=\(formatNumber(down.t)), x=\(formatNumber(down.x))")
            if case .up(let t) = stroke.end, t > last.t {
                canvas.line(
                    x(last.t), fingerY(last.x, range: width), x(t), fingerY(last.x, range: width),
                    style: "stroke=\"\(colour)\" stroke-dasharray=\"1 3\"")
            }
            switch stroke.end {
            case .up(let t):
                canvas.marker(
                    .square, x(t), fingerY(last.x, range: width), colour: colour,
                    title: "finger \(stroke.finger) up at t=\(formatNumber(t))")
            case .cancel(let t):
                canvas.marker(
                    .cross, x(t), fingerY(last.x, range: width), colour: Colour.refused,
                    title: "finger \(stroke.finger) cancelled at t=\(formatNumber(t))")
            case .stillDown:
                break
            }
        }
        for (i, gesture) in report.gestures.enumerated() {
            let label =
                "#\(gesture.index) \(gesture.outcome?.rawValue ?? "undecided")"
                + (gesture.reason.map { ": \($0.rawValue)" } ?? "")
            let labelY = finger.top + 16 + Double(i % 3) * 14
            if let at = gesture.decidedAt {
                let began = gesture.outcome == .began
                let px = x(at.t)
                canvas.line(
                    px, labelY + 3, px, fingerY(at.x, range: width) - 8,
                    style: "stroke=\"#888\" stroke-dasharray=\"2 2\"")
                canvas.marker(
                    began ? .diamond : .hollowDiamond, px, fingerY(at.x, range: width),
                    colour: began ? Colour.began : Colour.refused,
                    title:
                        "gesture \(gesture.index) decided at t=\(formatNumber(at.t)), x=\(formatNumber(at.x)): \(label)"
                )
                canvas.label(
                    px + 6, labelY, label, within: box(finger), style: "fill=\"\(began ? "#00664a" : "#a33f00")\"")
            } else {
                canvas.label(x(gesture.down.t) + 6, labelY, label, within: box(finger), style: "fill=\"#555\"")
            }
        }
    }

    /// The limits the begin checks and the region compare the down or decision point with, as
    /// horizontal lines on the finger lane.
    private func drawLimits(_ canvas: inout SVGCanvas) {
        let width = trace.screen.width
        var limits: [(Double, String, String)] = []
        let rtl = trace.layoutDirection == .rtl
        if rules.recognizer.region != .fullscreen {
            limits.append(
                (
                    rtl ? width - rules.recognizer.edgeWidth : rules.recognizer.edgeWidth,
                    "edgeWidth \(formatNumber(rules.recognizer.edgeWidth))", "6 3"
                ))
        }
        if rules.begin.contains(.maxStartX) {
            for value in maxStartXValues() {
                let line = rules.mirrorMaxStartX && rtl ? width - value : value
                limits.append((line, "maxStartX \(formatNumber(value))", "2 3"))
            }
        }
        if rules.begin.contains(.locationLimit), rules.locationLimit < width {
            limits.append((rules.locationLimit, "locationLimit \(formatNumber(rules.locationLimit))", "8 3 2 3"))
        }
        // The edge that skips dominantAxis's tests, and UIKit's own edge before a library's pan.
        if rules.recognizer.kind == .dominantAxis {
            let edge = rules.recognizer.edgeWidth
            let mirrored = rtl && rules.mirrorDirection
            limits.append((mirrored ? width - edge : edge, "edge start \(formatNumber(edge))", "6 3"))
        }
        if rules.recognizer.systemEdge == .uikit {
            let edge = Rules.systemEdge.recognizer.edgeWidth
            limits.append((rtl ? width - edge : edge, "UIKit's edge \(formatNumber(edge))", "6 3"))
        }
        limits += responseDistanceLimits()
        for (value, label, dash) in limits {
            let py = fingerY(value, range: width)
            canvas.line(
                Self.left, py, Self.left + Self.plotWidth, py,
                style: "stroke=\"\(Colour.limit)\" stroke-width=\"1.5\" stroke-dasharray=\"\(dash)\"", title: label)
            canvas.label(
                Self.left + Self.plotWidth - 4, py - 4, label, anchor: .end, within: box(finger), style: "fill=\"#333\""
            )
        }
    }

    /// Every maxStartX a view controller of the trace sets; which one is on top at a decision is the
    /// replay's business, and the decision's reason says which check refused.
    private func maxStartXValues() -> [Double] {
        var specs = trace.stack
        for event in trace.events {
            switch event.kind {
            case .push(let spec, _), .update(let spec): specs.append(spec)
            case .setStack(let list, _): specs += list
            default: break
            }
        }
        return Array(Set(specs.compactMap(\.maxStartX).filter { $0 > 0 })).sorted()
    }

    private func drawProgress(_ canvas: inout SVGCanvas) {
        laneFrame(progress, &canvas)
        for p in [0.0, 0.5, 1.0] {
            canvas.line(Self.left, progressY(p), Self.left + Self.plotWidth, progressY(p), style: "stroke=\"#ddd\"")
            canvas.text(Self.left - 6, progressY(p) + 4, formatNumber(p), anchor: .end, style: "fill=\"#555\"")
        }
        for gesture in report.gestures {
            guard let curve = progressCurve(gesture), let pop = gesture.pop else { continue }
            canvas.polyline(
                curve.points.map { (x($0.t), progressY($0.p)) },
                style: "stroke=\"\(Colour.finger)\" stroke-width=\"2.5\"")
            let release = (pop.releasedAt ?? curve.points.last!.t, pop.progress ?? curve.points.last!.p)
            if let why = pop.why {
                switch why {
                case .progress(let terms):
                    thresholdLine(terms.progressThreshold, from: curve.points[0].t, &canvas)
                case .progressOrVelocity(let terms):
                    thresholdLine(terms.progressThreshold, from: curve.points[0].t, &canvas)
                case .quickSwipe(let terms):
                    // A quick release compares its distance, a later one its progress.
                    thresholdLine(
                        terms.quick ? terms.quickDistance / trace.screen.width : terms.progressThreshold,
                        from: curve.points[0].t, &canvas)
                case .projection(let terms):
                    let projected = terms.projected
                    thresholdLine(terms.threshold, from: curve.points[0].t, &canvas)
                    if let end = Self.projectionEnd(pop, rules: rules) {
                        canvas.line(
                            x(release.0), progressY(release.1), x(end.t), progressY(projected),
                            style: "stroke=\"\(Colour.release)\" stroke-width=\"2\" stroke-dasharray=\"6 4\"",
                            title: "projected progress \(formatNumber(projected)) at t=\(formatNumber(end.t))")
                        canvas.label(
                            x(end.t) - 4, progressY(projected) + (projected < 0.5 ? 14 : -6),
                            "projected \(Self.short(projected))", anchor: .end, within: box(progress),
                            style: "fill=\"#8a5a00\"")
                    }
                case .speedOrDistance, .linearProjection:
                    drawCrossPlatformRelease(why, pop: pop, from: curve.points[0].t, release: release, &canvas)
                default: break
                }
            }
            if pop.releasedAt != nil {
                canvas.marker(
                    .diamond, x(release.0), progressY(release.1), colour: Colour.release,
                    title: "released at t=\(formatNumber(release.0)), progress \(formatNumber(release.1))"
                        + (pop.why.map { ": \($0.text)" } ?? ""))
            }
            if let settled = pop.settledAt {
                let target = pop.result == .completed ? 1.0 : 0.0
                canvas.line(
                    x(release.0), progressY(release.1), x(settled), progressY(target),
                    style: "stroke=\"\(Colour.settle)\" stroke-width=\"2.5\"")
                canvas.marker(
                    .square, x(settled), progressY(target), colour: Colour.settle,
                    title: "settled at t=\(formatNumber(settled)): \(pop.result.rawValue)")
                label(
                    x(settled), progressY(target) + (target == 1 ? 14 : -6),
                    "\(pop.result.rawValue)" + (pop.by.map { " by \($0.rawValue)" } ?? ""), in: progress, &canvas)
            } else {
                canvas.label(x(release.0) + 8, progressY(release.1) - 6, pop.result.rawValue, within: box(progress))
            }
        }
    }

    func thresholdLine(_ threshold: Double, from t: Double, _ canvas: inout SVGCanvas) {
        let py = progressY(threshold)
        canvas.line(
            x(t), py, Self.left + Self.plotWidth, py,
            style: "stroke=\"\(Colour.limit)\" stroke-width=\"1.5\" stroke-dasharray=\"8 3 2 3\"",
            title: "completion threshold \(formatNumber(threshold))")
        canvas.label(
            Self.left + Self.plotWidth - 4, py - 4, "threshold \(Self.short(threshold))", anchor: .end,
            within: box(progress), style: "fill=\"#333\"")
    }

    struct ProgressPoint: Equatable {
        var t: Double
        var p: Double
    }

    /// The interactive pop's progress from its decision to its release (or the end of its finger's
    /// samples), one point per kept sample of the tracked finger.
    func progressCurve(_ gesture: GestureRecord) -> (points: [ProgressPoint], releasedAt: Double?)? {
        guard gesture.outcome == .began, let at = gesture.decidedAt, let pop = gesture.pop, pop.result != .ignored,
            let stroke = trackedStroke(gesture)
        else { return nil }
        // The pop measures translation from where the recognition put the finger (SPEC section 4).
        let origin = at.x - (gesture.recognition?.translation.x ?? 0)
        let rules = rules.of(gesture)
        let c = InteractivePop.c(trace.layoutDirection, rules: rules)
        let last = pop.releasedAt ?? pop.settledAt ?? .infinity
        let samples = stroke.samples.filter { $0.t >= at.t && $0.t <= last }
        guard !samples.isEmpty else { return nil }
        let points = decimated(samples, keep: [at.t]) {
            InteractivePop.progress(
                translationX: $0.x - origin, c: c, width: trace.screen.width, cap: rules.transition.progressCap)
        }.map { ProgressPoint(t: $0.t, p: $0.value) }
        return (points, pop.releasedAt)
    }

    func trackedStroke(_ gesture: GestureRecord) -> Stroke? {
        for event in trace.events {
            if case .touch(let stroke) = event.kind, stroke.finger == gesture.finger, stroke.samples[0] == gesture.down
            {
                return stroke
            }
        }
        return nil
    }

    /// Where a projection's dashed continuation ends: `projection` looks one transition duration
    /// ahead of the release, `linearProjection` velocityImpact seconds (its points as progress).
    static func projectionEnd(_ pop: PopRecord?, rules: Rules) -> (t: Double, p: Double)? {
        guard let pop, let released = pop.releasedAt else { return nil }
        switch pop.why {
        case .projection(let terms)?: return (released + rules.transition.duration, terms.projected)
        case .linearProjection(let terms)?:
            return (released + terms.velocityImpact * 1000, terms.projected / terms.width)
        default: return nil
        }
    }
}
