/// A gesture from its first finger down until no finger is down (SPEC section 3).
struct Gesture {
    let record: Int
    let trackedFinger: Int
    let p0: Sample
    var estimator: any VelocityEstimator
    var trackedDown = true
    var decided = false
    var began = false
    /// The tracked finger's latest sample.
    var latest: Sample
    /// The content regions its down point hit, and what they do with the drag.
    var content: GestureContent?
    /// This gesture started the interactive pop and its finger has not lifted (an operation may have
    /// ended the pop since: the navigation controller then ignores the finger, SPEC section 4).
    var drivesPop = false
}
