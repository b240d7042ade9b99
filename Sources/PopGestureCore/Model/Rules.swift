/// A rule version (SPEC section 7): how gestures are recognized, checked, released and settled, and
/// what happens to the navigation bar.
public struct Rules: Sendable, Equatable {
    public var name: String
    public var recognizer: Recognizer
    /// What a push, pop, popToRoot or setStack does while a transition is in flight (SPEC section 2).
    public var stackOps: StackOps
    public var begin: [BeginCheck]
    public var mirrorDirection: Bool
    public var mirrorMaxStartX: Bool
    /// The pop's progress and velocity follow the layout (leftward in rtl); false: always rightward,
    /// as a library whose own animation ignores the layout.
    public var mirrorProgress: Bool
    public var locationLimit: Double
    public var velocity: VelocityModel
    public var completion: Completion
    public var transition: Transition
    public var bar: Bar
    public var content: Content
    /// Watchers of the replay, in the order they report (SPEC section 10).
    public var detectors: [DetectorRule]
    // The cross-platform models' numbers (Rules+CrossPlatform.swift).
    public var pan: Pan
    public var activeOffset: ActiveOffset
    public var responseDistance: ResponseDistance
    public var ema: EMA
    public var frameClock: FrameClock
    public var speedOrDistance: SpeedOrDistance
    public var linearProjection: LinearProjection
    public var spring: Spring
    public var animator: Animator

    public struct Recognizer: Sendable, Equatable {
        public var region: Region
        public var edgeWidth: Double
        public var kind: RecognizerKind
        public var hysteresis: Double
        public var slop: Double
        public var maxTouches: Int
        /// Whether the recognizer competes for the touch or wins its gesture arena at the down (SPEC section 3).
        public var arena: Arena
        /// The first move with a non-zero velocity must point the pop's way (SloppySwiper).
        public var firstVelocity: Bool
        /// A down within UIKit's own edge is its edge pop's, which the library's pan waits for (SwipeTransition).
        public var systemEdge: SystemEdge
    }

    public struct Completion: Sendable, Equatable {
        public var model: CompletionModelKind
        public var projectionDistance: Double
        public var projectionCap: Double
        public var progressThreshold: Double
        public var flingVelocity: Double
        public var popOnZero: Bool
        /// threshold: complete iff p > threshold rather than p >= threshold.
        public var strict: Bool
        public var onCancel: CancelHandling
        /// progressOrVelocity: points per second along the pop beyond which the pop completes.
        public var velocityThreshold: Double
        /// quickSwipe: a release this many milliseconds after the down, or sooner, is a quick one...
        public var quickTime: Double
        /// ...which completes past this many points.
        public var quickDistance: Double
    }

    public struct Transition: Sendable, Equatable {
        /// Milliseconds.
        public var duration: Double
        public var settle: SettleModel
        public var progressCap: Double
    }

    public struct Bar: Sendable, Equatable {
        public var inject: BlockInjection
        public var restoreOnDisappear: Bool
    }

    /// How the content under the finger competes with the pop (SPEC section 9).
    public struct Content: Sendable, Equatable {
        public var policy: ContentPolicy
        public var ties: ContentTies
        /// The content moment's distance in points.
        public var hysteresis: Double
        /// The scroll view's deceleration rate per millisecond, in (0, 1).
        public var deceleration: Double
    }
}

/// `edgeRect` *(react-native-gesture-handler's hitSlop)*: the edge band as UIKit's CGRectContainsPoint
/// sees it, its minimum-x side in and its maximum-x side out.
public enum Region: String, Sendable, CaseIterable { case fullscreen, edge, edgeRect }
/// `pan` *(Ionic)* and `activeOffset` *(react-native-gesture-handler 3)*: Rules+CrossPlatform.swift.
public enum RecognizerKind: String, Sendable, CaseIterable {
    case uikit, horizontalSlop, pan, activeOffset
    // FDFullscreenPopGesture's peers: Telegram's InteractiveTransitionGestureRecognizer, Framework7's swipe-back.
    case dominantAxis, firstMove
}
/// `uikit`: a down within UIKit's own 15 pt edge belongs to UIKit's edge pop, replayed under the
/// `uikit` preset, as for a pan that requires the system's edge pan to fail (SwipeTransition).
public enum SystemEdge: String, Sendable, CaseIterable { case none, uikit }
/// `contested`: recognition as `kind` says. `alone` *(Flutter)*: the recognizer is the only member of
/// its gesture arena and wins it at the tracked finger's down. `byContent`: `alone` unless the down
/// point hits a content region (SPEC section 9), as a Flutter page whose widgets have recognizers of their own.
public enum Arena: String, Sendable, CaseIterable { case contested, alone, byContent }
/// `deferred`: stack operations wait behind a transition in flight. `immediate` *(Flutter's Navigator)*:
/// they run when they arrive, transitions overlap, and one arriving during an interactive pop interrupts it.
public enum StackOps: String, Sendable, CaseIterable { case deferred, immediate }
public enum VelocityModel: String, Sendable, CaseIterable { case uikit, lsq2, last2, ema }
public enum CompletionModelKind: String, Sendable, CaseIterable {
    case projection, threshold, velocitySign
    case speedOrDistance, linearProjection
    // FDFullscreenPopGesture's peers: SwipeTransition and Telegram; Framework7.
    case progressOrVelocity, quickSwipe
}
public enum SettleModel: String, Sendable, CaseIterable {
    case uikit, linear, cupertino, fixed
    case ionic, spring, animator
    // Telegram's NavigationTransitionCoordinator.
    case telegram

    /// A touch cancel under `onCancel: cancel` settles linearly under the older models (the system
    /// animates it back); the cross-platform ones settle it as they settle any cancelled pop.
    package var settlesTouchCancels: Bool {
        switch self {
        case .uikit, .linear, .cupertino, .fixed, .telegram: false
        case .ionic, .spring, .animator: true
        }
    }
}
/// What a touch cancel of the tracked finger does to a pop: `cancel` it (UIKit's own handlers),
/// `decide` it like a lift (a handler that treats UIGestureRecognizerStateCancelled like Ended), or
/// `hold` it where it is, unfinished (a web page with no touchcancel handler: Framework7).
public enum CancelHandling: String, Sendable, CaseIterable { case cancel, decide, hold }
/// Which view controllers carry FDFullscreenPopGesture's willAppear block.
public enum BlockInjection: String, Sendable, CaseIterable { case fd, all, none }

/// The arbiter's begin checks (SPEC section 3), run in the rule's order.
public enum BeginCheck: String, Sendable, CaseIterable {
    case rootOnly, popDisabled, maxStartX, locationLimit, transitioning, direction, horizontal
    /// react-native-screens' gestureResponseDistance (Rules+CrossPlatform.swift).
    case responseDistance
    // FDFullscreenPopGesture's peers: the velocity's direction at recognition (SwipeTransition).
    case velocityHorizontal, velocityDirection

    /// The refusal reason the check reports.
    public var reason: GestureReason {
        switch self {
        case .rootOnly: .atRoot
        case .popDisabled: .popDisabled
        case .maxStartX: .beyondMaxStartX
        case .locationLimit: .beyondLocationLimit
        case .transitioning: .transitioning
        case .direction, .velocityDirection: .wrongDirection
        case .horizontal, .velocityHorizontal: .notHorizontal
        case .responseDistance: .outsideResponseDistance
        }
    }
}
