/// The ranges a trace's numbers must keep so that everything the replay computes from them stays
/// finite: every JSON output and golden is then valid JSON (JSON has no NaN or infinity), whatever
/// the input. Finite inputs alone are not enough: positions near ±1e308 overflow when subtracted,
/// a subnormal screen width overflows progress = dx / width, and a subnormal gap between samples
/// overflows the velocity of `velocity: last2`. With the limits below the largest velocity is
/// about 1e18 pt/s, far from overflow, and every derived number is finite.
package enum TraceLimits {
    /// Sample positions and content offsets, in points, at most this far from 0 either way.
    package static let coordinate = 1e9
    /// Screen width and height, in points.
    package static let extent: ClosedRange<Double> = 1e-3...1e9
    /// The least gap between two samples of a stroke, in ms (a nanosecond): strictly increasing
    /// times closer than that are rounding noise, not touches.
    package static let sampleStep = 1e-6
}

extension YAMLNode {
    /// A position in points, within ±`TraceLimits.coordinate` (and >= 0 when `nonNegative`).
    package func coordinate(_ what: String, nonNegative: Bool = false) throws -> Double {
        let value = nonNegative ? try nonNegativeNumber(what) : try number(what)
        guard abs(value) <= TraceLimits.coordinate else {
            throw error("expected \(what) within ±1e9 points, found \(formatNumber(value))")
        }
        return value
    }
}
