import PopGestureCore

/// One format of `sweep`: `SweepTextRenderer`, `SweepJSONRenderer`, `SweepSVGRenderer`, `SweepHTMLRenderer`.
protocol SweepRenderer: Renderer where Item == Never, Summary == SweepSummary {}

extension SweepRenderer {
    mutating func add(_ item: Never) {}
}

/// `sweep --format svg`: one key as a chart, two as heat maps (`SweepPlot`).
struct SweepSVGRenderer: SweepRenderer {
    let console: Console

    mutating func end(_ s: SweepSummary) {
        console.out(SweepPlot(result: s.result).svg())
    }
}

/// `sweep --format html`: the picture, the table and the flips on one page (`SweepPage`).
struct SweepHTMLRenderer: SweepRenderer {
    let console: Console

    mutating func end(_ s: SweepSummary) {
        console.out(SweepPage.render(s.result, top: s.top, files: s.files))
    }
}
