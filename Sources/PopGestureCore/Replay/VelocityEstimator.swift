/// Turns the tracked finger's down and move samples into a velocity (SPEC section 4). The lift is
/// never fed: on iOS and in Flutter it repeats the last position and would drag the estimate to zero.
package protocol VelocityEstimator {
    mutating func add(_ sample: Sample)
    /// Points per second, including the newest sample.
    var velocity: Vector { get }
    /// The gesture was recognized and began (Ionic's capture): `ema` starts sampling per frame.
    mutating func began()
    /// The tracked finger lifted or was cancelled at `t`, where its latest sample left it; only `ema`
    /// samples it (Ionic's pointerUp does).
    mutating func lift(at t: Double, from latest: Sample)
    /// What the newest `add` or `lift` did, for `explain`; nil for the estimators that always take it.
    var lastStep: VelocityStep? { get }
}

extension VelocityEstimator {
    package mutating func began() {}
    package mutating func lift(at t: Double, from latest: Sample) {}
    package var lastStep: VelocityStep? { nil }
}

package func makeVelocityEstimator(
    _ model: VelocityModel, ema: Rules.EMA = Rules.EMA(weight: 0.7, window: 100, perFrame: true),
    clock: Rules.FrameClock = Rules.FrameClock(rate: 60, phase: 0)
) -> any VelocityEstimator {
    switch model {
    case .uikit: UIKitVelocityEstimator()
    case .lsq2: LeastSquaresVelocityEstimator()
    case .last2: LastTwoVelocityEstimator()
    case .ema: EMAVelocityEstimator(ema, clock: clock)
    }
}

/// What one sample did to the `ema` estimator (`explain` words it).
public enum VelocityStep: Sendable, Equatable {
    /// The down: the estimate starts at 0 from here.
    case first
    /// Taken: raw = d / dt (points per millisecond) mixed in; `velocity` is the new estimate, pt/ms.
    case mixed(dt: Double, raw: Double, velocity: Double)
    /// Taken but dt is not in (0, window): the estimate stays, the sample becomes the previous one.
    case outsideWindow(dt: Double, window: Double)
    /// A move in the frame of the last sampled one, after recognition: dropped whole (Ionic's
    /// requestAnimationFrame was pending); `frame` is its frame interval.
    case dropped(frame: Double)
}

/// Ionic's calcGestureData *(Ionic)*: an exponential moving average in points per millisecond,
/// v = weight * (x - x_prev) / dt + (1 - weight) * v, updated only when 0 < dt < window; x_prev and
/// t_prev always advance to the sample taken. From the recognition on, with `perFrame`, a move is
/// taken only if it falls in a later frame interval than the last one taken (the first after the
/// recognition always is); the others are dropped whole. The lift is taken at the latest position.
package struct EMAVelocityEstimator: VelocityEstimator {
    let settings: Rules.EMA
    let clock: Rules.FrameClock
    private var previous: Sample?
    /// Points per millisecond.
    private var estimate = Vector.zero
    private var gated = false
    private var lastFrame: Double?
    package private(set) var lastStep: VelocityStep?

    package init(_ settings: Rules.EMA, clock: Rules.FrameClock) {
        self.settings = settings
        self.clock = clock
    }

    package mutating func add(_ sample: Sample) {
        if gated {
            let frame = clock.frame(sample.t)
            if let lastFrame, frame <= lastFrame {
                lastStep = .dropped(frame: frame)
                return
            }
            lastFrame = frame
        }
        take(sample)
    }

    package mutating func began() {
        gated = settings.perFrame
    }

    package mutating func lift(at t: Double, from latest: Sample) {
        take(Sample(t: t, x: latest.x, y: latest.y))
    }

    private mutating func take(_ sample: Sample) {
        defer { previous = sample }
        guard let previous else {
            lastStep = .first
            return
        }
        let dt = sample.t - previous.t
        guard dt > 0, dt < settings.window else {
            lastStep = .outsideWindow(dt: dt, window: settings.window)
            return
        }
        let raw = Vector(x: (sample.x - previous.x) / dt, y: (sample.y - previous.y) / dt)
        let keep = 1 - settings.weight
        estimate = Vector(
            x: raw.x * settings.weight + estimate.x * keep, y: raw.y * settings.weight + estimate.y * keep)
        lastStep = .mixed(dt: dt, raw: raw.x, velocity: estimate.x)
    }

    package var velocity: Vector { Vector(x: estimate.x * 1000, y: estimate.y * 1000) }
}

/// UIPanGestureRecognizer's smoothing *(UIKit)*: 0.2 of the newest raw velocity, 0.8 of the one before.
package struct UIKitVelocityEstimator: VelocityEstimator {
    private var previousSample: Sample?
    private var latest: Vector?
    private var beforeLatest: Vector?

    package mutating func add(_ sample: Sample) {
        defer { previousSample = sample }
        guard let previous = previousSample else { return }
        let dt = sample.t - previous.t
        guard dt > 0 else { return }
        // Sub-millisecond gaps are coalesced touches on device: UIKit records no motion for them.
        let raw =
            dt < 1
            ? Vector.zero
            : Vector(x: (sample.x - previous.x) / dt * 1000, y: (sample.y - previous.y) / dt * 1000)
        beforeLatest = latest
        latest = raw
    }

    package var velocity: Vector {
        guard let latest else { return .zero }
        guard let beforeLatest else { return latest }
        return Vector(x: 0.2 * latest.x + 0.8 * beforeLatest.x, y: 0.2 * latest.y + 0.8 * beforeLatest.y)
    }
}

/// The velocity over the last two samples, the simplest estimator hand-made pans use.
package struct LastTwoVelocityEstimator: VelocityEstimator {
    private var last: Sample?
    private var beforeLast: Sample?

    package mutating func add(_ sample: Sample) {
        beforeLast = last
        last = sample
    }

    package var velocity: Vector {
        guard let last, let beforeLast else { return .zero }
        let dt = last.t - beforeLast.t
        return Vector(x: (last.x - beforeLast.x) / dt * 1000, y: (last.y - beforeLast.y) / dt * 1000)
    }
}

/// Flutter's VelocityTracker *(Flutter)*: an unweighted least-squares quadratic over the samples of the
/// last 100 ms that are at most 40 ms apart, 3 to 20 of them; the slope at the newest sample.
package struct LeastSquaresVelocityEstimator: VelocityEstimator {
    package static let historySize = 20
    package static let horizon = 100.0
    package static let maximumGap = 40.0
    package static let minimumSamples = 3

    /// The newest samples; older ones can never be used.
    private var history: [Sample] = []

    package mutating func add(_ sample: Sample) {
        if history.count == Self.historySize { history.removeFirst() }
        history.append(sample)
    }

    package var velocity: Vector {
        guard let newest = history.last else { return .zero }
        var taus: [Double] = []
        var xs: [Double] = []
        var ys: [Double] = []
        var newer = newest
        for sample in history.reversed() {
            let age = newest.t - sample.t
            let gap = newer.t - sample.t
            newer = sample
            if age > Self.horizon || gap > Self.maximumGap { break }
            taus.append(-age)
            // Relative to the newest sample, so large coordinates lose no digits in the fit.
            xs.append(sample.x - newest.x)
            ys.append(sample.y - newest.y)
        }
        guard taus.count >= Self.minimumSamples,
            let bx = Self.slope(taus, xs), let by = Self.slope(taus, ys)
        else { return .zero }
        return Vector(x: bx * 1000, y: by * 1000)
    }

    /// A still axis (every kept position equals the newest) has velocity exactly 0: the fit would
    /// leave rounding noise whose sign `velocitySign` reads. A singular fit of the other axis still
    /// makes the whole velocity zero.
    private static func slope(_ taus: [Double], _ positions: [Double]) -> Double? {
        positions.allSatisfy { $0 == 0 } ? 0 : quadraticSlope(taus, positions)
    }
}

/// The linear coefficient of y = b0 + b1 x + b2 x^2 fitted by least squares, solved the way Flutter's
/// LeastSquaresSolver does (Gram-Schmidt QR, then back-substitution), so the digits agree with it;
/// nil when the samples cannot determine the curve.
package func quadraticSlope(_ x: [Double], _ y: [Double]) -> Double? {
    let m = x.count
    let n = 3
    guard m >= n else { return nil }
    // a[i][h] = x[h]^i, the Vandermonde rows (weights are all 1).
    var a = [[Double]](repeating: [Double](repeating: 1, count: m), count: n)
    for i in 1..<n { for h in 0..<m { a[i][h] = a[i - 1][h] * x[h] } }
    var q = a
    var r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    func dot(_ u: [Double], _ v: [Double]) -> Double {
        var sum = 0.0
        for h in 0..<u.count { sum += u[h] * v[h] }
        return sum
    }
    for j in 0..<n {
        for i in 0..<j {
            let d = dot(q[j], q[i])
            for h in 0..<m { q[j][h] -= d * q[i][h] }
        }
        let norm = dot(q[j], q[j]).squareRoot()
        if norm < 1e-10 { return nil }
        let inverse = 1.0 / norm
        for h in 0..<m { q[j][h] *= inverse }
        for i in 0..<n { r[j][i] = i < j ? 0 : dot(q[j], a[i]) }
    }
    var b = [Double](repeating: 0, count: n)
    for i in stride(from: n - 1, through: 0, by: -1) {
        b[i] = dot(q[i], y)
        for j in stride(from: n - 1, to: i, by: -1) { b[i] -= r[i][j] * b[j] }
        b[i] /= r[i][i]
    }
    return b[1]
}
