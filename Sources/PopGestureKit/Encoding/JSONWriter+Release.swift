import PopGestureCore

/// A released pop's evidence in the JSON report: the completion model's terms (`why`) and the
/// settle's (`settle`), each object's keys sorted as every object the writer writes.
extension JSONWriter {
    /// The completion model's terms, each object's keys sorted (uppercase first, as in ASCII); the
    /// decider is the pop's `by`.
    mutating func why(_ why: ReleaseReason) {
        open("{")
        switch why {
        case .touchCancelled:
            break
        case .projection(let terms):
            key("D")
            number(terms.lookAhead)
            key("avgA")
            number(terms.averageAcceleration)
            key("avgV")
            number(terms.averageVelocity)
            key("moved")
            bool(terms.moved)
            key("n")
            int(terms.samples)
            key("p")
            number(terms.p)
            key("projected")
            number(terms.projected)
        case .lowSampleVelocity(let samples, let moved, let average):
            key("avgV")
            number(average)
            key("moved")
            bool(moved)
            key("n")
            int(samples)
        case .fling(let terms), .progress(let terms):
            key("fling")
            number(terms.fling)
            key("p")
            number(terms.p)
            key("progressThreshold")
            number(terms.progressThreshold)
            key("strict")
            bool(terms.strict)
        case .velocitySign(_, let popOnZero):
            key("popOnZero")
            bool(popOnZero)
        case .interrupted(let t, let removed):
            key("at")
            number(t)
            key("removed")
            bool(removed)
        case .speedOrDistance(let terms):
            speedOrDistance(terms)
        case .linearProjection(let terms):
            linearProjection(terms)
        case .progressOrVelocity(let terms):
            progressOrVelocity(terms)
        case .quickSwipe(let terms):
            quickSwipe(terms)
        }
        switch why {
        case .projection(let terms):
            key("threshold")
            number(terms.threshold)
        case .fling(let terms), .progress(let terms):
            key("v")
            number(terms.v)
        case .velocitySign(let v, _):
            key("v")
            number(v)
        default: break
        }
        close("}")
    }

    /// Ionic's release rule (the cross-platform models keep to their sources' names).
    private mutating func speedOrDistance(_ terms: ReleaseReason.SpeedOrDistanceTerms) {
        key("delta")
        number(terms.delta)
        key("fraction")
        number(terms.fraction)
        key("speed")
        number(terms.speed)
        key("threshold")
        number(terms.threshold)
        key("velocityPerMs")
        number(terms.v)
    }

    /// React Navigation's and react-native-screens' release rule.
    private mutating func linearProjection(_ terms: ReleaseReason.LinearProjectionTerms) {
        key("cap")
        number(terms.cap)
        key("fraction")
        number(terms.fraction)
        key("projected")
        number(terms.projected)
        key("threshold")
        number(terms.threshold)
        key("translation")
        number(terms.translation)
        key("velocity")
        number(terms.velocity)
        key("velocityImpact")
        number(terms.velocityImpact)
        key("velocityTerm")
        number(terms.velocityTerm)
    }

    /// SwipeTransition's and Telegram's release rule: past the progress or the velocity threshold.
    private mutating func progressOrVelocity(_ terms: ReleaseReason.ProgressOrVelocityTerms) {
        key("p")
        number(terms.p)
        key("progressThreshold")
        number(terms.progressThreshold)
        key("strict")
        bool(terms.strict)
        key("velocity")
        number(terms.velocity)
        key("velocityThreshold")
        number(terms.velocityThreshold)
    }

    /// Framework7's release rule: by the time since the down, the distance or the progress.
    private mutating func quickSwipe(_ terms: ReleaseReason.QuickSwipeTerms) {
        key("distance")
        number(terms.distance)
        key("elapsed")
        number(terms.elapsed)
        key("p")
        number(terms.p)
        key("progressThreshold")
        number(terms.progressThreshold)
        key("quickDistance")
        number(terms.quickDistance)
        key("quickTime")
        number(terms.quickTime)
        key("strict")
        bool(terms.strict)
    }

    mutating func settle(_ s: SettleTerms) {
        open("{")
        key("D")
        number(s.duration)
        if case .ionic(_, let dur, _)? = s.detail {
            key("dur")
            number(dur)
        }
        key("duration")
        number(s.result)
        if case .spring(let from, _, let frames, _, _)? = s.detail {
            key("frames")
            int(frames)
            key("from")
            number(from)
        }
        key("model")
        string(s.model)
        if case .spring(_, _, _, let period, let overshot)? = s.detail {
            key("overshot")
            bool(overshot)
            key("period")
            number(period)
        }
        key("r")
        number(s.remaining)
        if case .ionic(_, _, let start)? = s.detail {
            key("start")
            number(start)
        }
        if case .spring(_, let to, _, _, _)? = s.detail {
            key("to")
            number(to)
        }
        key("velocity")
        number(s.velocity)
        close("}")
    }
}
