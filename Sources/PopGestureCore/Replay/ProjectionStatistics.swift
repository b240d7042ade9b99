/// UIKit's release statistics for the interactive pop *(UIKit)*: a 3-slot running average of velocity
/// and of clamped acceleration, over samples thinned by time (SPEC section 4, `projection`).
///
/// Displacement and velocity are in screen widths (per second), along the pop direction.
package struct ProjectionStatistics {
    package private(set) var n = 0
    package private(set) var averageVelocity = 0.0
    package private(set) var averageAcceleration = 0.0
    /// The velocity of the last sample taken; UIKit releases with it.
    package private(set) var previousVelocity = 0.0
    private var previousTime = 0.0
    private var skipTime = 0.0
    private var previousDisplacement = 0.0
    private var previousAcceleration = 0.0
    private var velocitySlots = [0.0, 0.0, 0.0]
    private var accelerationSlots = [0.0, 0.0, 0.0]

    /// The largest change in acceleration one sample may make (widths per second squared).
    package static let accelerationStep = 5.0

    @discardableResult
    package mutating func add(time s: Double, displacement: Double, velocity: Double) -> StatisticsStep {
        guard n > 0 else {
            previousTime = s
            skipTime = s
            previousDisplacement = displacement
            previousVelocity = velocity
            previousAcceleration = 0
            averageVelocity = velocity
            averageAcceleration = 0
            velocitySlots[0] = velocity
            accelerationSlots[0] = 0
            n = 1
            return .first(velocity: velocity)
        }
        let sinceLast = s - skipTime
        skipTime = s
        // UIKit drops samples closer than 10 ms unless they moved and are more than 1 ms apart.
        guard sinceLast >= 10 || (sinceLast > 1 && displacement != previousDisplacement) else {
            return .skipped(sinceLast: sinceLast, displacementChanged: displacement != previousDisplacement)
        }
        let dt = (s - previousTime) / 1000
        let k = n % 3
        averageVelocity =
            n > 2
            ? (velocity + 3 * averageVelocity - velocitySlots[k]) / 3
            : (velocity + Double(n) * averageVelocity) / Double(n + 1)
        velocitySlots[k] = velocity
        let raw = (velocity - previousVelocity) / dt
        var a = raw
        if abs(a - previousAcceleration) > Self.accelerationStep {
            a = previousAcceleration + Self.accelerationStep * sign(a - previousAcceleration)
        }
        averageAcceleration =
            n > 2
            ? (a + 3 * averageAcceleration - accelerationSlots[k]) / 3
            : (a + Double(n) * averageAcceleration) / Double(n + 1)
        accelerationSlots[k] = a
        previousAcceleration = a
        previousVelocity = velocity
        previousDisplacement = displacement
        previousTime = s
        n += 1
        return .taken(
            dt: dt, velocity: velocity, acceleration: a, clampedFrom: a == raw ? nil : raw,
            averageVelocity: averageVelocity, averageAcceleration: averageAcceleration, n: n)
    }
}

/// What one sample did to the statistics, for `explain`.
public enum StatisticsStep: Sendable, Equatable {
    case first(velocity: Double)
    /// Dropped: `sinceLast` ms after the previous sample looked at, displacement unchanged or not.
    case skipped(sinceLast: Double, displacementChanged: Bool)
    /// Taken after `dt` seconds; `clampedFrom` is the acceleration before the clamp, nil when it did not bite.
    case taken(
        dt: Double, velocity: Double, acceleration: Double, clampedFrom: Double?, averageVelocity: Double,
        averageAcceleration: Double, n: Int)
}
