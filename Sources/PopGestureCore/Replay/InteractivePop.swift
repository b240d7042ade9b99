/// The interactive transition of one gesture that began: progress, the projection statistics, and the
/// view controllers it moves between (SPEC section 4).
package struct InteractivePop {
    package let gestureRecord: Int
    package let transitionIndex: Int
    /// B, out of the stack until the pop settles; back on top if it is cancelled.
    package let disappearing: ViewControllerInstance
    /// Translation is measured from here; fixed at recognition.
    package let origin: Vector
    /// +1 in ltr, -1 in rtl: the pop direction.
    package let c: Double
    package let width: Double
    package let progressCap: Double
    package private(set) var translation = Vector.zero
    package private(set) var progress = 0.0
    package private(set) var statistics = ProjectionStatistics()
    /// A move of the tracked finger after the recognition sample, moved or not.
    package private(set) var moved = false
    /// Nil while the tracked finger is down; then whether the release completes the pop.
    package private(set) var releaseCompletes: Bool?
    /// B is back in the stack: an operation put it back (`stackOps: immediate`), at most once, so the
    /// settle neither adds it again nor runs hooks (SPEC section 4).
    package var putBack = false
    /// When an operation before the release put B back and left it in the stack: the release can
    /// then only cancel, by `interrupted`.
    package var interruptedAt: Double?

    package init(
        gestureRecord: Int, transitionIndex: Int, disappearing: ViewControllerInstance, origin: Vector,
        c: Double, width: Double, progressCap: Double
    ) {
        self.gestureRecord = gestureRecord
        self.transitionIndex = transitionIndex
        self.disappearing = disappearing
        self.origin = origin
        self.c = c
        self.width = width
        self.progressCap = progressCap
    }

    /// The pop direction: -1 in rtl when the rules mirror the progress (`mirrorProgress`), else +1.
    package static func c(_ direction: LayoutDirection, rules: Rules) -> Double {
        direction == .rtl && rules.mirrorProgress ? -1 : 1
    }

    /// SPEC section 4's progress for a translation along x; `c` is +1 in ltr, -1 in rtl. The plot draws
    /// its curve with the same formula.
    package static func progress(translationX: Double, c: Double, width: Double, cap: Double) -> Double {
        min(max(c * translationX / width, 0), cap)
    }

    /// A sample of the tracked finger, the recognition sample first. `velocity` includes it.
    @discardableResult
    package mutating func track(_ sample: Sample, velocity: Vector, isRecognition: Bool) -> StatisticsStep {
        if !isRecognition { moved = true }
        translation = Vector(x: sample.x - origin.x, y: sample.y - origin.y)
        progress = Self.progress(translationX: translation.x, c: c, width: width, cap: progressCap)
        return statistics.add(
            time: sample.t, displacement: max(c * translation.x, 0) / width, velocity: c * velocity.x / width)
    }

    /// The lift keeps the last move's translation and velocity but has its own time.
    package mutating func lift(at t: Double, velocity: Vector) -> StatisticsStep {
        statistics.add(time: t, displacement: max(c * translation.x, 0) / width, velocity: c * velocity.x / width)
    }

    /// How a release went: the completion model's decision (or a touch cancel) and the settle it takes.
    package struct Release {
        package var completes: Bool
        package var by: PopDecider
        /// Points per second along the pop direction.
        package var velocity: Double
        package var why: ReleaseReason
        package var settle: SettleTerms
        /// What the lift's statistics sample did (nil when no model looked at the statistics).
        package var liftStep: StatisticsStep?
        /// Milliseconds from the release to the settle.
        package var duration: Double { settle.result }
    }

    /// The tracked finger lifted or was cancelled (SPEC section 4, Release and Settle); its gesture's
    /// down was at `down` (`quickSwipe` times the whole gesture).
    package mutating func release(at t: Double, down: Double, velocity: Vector, cancelled: Bool, rules: Rules)
        -> Release
    {
        let p = progress
        let delta = c * translation.x
        let settle = Settle(rules)
        var release: Release
        if cancelled && rules.completion.onCancel == .cancel {
            release = Release(
                completes: false, by: .touchCancelled, velocity: c * velocity.x, why: .touchCancelled,
                settle: settle.cancelledTerms(progress: p, velocity: c * velocity.x, width: width, translation: delta))
        } else {
            let step = lift(at: t, velocity: velocity)
            let decision = CompletionModel(rules).decide(
                progress: p, velocity: c * velocity.x, width: width, statistics: statistics, moved: moved,
                translation: delta, elapsed: t - down, distance: max(delta, 0))
            let remaining = decision.completes ? 1 - p : p
            release = Release(
                completes: decision.completes, by: decision.by, velocity: decision.velocity, why: decision.reason,
                settle: decision.settlesAtOnce
                    ? settle.atOnceTerms(remaining: remaining, velocity: decision.velocity, width: width)
                    : settle.terms(
                        remaining: remaining, completing: decision.completes, velocity: decision.velocity,
                        width: width, progress: p, translation: delta),
                liftStep: step)
        }
        if let interruptedAt {
            // B is in the stack again: the pop is cancelled with the velocity the release would have
            // had, and settles as that release settles a cancelled pop.
            let terms =
                release.by == .touchCancelled
                ? release.settle
                : settle.terms(
                    remaining: p, completing: false, velocity: release.velocity, width: width, progress: p,
                    translation: delta)
            release = Release(
                completes: false, by: .interrupted, velocity: release.velocity,
                why: .interrupted(at: interruptedAt, removed: false), settle: terms, liftStep: release.liftStep)
        }
        releaseCompletes = release.completes
        return release
    }
}
