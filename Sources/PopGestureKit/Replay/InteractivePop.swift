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
    private(set) var released = false

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
        released = true
        statistics.add(time: t, displacement: max(c * translation.x, 0) / width, velocity: c * velocity.x / width)
    }

    mutating func cancel() {
        released = true
    }
}
