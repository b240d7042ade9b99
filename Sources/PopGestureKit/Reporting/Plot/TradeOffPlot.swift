import Foundation
import PopGestureCore

/// A sweep's trade-off, the panel a designer reads first: every version a point at (false pops,
/// missed backs), lower left better; the Pareto front (`SweepResult.front`) joined and labelled, the
/// best marked with a star. Versions at one point share its marker, which says how many they are
/// (`×3`) and names them all on hover; each point's group carries its numbers and versions as `data-`
/// attributes, which the browser test reads back.
struct TradeOffPlot {
    let result: SweepResult

    static let height = 470.0
    static let left = 70.0
    static let right = 30.0
    static let plotTop = 62.0
    static let plotHeight = 300.0
    static let frontColour = "#0072B2"
    static let otherColour = "#8c8c8c"

    /// Where a count falls on the panel: x for false pops, y for missed backs.
    private struct Scale {
        let left: Double
        let plotWidth: Double
        let plotTop: Double
        let axisY: Double
        let xMax: (top: Double, step: Int)
        let yMax: (top: Double, step: Int)

        func x(_ v: Int) -> Double { left + 34 + Double(v) / xMax.top * (plotWidth - 58) }
        func y(_ v: Int) -> Double { axisY - 24 - Double(v) / yMax.top * (TradeOffPlot.plotHeight - 48) }
        var box: SVGCanvas.Box { SVGCanvas.Box(left: left, top: plotTop, right: left + plotWidth, bottom: axisY) }
    }

    /// Draws the panel from `top` down, `height` tall, on a picture `width` wide.
    func draw(_ canvas: inout SVGCanvas, top: Double, width: Double, title: String) {
        canvas.text(Self.left, top + 24, title, style: "font-weight=\"bold\" font-size=\"14\"")
        canvas.text(
            Self.left, top + 44,
            "Each version at its false pops (across) and missed backs (up); lower left is better.")
        let points = result.versions.indices.map(result.point)
        let plotTop = top + Self.plotTop
        let scale = Scale(
            left: Self.left, plotWidth: width - Self.left - Self.right, plotTop: plotTop,
            axisY: plotTop + Self.plotHeight, xMax: Self.axisMaximum(points.map(\.falsePops).max() ?? 0),
            yMax: Self.axisMaximum(points.map(\.missedBacks).max() ?? 0))
        axes(&canvas, scale)

        // Each point once, with its versions in grid order.
        var byPoint: [TradeOffPoint: [Int]] = [:]
        for i in result.versions.indices { byPoint[points[i], default: []].append(i) }
        let frontPoints = result.front.map(result.point).reduce(into: [TradeOffPoint]()) { list, p in
            if list.last != p { list.append(p) }
        }
        let onFront = Set(frontPoints)
        let best = Set(result.best.map(result.point))

        // The front first, under the points: joined in order of false pops.
        canvas.polyline(
            frontPoints.map { (scale.x($0.falsePops), scale.y($0.missedBacks)) },
            style: "stroke=\"\(Self.frontColour)\" stroke-width=\"2\" stroke-dasharray=\"6 3\"")
        let others = byPoint.keys.filter { !onFront.contains($0) }.sorted {
            ($0.falsePops, $0.missedBacks) < ($1.falsePops, $1.missedBacks)
        }
        for (p, front) in others.map({ ($0, false) }) + frontPoints.map({ ($0, true) }) {
            point(
                &canvas, p, versions: byPoint[p]!, front: front, best: best.contains(p), scale.x(p.falsePops),
                scale.y(p.missedBacks))
        }
        labels(
            &canvas, scale, byPoint: byPoint, frontPoints: frontPoints,
            others: byPoint.count <= Self.labelAll ? others : [])
        legend(&canvas, y: scale.axisY + 62)
    }

    /// The plot area, its grid and ticks on whole numbers, and the axes' names.
    private func axes(_ canvas: inout SVGCanvas, _ scale: Scale) {
        let (left, plotTop, plotWidth, axisY) = (scale.left, scale.plotTop, scale.plotWidth, scale.axisY)
        canvas.rect(left, plotTop, plotWidth, Self.plotHeight, style: "fill=\"#fafafa\" stroke=\"#ccc\"")
        var tick = 0
        while Double(tick) <= scale.xMax.top {
            canvas.line(scale.x(tick), plotTop, scale.x(tick), axisY, style: "stroke=\"#e4e4e4\"")
            canvas.line(scale.x(tick), axisY, scale.x(tick), axisY + 5, style: "stroke=\"#000\"")
            canvas.text(scale.x(tick), axisY + 18, String(tick), anchor: .middle)
            tick += scale.xMax.step
        }
        tick = 0
        while Double(tick) <= scale.yMax.top {
            canvas.line(left, scale.y(tick), left + plotWidth, scale.y(tick), style: "stroke=\"#e4e4e4\"")
            canvas.line(left - 5, scale.y(tick), left, scale.y(tick), style: "stroke=\"#000\"")
            canvas.text(left - 8, scale.y(tick) + 4, String(tick), anchor: .end)
            tick += scale.yMax.step
        }
        canvas.line(left, axisY, left + plotWidth, axisY, style: "stroke=\"#000\"")
        canvas.line(left, plotTop, left, axisY, style: "stroke=\"#000\"")
        canvas.text(left + plotWidth, axisY + 36, "false pops", anchor: .end)
        let middle = SVGCanvas.number(plotTop + Self.plotHeight / 2)
        canvas.text(
            16, plotTop + Self.plotHeight / 2, "missed backs", anchor: .middle,
            style: "transform=\"rotate(-90 16 \(middle))\"")
    }

    /// Labels: every point of the front, then `others` (the rest when the points are few); each in
    /// the first free place around its point, clear of every marker (with its star above and its `×N`
    /// to its left) and of the front's line, a point of the front wherever it must.
    private func labels(
        _ canvas: inout SVGCanvas, _ scale: Scale, byPoint: [TradeOffPoint: [Int]], frontPoints: [TradeOffPoint],
        others: [TradeOffPoint]
    ) {
        let box = scale.box
        var taken = byPoint.map { p, versions in
            SVGCanvas.Box(
                left: scale.x(p.falsePops) - 8
                    - (versions.count > 1 ? SVGCanvas.estimatedWidth("×\(versions.count)", size: 10) : 0),
                top: scale.y(p.missedBacks) - 23, right: scale.x(p.falsePops) + 8, bottom: scale.y(p.missedBacks) + 8)
        }
        // The front's line, as points 3 px apart, which no label may cover.
        let corners = frontPoints.map { (scale.x($0.falsePops), scale.y($0.missedBacks)) }
        let line = zip(corners, corners.dropFirst()).flatMap { a, b -> [(Double, Double)] in
            let steps = max(Int((hypot(b.0 - a.0, b.1 - a.1) / 3).rounded(.up)), 1)
            return (0...steps).map { k in
                let f = Double(k) / Double(steps)
                return (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
            }
        }
        let onFront = Set(frontPoints)
        for p in frontPoints + others {
            let versions = byPoint[p]!
            let (px, py) = (scale.x(p.falsePops), scale.y(p.missedBacks))
            // Up to three versions by name, more as the first and how many others.
            let text =
                versions.count <= 3
                ? versions.map { "#\($0) \(result.name($0))" }.joined(separator: ", ")
                : "#\(versions[0]) \(result.name(versions[0])) +\(versions.count - 1)"
            let textWidth = SVGCanvas.estimatedWidth(text, size: 11)
            // On the left, clear of the `×N`.
            let leftX = px - 10 - (versions.count > 1 ? SVGCanvas.estimatedWidth("×\(versions.count)", size: 10) : 0)
            let places: [(x: Double, baseline: Double, anchor: SVGCanvas.Anchor)] = [
                (px + 10, py - 6, .start), (px + 10, py + 16, .start), (leftX, py - 6, .end), (leftX, py + 16, .end),
                (px + 10, py - 20, .start), (leftX, py - 20, .end), (px + 10, py + 30, .start), (leftX, py + 30, .end),
            ]
            func area(_ place: (x: Double, baseline: Double, anchor: SVGCanvas.Anchor)) -> SVGCanvas.Box {
                let left = place.anchor == .start ? place.x : place.x - textWidth
                return SVGCanvas.Box(
                    left: left, top: place.baseline - 11, right: left + textWidth, bottom: place.baseline + 3)
            }
            let free = places.first { place in
                let a = area(place)
                return a.left >= box.left && a.right <= box.right && a.top >= box.top && a.bottom <= box.bottom
                    && !taken.contains {
                        $0.left < a.right && a.left < $0.right && $0.top < a.bottom && a.top < $0.bottom
                    }
                    && !line.contains { a.left <= $0.0 && $0.0 <= a.right && a.top <= $0.1 && $0.1 <= a.bottom }
            }
            let front = onFront.contains(p)
            guard let place = free ?? (front ? places[0] : nil) else { continue }
            taken.append(area(place))
            canvas.label(
                place.x, place.baseline, text, anchor: place.anchor, within: box, size: 11,
                style: "font-size=\"11\" fill=\"\(front ? Self.frontColour : "#555")\"")
        }
    }

    /// Up to this many points, every point is labelled; past it, the front's alone.
    static let labelAll = 12

    /// One point: a diamond on the front, a hollow circle off it, a star over the best; `×N` beside a
    /// point several versions share; the group's title names every version (the first 20).
    private func point(
        _ canvas: inout SVGCanvas, _ p: TradeOffPoint, versions: [Int], front: Bool, best: Bool, _ px: Double,
        _ py: Double
    ) {
        let listed = versions.prefix(20).map { "#\($0) \(result.name($0))" }.joined(separator: "; ")
        let more = versions.count > 20 ? "; and \(versions.count - 20) more" : ""
        let title =
            "\(counted(p.falsePops, "false pop")), \(counted(p.missedBacks, "missed back"))"
            + (front ? ", on the front" : "") + (best ? ", best" : "") + ": \(listed)\(more)"
        canvas.raw(
            "<g class=\"version-point\" data-false-pops=\"\(p.falsePops)\" data-missed-backs=\"\(p.missedBacks)\" data-versions=\"\(versions.map(String.init).joined(separator: " "))\" data-front=\"\(front)\" data-best=\"\(best)\">\n"
        )
        canvas.raw("<title>\(xmlEscaped(title))</title>\n")
        canvas.marker(front ? .diamond : .hollowCircle, px, py, colour: front ? Self.frontColour : Self.otherColour)
        if best { canvas.marker(.star, px, py - 15, colour: SweepPlot.bestColour) }
        if versions.count > 1 {
            canvas.text(px - 8, py + 4, "×\(versions.count)", anchor: .end, style: "font-size=\"10\" fill=\"#333\"")
        }
        canvas.raw("</g>\n")
    }

    private func legend(_ canvas: inout SVGCanvas, y: Double) {
        var px = Self.left
        let entries: [(MarkerShape, String, String)] = [
            (.diamond, Self.frontColour, "on the Pareto front (no version has fewer of both)"),
            (.hollowCircle, Self.otherColour, "beaten by a version on the front"),
            (.star, SweepPlot.bestColour, "best"),
        ]
        canvas.line(
            px, y - 4, px + 22, y - 4,
            style: "stroke=\"\(Self.frontColour)\" stroke-width=\"2\" stroke-dasharray=\"6 3\"")
        canvas.text(px + 28, y, "the front, joined")
        px += 150
        for (shape, colour, text) in entries {
            canvas.marker(shape, px + 10, y - 4, colour: colour)
            canvas.text(px + 24, y, text)
            px += 40 + SVGCanvas.estimatedWidth(text, size: 12) * 0.85
        }
        canvas.text(Self.left, y + 20, "×N: N versions at one point (hover a point for its versions)")
    }

    /// An axis up to a whole number of ticks: 1, 2 or 5 times a power of ten a tick, about five.
    static func axisMaximum(_ highest: Int) -> (top: Double, step: Int) {
        let step = max(Int(SweepPlot.tickStep(Double(max(highest, 1)))), 1)
        let top = max((Double(max(highest, 1)) / Double(step)).rounded(.up) * Double(step), Double(step))
        return (top, step)
    }
}
