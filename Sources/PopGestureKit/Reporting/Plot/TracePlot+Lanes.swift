import Foundation
import PopGestureCore

/// The plot's lower lanes: the transitions in flight, the bar's entries and the content under the
/// finger, and the legend.
extension TracePlot {

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

    func drawTransitions(_ canvas: inout SVGCanvas) {
        laneFrame(transitions, &canvas)
        for (transition, row) in zip(report.transitions, transitionRows) {
            let top = transitions.top + 6 + Double(row) * 24
            let finish = transition.end ?? end
            let label = "\(transition.kind.rawValue) \(transition.from)→\(transition.to) \(transition.result.rawValue)"
            let title =
                label + " from t=\(formatNumber(transition.start)) to "
                + (transition.end.map { "t=\(formatNumber($0))" } ?? "the end (in flight)")
            canvas.rect(
                x(transition.start), top, x(finish) - x(transition.start), 18,
                style: "fill=\"\(transition.kind == .interactivePop ? "#cfe6f5" : "#f3e2c4")\" stroke=\"#333\""
                    + (transition.end == nil ? " stroke-dasharray=\"4 3\"" : ""),
                title: title)
            canvas.label(
                x(transition.start) + 4, top + 13, label + (transition.end == nil ? " (in flight)" : ""),
                within: box(transitions))
        }
    }

    /// The bar's state before its first entry (SPEC section 5).
    var initialBarHidden: Bool {
        trace.initialBarHidden ?? (trace.barAppearanceManaged ? trace.stack.last?.barHidden ?? false : false)
    }

    /// The hidden/shown band: one segment per state, each titled with the cause that began it; a tick
    /// at every entry, since an entry that repeats the state still happened.
    func drawBar(_ canvas: inout SVGCanvas) {
        laneFrame(bar, &canvas)
        let bandTop = bar.top + 30
        let bandHeight = 22.0
        var segments: [(start: Double, hidden: Bool, cause: String)] = []
        // The report's first entry is usually the initial state itself.
        if (report.bar.first?.t ?? .infinity) > start { segments.append((start, initialBarHidden, "initial state")) }
        for entry in report.bar { segments.append((entry.t, entry.hidden, FindingWording.cause(entry.cause))) }
        for (i, segment) in segments.enumerated() {
            let finish = i + 1 < segments.count ? segments[i + 1].start : end
            let state = segment.hidden ? "hidden" : "shown"
            canvas.rect(
                x(segment.start), bandTop, x(finish) - x(segment.start), bandHeight,
                style: segment.hidden ? "fill=\"#444\" stroke=\"#000\"" : "fill=\"#fff\" stroke=\"#000\"",
                title: "bar \(state) from t=\(formatNumber(segment.start)): \(segment.cause)")
            if x(finish) - x(segment.start) > 50 {
                canvas.text(
                    x(segment.start) + 4, bandTop + 15, state, style: segment.hidden ? "fill=\"#fff\"" : "fill=\"#000\""
                )
            }
        }
        for entry in report.bar {
            canvas.line(
                x(entry.t), bandTop - 4, x(entry.t), bandTop + bandHeight + 4,
                style: "stroke=\"\(Colour.release)\" stroke-width=\"2\"",
                title:
                    "t=\(formatNumber(entry.t)) \(entry.hidden ? "hide" : "show")\(entry.animated ? " animated" : ""): \(FindingWording.cause(entry.cause))"
            )
        }
        for (i, anomaly) in report.anomalies.enumerated() {
            let py = bar.top + 10 + Double(i % 2) * 4
            canvas.marker(
                .triangle, x(anomaly.t), py, colour: Colour.anomaly,
                title: "\(anomaly.kind.rawValue) at t=\(formatNumber(anomaly.t)): \(FindingWording.detail(anomaly))")
            self.label(
                x(anomaly.t), py + 4, anomaly.kind.rawValue, in: bar, style: "fill=\"#a33f00\" font-weight=\"bold\"",
                &canvas)
        }
        for note in report.notes {
            canvas.marker(
                .square, x(note.t), bar.top + 10, colour: Colour.note,
                title: "note \(note.kind.rawValue) at t=\(formatNumber(note.t)): \(FindingWording.detail(note))")
        }
    }

    /// Each gesture's content: the claim point or the result at the down, and a claimed scroll
    /// region's offset from the claim to its settled value after the lift.
    func drawContent(_ canvas: inout SVGCanvas) {
        laneFrame(content, &canvas)
        let offsets =
            report.gestures.compactMap(\.content?.offset).flatMap { [$0.from, $0.to].compactMap { $0 } }
            + report.detections.map(\.offset)
        let low = offsets.min() ?? 0
        let high = max(offsets.max() ?? 1, low + 1)
        func offsetY(_ value: Double) -> Double {
            content.bottom - 8 - (value - low) / (high - low) * (content.height - 30)
        }
        if !report.gestures.contains(where: { $0.content != nil }) {
            canvas.text(
                Self.left + 8, content.top + 20, "no gesture's down point hit a content region", style: "fill=\"#555\"")
        }
        for gesture in report.gestures {
            guard let record = gesture.content else { continue }
            let label =
                "#\(gesture.index) \(record.region) (\(record.kind.rawValue)): \(record.result?.rawValue ?? "running")"
            if let at = record.at {
                let py = record.offset.map { offsetY($0.from) } ?? content.top + 30
                canvas.marker(.star, x(at.t), py, colour: Colour.claim, title: "\(label) at t=\(formatNumber(at.t))")
                self.label(x(at.t), content.top + 16, label, in: content, &canvas)
                if let offset = record.offset, let to = offset.to, let stroke = trackedStroke(gesture) {
                    let lift: Double =
                        switch stroke.end {
                        case .up(let t), .cancel(let t): t
                        case .stillDown: end
                        }
                    canvas.line(
                        x(at.t), offsetY(offset.from), x(lift), offsetY(to),
                        style: "stroke=\"\(Colour.claim)\" stroke-width=\"2\" stroke-dasharray=\"5 3\"",
                        title: "offset \(formatNumber(offset.from)) → \(formatNumber(to))")
                    self.label(
                        x(lift), offsetY(to) + 4, "offset \(formatNumber(offset.from))→\(formatNumber(to))",
                        in: content,
                        &canvas)
                }
            } else {
                canvas.label(
                    x(gesture.down.t) + 8, content.top + 16, label, within: box(content), style: "fill=\"#555\"")
            }
        }
        for detection in report.detections {
            canvas.marker(
                detection.direction == .up ? .triangle : .hollowCircle, x(detection.t), offsetY(detection.offset),
                colour: Colour.settle,
                title:
                    "\(detection.detector) \(detection.region): \(detection.direction.rawValue) at t=\(formatNumber(detection.t)), offset \(formatNumber(detection.offset))"
            )
        }
    }

    func drawLegend(_ canvas: inout SVGCanvas) {
        let entries: [(MarkerShape?, String, String)] = [
            (nil, Colour.finger, "tracked finger x"), (nil, Colour.fingerY, "y (÷ screen height, dashed)"),
            (nil, Colour.other, "other fingers"),
            (.hollowCircle, Colour.finger, "down"), (.square, Colour.finger, "up"), (.cross, Colour.refused, "cancel"),
            (.diamond, Colour.began, "began"), (.hollowDiamond, Colour.refused, "refused"),
            (.diamond, Colour.release, "release"), (nil, Colour.settle, "settle"), (.square, Colour.settle, "settled"),
            (.triangle, Colour.anomaly, "anomaly"), (.square, Colour.note, "note"),
            (.star, Colour.claim, "content claim"),
        ]
        var px = Self.left
        var py = axisY + 56
        for (shape, colour, label) in entries {
            let itemWidth = 34 + Double(label.count) * 7
            if px + itemWidth > Self.width - Self.right {
                px = Self.left
                py += 22
            }
            if let shape {
                canvas.marker(shape, px + 10, py - 4, colour: colour)
            } else {
                canvas.line(
                    px, py - 4, px + 20, py - 4,
                    style: "stroke=\"\(colour)\" stroke-width=\"3\""
                        + (label.hasPrefix("y") ? " stroke-dasharray=\"4 3\"" : ""))
            }
            canvas.text(px + 26, py, label)
            px += itemWidth
        }
    }

    /// Text beside a point, on its left near the right edge so it stays on the page.
    /// ... and inside `lane`, however long the text.
    func label(
        _ px: Double, _ py: Double, _ text: String, in lane: Lane, style: String = "", _ canvas: inout SVGCanvas
    ) {
        let nearEnd = px > Self.left + Self.plotWidth * 0.75
        canvas.label(
            nearEnd ? px - 8 : px + 8, py, text, anchor: nearEnd ? .end : .start, within: box(lane), style: style)
    }

    /// A label's number: three decimals are enough to read; the tooltip has all of them.
    static func short(_ value: Double) -> String { formatNumber((value * 1000).rounded() / 1000) }
}
