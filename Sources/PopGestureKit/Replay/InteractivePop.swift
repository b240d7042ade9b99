/// The interactive transition of one gesture that began: progress, the projection statistics, and the
/// view controllers it moves between (SPEC section 4).
struct InteractivePop {
    let gestureRecord: Int
    let transitionIndex: Int
    /// B, out of the stack until the pop settles; back on top if it is cancelled.
    let disappearing: ViewControllerInstance
    /// Translation is measured from here; fixed at recognition.
    let origin: Vector
    /// +1 in ltr, -1 in rtl: the pop direction.
    let c: Double
    let width: Double
    let progressCap: Double
    private(set) var translation = Vector.zero
    private(set) var progress = 0.0
    private(set) var statistics = ProjectionStatistics()
    /// A move of the tracked finger after the recognition sample, moved or not.
    private(set) var moved = false

    init(gestureRecord: Int, transitionIndex: Int, disappearing: ViewControllerInstance, origin: Vector,
         direction: LayoutDirection, width: Double, progressCap: Double) {
        self.gestureRecord = gestureRecord
        self.transitionIndex = transitionIndex
        self.disappearing = disappearing
        self.origin = origin
        c = direction == .ltr ? 1 : -1
        self.width = width
        self.progressCap = progressCap
    }

    /// A sample of the tracked finger, the recognition sample first. `velocity` includes it.
    mutating func track(_ sample: Sample, velocity: Vector, isRecognition: Bool) {
        if !isRecognition { moved = true }
        translation = Vector(x: sample.x - origin.x, y: sample.y - origin.y)
        progress = min(max(c * translation.x / width, 0), progressCap)
        statistics.add(time: sample.t, displacement: max(c * translation.x, 0) / width, velocity: c * velocity.x / width)
    }

    /// The lift keeps the last move's translation and velocity but has its own time.
    mutating func lift(at t: Double, velocity: Vector) {
        statistics.add(time: t, displacement: max(c * translation.x, 0) / width, velocity: c * velocity.x / width)
    }

    /// How a release went: the completion model's decision (or a touch cancel) and the settle it takes.
    struct Release {
        var completes: Bool
        var by: PopDecider
        /// Points per second along the pop direction.
        var velocity: Double
        /// Milliseconds from the release to the settle.
        var duration: Double
        var why: ReleaseReason
    }

    /// The tracked finger lifted or was cancelled (SPEC section 4, Release and Settle).
    mutating func release(at t: Double, velocity: Vector, cancelled: Bool, rules: Rules) -> Release {
        let alongPop = c * velocity.x
        let p = progress
        let settle = Settle(transition: rules.transition)
        if cancelled && rules.completion.onCancel == .cancel {
            return Release(completes: false, by: .touchCancelled, velocity: alongPop,
                           duration: settle.cancelledDuration(progress: p), why: .touchCancelled)
        }
        lift(at: t, velocity: velocity)
        let decision = CompletionModel(completion: rules.completion, duration: rules.transition.duration)
            .decide(progress: p, velocity: alongPop, width: width, statistics: statistics, moved: moved)
        let duration = settle.duration(remaining: decision.completes ? 1 - p : p, completing: decision.completes,
                                       velocity: decision.velocity, width: width)
        return Release(completes: decision.completes, by: decision.by, velocity: decision.velocity, duration: duration, why: decision.reason)
    }
}
