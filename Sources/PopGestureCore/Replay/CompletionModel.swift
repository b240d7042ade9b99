/// What a lift decides about an interactive pop (SPEC section 4, Release).
package struct ReleaseDecision: Equatable {
    package var completes: Bool
    package var by: PopDecider
    /// Points per second along the pop direction; the settle model divides by it.
    package var velocity: Double
    package var reason: ReleaseReason
    /// Nothing moved, nothing to animate: the pop settles at its release (`quickSwipe` at progress 0).
    package var settlesAtOnce = false
}

/// The completion model: on `up`, whether the pop completes and why.
package struct CompletionModel {
    package let completion: Rules.Completion
    /// Milliseconds; the projection looks this far ahead.
    package let duration: Double
    package var speedOrDistance = Rules.SpeedOrDistance(speed: 0.2, fraction: 0.5)
    package var linearProjection = Rules.LinearProjection(velocityImpact: 0.3, cap: -1, fraction: 0.5)

    package init(completion: Rules.Completion, duration: Double) {
        self.completion = completion
        self.duration = duration
    }

    package init(_ rules: Rules) {
        self.init(completion: rules.completion, duration: rules.transition.duration)
        speedOrDistance = rules.speedOrDistance
        linearProjection = rules.linearProjection
    }

    /// - Parameters:
    ///   - progress: p, the pop's progress at the lift.
    ///   - velocity: c * velocity.x in points per second.
    ///   - width: W, the screen width.
    ///   - statistics: the projection statistics, lift included.
    ///   - moved: the tracked finger moved after the recognition sample.
    ///   - translation: c * translation.x in points (the cross-platform models compare it).
    ///   - elapsed: milliseconds from the gesture's down to the release.
    ///   - distance: the translation along the pop, max(c * T.x, 0), in points.
    package func decide(
        progress p: Double, velocity: Double, width: Double, statistics: ProjectionStatistics, moved: Bool,
        translation: Double = 0, elapsed: Double = 0, distance: Double = 0
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
        case .speedOrDistance:
            let terms = ReleaseReason.SpeedOrDistanceTerms(
                v: velocity / 1000, speed: speedOrDistance.speed, delta: translation,
                fraction: speedOrDistance.fraction, width: width)
            return ReleaseDecision(
                completes: terms.completes, by: .speedOrDistance, velocity: velocity, reason: .speedOrDistance(terms))
        case .linearProjection:
            let terms = ReleaseReason.LinearProjectionTerms(
                translation: translation, velocity: velocity, velocityImpact: linearProjection.velocityImpact,
                cap: linearProjection.cap, fraction: linearProjection.fraction, width: width)
            return ReleaseDecision(
                completes: terms.completes, by: .linearProjection, velocity: velocity,
                reason: .linearProjection(terms))
        case .progressOrVelocity:
            // SwipeTransition's `percent > 0.5 || velocity.x > 1000`, Telegram's `velocity > 1000 ||
            // progress > 0.2`: either one completes.
            let terms = ReleaseReason.ProgressOrVelocityTerms(
                p: p, velocity: velocity, velocityThreshold: completion.velocityThreshold,
                progressThreshold: completion.progressThreshold, strict: completion.strict)
            if velocity > completion.velocityThreshold {
                return ReleaseDecision(
                    completes: true, by: .fling, velocity: velocity, reason: .progressOrVelocity(terms))
            }
            return ReleaseDecision(
                completes: terms.passesProgress, by: .progress, velocity: velocity, reason: .progressOrVelocity(terms))
        case .quickSwipe:
            // Framework7's touchend: a translation of 0 does nothing; a release within the quick time
            // completes past the quick distance, a later one past the progress threshold.
            let terms = ReleaseReason.QuickSwipeTerms(
                p: p, distance: distance, elapsed: elapsed, quickTime: completion.quickTime,
                quickDistance: completion.quickDistance, progressThreshold: completion.progressThreshold,
                strict: completion.strict)
            let quick = elapsed < completion.quickTime
            let completes = p > 0 && (quick ? distance > completion.quickDistance : terms.passesProgress)
            return ReleaseDecision(
                completes: completes, by: quick ? .quickSwipe : .progress, velocity: velocity,
                reason: .quickSwipe(terms), settlesAtOnce: p == 0)
        }
    }
}

/// How long a released pop takes to settle (SPEC section 4, Settle), in milliseconds.
package struct Settle {
    package let transition: Rules.Transition
    package var spring = Rules.Spring(
        stiffness: 1000, damping: 500, mass: 3, restDisplacement: 10, restSpeed: 10, overshootClamping: true)
    package var animator = Rules.Animator(duration: 500)
    package var clock = Rules.FrameClock(rate: 60, phase: 0)

    package init(transition: Rules.Transition) {
        self.transition = transition
    }

    package init(_ rules: Rules) {
        self.init(transition: rules.transition)
        spring = rules.spring
        animator = rules.animator
        clock = rules.frameClock
    }

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
        case .ionic, .spring, .animator:
            // Progress p stands for the translation, as it does below the cap.
            let p = completing ? 1 - r : r
            return terms(
                remaining: r, completing: completing, velocity: velocity, width: width, progress: p,
                translation: p * width
            ).result
        case .telegram:
            // NavigationTransitionCoordinator: animateCancel takes 0.1 s; animateCompletion the time
            // the release velocity takes over what is left, within 0.05 to 0.2 s, or a 0.5 s spring
            // from a standstill at progress 0.
            guard completing else { return 100 }
            if velocity == 0 { return r == 1 ? 500 : 200 }
            return min(max(r * width / abs(velocity) * 1000, 50), 200)
        }
    }

    /// A cancelled touch (under `onCancel: cancel`) settles linearly whatever the model: the system
    /// animates it back.
    package func cancelledDuration(progress p: Double) -> Double {
        p * transition.duration
    }

    /// The settle's duration with the terms that made it; `progress` and `translation` (c * T.x, in
    /// points) are what the cross-platform models start from.
    package func terms(
        remaining r: Double, completing: Bool, velocity: Double, width: Double, progress: Double = 0,
        translation: Double = 0
    ) -> SettleTerms {
        var terms = SettleTerms(
            model: transition.settle.rawValue, remaining: r, duration: transition.duration, velocity: velocity,
            width: width, completing: completing, result: 0)
        switch transition.settle {
        case .uikit, .linear, .cupertino, .fixed, .telegram:
            terms.result = duration(remaining: r, completing: completing, velocity: velocity, width: width)
        case .ionic:
            let ionic = IonicSettle.settle(
                completing: completing, delta: translation, width: width, speed: abs(velocity) / 1000,
                longest: transition.duration)
            terms.remaining = ionic.missing
            terms.result = ionic.result
            terms.detail = .ionic(missing: ionic.missing, dur: ionic.dur, start: ionic.start)
        case .spring:
            let to = completing ? width : 0
            let (frames, overshot) = SpringSettle(spring, period: clock.period).frames(
                from: translation, to: to, velocity: velocity)
            terms.result = Double(frames) * clock.period
            terms.detail = .spring(from: translation, to: to, frames: frames, period: clock.period, overshot: overshot)
        case .animator:
            let p = min(max(progress, 0), 1)
            terms.remaining = 1 - p
            terms.duration = animator.duration
            terms.result = (1 - p) * animator.duration
        }
        return terms
    }

    /// A pop that settles at its release (`ReleaseDecision.settlesAtOnce`): reported with model `none`.
    package func atOnceTerms(remaining r: Double, velocity: Double, width: Double) -> SettleTerms {
        SettleTerms(
            model: "none", remaining: r, duration: transition.duration, velocity: velocity, width: width,
            completing: false, result: 0)
    }

    /// A touch cancel under `onCancel: cancel`: linear under the older models, the model's own
    /// cancelling settle under the cross-platform ones.
    package func cancelledTerms(progress p: Double, velocity: Double, width: Double, translation: Double = 0)
        -> SettleTerms
    {
        if transition.settle.settlesTouchCancels {
            return terms(
                remaining: p, completing: false, velocity: velocity, width: width, progress: p, translation: translation
            )
        }
        return SettleTerms(
            model: "linear", remaining: p, duration: transition.duration, velocity: velocity, width: width,
            completing: false, result: cancelledDuration(progress: p))
    }
}
