import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `plot`: well-formed, deterministic SVG whose marks sit where the report's times put them.
@Suite struct PlotTests {
    func plot(_ yaml: String, rules name: String = "fd") throws -> (svg: String, report: TraceReport) {
        let rules = try RulesLoader.load(name)
        let trace = try loadTrace(yaml)
        let report = Replay(rules: rules).run(trace)
        return (TracePlot(trace: trace, report: report, rules: rules).svg(), report)
    }

    @Test func wellFormedAndDeterministic() throws {
        let (first, _) = try plot(Traces.cancelledSwipe)
        let (second, _) = try plot(Traces.cancelledSwipe)
        #expect(first == second)
        let elements = try XMLElements(first)
        #expect(elements.root == "svg")
        #expect(!elements.elements.contains { $0.name == "script" })
        #expect(
            !elements.elements.contains { $0.attributes.keys.contains { $0.hasSuffix("href") } },
            "a plot links to no other file")
    }

    @Test func everyBundledTracePlotsAsWellFormedSVG() throws {
        for file in InputFiles.expand([packageRoot + "/traces"]) {
            let rules = try RulesChoice(forced: nil).rules(for: file)
            for case .trace(let trace, _) in TraceFileLoader(path: file) {
                let svg = TracePlot(trace: trace, report: Replay(rules: rules).run(trace), rules: rules).svg()
                _ = try XMLElements(svg)
            }
        }
    }

    /// The time axis runs from 0 to 550 ms: the projection looks 350 ms past the release at 200.
    /// x(t) = 150 + t / 550 * 1010 (left margin 150, plot width 1200 - 150 - 40).
    @Test func marksSitAtTheirTimes() throws {
        let (svg, report) = try plot(Traces.cancelledSwipe)
        let elements = try XMLElements(svg)
        #expect(report.gestures[0].decidedAt?.t == 16)
        // The decision marker, a diamond 6.5 px tall around (x(16), fingerY(52)):
        // x(16) = 150 + 16 / 550 * 1010 = 179.38; the finger lane spans y 46...246 for x 0...390,
        // fingerY(52) = 246 - 52 / 390 * 200 = 219.33, so its top vertex is at 212.83.
        let decision = try #require(elements.first { $0.title.hasPrefix("gesture 1 decided at t=16") })
        #expect(decision.attributes["d"]?.hasPrefix("M179.4,212.8L") == true)

        // The settle ends at settledAt = 340.625 at progress 0 (cancelled): x = 150 + 340.625 / 550 * 1010
        // = 775.51; the progress lane is y 272...402, progress 0 at 402 - 10 = 392.
        #expect(report.gestures[0].pop?.settledAt == 340.625)
        let settle = try #require(
            elements.first { $0.name == "line" && $0.attributes["stroke"] == TracePlot.Colour.settle })
        #expect(settle.attributes["x2"] == "775.5")
        #expect(settle.attributes["y2"] == "392")
        // The progress curve starts at the decision and ends at the last sample before the release
        // (t = 140: x = 150 + 140 / 550 * 1010 = 407.09).
        let curve = try #require(
            elements.filter { $0.name == "polyline" && $0.attributes["stroke"] == TracePlot.Colour.finger }.last)
        #expect(curve.attributes["points"]?.hasPrefix("179.4,") == true)
        #expect(curve.attributes["points"]?.hasSuffix(" 407.1,386.9") == true)

        // The bar band: a segment per entry, starting at the entry's time (0, 16, 340.625).
        let bands = elements.filter { $0.name == "rect" && $0.title.hasPrefix("bar ") }
        #expect(report.bar.map(\.t) == [0, 16, 340.625])
        #expect(bands.map { $0.attributes["x"] } == ["150", "179.4", "775.5"])
        #expect(bands.map { $0.title.hasPrefix("bar hidden") } == [true, false, true])
        // Each band ends where the next begins: 179.4 - 150 = 29.4; 775.5 - 179.4 = 596.1.
        #expect(bands.map { $0.attributes["width"] } == ["29.4", "596.1", "384.5"])
    }

    /// react-navigation: recognized at 16 (d.x 14, T.x 4: the origin at x = 30), released at 70 from
    /// x = 150, so the translation is 120 (p 0.308) and UIKit's velocity 0.2 * 3125 + 0.8 * 2500 = 2625
    /// pt/s: 120 + 0.3 * 2625 = 907.5 > 195. The dashed velocity term runs 300 ms, to t = 370 and
    /// 907.5 / 390 = 2.327 (drawn at the lane's 1.15); the spring settles at 503.3, the axis's end.
    /// x(t) = 150 + t / 503.333 * 1010; the progress lane's y(p) = 392 - min(p, 1.15) * 110.
    @Test func theCrossPlatformReleasesAreDrawn() throws {
        let swipe = """
            format: popgesture-trace/1
            stack: [{id: a}, {id: b}]
            events:
              - touch: 1
                samples: [[0, 20, 400], [16, 34, 401], [32, 60, 402], [48, 100, 403], [64, 150, 404]]
                up: 70
            """
        let (svg, report) = try plot(swipe, rules: "react-navigation")
        #expect(report.gestures[0].pop?.velocity == 2625)
        let elements = try XMLElements(svg)
        let term = try #require(
            elements.first { $0.title == "translation 120 + velocity term 787.5 = 907.5 pt at t=370" })
        // x(70) = 150 + 140.46 = 290.5, y(0.308) = 392 - 33.85 = 358.2; x(370) = 892.5, y(1.15) = 265.5.
        #expect(term.attributes["x1"] == "290.5" && term.attributes["y1"] == "358.2")
        #expect(term.attributes["x2"] == "892.5" && term.attributes["y2"] == "265.5")
        #expect(elements.elements.contains { $0.title == "completion threshold 0.5" })
        // ionic: the speed that decided labels the release; 0.5 is its distance threshold.
        let (ionic, _) = try plot(swipe, rules: "ionic")
        let texts = try XMLElements(ionic).elements.filter { $0.name == "text" }.map(\.text)
        #expect(texts.contains { $0.hasPrefix("v ") && $0.hasSuffix(" px/ms > 0.2") }, "\(texts)")
        // rn-screens-fullscreen with a start bound: its line on the finger lane.
        let bounded = try rules(
            "format: popgesture-rules/1\nextends: rn-screens-fullscreen\nresponseDistance: {start: 20}\n")
        let trace = try loadTrace(swipe)
        let limits = TracePlot(trace: trace, report: Replay(rules: bounded).run(trace), rules: bounded).svg()
        #expect(try XMLElements(limits).elements.contains { $0.title == "responseDistance.start 20" })
    }

    /// Thousands of samples are drawn with a few points per pixel column.
    @Test func longTraceStaysSmall() throws {
        var rows: [String] = []
        for i in 0..<10_000 {
            rows.append("[\(i * 2), \(10 + Double(i % 400) * 0.8), 400]")
        }
        let yaml =
            "format: popgesture-trace/1\nname: long\nstack: [{id: a}, {id: b}]\nevents:\n  - touch: 1\n    samples: [\(rows.joined(separator: ", "))]\n    up: 20000\n"
        let (svg, _) = try plot(yaml)
        #expect(svg.utf8.count < 1_000_000)
        _ = try XMLElements(svg)
    }
    /// Under threshold completion (`cupertino`: progress >= 0.5 completes) the same slow swipe
    /// cancels only where fd's projection cancels it too; a long drag past half the width separates them.
    @Test func twoRuleVersionsShareOneTimeAxisAndHighlightTheirDifferences() throws {
        let yaml = """
            format: popgesture-trace/1
            name: half-way
            stack: [{id: a}, {id: b}]
            events:
              - touch: 1
                samples: [[0, 5, 400], [20, 40, 400], [200, 180, 400], [400, 230, 400], [600, 240, 400]]
                up: 600
            """
        let trace = try loadTrace(yaml)
        let fd = try RulesLoader.load("fd")
        let other = try RulesLoader.load("cupertino")
        let a = Replay(rules: fd).run(trace)
        let b = Replay(rules: other).run(trace)
        let plot = ComparisonPlot(trace: trace, base: (fd, a), head: (other, b))
        let svg = plot.svg()
        #expect(svg == plot.svg())
        let elements = try XMLElements(svg)
        #expect(elements.root == "svg")
        let groups = elements.filter { $0.name == "g" }
        #expect(groups.count == 2, "one plot above the other")
        // fd projects the release at 600 past its threshold; cupertino compares progress 0.5 with
        // its threshold: both complete, by different deciders, and settle at different times.
        #expect(
            ReportDiff.changes(base: a, head: b).map(\.kind) == ["pop completed by projection -> completed by progress"]
        )
        #expect(a.gestures[0].pop?.releasedAt == 600)
        let settles = [a, b].compactMap { $0.gestures[0].pop?.settledAt }
        #expect(settles.count == 2 && settles[0] != settles[1])
        let highlights = elements.filter { $0.name == "rect" && $0.attributes["fill"] == ComparisonPlot.highlight }
        // The release and each settle, a band over each plot's lanes: never over a time axis's labels.
        #expect(highlights.count == 6, "the release and each settle, in each plot")
        #expect(highlights.map(\.title) == highlights.enumerated().map { highlights[$0.offset / 2 * 2].title })
        // The shared axis ends at the later settle; the band around the release is 10 px wide:
        // x(600) = 150 + 600 / 989 * 1010 = 762.74, its band starts 5 px left of it, at 757.74.
        #expect(settles.max() == 989)
        #expect(highlights[0].attributes["x"] == "757.7" && highlights[1].attributes["x"] == "757.7")
        #expect(highlights[0].title.hasPrefix("differs at t=600: gesture 1: released"))
        // Below the header (44 + 16 for the one change) each plot's finger lane starts at 46 and its
        // axis line is at axisY: the upper band runs from 60 + 46 = 106 to 60 + axisY, the lower one
        // the same a plot's height further down.
        let upper = TracePlot(trace: trace, report: a, rules: fd, span: (0, 989))
        let lower = TracePlot(trace: trace, report: b, rules: other, span: (0, 989))
        #expect(highlights[0].attributes["y"] == "106")
        #expect(highlights[0].attributes["height"] == SVGCanvas.number(upper.axisY - 46))
        #expect(highlights[1].attributes["y"] == SVGCanvas.number(60 + upper.height + 46))
        #expect(highlights[1].attributes["height"] == SVGCanvas.number(lower.axisY - 46))
        // Both plots put a time at the same x: their decision markers line up when they decide alike.
        let decisions = elements.filter { $0.title.hasPrefix("gesture 1 decided at t=") }
        #expect(decisions.count == 2)
        if a.gestures[0].decidedAt == b.gestures[0].decidedAt {
            #expect(
                decisions[0].attributes["d"]?.split(separator: ",").first
                    == decisions[1].attributes["d"]?.split(separator: ",").first)
        }
    }

    /// A label is moved the least that keeps it in its box, and cut when wider (issue 40: labels left
    /// the picture and their lanes). Widths are over-estimated at 0.62 em a character: "abc" at 12 px
    /// is 22.32 px, so at x = 1150 it would end past 1158 (the box's right less 2) and is anchored
    /// there instead; a baseline above the box's top plus an em comes down to it.
    @Test func labelsStayInTheirBox() throws {
        let box = SVGCanvas.Box(left: 150, top: 20, right: 1160, bottom: 100)
        var canvas = SVGCanvas()
        canvas.label(1150, 10, "abc", within: box)
        canvas.label(140, 200, "abc", anchor: .end, within: box)
        canvas.label(500, 50, "abc", within: box)
        canvas.label(160, 50, String(repeating: "w", count: 300), within: box)
        let texts = try XMLElements("<svg>" + canvas.body + "</svg>").filter { $0.name == "text" }
        // The cut one, 135 characters (1,004.4 px) from 160, would end at 1,164.4: it ends at 1,158.
        #expect(texts.map { $0.attributes["x"] } == ["1158", "152", "500", "1158"])
        #expect(texts.map { $0.attributes["y"] } == ["32", "96", "50", "50"])
        #expect(texts.map { $0.attributes["text-anchor"] } == ["end", "start", "start", "end"])
        // (1010 - 4) / 7.44 = 135.2: 134 letters and the ellipsis.
        #expect(texts[3].text == String(repeating: "w", count: 134) + "…")
    }
}
