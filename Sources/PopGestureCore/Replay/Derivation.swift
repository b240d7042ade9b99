/// A replay followed sample by sample, for `popgesture explain`: what each sample of a gesture's
/// tracked finger did to the recognizer, the begin checks, the pop's progress and the projection
/// statistics. The report says what was decided; this says how. Only `explain` gives a replay one,
/// so a batch does none of this work.
public final class Derivation: @unchecked Sendable {
    // Filled by the one thread that runs the replay, read after it.

    /// One sample of a tracked finger (or its lift), with what it did.
    public struct Step: Sendable {
        public enum Kind: Sendable, Equatable {
            case down, move, lift, cancel
            /// Another finger came down during the gesture (SPEC section 3: it may refuse it).
            case otherFinger(Int)
        }
        public var kind: Kind
        public var t: Double
        /// Nil for a lift, which has no position of its own.
        public var point: Sample?
        /// p - p0.
        public var d: Vector
        /// The estimator's velocity, this sample included (pt/s).
        public var velocity: Vector
        public var recognition: Recognition?
        /// The begin checks run at recognition, up to the first that refuses.
        public var checks: [CheckEvidence] = []
        /// Set when the sample moved the interactive pop.
        public var pop: PopStep?
        /// A refusal before any recognition: the region at the down, the touch count at another finger's,
        /// or the recognizer's own (`pan`'s angle, `activeOffset`'s failY).
        public var refusal: CheckEvidence?
        /// What the sample did to an estimator that may not take it whole (`ema`).
        public var velocityStep: VelocityStep?
    }

    public struct PopStep: Sendable {
        public var translation: Vector
        public var progress: Double
        public var statistics: StatisticsStep?
    }

    /// Steps by gesture, in the order the replay took them; index = the gesture's record.
    public private(set) var gestures: [[Step]] = []

    package init() {}

    package func add(_ step: Step, gesture: Int) {
        while gestures.count <= gesture { gestures.append([]) }
        gestures[gesture].append(step)
    }

    package func recognized(_ recognition: Recognition, checks: [CheckEvidence], gesture: Int) {
        gestures[gesture][gestures[gesture].count - 1].recognition = recognition
        gestures[gesture][gestures[gesture].count - 1].checks = checks
    }

    package func refused(_ refusal: CheckEvidence, gesture: Int) {
        gestures[gesture][gestures[gesture].count - 1].refusal = refusal
    }

    package func popped(_ pop: PopStep, gesture: Int) {
        gestures[gesture][gestures[gesture].count - 1].pop = pop
    }
}
