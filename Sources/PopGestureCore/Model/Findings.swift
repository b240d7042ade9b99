/// What a finding's kind needs beyond its time: the ids and numbers that say why, as the replay
/// decided them. `FindingWording` (Reporting) turns them into the `detail` people read.
public protocol FindingFact: Sendable, Equatable {
    associatedtype Kind: RawRepresentable & Sendable & Equatable where Kind.RawValue == String
    var kind: Kind { get }
}

/// An anomaly or a note: when, and what was found.
public struct Finding<Fact: FindingFact>: Sendable, Equatable {
    public var t: Double
    public var fact: Fact
    public var kind: Fact.Kind { fact.kind }

    public init(t: Double, _ fact: Fact) {
        self.t = t
        self.fact = fact
    }
}

public typealias Anomaly = Finding<AnomalyFact>
public typealias Note = Finding<NoteFact>

/// SPEC sections 4, 5, 9 and 10: one case per `AnomalyKind`.
public enum AnomalyFact: FindingFact {
    /// The bar changed `changes` times during one transition.
    case barFlicker(changes: Int)
    /// The settled top prefers `prefersHidden`; the bar's state is `barHidden`.
    case wrongFinalBar(top: String, prefersHidden: Bool, barHidden: Bool)
    /// A non-animated bar change while this transition was in flight.
    case abruptBarChange(during: TransitionKind)
    /// The gesture record (0-based) began while this transition was in flight.
    case nestedTransition(gesture: Int, during: TransitionKind)
    /// The region waited this many ms for the pop to fail.
    case contentDelayed(region: String, waited: Double)
    case contentBlocked(region: String)
    /// The region scrolls while the pop runs; `beforeMoment`: the pop began before the content moment.
    case doubleHandled(region: String, beforeMoment: Bool)
    /// The pop began over this control, which tracks the touch without protection.
    case controlInterrupted(control: String)
    /// The detector reported nothing while the region moved this many points.
    case missedScroll(detector: String, region: String, moved: Double)

    public var kind: AnomalyKind {
        switch self {
        case .barFlicker: .barFlicker
        case .wrongFinalBar: .wrongFinalBar
        case .abruptBarChange: .abruptBarChange
        case .nestedTransition: .nestedTransition
        case .contentDelayed: .contentDelayed
        case .contentBlocked: .contentBlocked
        case .doubleHandled: .doubleHandled
        case .controlInterrupted: .controlInterrupted
        case .missedScroll: .missedScroll
        }
    }
}

/// SPEC sections 2 and 4: one case per `NoteKind`. A stack operation is named by the transition
/// kind it starts when it runs.
public enum NoteFact: FindingFact {
    case deferred(TransitionKind)
    case duplicatePush(id: String)
    /// `.pop` or `.popToRoot` with one controller on the stack.
    case popAtRoot(TransitionKind)
    case unknownVC(id: String)

    public var kind: NoteKind {
        switch self {
        case .deferred: .deferred
        case .duplicatePush: .duplicatePush
        case .popAtRoot: .popAtRoot
        case .unknownVC: .unknownVC
        }
    }
}

/// What set a bar entry (SPEC section 5).
public enum BarCause: Sendable, Equatable {
    case initial
    /// The app's own `setBarHidden`.
    case app
    /// The viewWillAppear block of this controller.
    case willAppear(String)
    /// FD's disappear hook, as this controller disappeared.
    case disappearHook(String)
}
