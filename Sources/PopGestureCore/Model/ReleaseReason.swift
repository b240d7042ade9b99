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
    /// Ionic's rule (`speedOrDistance`).
    case speedOrDistance(SpeedOrDistanceTerms)
    /// React Navigation's and react-native-screens' rule (`linearProjection`).
    case linearProjection(LinearProjectionTerms)
    // FDFullscreenPopGesture's peers.
    /// `progressOrVelocity` (SwipeTransition, Telegram): past the progress or the velocity threshold.
    case progressOrVelocity(ProgressOrVelocityTerms)
    /// `quickSwipe` (Framework7): by the time since the down, the distance or the progress.
    case quickSwipe(QuickSwipeTerms)

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

    /// The `progressOrVelocity` model's terms.
    public struct ProgressOrVelocityTerms: Sendable, Equatable {
        public var p: Double
        /// c * velocity.x, points per second.
        public var velocity: Double
        public var velocityThreshold: Double
        public var progressThreshold: Double
        public var strict: Bool

        /// p > progressThreshold with `strict`, else p >= progressThreshold.
        public var passesProgress: Bool { strict ? p > progressThreshold : p >= progressThreshold }
    }

    /// The `quickSwipe` model's terms.
    public struct QuickSwipeTerms: Sendable, Equatable {
        public var p: Double
        /// The translation along the pop at the release, max(c * T.x, 0), in points (Framework7's
        /// touchesDiff).
        public var distance: Double
        /// Milliseconds from the gesture's down to the release.
        public var elapsed: Double
        public var quickTime: Double
        public var quickDistance: Double
        public var progressThreshold: Double
        public var strict: Bool

        public var quick: Bool { elapsed < quickTime }
        public var passesProgress: Bool { strict ? p > progressThreshold : p >= progressThreshold }
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

extension ReleaseReason {
    /// The speedOrDistance model's terms *(Ionic)*: complete iff v >= 0 and (v > speed or
    /// delta > fraction * W).
    public struct SpeedOrDistanceTerms: Sendable, Equatable {
        /// c * velocity.x in points per millisecond.
        public var v: Double
        /// speedOrDistance.speed, points per millisecond.
        public var speed: Double
        /// c * translation.x at the release, points.
        public var delta: Double
        public var fraction: Double
        public var width: Double

        /// Which part of the rule decided.
        public enum Branch: Sendable, Equatable {
            /// v < 0: cancelled whatever the distance.
            case backward
            /// v > speed: completed whatever the distance.
            case fast
            /// v <= speed and delta > fraction * W: completed.
            case far
            /// v <= speed and delta <= fraction * W: cancelled.
            case short
        }

        public var threshold: Double { fraction * width }
        public var branch: Branch {
            if v < 0 { return .backward }
            if v > speed { return .fast }
            return delta > threshold ? .far : .short
        }
        public var completes: Bool { branch == .fast || branch == .far }
    }

    /// The linearProjection model's terms *(React Navigation, react-native-screens)*: complete iff
    /// translation + min(velocityImpact * v, cap) > fraction * W.
    public struct LinearProjectionTerms: Sendable, Equatable {
        /// c * translation.x at the release, points.
        public var translation: Double
        /// c * velocity.x, points per second.
        public var velocity: Double
        /// Seconds.
        public var velocityImpact: Double
        /// Points; -1: no cap.
        public var cap: Double
        public var fraction: Double
        public var width: Double

        /// velocityImpact * v, at most `cap`.
        public var velocityTerm: Double {
            let term = velocity * velocityImpact
            return cap == -1 ? term : min(term, cap)
        }
        public var projected: Double { translation + velocityTerm }
        public var threshold: Double { fraction * width }
        public var completes: Bool { projected > threshold }
        /// The cap bit: the velocity term would have been larger.
        public var capped: Bool { cap != -1 && velocity * velocityImpact > cap }
    }
}
