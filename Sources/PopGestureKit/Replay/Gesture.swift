/// A gesture from its first finger down until no finger is down (SPEC section 3).
struct Gesture {
    let record: Int
    let trackedFinger: Int
    let p0: Sample
    var estimator: any VelocityEstimator
    var trackedDown = true
    var decided = false
    /// This gesture started the interactive pop and its finger has not lifted (an operation may have
    /// ended the pop since: the navigation controller then ignores the finger, SPEC section 4).
    var drivesPop = false
}
