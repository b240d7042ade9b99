import Foundation

/// Ionic's settle *(Ionic: swipe-back.ts onEnd, nav.tsx onEnd, animation.ts progressEnd)*.
///
/// The swipe's duration is dur = min(missing * W / |v|, D) ms with missing = 1 - step when completing
/// and step when cancelling (step = delta / W, unclamped; v in points per ms; 0 when missing * W <= 5).
/// The transition's animation then plays dur from where its easing curve stands: the linear step,
/// clamped to [0.01 when <= 0, 0.9999], is turned into the time at which the curve reaches it
/// (cubic-bezier(0.32, 0.72, 0, 1) completing, (1, 0, 0.68, 0.28) reversed when cancelling), nudged
/// by 0.001 toward the end, and the animation is set there (clamped to [0, 0.9999]); what is left of
/// dur is the settle.
package enum IonicSettle {
    package struct Result: Equatable {
        /// 1 - step, or step.
        package var missing: Double
        /// The animation's forced duration, ms.
        package var dur: Double
        /// Where the animation is set, a fraction of dur.
        package var start: Double
        /// dur - start * dur, ms.
        package var result: Double
    }

    /// - Parameters:
    ///   - delta: c * translation.x at the release, points.
    ///   - speed: |v| in points per millisecond.
    ///   - longest: D, the cap on dur.
    package static func settle(completing: Bool, delta: Double, width: Double, speed: Double, longest: Double)
        -> Result
    {
        let step = delta / width
        let missing = completing ? 1 - step : step
        let distance = missing * width
        let dur = distance > 5 ? min(distance / speed, longest) : 0
        let shown = step <= 0 ? 0.01 : min(max(step, 0), 0.9999)
        // The curve's time for the shown step; Ionic's solver finds one root in [0.01, 0.9999] for
        // both curves (a dense check found no other case), 0 stands in should it find none.
        let time =
            completing
            ? -0.001 + (curveTime(shown, y1: 0.72, y2: 1, x1: 0.32, x2: 0) ?? 0)
            : 0.001 + (curveTime(shown, y1: 0, y2: 0.28, x1: 1, x2: 0.68) ?? 0)
        // setAnimationStep clamps; a cancel plays the reversed animation from 1 - time.
        let start = min(max(completing ? time : 1 - time, 0), 0.9999)
        return Result(missing: missing, dur: dur, start: start, result: dur - start * dur)
    }

    /// The time (x) at which the cubic Bézier (0,0), (x1,y1), (x2,y2), (1,1) reaches progression y, as
    /// Ionic's getTimeGivenProgression finds it: Cardano's formula on the y polynomial, its first
    /// root in [0, 1], then x at that parameter. Nil when no root is found there.
    package static func curveTime(_ y: Double, y1: Double, y2: Double, x1: Double, x2: Double) -> Double? {
        // The y control values less the progression: p0 = -y, p1 = y1 - y, p2 = y2 - y, p3 = 1 - y.
        let (p0, p1, p2, p3) = (0 - y, y1 - y, y2 - y, 1 - y)
        let roots = cubicRoots(p3 - 3 * p2 + 3 * p1 - p0, 3 * p2 - 6 * p1 + 3 * p0, 3 * p1 - 3 * p0, p0)
        guard let t = roots.first(where: { $0 >= 0 && $0 <= 1 }) else { return nil }
        // x(t) for the control values 0, x1, x2, 1, written as Ionic's solveCubicParametricEquation.
        let partA = 3 * x1 * pow(t - 1, 2)
        let partB = -3 * x2 * t + 3 * x2 + 1 * t
        let partC = 0 * pow(t - 1, 3)
        return t * (partA + t * partB) - partC
    }

    /// Ionic's solveCubicEquation: the real roots Cardano's formula gives, a cube root of a negative
    /// number being NaN (as Math.pow's), which no comparison keeps.
    static func cubicRoots(_ a: Double, _ b0: Double, _ c0: Double, _ d0: Double) -> [Double] {
        if a == 0 {
            let discriminant = c0 * c0 - 4 * b0 * d0
            if discriminant < 0 { return [] }
            return [(-c0 + discriminant.squareRoot()) / (2 * b0), (-c0 - discriminant.squareRoot()) / (2 * b0)]
        }
        let b = b0 / a
        let c = c0 / a
        let d = d0 / a
        let p = (3 * c - b * b) / 3
        let q = (2 * b * b * b - 9 * b * c + 27 * d) / 27
        if p == 0 { return [pow(-q, 1.0 / 3)] }
        if q == 0 { return [(-p).squareRoot(), -(-p).squareRoot()] }
        let discriminant = pow(q / 2, 2) + pow(p / 3, 3)
        if discriminant == 0 { return [pow(q / 2, 1.0 / 2) - b / 3] }
        if discriminant > 0 {
            return [
                pow(-(q / 2) + discriminant.squareRoot(), 1.0 / 3) - pow(q / 2 + discriminant.squareRoot(), 1.0 / 3)
                    - b / 3
            ]
        }
        let r = pow(-(p / 3), 3).squareRoot()
        let phi = acos(-(q / (2 * pow(-(p / 3), 3).squareRoot())))
        let s = 2 * pow(r, 1.0 / 3)
        return [
            s * cos(phi / 3) - b / 3, s * cos((phi + 2 * Double.pi) / 3) - b / 3,
            s * cos((phi + 4 * Double.pi) / 3) - b / 3,
        ]
    }
}

/// React Native's spring *(RCTSpringAnimation.m, SpringAnimation.js)*, stepped by the frame clock:
/// evaluated at t = n * period from the release (n = 0, 1, ...), it stops at the first frame where it
/// has passed its target (with overshoot clamping) or rests (speed <= restSpeed and distance to the
/// target <= restDisplacement). A damping ratio of 1 or more takes the critically damped solution, as
/// React Native does for every such spring.
package struct SpringSettle {
    let spring: Rules.Spring
    /// Milliseconds between frames.
    let period: Double
    /// A spring that never rests (no damping, no clamping) is taken as settled after this long.
    package static let longest = 60_000.0

    package init(_ spring: Rules.Spring, period: Double) {
        self.spring = spring
        self.period = period
    }

    /// Position (points) and velocity (points per second) `t` seconds after the start.
    package func state(at t: Double, from: Double, to: Double, velocity v: Double) -> (
        position: Double, velocity: Double
    ) {
        let (k, c, m) = (spring.stiffness, spring.damping, spring.mass)
        let v0 = -v
        let zeta = c / (2 * (k * m).squareRoot())
        let omega0 = (k / m).squareRoot()
        let x0 = to - from
        if zeta < 1 {
            let omega1 = omega0 * (1 - zeta * zeta).squareRoot()
            let envelope = exp(-zeta * omega0 * t)
            let a = (v0 + zeta * omega0 * x0) / omega1
            let position = to - envelope * (a * sin(omega1 * t) + x0 * cos(omega1 * t))
            let speed =
                zeta * omega0 * envelope * (sin(omega1 * t) * a + x0 * cos(omega1 * t)) - envelope
                * (cos(omega1 * t) * (v0 + zeta * omega0 * x0) - omega1 * x0 * sin(omega1 * t))
            return (position, speed)
        }
        let envelope = exp(-omega0 * t)
        let position = to - envelope * (x0 + (v0 + omega0 * x0) * t)
        let speed = envelope * (v0 * (t * omega0 - 1) + t * x0 * (omega0 * omega0))
        return (position, speed)
    }

    /// The frame at which the spring stops, and whether it stopped by passing its target.
    package func frames(from: Double, to: Double, velocity: Double) -> (frames: Int, overshot: Bool) {
        let last = Int((Self.longest / period).rounded(.up))
        for n in 0...max(last, 0) {
            let (position, speed) = state(at: Double(n) * period / 1000, from: from, to: to, velocity: velocity)
            var overshot = false
            if spring.overshootClamping && spring.stiffness != 0 {
                overshot = from < to ? position > to : position < to
            }
            let resting =
                abs(speed) <= spring.restSpeed
                && (spring.stiffness == 0 || abs(to - position) <= spring.restDisplacement)
            if overshot || resting { return (n, overshot) }
        }
        return (last, false)
    }
}
