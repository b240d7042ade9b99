/// A gesture from its first finger down until no finger is down (SPEC section 3).
struct Gesture {
    let record: Int
    let trackedFinger: Int
    let p0: Sample
    var estimator: any VelocityEstimator
    var trackedDown = true
    var decided = false
    /// This gesture's interactive pop is the one in flight and its finger has not lifted.
    var drivesPop = false
}
