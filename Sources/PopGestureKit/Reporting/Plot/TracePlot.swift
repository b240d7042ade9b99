import Foundation

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
        let first = times.min() ?? 0, last = times.max() ?? 1
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
        canvas.open(width: Self.width, height: height, title: "\(report.trace) (\(report.source)) under \(report.rules)")
        draw(&canvas)
        canvas.raw("</svg>\n")
        return canvas.body
    }

    /// Everything but the `<svg>` element, from y = 0 down to `height`.
    func draw(_ canvas: inout SVGCanvas) {
        canvas.rect(0, 0, Self.width, height, style: "fill=\"#fff\"")
        canvas.text(Self.left, 24, "\(report.trace) — \(report.source) — rules \(report.rules)", style: "font-size=\"15\" font-weight=\"bold\"")
        drawAxis(&canvas)
        drawFinger(&canvas)
        drawProgress(&canvas)
        drawTransitions(&canvas)
        drawBar(&canvas)
        drawContent(&canvas)
        drawLegend(&canvas)
    }

    private func laneFrame(_ lane: Lane, _ canvas: inout SVGCanvas) {
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
        let width = trace.screen.width, screenHeight = trace.screen.height
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
            let down = stroke.samples[0], last = stroke.samples[stroke.samples.count - 1]
            canvas.marker(.hollowCircle, x(down.t), fingerY(down.x, range: width), colour: colour,
                          title: "finger \(stroke.finger) down at t=\(formatNumber(down.t)), x=\(formatNumber(down.x))")
            if case .up(let t) = stroke.end, t > last.t {
                canvas.line(x(last.t), fingerY(last.x, range: width), x(t), fingerY(last.x, range: width), style: "stroke=\"\(colour)\" stroke-dasharray=\"1 3\"")
            }
            switch stroke.end {
            case .up(let t):
                canvas.marker(.square, x(t), fingerY(last.x, range: width), colour: colour, title: "finger \(stroke.finger) up at t=\(formatNumber(t))")
            case .cancel(let t):
                canvas.marker(.cross, x(t), fingerY(last.x, range: width), colour: Colour.refused, title: "finger \(stroke.finger) cancelled at t=\(formatNumber(t))")
            case .stillDown:
                break
            }
        }
        for (i, gesture) in report.gestures.enumerated() {
            let label = "#\(gesture.index) \(gesture.outcome?.rawValue ?? "undecided")" + (gesture.reason.map { ": \($0.rawValue)" } ?? "")
            let labelY = finger.top + 16 + Double(i % 3) * 14
            if let at = gesture.decidedAt {
                let began = gesture.outcome == .began
                let px = x(at.t)
                canvas.line(px, labelY + 3, px, fingerY(at.x, range: width) - 8, style: "stroke=\"#888\" stroke-dasharray=\"2 2\"")
                canvas.marker(began ? .diamond : .hollowDiamond, px, fingerY(at.x, range: width), colour: began ? Colour.began : Colour.refused,
                              title: "gesture \(gesture.index) decided at t=\(formatNumber(at.t)), x=\(formatNumber(at.x)): \(label)")
                canvas.text(px + 6, labelY, label, style: "fill=\"\(began ? "#00664a" : "#a33f00")\"")
            } else {
                canvas.text(x(gesture.down.t) + 6, labelY, label, style: "fill=\"#555\"")
            }
        }
    }

    /// The limits the begin checks and the region compare the down or decision point with, as
    /// horizontal lines on the finger lane.
    private func drawLimits(_ canvas: inout SVGCanvas) {
        let width = trace.screen.width
        var limits: [(Double, String, String)] = []
        let rtl = trace.layoutDirection == .rtl
        if rules.recognizer.region == .edge {
            limits.append((rtl ? width - rules.recognizer.edgeWidth : rules.recognizer.edgeWidth, "edgeWidth \(formatNumber(rules.recognizer.edgeWidth))", "6 3"))
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
        for (value, label, dash) in limits {
            let py = fingerY(value, range: width)
            canvas.line(Self.left, py, Self.left + Self.plotWidth, py, style: "stroke=\"\(Colour.limit)\" stroke-width=\"1.5\" stroke-dasharray=\"\(dash)\"", title: label)
            canvas.text(Self.left + Self.plotWidth - 4, py - 4, label, anchor: .end, style: "fill=\"#333\"")
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
            canvas.polyline(curve.points.map { (x($0.t), progressY($0.p)) }, style: "stroke=\"\(Colour.finger)\" stroke-width=\"2.5\"")
            let release = (pop.releasedAt ?? curve.points.last!.t, pop.progress ?? curve.points.last!.p)
            if let why = pop.why {
                switch why {
                case .progress(let terms):
                    thresholdLine(terms.progressThreshold, from: curve.points[0].t, &canvas)
                case .projection(let terms):
                    let projected = terms.projected
                    thresholdLine(terms.threshold, from: curve.points[0].t, &canvas)
                    if let end = Self.projectionEnd(pop, rules: rules) {
                        canvas.line(x(release.0), progressY(release.1), x(end.t), progressY(projected),
                                    style: "stroke=\"\(Colour.release)\" stroke-width=\"2\" stroke-dasharray=\"6 4\"",
                                    title: "projected progress \(formatNumber(projected)) at t=\(formatNumber(end.t))")
                        canvas.text(x(end.t) - 4, progressY(projected) + (projected < 0.5 ? 14 : -6), "projected \(Self.short(projected))", anchor: .end, style: "fill=\"#8a5a00\"")
                    }
                default: break
                }
            }
            if pop.releasedAt != nil {
                canvas.marker(.diamond, x(release.0), progressY(release.1), colour: Colour.release,
                              title: "released at t=\(formatNumber(release.0)), progress \(formatNumber(release.1))" + (pop.why.map { ": \($0.text)" } ?? ""))
            }
            if let settled = pop.settledAt {
                let target = pop.result == .completed ? 1.0 : 0.0
                canvas.line(x(release.0), progressY(release.1), x(settled), progressY(target), style: "stroke=\"\(Colour.settle)\" stroke-width=\"2.5\"")
                canvas.marker(.square, x(settled), progressY(target), colour: Colour.settle,
                              title: "settled at t=\(formatNumber(settled)): \(pop.result.rawValue)")
                label(x(settled), progressY(target) + (target == 1 ? 14 : -6), "\(pop.result.rawValue)" + (pop.by.map { " by \($0.rawValue)" } ?? ""), &canvas)
            } else {
                canvas.text(x(release.0) + 8, progressY(release.1) - 6, pop.result.rawValue)
            }
        }
    }

    private func thresholdLine(_ threshold: Double, from t: Double, _ canvas: inout SVGCanvas) {
        let py = progressY(threshold)
        canvas.line(x(t), py, Self.left + Self.plotWidth, py, style: "stroke=\"\(Colour.limit)\" stroke-width=\"1.5\" stroke-dasharray=\"8 3 2 3\"",
                    title: "completion threshold \(formatNumber(threshold))")
        canvas.text(Self.left + Self.plotWidth - 4, py - 4, "threshold \(Self.short(threshold))", anchor: .end, style: "fill=\"#333\"")
    }

    struct ProgressPoint: Equatable {
        var t: Double
        var p: Double
    }

    /// The interactive pop's progress from its decision to its release (or the end of its finger's
    /// samples), one point per kept sample of the tracked finger.
    func progressCurve(_ gesture: GestureRecord) -> (points: [ProgressPoint], releasedAt: Double?)? {
        guard gesture.outcome == .began, let at = gesture.decidedAt, let pop = gesture.pop, pop.result != .ignored,
              let stroke = trackedStroke(gesture) else { return nil }
        // The pop measures translation from where the recognition put the finger (SPEC section 4).
        let origin = at.x - (gesture.recognition?.translation.x ?? 0)
        let c = trace.layoutDirection == .ltr ? 1.0 : -1.0
        let last = pop.releasedAt ?? pop.settledAt ?? .infinity
        let samples = stroke.samples.filter { $0.t >= at.t && $0.t <= last }
        guard !samples.isEmpty else { return nil }
        let points = decimated(samples, keep: [at.t]) {
            InteractivePop.progress(translationX: $0.x - origin, c: c, width: trace.screen.width, cap: rules.transition.progressCap)
        }.map { ProgressPoint(t: $0.t, p: $0.value) }
        return (points, pop.releasedAt)
    }

    func trackedStroke(_ gesture: GestureRecord) -> Stroke? {
        for event in trace.events {
            if case .touch(let stroke) = event.kind, stroke.finger == gesture.finger, stroke.samples[0] == gesture.down { return stroke }
        }
        return nil
    }

    /// Where the projection model's dashed continuation ends: the projection looks one transition
    /// duration ahead of the release.
    static func projectionEnd(_ pop: PopRecord?, rules: Rules) -> (t: Double, p: Double)? {
        guard let pop, let released = pop.releasedAt, case .projection(let terms) = pop.why else { return nil }
        return (released + rules.transition.duration, terms.projected)
    }

    // MARK: transitions, bar, content

    /// The first row whose last transition ended before this one starts, so overlapping ones stack.
    static func rows(_ transitions: [TransitionRecord], end: Double) -> [Int] {
        var rowEnds: [Double] = []
        return transitions.map { transition in
            let finish = transition.end ?? end
            if let row = rowEnds.firstIndex(where: { $0 <= transition.start }) {
                rowEnds[row] = finish
                return row
            }
            rowEnds.append(finish)
            return rowEnds.count - 1
        }
    }

    private func drawTransitions(_ canvas: inout SVGCanvas) {
        laneFrame(transitions, &canvas)
        for (transition, row) in zip(report.transitions, transitionRows) {
            let top = transitions.top + 6 + Double(row) * 24
            let finish = transition.end ?? end
            let label = "\(transition.kind.rawValue) \(transition.from)→\(transition.to) \(transition.result.rawValue)"
            let title = label + " from t=\(formatNumber(transition.start)) to " + (transition.end.map { "t=\(formatNumber($0))" } ?? "the end (in flight)")
            canvas.rect(x(transition.start), top, x(finish) - x(transition.start), 18,
                        style: "fill=\"\(transition.kind == .interactivePop ? "#cfe6f5" : "#f3e2c4")\" stroke=\"#333\"" + (transition.end == nil ? " stroke-dasharray=\"4 3\"" : ""),
                        title: title)
            canvas.text(x(transition.start) + 4, top + 13, label + (transition.end == nil ? " (in flight)" : ""))
        }
    }

    /// The bar's state before its first entry (SPEC section 5).
    var initialBarHidden: Bool {
        trace.initialBarHidden ?? (trace.barAppearanceManaged ? trace.stack.last?.barHidden ?? false : false)
    }

    /// The hidden/shown band: one segment per state, each titled with the cause that began it; a tick
    /// at every entry, since an entry that repeats the state still happened.
    private func drawBar(_ canvas: inout SVGCanvas) {
        laneFrame(bar, &canvas)
        let bandTop = bar.top + 30, bandHeight = 22.0
        var segments: [(start: Double, hidden: Bool, cause: String)] = []
        // The report's first entry is usually the initial state itself.
        if (report.bar.first?.t ?? .infinity) > start { segments.append((start, initialBarHidden, "initial state")) }
        for entry in report.bar { segments.append((entry.t, entry.hidden, entry.cause)) }
        for (i, segment) in segments.enumerated() {
            let finish = i + 1 < segments.count ? segments[i + 1].start : end
            let state = segment.hidden ? "hidden" : "shown"
            canvas.rect(x(segment.start), bandTop, x(finish) - x(segment.start), bandHeight,
                        style: segment.hidden ? "fill=\"#444\" stroke=\"#000\"" : "fill=\"#fff\" stroke=\"#000\"",
                        title: "bar \(state) from t=\(formatNumber(segment.start)): \(segment.cause)")
            if x(finish) - x(segment.start) > 50 {
                canvas.text(x(segment.start) + 4, bandTop + 15, state, style: segment.hidden ? "fill=\"#fff\"" : "fill=\"#000\"")
            }
        }
        for entry in report.bar {
            canvas.line(x(entry.t), bandTop - 4, x(entry.t), bandTop + bandHeight + 4, style: "stroke=\"\(Colour.release)\" stroke-width=\"2\"",
                        title: "t=\(formatNumber(entry.t)) \(entry.hidden ? "hide" : "show")\(entry.animated ? " animated" : ""): \(entry.cause)")
        }
        for (i, anomaly) in report.anomalies.enumerated() {
            let py = bar.top + 10 + Double(i % 2) * 4
            canvas.marker(.triangle, x(anomaly.t), py, colour: Colour.anomaly, title: "\(anomaly.kind.rawValue) at t=\(formatNumber(anomaly.t)): \(anomaly.detail)")
            canvas.text(x(anomaly.t) + 8, py + 4, anomaly.kind.rawValue, style: "fill=\"#a33f00\" font-weight=\"bold\"")
        }
        for note in report.notes {
            canvas.marker(.square, x(note.t), bar.top + 10, colour: Colour.note, title: "note \(note.kind.rawValue) at t=\(formatNumber(note.t)): \(note.detail)")
        }
    }

    /// Each gesture's content: the claim point or the result at the down, and a claimed scroll
    /// region's offset from the claim to its settled value after the lift.
    private func drawContent(_ canvas: inout SVGCanvas) {
        laneFrame(content, &canvas)
        let offsets = report.gestures.compactMap(\.content?.offset).flatMap { [$0.from, $0.to].compactMap { $0 } } + report.detections.map(\.offset)
        let low = offsets.min() ?? 0, high = max(offsets.max() ?? 1, low + 1)
        func offsetY(_ value: Double) -> Double { content.bottom - 8 - (value - low) / (high - low) * (content.height - 30) }
        if !report.gestures.contains(where: { $0.content != nil }) {
            canvas.text(Self.left + 8, content.top + 20, "no gesture's down point hit a content region", style: "fill=\"#555\"")
        }
        for gesture in report.gestures {
            guard let record = gesture.content else { continue }
            let label = "#\(gesture.index) \(record.region) (\(record.kind.rawValue)): \(record.result?.rawValue ?? "running")"
            if let at = record.at {
                let py = record.offset.map { offsetY($0.from) } ?? content.top + 30
                canvas.marker(.star, x(at.t), py, colour: Colour.claim, title: "\(label) at t=\(formatNumber(at.t))")
                self.label(x(at.t), content.top + 16, label, &canvas)
                if let offset = record.offset, let to = offset.to, let stroke = trackedStroke(gesture) {
                    let lift: Double = switch stroke.end {
                    case .up(let t), .cancel(let t): t
                    case .stillDown: end
                    }
                    canvas.line(x(at.t), offsetY(offset.from), x(lift), offsetY(to), style: "stroke=\"\(Colour.claim)\" stroke-width=\"2\" stroke-dasharray=\"5 3\"",
                                title: "offset \(formatNumber(offset.from)) → \(formatNumber(to))")
                    self.label(x(lift), offsetY(to) + 4, "offset \(formatNumber(offset.from))→\(formatNumber(to))", &canvas)
                }
            } else {
                canvas.text(x(gesture.down.t) + 8, content.top + 16, label, style: "fill=\"#555\"")
            }
        }
        for detection in report.detections {
            canvas.marker(detection.direction == .up ? .triangle : .hollowCircle, x(detection.t), offsetY(detection.offset), colour: Colour.settle,
                          title: "\(detection.detector) \(detection.region): \(detection.direction.rawValue) at t=\(formatNumber(detection.t)), offset \(formatNumber(detection.offset))")
        }
    }

    private func drawLegend(_ canvas: inout SVGCanvas) {
        let entries: [(MarkerShape?, String, String)] = [
            (nil, Colour.finger, "tracked finger x"), (nil, Colour.fingerY, "y (÷ screen height, dashed)"), (nil, Colour.other, "other fingers"),
            (.hollowCircle, Colour.finger, "down"), (.square, Colour.finger, "up"), (.cross, Colour.refused, "cancel"),
            (.diamond, Colour.began, "began"), (.hollowDiamond, Colour.refused, "refused"),
            (.diamond, Colour.release, "release"), (nil, Colour.settle, "settle"), (.square, Colour.settle, "settled"),
            (.triangle, Colour.anomaly, "anomaly"), (.square, Colour.note, "note"), (.star, Colour.claim, "content claim"),
        ]
        var px = Self.left, py = axisY + 56
        for (shape, colour, label) in entries {
            let itemWidth = 34 + Double(label.count) * 7
            if px + itemWidth > Self.width - Self.right { px = Self.left; py += 22 }
            if let shape {
                canvas.marker(shape, px + 10, py - 4, colour: colour)
            } else {
                canvas.line(px, py - 4, px + 20, py - 4, style: "stroke=\"\(colour)\" stroke-width=\"3\"" + (label.hasPrefix("y") ? " stroke-dasharray=\"4 3\"" : ""))
            }
            canvas.text(px + 26, py, label)
            px += itemWidth
        }
    }

    /// Text beside a point, on its left near the right edge so it stays on the page.
    private func label(_ px: Double, _ py: Double, _ text: String, style: String = "", _ canvas: inout SVGCanvas) {
        let nearEnd = px > Self.left + Self.plotWidth * 0.75
        canvas.text(nearEnd ? px - 8 : px + 8, py, text, anchor: nearEnd ? .end : .start, style: style)
    }

    /// A label's number: three decimals are enough to read; the tooltip has all of them.
    static func short(_ value: Double) -> String { formatNumber((value * 1000).rounded() / 1000) }

    // MARK: decimation

    struct Point {
        var t: Double
        var value: Double
    }

    /// At most a few points per pixel column: the column's first, last, lowest and highest, and any
    /// sample at a time in `keep` (a decision), so a 10,000-sample trace draws what 10,000 would.
    func decimatedPath(_ samples: [Sample], keep: Set<Double>, value: (Sample) -> Double) -> [(Double, Double)] {
        decimated(samples, keep: keep, value: value).map { (x($0.t), $0.value) }
    }

    func decimated(_ samples: [Sample], keep: Set<Double>, value: (Sample) -> Double) -> [Point] {
        var out: [Point] = []
        var i = 0
        while i < samples.count {
            let column = x(samples[i].t).rounded(.down)
            var j = i
            var lowest = i, highest = i
            var values: [Double] = []
            while j < samples.count, x(samples[j].t).rounded(.down) == column {
                let v = value(samples[j])
                values.append(v)
                if v < values[lowest - i] { lowest = j }
                if v > values[highest - i] { highest = j }
                j += 1
            }
            for k in i..<j where k == i || k == j - 1 || k == lowest || k == highest || keep.contains(samples[k].t) {
                out.append(Point(t: samples[k].t, value: values[k - i]))
            }
            i = j
        }
        return out
    }
}
