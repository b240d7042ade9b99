import Foundation
import PopGestureCore

/// A sweep as a self-contained SVG. One key: missed backs, false pops and failed expectations
/// against the key's value, the best versions marked. Two keys: a heat map per count, the first key
/// down, the second across, the best cells outlined. Three keys are refused before the run
/// (`SweepPlot.refusal`).
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

    /// Why a picture cannot be drawn for these keys; nil when it can.
    static func refusal(keys: Int) -> String? {
        keys > 2 ? "a sweep picture shows one key (a chart) or two (heat maps); \(keys) keys have no picture" : nil
    }

    func svg() -> String {
        var canvas = SVGCanvas()
        let title = "popgesture sweep from \(result.base): " + result.keys.joined(separator: " x ")
        if result.keys.count == 1 { chart(&canvas, title: title) } else { heatMaps(&canvas, title: title) }
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

    private func chart(_ canvas: inout SVGCanvas, title: String) {
        let plotWidth = Self.width - Self.left - Self.right
        let axisY = Self.top + Self.plotHeight
        canvas.open(width: Self.width, height: axisY + 100, title: title)
        canvas.text(Self.left, 24, title, style: "font-weight=\"bold\" font-size=\"14\"")
        let (fractions, _) = positions()
        let xs = fractions.map { Self.left + 20 + $0 * (plotWidth - 40) }
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
        // Long words (rule versions) that would run into each other take two rows; a label that would
        // pass the picture's side ends at its tick instead (about 7 px a character).
        let texts = result.versions.map { $0.values[0].text }
        let spacing = xs.count > 1 ? xs[1] - xs[0] : plotWidth
        let crowded = Double(texts.map(\.count).max() ?? 0) * 7 > spacing
        for (i, text) in texts.enumerated() {
            canvas.line(xs[i], axisY, xs[i], axisY + 5, style: "stroke=\"#000\"")
            let half = Double(text.count) * 3.5
            let anchor: SVGCanvas.Anchor =
                xs[i] + half > Self.width - 4 ? .end : xs[i] - half < 4 ? .start : .middle
            canvas.text(xs[i], axisY + 18 + (crowded && i % 2 == 1 ? 14 : 0), text, anchor: anchor)
        }
        canvas.text(Self.left + plotWidth, axisY + (crowded ? 50 : 36), result.keys[0], anchor: .end)
        for series in Self.series {
            let points = result.versions.indices.map { (xs[$0], y(series.count(result.versions[$0].tally))) }
            canvas.polyline(points, style: "stroke=\"\(series.colour)\" stroke-width=\"2\"")
            for (i, version) in result.versions.enumerated() {
                canvas.marker(
                    series.shape, points[i].0, points[i].1, colour: series.colour,
                    title: "\(result.name(i)): \(series.count(version.tally)) \(series.name)")
            }
        }
        legend(&canvas, y: axisY + 70)
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

    private func heatMaps(_ canvas: inout SVGCanvas, title: String) {
        let rows = result.versions.count / max(valuesCount(1), 1)
        let columns = valuesCount(1)
        let cell = min(48, max(14, (Self.width - Self.left - Self.right) / Double(columns)))
        let mapHeight = Double(rows) * cell
        let panelHeight = mapHeight + 70
        let width = max(Self.width, Self.left + 40 + Double(columns) * cell + Self.right)
        canvas.open(width: width, height: Self.top + Double(Self.series.count) * panelHeight + 40, title: title)
        canvas.text(Self.left, 24, title, style: "font-weight=\"bold\" font-size=\"14\"")
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
