import Foundation
import PopGestureCore

/// A sweep as a self-contained SVG: first the trade-off (`TradeOffPlot`), whatever the keys; below it,
/// for one key, missed backs, false pops and failed expectations against the key's value, the best
/// versions marked, and for two keys a heat map per count, the first key down, the second across, the
/// best cells outlined. Three keys have the trade-off alone.
struct SweepPlot {
    let result: SweepResult

    static let width = 900.0
    static let left = 70.0
    static let right = 30.0
    static let top = 50.0
    static let plotHeight = 300.0

    /// Colour-blind-safe (Okabe-Ito), each series with its own shape too.
    static let series: [(name: String, shape: MarkerShape, colour: String, count: @Sendable (SweepTally) -> Int)] = [
        ("missed backs", .circle, "#0072B2", { $0.intent.missedBack }),
        ("false pops", .square, "#D55E00", { $0.intent.falsePop }),
        ("failed expectations", .triangle, "#009E73", { $0.failed }),
    ]
    static let bestColour = "#E69F00"

    /// The picture's title: what was swept, and from which base unless the rule version is swept.
    static func title(_ result: SweepResult) -> String {
        (result.sweepsRules ? "popgesture sweep: " : "popgesture sweep from \(result.base): ")
            + result.keys.joined(separator: " x ")
    }

    func svg() -> String {
        let title = Self.title(result)
        // The per-key part is drawn apart and placed under the trade-off.
        var part = SVGCanvas()
        var size = (width: Self.width, height: 0.0)
        switch result.keys.count {
        case 1: size = chart(&part)
        case 2: size = heatMaps(&part)
        default: break
        }
        var canvas = SVGCanvas()
        canvas.open(width: size.width, height: TradeOffPlot.height + size.height, title: title)
        TradeOffPlot(result: result).draw(&canvas, top: 0, width: Self.width, title: title)
        if size.height > 0 {
            canvas.raw("<g transform=\"translate(0,\(SVGCanvas.number(TradeOffPlot.height)))\">\n\(part.body)</g>\n")
        }
        canvas.raw("</svg>\n")
        return canvas.body
    }

    /// The key's values as numbers when they all are (a linear axis), else evenly spaced.
    private func positions() -> (xs: [Double], numeric: Bool) {
        let numbers = result.versions.map { version -> Double? in
            if case .number(let n) = version.values[0] { n } else { nil }
        }
        if numbers.allSatisfy({ $0 != nil }), let low = numbers.compactMap({ $0 }).min(),
            let high = numbers.compactMap({ $0 }).max(), high > low
        {
            return (numbers.map { ($0! - low) / (high - low) }, true)
        }
        let n = result.versions.count
        return (result.versions.indices.map { n == 1 ? 0.5 : Double($0) / Double(n - 1) }, false)
    }

    /// The chart of one key; returns its size.
    private func chart(_ canvas: inout SVGCanvas) -> (width: Double, height: Double) {
        let plotWidth = Self.width - Self.left - Self.right
        let axisY = Self.top + Self.plotHeight
        canvas.text(
            Self.left, 24, "Missed backs, false pops and failed expectations by \(result.keys[0])",
            style: "font-weight=\"bold\" font-size=\"14\"")
        let (fractions, _) = positions()
        let xs = fractions.map { Self.left + 20 + $0 * (plotWidth - 40) }
        // Values wider than the room between two ticks (rule versions' names) are written slanted.
        let room = xs.count > 1 ? (plotWidth - 40) / Double(xs.count - 1) : plotWidth
        let widest = result.versions.map { SVGCanvas.estimatedWidth($0.values[0].text) }.max() ?? 0
        let slanted = widest > room - 6
        let labelDepth = slanted ? widest * 0.5 + 10 : 0
        let highest = result.versions.map { v in Self.series.map { $0.count(v.tally) }.max() ?? 0 }.max() ?? 0
        let step = Self.tickStep(Double(max(highest, 1)))
        let yMax = max((Double(max(highest, 1)) / step).rounded(.up) * step, step)
        func y(_ value: Int) -> Double { axisY - Double(value) / yMax * Self.plotHeight }
        canvas.rect(Self.left, Self.top, plotWidth, Self.plotHeight, style: "fill=\"#fafafa\" stroke=\"#ccc\"")
        var tick = 0.0
        while tick <= yMax + step * 1e-9 {
            let py = axisY - tick / yMax * Self.plotHeight
            canvas.line(Self.left, py, Self.left + plotWidth, py, style: "stroke=\"#e4e4e4\"")
            canvas.line(Self.left - 5, py, Self.left, py, style: "stroke=\"#000\"")
            canvas.text(Self.left - 8, py + 4, formatNumber(tick), anchor: .end)
            tick += step
        }
        canvas.text(
            16, Self.top + Self.plotHeight / 2, "count", anchor: .middle,
            style: "transform=\"rotate(-90 16 \(SVGCanvas.number(Self.top + Self.plotHeight / 2)))\"")
        // The best versions: a band behind the points and a star above them.
        for i in result.best {
            canvas.rect(
                xs[i] - 8, Self.top, 16, Self.plotHeight, style: "fill=\"\(Self.bestColour)\" fill-opacity=\"0.18\"")
            canvas.marker(.star, xs[i], Self.top - 10, colour: Self.bestColour, title: "best: #\(i) \(result.name(i))")
        }
        canvas.line(Self.left, axisY, Self.left + plotWidth, axisY, style: "stroke=\"#000\"")
        for (i, version) in result.versions.enumerated() {
            canvas.line(xs[i], axisY, xs[i], axisY + 5, style: "stroke=\"#000\"")
            if slanted {
                let (x, y) = (SVGCanvas.number(xs[i] + 4), SVGCanvas.number(axisY + 14))
                canvas.text(
                    xs[i] + 4, axisY + 14, version.values[0].text, anchor: .end,
                    style: "transform=\"rotate(-30 \(x) \(y))\"")
            } else {
                canvas.text(xs[i], axisY + 18, version.values[0].text, anchor: .middle)
            }
        }
        canvas.text(Self.left + plotWidth, axisY + 36 + labelDepth, result.keys[0], anchor: .end)
        for series in Self.series {
            let points = result.versions.indices.map { (xs[$0], y(series.count(result.versions[$0].tally))) }
            canvas.polyline(points, style: "stroke=\"\(series.colour)\" stroke-width=\"2\"")
            for (i, version) in result.versions.enumerated() {
                canvas.marker(
                    series.shape, points[i].0, points[i].1, colour: series.colour,
                    title: "\(result.name(i)): \(series.count(version.tally)) \(series.name)")
            }
        }
        legend(&canvas, y: axisY + 70 + labelDepth)
        return (Self.width, axisY + 100 + labelDepth)
    }

    private func legend(_ canvas: inout SVGCanvas, y: Double) {
        var px = Self.left
        for series in Self.series {
            canvas.marker(series.shape, px + 10, y - 4, colour: series.colour)
            canvas.text(px + 24, y, series.name)
            px += 40 + Double(series.name.count) * 7
        }
        canvas.marker(.star, px + 10, y - 4, colour: Self.bestColour)
        canvas.text(px + 24, y, "best (fewest missed backs + false pops, then failed expectations)")
    }

    /// A heat map per count, for two keys; returns their size.
    private func heatMaps(_ canvas: inout SVGCanvas) -> (width: Double, height: Double) {
        let rows = result.versions.count / max(valuesCount(1), 1)
        let columns = valuesCount(1)
        let cell = min(48, max(14, (Self.width - Self.left - Self.right) / Double(columns)))
        let mapHeight = Double(rows) * cell
        let panelHeight = mapHeight + 70
        let width = max(Self.width, Self.left + 40 + Double(columns) * cell + Self.right)
        canvas.text(
            Self.left, 24,
            "Missed backs, false pops and failed expectations by \(result.keys[0]) and \(result.keys[1])",
            style: "font-weight=\"bold\" font-size=\"14\"")
        let best = Set(result.best)
        for (p, series) in Self.series.enumerated() {
            let top = Self.top + Double(p) * panelHeight
            let counts = result.versions.map { series.count($0.tally) }
            let most = counts.max() ?? 0
            let highest = max(most, 1)
            canvas.marker(series.shape, Self.left + 6, top + 6, colour: series.colour)
            canvas.text(
                Self.left + 18, top + 10,
                "\(series.name) (darker = more; 0 to \(most)); down: \(result.keys[0]), across: \(result.keys[1])",
                style: "font-weight=\"bold\"")
            let mapTop = top + 34
            for column in 0..<columns {
                canvas.text(
                    Self.left + 40 + (Double(column) + 0.5) * cell, mapTop - 6, result.versions[column].values[1].text,
                    anchor: .middle,
                    style: "font-size=\"10\"")
            }
            for row in 0..<rows {
                canvas.text(
                    Self.left + 34, mapTop + (Double(row) + 0.5) * cell + 4,
                    result.versions[row * columns].values[0].text, anchor: .end,
                    style: "font-size=\"10\"")
                for column in 0..<columns {
                    let i = row * columns + column
                    let share = Double(counts[i]) / Double(highest)
                    let x = Self.left + 40 + Double(column) * cell
                    let y = mapTop + Double(row) * cell
                    canvas.rect(
                        x, y, cell, cell,
                        style:
                            "fill=\"\(series.colour)\" fill-opacity=\"\(SVGCanvas.number(0.08 + 0.85 * share))\" stroke=\"#fff\"",
                        title: "\(result.name(i)): \(counts[i]) \(series.name)")
                    if best.contains(i) {
                        canvas.rect(
                            x + 1.5, y + 1.5, cell - 3, cell - 3,
                            style: "fill=\"none\" stroke=\"\(Self.bestColour)\" stroke-width=\"3\"")
                    }
                    if cell >= 24 {
                        canvas.text(
                            x + cell / 2, y + cell / 2 + 4, String(counts[i]), anchor: .middle,
                            style: "font-size=\"10\" fill=\"\(share > 0.6 ? "#fff" : "#000")\"")
                    }
                }
            }
        }
        let legendY = Self.top + Double(Self.series.count) * panelHeight + 20
        canvas.rect(
            Self.left, legendY - 12, 14, 14, style: "fill=\"none\" stroke=\"\(Self.bestColour)\" stroke-width=\"3\"")
        canvas.text(Self.left + 22, legendY, "best (fewest missed backs + false pops, then failed expectations)")
        return (width, Self.top + Double(Self.series.count) * panelHeight + 40)
    }

    private func valuesCount(_ key: Int) -> Int {
        Set(result.versions.map { $0.values[key].text }).count
    }

    /// 1, 2 or 5 times a power of ten, about five across the range.
    static func tickStep(_ span: Double) -> Double {
        let raw = max(span / 5, 1)
        let magnitude = pow(10, floor(log10(raw)))
        return [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
    }
}
