internal import PopGestureCore

// The reference's words for what a replay decides (docs/reference, sections 3 to 6), as values that
// compare and print as the JSON report spells them.
//
// Each is a string-backed value rather than an enum, so that a word added in a minor version (a new
// anomaly, a new reason) breaks no `switch` in a client: compare with the constants, or read
// `rawValue`.

/// What the arbiter decided for a gesture: it began a pop, was refused, or was never recognized.
public struct GestureOutcome: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// Nil unless `rawValue` is one of the reference's words for it.
    public init?(rawValue: String) {
        guard PopGestureCore.GestureOutcome(rawValue: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }
    private init(_ word: String) { rawValue = word }
    public var description: String { rawValue }
    var core: PopGestureCore.GestureOutcome { PopGestureCore.GestureOutcome(rawValue: rawValue)! }
    /// Every word, in the reference's order.
    public static var allCases: [GestureOutcome] {
        PopGestureCore.GestureOutcome.allCases.map { GestureOutcome($0.rawValue) }
    }

    /// The gesture was recognized and the interactive pop began.
    public static let began = GestureOutcome("began")
    /// A begin check or the arbiter refused it (``Gesture/reason`` says which).
    public static let refused = GestureOutcome("refused")
    /// The finger lifted, was cancelled or the trace ended before the recognizer decided.
    public static let unrecognized = GestureOutcome("unrecognized")
}

/// How an interactive pop ended.
public struct PopResult: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// Nil unless `rawValue` is one of the reference's words for it.
    public init?(rawValue: String) {
        guard PopGestureCore.PopResult(rawValue: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }
    private init(_ word: String) { rawValue = word }
    public var description: String { rawValue }
    var core: PopGestureCore.PopResult { PopGestureCore.PopResult(rawValue: rawValue)! }
    /// Every word, in the reference's order.
    public static var allCases: [PopResult] { PopGestureCore.PopResult.allCases.map { PopResult($0.rawValue) } }

    /// The pop went through: the previous screen is on top.
    public static let completed = PopResult("completed")
    /// The pop was cancelled: the screen the finger started on stays.
    public static let cancelled = PopResult("cancelled")
    /// The finger never lifted before the trace ended.
    public static let unfinished = PopResult("unfinished")
    /// The pop began but the navigation controller ignored it (at the root, or while transitioning).
    public static let ignored = PopResult("ignored")
}

/// A kind of anomaly the bar coordinator, the content arbitration or a detector found.
public struct AnomalyKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// Nil unless `rawValue` is one of the reference's words for it.
    public init?(rawValue: String) {
        guard PopGestureCore.AnomalyKind(rawValue: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }
    private init(_ word: String) { rawValue = word }
    public var description: String { rawValue }
    var core: PopGestureCore.AnomalyKind { PopGestureCore.AnomalyKind(rawValue: rawValue)! }
    /// Every word, in the reference's order.
    public static var allCases: [AnomalyKind] { PopGestureCore.AnomalyKind.allCases.map { AnomalyKind($0.rawValue) } }

    /// The bar changed more than once during one transition.
    public static let barFlicker = AnomalyKind("barFlicker")
    /// The settled top's preferred bar state is not the bar's state.
    public static let wrongFinalBar = AnomalyKind("wrongFinalBar")
    /// A bar change without animation while a transition was in flight.
    public static let abruptBarChange = AnomalyKind("abruptBarChange")
    /// A gesture began while a transition was in flight.
    public static let nestedTransition = AnomalyKind("nestedTransition")
    /// Content under the finger waited for the pop to fail.
    public static let contentDelayed = AnomalyKind("contentDelayed")
    /// Content under the finger never got the drag.
    public static let contentBlocked = AnomalyKind("contentBlocked")
    /// Content scrolled while the pop ran.
    public static let doubleHandled = AnomalyKind("doubleHandled")
    /// The pop began over a control that tracks the touch without protection.
    public static let controlInterrupted = AnomalyKind("controlInterrupted")
    /// A scroll detector reported nothing while its region moved.
    public static let missedScroll = AnomalyKind("missedScroll")
}

/// What the content under a gesture's down point did with the drag.
public struct ContentResult: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// Nil unless `rawValue` is one of the reference's words for it.
    public init?(rawValue: String) {
        guard PopGestureCore.ContentResult(rawValue: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }
    private init(_ word: String) { rawValue = word }
    public var description: String { rawValue }
    var core: PopGestureCore.ContentResult { PopGestureCore.ContentResult(rawValue: rawValue)! }
    /// Every word, in the reference's order.
    public static var allCases: [ContentResult] {
        PopGestureCore.ContentResult.allCases.map { ContentResult($0.rawValue) }
    }

    public static let claimed = ContentResult("claimed")
    public static let lost = ContentResult("lost")
    public static let declined = ContentResult("declined")
    public static let blocked = ContentResult("blocked")
    public static let unreached = ContentResult("unreached")
}

/// What the person meant by a gesture, as a recorded take is labelled.
public struct Intent: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// Nil unless `rawValue` is one of the reference's words for it.
    public init?(rawValue: String) {
        guard PopGestureCore.Intent(rawValue: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }
    private init(_ word: String) { rawValue = word }
    public var description: String { rawValue }
    var core: PopGestureCore.Intent { PopGestureCore.Intent(rawValue: rawValue)! }
    /// Every word, in the reference's order.
    public static var allCases: [Intent] { PopGestureCore.Intent.allCases.map { Intent($0.rawValue) } }

    /// Meant to go back: holds when the gesture began and its pop completed.
    public static let back = Intent("back")
    /// Meant to stay: holds when no pop completed.
    public static let stay = Intent("stay")
}
