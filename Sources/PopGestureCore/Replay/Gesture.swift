/// A gesture from its first finger down until no finger is down (SPEC section 3).
package struct Gesture {
    package let record: Int
    package let trackedFinger: Int
    package let p0: Sample
    package var estimator: any VelocityEstimator
    package var trackedDown = true
    package var decided = false
    package var began = false
    /// The tracked finger's latest sample.
    package var latest: Sample
    /// The content regions its down point hit, and what they do with the drag.
    package var content: GestureContent?
    /// This gesture started the interactive pop and its finger has not lifted (an operation may have
    /// ended the pop since: the navigation controller then ignores the finger, SPEC section 4).
    package var drivesPop = false
    /// Its down was in UIKit's own edge under `recognizer.systemEdge: uikit`: it is the system's
    /// edge pop's, replayed under the `uikit` preset.
    package var systemEdge = false
    /// Moves of the tracked finger so far (`firstMove` decides at the first).
    package var moves = 0
    /// `recognizer.firstVelocity` has looked at a non-zero velocity (it looks once).
    package var velocityTested = false
}
