import PopGestureCore

/// Samples thinned to the pixel grid: a long recording draws as many points as the plot has pixels,
/// keeping the extremes in each column and the moments that must stay (decisions, releases).
extension TracePlot {
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
            var lowest = i
            var highest = i
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
