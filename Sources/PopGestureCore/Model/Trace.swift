/// One trace document (SPEC section 1), fully typed and validated.
public struct Trace: Sendable {
    public var name: String
    /// `path#N`, the document's place, printed in reports.
    public var source: String
    public var screen: Screen
    public var layoutDirection: LayoutDirection
    /// fd_viewControllerBasedNavigationBarAppearanceEnabled.
    public var barAppearanceManaged: Bool
    public var initialBarHidden: Bool?
    public var stack: [ViewControllerSpec]
    public var events: [TraceEvent]
    public var expectations: [Expectation]
    /// False when a long recording's events were streamed into its replays and not kept, so
    /// `events` is empty and the trace cannot be replayed again.
    public var eventsKept = true
    /// Where the document starts, for findings about the whole trace (a golden mismatch); nil for a
    /// trace built in code.
    public var location: SourcePosition?
    /// Where each `expect` item is written, in `expectations`' order (empty for a trace built in
    /// code), so a failed one is reported at its line.
    public var expectationLocations: [SourcePosition] = []
    /// The `origin` mapping as written (nil without one): the replay never reads it; the Kit's
    /// warnings about a recording's clock do (`RecordedClock`).
    package var origin: YAMLNode?

    public init(
        name: String, source: String, screen: Screen = Screen(), layoutDirection: LayoutDirection = .ltr,
        barAppearanceManaged: Bool = true, initialBarHidden: Bool? = nil, stack: [ViewControllerSpec],
        events: [TraceEvent] = [], expectations: [Expectation] = []
    ) {
        self.name = name
        self.source = source
        self.screen = screen
        self.layoutDirection = layoutDirection
        self.barAppearanceManaged = barAppearanceManaged
        self.initialBarHidden = initialBarHidden
        self.stack = stack
        self.events = events
        self.expectations = expectations
    }
}

extension Trace {
    /// The trace with every stack entry's `maxStartX` replaced (`sweep --vary maxStartX=...`).
    package func settingMaxStartX(_ value: Double) -> Trace {
        var trace = self
        for i in trace.stack.indices { trace.stack[i].maxStartX = value }
        return trace
    }

    /// Everything but the name, events and expectations is the same: a replay started from
    /// `other` is a replay of this trace.
    package func hasSameHeader(as other: Trace) -> Bool {
        screen == other.screen && layoutDirection == other.layoutDirection
            && barAppearanceManaged == other.barAppearanceManaged
            && initialBarHidden == other.initialBarHidden && stack == other.stack
    }
}

public struct Screen: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public init(width: Double = 390, height: Double = 844) {
        self.width = width
        self.height = height
    }
}

public enum LayoutDirection: String, Sendable, CaseIterable {
    case ltr, rtl
}

/// A view controller as a trace names it. Nil properties are "not given": a stack entry takes the
/// defaults, a `setStack` entry or `update` keeps the instance's current value.
public struct ViewControllerSpec: Sendable, Equatable {
    public var id: String
    public var barHidden: Bool?
    public var popDisabled: Bool?
    public var maxStartX: Double?
    /// Back (first) to front (last); given, it replaces the instance's whole list, state included.
    public var content: [ContentRegion]?

    public init(
        id: String, barHidden: Bool? = nil, popDisabled: Bool? = nil, maxStartX: Double? = nil,
        content: [ContentRegion]? = nil
    ) {
        self.id = id
        self.barHidden = barHidden
        self.popDisabled = popDisabled
        self.maxStartX = maxStartX
        self.content = content
    }
}

public struct Sample: Sendable, Equatable {
    public var t: Double
    public var x: Double
    public var y: Double
    public init(t: Double, x: Double, y: Double) {
        self.t = t
        self.x = x
        self.y = y
    }
}

/// One finger's contact: down at the first sample, moves at the rest, then lifted, cancelled or still down.
public struct Stroke: Sendable, Equatable {
    public enum End: Sendable, Equatable {
        case up(Double)
        case cancel(Double)
        case stillDown
    }
    public var finger: Int
    public var samples: [Sample]
    public var end: End

    public init(finger: Int, samples: [Sample], end: End) {
        self.finger = finger
        self.samples = samples
        self.end = end
    }
}

public struct TraceEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case touch(Stroke)
        case push(ViewControllerSpec, animated: Bool)
        case pop(animated: Bool)
        case popToRoot(animated: Bool)
        case setStack([ViewControllerSpec], animated: Bool)
        case update(ViewControllerSpec)
        case setBarHidden(Bool, animated: Bool)
    }
    public var kind: Kind
    /// The start time: a touch's first sample, else its `t`.
    public var t: Double

    public init(_ kind: Kind, t: Double) {
        self.kind = kind
        self.t = t
    }

    /// The event with every view controller it names given this `maxStartX` (an update too: the
    /// value is everyone's already, so setting it changes nothing but keeps one rule).
    package func settingMaxStartX(_ value: Double) -> TraceEvent {
        var event = self
        switch kind {
        case .push(var spec, let animated):
            spec.maxStartX = value
            event.kind = .push(spec, animated: animated)
        case .setStack(let specs, let animated):
            event.kind = .setStack(
                specs.map {
                    var spec = $0
                    spec.maxStartX = value
                    return spec
                }, animated: animated)
        case .update(var spec):
            spec.maxStartX = value
            event.kind = .update(spec)
        case .touch, .pop, .popToRoot, .setBarHidden:
            break
        }
        return event
    }

    public static func touch(_ stroke: Stroke) -> TraceEvent {
        TraceEvent(.touch(stroke), t: stroke.samples[0].t)
    }
}

/// One `expect` item (SPEC section 6).
public enum Expectation: Sendable, Equatable {
    case outcome(gesture: Int, outcome: GestureOutcome, reason: GestureReason?)
    case pop(gesture: Int, result: PopResult)
    case final(stack: [String]?, barHidden: Bool?)
    case anomalies([AnomalyKind])
    case bar([BarPoint])
    /// `nil`: the gesture had no content (`content: none`).
    case content(gesture: Int, result: ContentResult?)
    /// Detection directions with consecutive repeats collapsed (SPEC section 10).
    case detections([ScrollDirection])
    /// A failed `back` is a missed back, a failed `stay` a false pop; counted apart (`IntentTally`).
    case intent(gesture: Int, intent: Intent)

    /// Every `kind`, in the SPEC's order (SARIF lists a rule for each).
    public static let kinds = ["outcome", "pop", "final", "anomalies", "bar", "content", "detections", "intent"]

    /// The item's kind as its key is spelt (SPEC section 6): what a finding, a baseline entry and a
    /// SARIF rule name.
    public var kind: String {
        switch self {
        case .outcome: "outcome"
        case .pop: "pop"
        case .final: "final"
        case .anomalies: "anomalies"
        case .bar: "bar"
        case .content: "content"
        case .detections: "detections"
        case .intent: "intent"
        }
    }

    public struct BarPoint: Sendable, Equatable {
        public var t: Double
        public var hidden: Bool
        public init(t: Double, hidden: Bool) {
            self.t = t
            self.hidden = hidden
        }
    }
}
