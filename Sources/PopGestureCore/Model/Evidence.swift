/// How a gesture was recognized (SPEC section 3): the movement d = p - p0 that crossed the
/// recognizer's limit, and the translation T the pop starts from.
public struct Recognition: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case uikit, horizontalSlop
        /// Ionic's pan recognizer (`pan`): |d| reached the threshold within maxAngle of the x axis.
        case pan
        /// react-native-gesture-handler's activeOffsetX (`activeOffset`).
        case activeOffset
        /// Alone in its gesture arena, the recognizer won at the down (`recognizer.arena`).
        case arena
        // FDFullscreenPopGesture's peers.
        /// `dominantAxis` (Telegram): |d.x| past the slop and twice |d.y|.
        case dominantAxis
        /// `dominantAxis` from within edgeWidth of the start edge: UIKit's pan at its hysteresis.
        case edgeStart
        /// `firstMove` (Framework7): the first move.
        case firstMove
        /// `recognizer.systemEdge`: UIKit's own edge pop took the gesture, at its hysteresis.
        case systemEdge
    }

    public var kind: Kind
    public var d: Vector
    /// The hysteresis h (`uikit`, `edgeStart`, `systemEdge`), the slop (`horizontalSlop`,
    /// `dominantAxis`), the threshold (`pan`) or the offset (`activeOffset`); 0 for `arena` and `firstMove`.
    public var limit: Double
    public var translation: Vector
}

/// What one check of the arbiter tested (SPEC section 3): the begin checks, and before them the
/// region (`edgeWidth`) and the touch count (`maxTouches`), and the content that won the drag
/// (section 9). Numbers, not words, until a report or `explain` shows it.
public struct CheckEvidence: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case number(Double)
        case flag(Bool)
        case name(String)
        /// What keeps the navigation controller busy, for the `transitioning` check.
        case busy(Busy)
    }

    /// The rule key that made the check: a begin check's name, `edgeWidth`, `maxTouches` or `content`.
    public var check: String
    public var refuses: Bool
    /// What was tested, as the SPEC names it ("location.x", "edge distance", "translation.x").
    public var quantity: String
    public var value: Value
    /// The limit's name and value, when the test compares with one.
    public var limitName: String?
    public var limit: Double?
    /// The test refuses above the limit (`>`), else at or below it (`<=`).
    public var refusesAbove = true
    /// Whether a value equal to the limit refuses, when that differs from what `refusesAbove` says
    /// (`>=` and `<`: the half-open edge band, the response distance's bounds); nil: it does not.
    public var refusesAtLimit: Bool?
}

/// What keeps the navigation controller busy when a gesture is recognized (SPEC section 3,
/// `transitioning`): the newest transition in flight, or operations deferred until it settles.
public enum Busy: Sendable, Equatable {
    case transition(TransitionKind, from: String, to: String, start: Double)
    case deferred(count: Int)
}
