/// The SPEC's words for what the replay decides, each spelled as the SPEC spells it (the raw value is
/// what reports, expectations and `diff` show), so a misspelt reason or kind does not compile.

/// The arbiter's decision on a gesture (SPEC section 3).
public enum GestureOutcome: String, Sendable, CaseIterable {
    case began, refused, unrecognized
}

/// Why a gesture was refused or left unrecognized (SPEC section 3).
public enum GestureReason: String, Sendable, CaseIterable {
    // Refusals by a begin check, in the order of `BeginCheck`, then the arbiter's own.
    case atRoot, popDisabled, beyondMaxStartX, beyondLocationLimit, transitioning, wrongDirection, notHorizontal
    case outsideResponseDistance
    case tooManyTouches, outsideEdge
    /// The content under the finger claimed the drag (SPEC section 9).
    case contentWon
    // An unrecognized gesture's.
    case touchEnded, touchCancelled, traceEnded

    /// Each once: two begin checks may share a reason (`direction` and `velocityDirection`).
    public static let refusals: [GestureReason] =
        (BeginCheck.allCases.map(\.reason) + [
            .tooManyTouches, .outsideEdge, .contentWon,
        ]).reduce(into: []) { list, reason in if !list.contains(reason) { list.append(reason) } }
    public static let unrecognized: [GestureReason] = [.touchEnded, .touchCancelled, .traceEnded]
}

public enum PopResult: String, Sendable, CaseIterable {
    case completed, cancelled, unfinished, ignored
}

/// What the person meant by a gesture, as a recorder labels a take (SPEC section 6): `back` holds
/// when the gesture began and its pop completed, `stay` when it did not.
public enum Intent: String, Sendable, CaseIterable {
    case back, stay
}

/// What decided a pop's result (`by`, SPEC sections 4 and 8): a completion model's rule, a touch
/// cancel, a stack operation that interrupted it (`stackOps: immediate`), or why a pop that began was
/// ignored.
public enum PopDecider: String, Sendable, CaseIterable {
    case projection, lowSampleVelocity, fling, progress, velocitySign, touchCancelled, atRoot, transitioning,
        interrupted
    /// The cross-platform completion models (Rules+CrossPlatform.swift).
    case speedOrDistance, linearProjection
    // FDFullscreenPopGesture's peers: Framework7's release within its quick time.
    case quickSwipe
}

public enum TransitionKind: String, Sendable {
    case push, pop, popToRoot, setStack, interactivePop
}

/// SPEC sections 4 and 5.
public enum AnomalyKind: String, Sendable, CaseIterable {
    case barFlicker, wrongFinalBar, abruptBarChange, nestedTransition
    // SPEC section 9: content under the finger.
    case contentDelayed, contentBlocked, doubleHandled, controlInterrupted
    // SPEC section 10: a detector missed a drag.
    case missedScroll
}

/// A scrollDirection detection's direction (SPEC section 10): up as the offset grows.
public enum ScrollDirection: String, Sendable, CaseIterable {
    case up, down
}

/// Notes (SPEC sections 2 and 4): what the replay did with an operation that it could not run as given.
public enum NoteKind: String, Sendable, CaseIterable {
    case deferred, duplicatePush, popAtRoot, unknownVC
}

/// What the content under the finger did with a gesture's drag (SPEC section 9); final once set.
public enum ContentResult: String, Sendable, CaseIterable {
    case claimed, lost, declined, blocked, unreached
}

/// How the content under the finger and the pop share a drag (SPEC section 9, Arbitration).
public enum ContentPolicy: String, Sendable, CaseIterable {
    case uikit, requirePopToFail, simultaneousAtEdge, edgeYields
}

/// Who wins when the content moment and the pop's recognition fall on one sample.
public enum ContentTies: String, Sendable, CaseIterable {
    case content, pop
}
