import PopGestureCore

/// One trace under two rule versions, one plot above the other on a shared time axis, with what
/// `diff` would report listed on top and the moments that differ highlighted across both.
struct ComparisonPlot {
    let trace: Trace
    let base: (rules: Rules, report: TraceReport)
    let head: (rules: Rules, report: TraceReport)

    /// Okabe-Ito yellow: it stays visible under the other colours and in greyscale as a light band.
    static let highlight = "#F0E442"

    /// A moment where the two reports disagree, and what about.
    struct Difference: Equatable {
        var t: Double
        var what: String
    }

    func svg() -> String {
        let a = TracePlot.span(trace: trace, report: base.report, rules: base.rules)
        let b = TracePlot.span(trace: trace, report: head.report, rules: head.rules)
        let span = (start: min(a.start, b.start), end: max(a.end, b.end))
        let top = TracePlot(trace: trace, report: base.report, rules: base.rules, span: span)
        let bottom = TracePlot(trace: trace, report: head.report, rules: head.rules, span: span)
        let changes = ReportDiff.changes(base: base.report, head: head.report)
        let header = 44 + Double(max(changes.count, 1)) * 16
        let height = header + top.height + bottom.height

        var canvas = SVGCanvas()
        canvas.open(
            width: TracePlot.width, height: height,
            title: "\(trace.name) (\(trace.source)) under \(base.report.rules) and \(head.report.rules)")
        canvas.rect(0, 0, TracePlot.width, header, style: "fill=\"#fff\"")
        let page = SVGCanvas.Box(left: 0, top: 0, right: TracePlot.width, bottom: header)
        canvas.label(
            TracePlot.left, 22,
            "\(base.report.rules) (above) vs \(head.report.rules) (below): \(changes.isEmpty ? "no differences" : counted(changes.count, "difference"))",
            within: page, size: 15, style: "font-size=\"15\" font-weight=\"bold\"")
        for (i, change) in changes.enumerated() {
            canvas.label(TracePlot.left, 42 + Double(i) * 16, change.detail, within: page)
        }
        canvas.raw("<g transform=\"translate(0,\(SVGCanvas.number(header)))\">\n")
        top.draw(&canvas)
        canvas.raw("</g>\n<g transform=\"translate(0,\(SVGCanvas.number(header + top.height)))\">\n")
        bottom.draw(&canvas)
        canvas.raw("</g>\n")
        // Over each plot's lanes, translucent, so the marks beneath stay readable; never over a time
        // axis's labels.
        for difference in differences() {
            for (plot, offset) in [(top, header), (bottom, header + top.height)] {
                canvas.rect(
                    top.x(difference.t) - 5, offset + plot.finger.top, 10, plot.axisY - plot.finger.top,
                    style:
                        "fill=\"\(Self.highlight)\" fill-opacity=\"0.45\" stroke=\"#8a7e00\" stroke-dasharray=\"3 3\"",
                    title: "differs at t=\(formatNumber(difference.t)): \(difference.what)")
            }
        }
        canvas.raw("</svg>\n")
        return canvas.body
    }

    /// The moments a gesture's decision, release, settle or content claim differ, and the bar entries
    /// and anomalies only one report has, each at its own time (deduplicated, in time order).
    func differences() -> [Difference] {
        var out: [Difference] = []
        let a = base.report
        let b = head.report
        for i in 0..<max(a.gestures.count, b.gestures.count) {
            let x = i < a.gestures.count ? a.gestures[i] : nil
            let y = i < b.gestures.count ? b.gestures[i] : nil
            let name = "gesture \(i + 1)"
            func at(_ time: (GestureRecord) -> Double?, _ what: String) {
                for t in Set([x, y].compactMap { $0.flatMap(time) }).sorted() {
                    out.append(Difference(t: t, what: "\(name): \(what)"))
                }
            }
            if x?.outcome != y?.outcome || x?.reason != y?.reason || x?.decidedAt != y?.decidedAt {
                at(
                    { $0.decidedAt?.t ?? $0.down.t },
                    "decided \(x.map(ExpectationWording.describe) ?? "absent") vs \(y.map(ExpectationWording.describe) ?? "absent")"
                )
            }
            if x?.pop?.result != y?.pop?.result || x?.pop?.by != y?.pop?.by || x?.pop?.releasedAt != y?.pop?.releasedAt
            {
                at({ $0.pop?.releasedAt }, "released: \(Self.pop(x)) vs \(Self.pop(y))")
            }
            if x?.pop?.settledAt != y?.pop?.settledAt {
                at({ $0.pop?.settledAt }, "settles: \(Self.pop(x)) vs \(Self.pop(y))")
            }
            if x?.content != y?.content {
                at(
                    { $0.content?.at?.t ?? ($0.content == nil ? nil : $0.down.t) },
                    "content \(x?.content?.result?.rawValue ?? "none") vs \(y?.content?.result?.rawValue ?? "none")")
            }
        }
        out += unmatched(
            a.bar, b.bar, key: { "\(formatNumber($0.t)) \($0.hidden)" }, time: \.t,
            what: { "bar \($0.hidden ? "hidden" : "shown") at t=\(formatNumber($0.t))" })
        out += unmatched(
            a.anomalies, b.anomalies, key: { "\($0.kind.rawValue) \(formatNumber($0.t))" }, time: \.t,
            what: { $0.kind.rawValue })
        var seen = Set<String>()
        return out.sorted { $0.t < $1.t }.filter { seen.insert("\($0.t) \($0.what)").inserted }
    }

    private static func pop(_ gesture: GestureRecord?) -> String {
        guard let pop = gesture?.pop else { return "no pop" }
        return pop.result.rawValue + (pop.by.map { " by \($0.rawValue)" } ?? "")
            + (pop.settledAt.map { ", settled at t=\(formatNumber($0))" } ?? "")
    }

    /// The items only one of the two lists has, each at its own time.
    private func unmatched<Item>(
        _ a: [Item], _ b: [Item], key: (Item) -> String, time: (Item) -> Double, what: (Item) -> String
    ) -> [Difference] {
        let keysA = Set(a.map(key))
        let keysB = Set(b.map(key))
        let onlyA = a.filter { !keysB.contains(key($0)) }.map { ($0, base.report.rules) }
        let onlyB = b.filter { !keysA.contains(key($0)) }.map { ($0, head.report.rules) }
        return (onlyA + onlyB).map { item, rules in Difference(t: time(item), what: "\(what(item)) only under \(rules)")
        }
    }
}
