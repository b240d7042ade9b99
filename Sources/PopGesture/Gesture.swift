internal import PopGestureCore
internal import PopGestureKit

/// One touch that could start a gesture: where the finger went down, what the arbiter decided and
/// why, the interactive pop it began, and what the content under it did.
public struct Gesture: Sendable {
    let context: ReplayContext

    /// From 1, in the order the fingers went down: what `expect` items call `gesture: N`.
    public let index: Int
    /// The trace's finger id.
    public let finger: Int
    /// Where the finger went down.
    public let down: Point
    public let outcome: GestureOutcome
    /// Why it was refused (`beyondMaxStartX`, `outsideEdge`, `contentWon`, ...) or left
    /// unrecognized (`touchEnded`, ...); nil when it began.
    public let reason: String?
    /// The sample at which the recognizer decided; nil when it never did.
    public let decidedAt: Point?
    /// Why it was decided as it was, in the words of reports: the refusing check with the value it
    /// tested, or how it was recognized (`recognized: |d.x| 12 >= hysteresis 10; ...`).
    public let decision: String?
    /// The interactive pop, when the gesture began one.
    public let pop: Pop?
    /// What the content under the down point did; nil when it hit no content region.
    public let content: Content?

    init(_ record: GestureRecord, context: ReplayContext) {
        self.context = context
        index = record.index
        finger = record.finger
        down = Point(record.down)
        outcome = GestureOutcome(rawValue: (record.outcome ?? .unrecognized).rawValue)!
        reason = record.reason?.rawValue
        decidedAt = record.decidedAt.map(Point.init)
        decision = record.refusal?.text ?? record.recognition?.text
        pop = record.pop.map { Pop($0, gesture: record.index) }
        content = record.content.map(Content.init)
    }

    /// Checks an expectation about this gesture, as `{gesture: N, ...}` in `expect` would be checked;
    /// nil when it holds. The failure is worded as `popgesture check` words it, with `explain`'s
    /// derivation of this gesture.
    public func check(_ expectation: GestureExpectation) -> ExpectationFailure? {
        context.check(Expectation(expectation.core(index)))
    }
}

/// An interactive pop: how it ended, what decided it, and the numbers at the release.
public struct Pop: Sendable, Equatable {
    /// The gesture that began it.
    public var gesture: Int
    public var result: PopResult
    /// What decided it: the completion model's rule (`projection`, `lowSampleVelocity`, `fling`,
    /// `progress`, `velocitySign`, `quickSwipe`), `touchCancelled`, `interrupted`, or, when ignored, `atRoot` or
    /// `transitioning`; nil while unfinished.
    public var by: String?
    /// When the finger lifted (or the touch was cancelled), in ms.
    public var releasedAt: Double?
    /// The pop's progress at the release, as a fraction of the screen's width.
    public var progress: Double?
    /// The release velocity along the pop's direction, in pt/s.
    public var velocity: Double?
    /// When the pop settled, in ms.
    public var settledAt: Double?
    /// The completion model's terms in words, as check's failures and the timeline print them
    /// (`p 0.046 + avgV 0.405 x 0.35 + ... <= threshold ... = 0.481 (n 5, moved)`).
    public var why: String?
    /// How the settle time came about, in words.
    public var settle: String?

    init(_ record: PopRecord, gesture: Int) {
        self.gesture = gesture
        result = PopResult(rawValue: record.result.rawValue)!
        by = record.by?.rawValue
        releasedAt = record.releasedAt
        progress = record.progress
        velocity = record.velocity
        settledAt = record.settledAt
        why = record.why?.text
        settle = record.settle?.text
    }
}

/// What the content under a gesture's down point did with the drag (docs/reference/content.md).
public struct Content: Sendable, Equatable {
    /// The region's id: the claimant when there was one, else the front-most region hit.
    public var region: String
    /// `scroll`, `swipeRow` or `control`.
    public var kind: String
    /// Nil only when the gesture never ended.
    public var result: ContentResult?
    /// Where it claimed the drag; nil unless claimed.
    public var claimedAt: Point?

    init(_ record: ContentRecord) {
        region = record.region
        kind = record.kind.rawValue
        result = record.result.map { ContentResult(rawValue: $0.rawValue)! }
        claimedAt = record.at.map(Point.init)
    }
}
