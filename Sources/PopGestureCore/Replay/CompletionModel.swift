/// What a lift decides about an interactive pop (SPEC section 4, Release).
package struct ReleaseDecision: Equatable {
    package var completes: Bool
    package var by: PopDecider
    /// Points per second along the pop direction; the settle model divides by it.
    package var velocity: Double
    package var reason: ReleaseReason
}

/// Why a release decided as it did: the model's terms with the numbers it compared. Kept as numbers
/// and turned into words only when a report, a failure or `explain` shows it.
public enum ReleaseReason: Sendable, Equatable {
    case touchCancelled
    case projection(ProjectionTerms)
    /// Too few statistics samples, or no move after recognition: the sign of avgV decides.
    case lowSampleVelocity(samples: Int, moved: Bool, averageVelocity: Double)
    case fling(ThresholdTerms)
    case progress(ThresholdTerms)
    /// v in widths per second.
    case velocitySign(v: Double, popOnZero: Bool)
    /// A stack operation at `at` ended the pop (`removed`: it took B off the stack) or put B back
    /// before the release, which can then only cancel (`stackOps: immediate`, SPEC section 4).
    case interrupted(at: Double, removed: Bool)

    /// The projection model's terms at the lift (SPEC section 4, `projection`).
    public struct ProjectionTerms: Sendable, Equatable {
        /// Progress at the lift.
        public var p: Double
        /// Widths per second, and per second squared.
        public var averageVelocity: Double
        public var averageAcceleration: Double
        /// The look-ahead D, in seconds.
        public var lookAhead: Double
        public var samples: Int
        public var moved: Bool
        public var projectionDistance: Double
        public var projectionCap: Double
        public var width: Double

        /// p + avgV D + avgA D^2 / 2.
        public var projected: Double {
            p + averageVelocity * lookAhead + averageAcceleration * lookAhead * lookAhead / 2
        }
        /// min(projectionDistance / W, projectionCap).
        public var threshold: Double { min(projectionDistance / width, projectionCap) }
    }

    /// The threshold model's terms (SPEC section 4, `threshold`).
    public struct ThresholdTerms: Sendable, Equatable {
        public var p: Double
        /// c * velocity.x / W, widths per second.
        public var v: Double
        /// 0: no fling.
        public var fling: Double
        public var progressThreshold: Double
        public var strict: Bool
    }
}

/// How a released pop's settle time came about (SPEC section 4, Settle).
public struct SettleTerms: Sendable, Equatable {
    /// The settle model, or `linear` for a touch cancel, which the system animates back linearly.
    public var model: String
    /// r: 1 - p when completing, p when cancelling.
    public var remaining: Double
    /// D, milliseconds.
    public var duration: Double
    /// The release velocity, points per second (the `uikit` model divides by it).
    public var velocity: Double
    public var width: Double
    public var completing: Bool
    /// Milliseconds from the release to the settle.
    public var result: Double
}

/// The completion model: on `up`, whether the pop completes and why.
package struct CompletionModel {
    package let completion: Rules.Completion
    /// Milliseconds; the projection looks this far ahead.
    package let duration: Double

    /// - Parameters:
    ///   - progress: p, the pop's progress at the lift.
    ///   - velocity: c * velocity.x in points per second.
    ///   - width: W, the screen width.
    ///   - statistics: the projection statistics, lift included.
    ///   - moved: the tracked finger moved after the recognition sample.
    package func decide(
        progress p: Double, velocity: Double, width: Double, statistics: ProjectionStatistics, moved: Bool
    )
        -> ReleaseDecision
    {
        let v = velocity / width
        switch completion.model {
        case .projection:
            let d = duration / 1000
            if statistics.n >= 3 && moved {
                let terms = ReleaseReason.ProjectionTerms(
                    p: p, averageVelocity: statistics.averageVelocity,
                    averageAcceleration: statistics.averageAcceleration,
                    lookAhead: d, samples: statistics.n, moved: moved,
                    projectionDistance: completion.projectionDistance,
                    projectionCap: completion.projectionCap, width: width)
                return ReleaseDecision(
                    completes: terms.projected > terms.threshold, by: .projection,
                    velocity: width * statistics.previousVelocity,
                    reason: .projection(terms))
            }
            let completes = statistics.averageVelocity > 0 && moved
            return ReleaseDecision(
                completes: completes, by: .lowSampleVelocity, velocity: velocity,
                reason: .lowSampleVelocity(
                    samples: statistics.n, moved: moved, averageVelocity: statistics.averageVelocity))
        case .threshold:
            let terms = ReleaseReason.ThresholdTerms(
                p: p, v: v, fling: completion.flingVelocity,
                progressThreshold: completion.progressThreshold, strict: completion.strict)
            if completion.flingVelocity > 0 && abs(v) >= completion.flingVelocity {
                return ReleaseDecision(completes: v > 0, by: .fling, velocity: velocity, reason: .fling(terms))
            }
            let threshold = completion.progressThreshold
            let completes = completion.strict ? p > threshold : p >= threshold
            return ReleaseDecision(completes: completes, by: .progress, velocity: velocity, reason: .progress(terms))
        case .velocitySign:
            let completes = v > 0 || (completion.popOnZero && v == 0)
            return ReleaseDecision(
                completes: completes, by: .velocitySign, velocity: velocity,
                reason: .velocitySign(v: v, popOnZero: completion.popOnZero))
        }
    }
}

/// How long a released pop takes to settle (SPEC section 4, Settle), in milliseconds.
package struct Settle {
    package let transition: Rules.Transition

    /// - Parameters:
    ///   - remaining: r, 1 - p when completing, p when cancelling.
    ///   - velocity: the release velocity, points per second.
    package func duration(remaining r: Double, completing: Bool, velocity: Double, width: Double) -> Double {
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
    package func cancelledDuration(progress p: Double) -> Double {
        p * transition.duration
    }

    /// The settle's duration with the terms that made it.
    package func terms(remaining r: Double, completing: Bool, velocity: Double, width: Double) -> SettleTerms {
        SettleTerms(
            model: transition.settle.rawValue, remaining: r, duration: transition.duration, velocity: velocity,
            width: width,
            completing: completing,
            result: duration(remaining: r, completing: completing, velocity: velocity, width: width))
    }

    package func cancelledTerms(progress p: Double, velocity: Double, width: Double) -> SettleTerms {
        SettleTerms(
            model: "linear", remaining: p, duration: transition.duration, velocity: velocity, width: width,
            completing: false, result: cancelledDuration(progress: p))
    }
}
