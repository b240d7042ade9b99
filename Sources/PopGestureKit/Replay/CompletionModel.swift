/// What a lift decides about an interactive pop (SPEC section 4, Release).
struct ReleaseDecision: Equatable {
    var completes: Bool
    var by: PopDecider
    /// Points per second along the pop direction; the settle model divides by it.
    var velocity: Double
    var reason: ReleaseReason
}

/// Why a release decided as it did: the quantity compared and what it was compared with. Kept as
/// numbers and turned into words only when a failure or a timeline shows it.
public enum ReleaseReason: Sendable, Equatable {
    case touchCancelled
    case projection(projected: Double, threshold: Double)
    case lowSampleVelocity(samples: Int, moved: Bool, averageVelocity: Double)
    case fling(speed: Double, threshold: Double)
    case progress(progress: Double, threshold: Double, strict: Bool)
    case velocitySign(velocity: Double, popOnZero: Bool)
    /// A stack operation at `at` ended the pop (`removed`: it took B off the stack) or put B back
    /// before the release, which can then only cancel (`stackOps: immediate`, SPEC section 4).
    case interrupted(at: Double, removed: Bool)

    public var text: String {
        switch self {
        case .touchCancelled:
            "the system cancelled the touch"
        case .projection(let projected, let threshold):
            "projected progress \(formatNumber(projected)) \(projected > threshold ? ">" : "<=") threshold \(formatNumber(threshold))"
        case .lowSampleVelocity(let samples, let moved, let average):
            "\(samples) statistics samples\(moved ? "" : ", no move after recognition"); average velocity \(formatNumber(average)) widths/s"
        case .fling(let speed, let threshold):
            "|velocity| \(formatNumber(speed)) widths/s >= fling \(formatNumber(threshold))"
        case .progress(let progress, let threshold, let strict):
            if strict {
                "progress \(formatNumber(progress)) \(progress > threshold ? ">" : "<=") threshold \(formatNumber(threshold)) (strict)"
            } else {
                "progress \(formatNumber(progress)) \(progress >= threshold ? ">=" : "<") threshold \(formatNumber(threshold))"
            }
        case .velocitySign(let velocity, let popOnZero):
            "velocity \(formatNumber(velocity)) pt/s\(popOnZero ? ", popOnZero" : "")"
        case .interrupted(let t, let removed):
            removed
                ? "a stack operation at t=\(formatNumber(t)) removed the popped view controller"
                : "a stack operation at t=\(formatNumber(t)) put the popped view controller back, so the release could only cancel"
        }
    }
}

/// The completion model: on `up`, whether the pop completes and why.
struct CompletionModel {
    let completion: Rules.Completion
    /// Milliseconds; the projection looks this far ahead.
    let duration: Double

    /// - Parameters:
    ///   - progress: p, the pop's progress at the lift.
    ///   - velocity: c * velocity.x in points per second.
    ///   - width: W, the screen width.
    ///   - statistics: the projection statistics, lift included.
    ///   - moved: the tracked finger moved after the recognition sample.
    func decide(progress p: Double, velocity: Double, width: Double, statistics: ProjectionStatistics, moved: Bool) -> ReleaseDecision {
        let v = velocity / width
        switch completion.model {
        case .projection:
            let d = duration / 1000
            if statistics.n >= 3 && moved {
                let projected = p + statistics.averageVelocity * d + statistics.averageAcceleration * d * d / 2
                let threshold = min(completion.projectionDistance / width, completion.projectionCap)
                return ReleaseDecision(
                    completes: projected > threshold, by: .projection, velocity: width * statistics.previousVelocity,
                    reason: .projection(projected: projected, threshold: threshold))
            }
            let completes = statistics.averageVelocity > 0 && moved
            return ReleaseDecision(
                completes: completes, by: .lowSampleVelocity, velocity: velocity,
                reason: .lowSampleVelocity(samples: statistics.n, moved: moved, averageVelocity: statistics.averageVelocity))
        case .threshold:
            if completion.flingVelocity > 0 && abs(v) >= completion.flingVelocity {
                return ReleaseDecision(completes: v > 0, by: .fling, velocity: velocity,
                                       reason: .fling(speed: abs(v), threshold: completion.flingVelocity))
            }
            let threshold = completion.progressThreshold
            let completes = completion.strict ? p > threshold : p >= threshold
            return ReleaseDecision(completes: completes, by: .progress, velocity: velocity,
                                   reason: .progress(progress: p, threshold: threshold, strict: completion.strict))
        case .velocitySign:
            let completes = v > 0 || (completion.popOnZero && v == 0)
            return ReleaseDecision(completes: completes, by: .velocitySign, velocity: velocity,
                                   reason: .velocitySign(velocity: velocity, popOnZero: completion.popOnZero))
        }
    }
}

/// How long a released pop takes to settle (SPEC section 4, Settle), in milliseconds.
struct Settle {
    let transition: Rules.Transition

    /// - Parameters:
    ///   - remaining: r, 1 - p when completing, p when cancelling.
    ///   - velocity: the release velocity, points per second.
    func duration(remaining r: Double, completing: Bool, velocity: Double, width: Double) -> Double {
        let d = transition.duration
        switch transition.settle {
        case .uikit:
            if r == 0 { return 0 }
            if velocity == 0 { return d }
            return min(d, r * width / abs(velocity) * 1000)
        case .linear:
            return r * d
        case .cupertino:
            let frames = (800 * r).rounded(.down)
            return completing ? frames : min(frames, 300)
        case .fixed:
            // An animateWithDuration: of the handler's own, whatever is left to travel.
            return d
        }
    }

    /// A cancelled touch (under `onCancel: cancel`) settles linearly whatever the model: the system
    /// animates it back.
    func cancelledDuration(progress p: Double) -> Double {
        p * transition.duration
    }
}
