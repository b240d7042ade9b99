import PopGestureCore

/// The words for what the replay found (SPEC section 8): an anomaly's or a note's `detail` and a bar
/// entry's `cause`. The replay records facts (`AnomalyFact`, `NoteFact`, `BarCause`); every output that
/// shows them, JSON included, words them here, so each reads the same everywhere.
enum FindingWording {
    static func detail(_ fact: AnomalyFact) -> String {
        switch fact {
        case .barFlicker(let changes):
            "bar changed \(changes) times"
        case .wrongFinalBar(let top, let prefersHidden, let barHidden):
            "top \(top) prefers barHidden=\(prefersHidden), bar is \(barHidden ? "hidden" : "shown")"
        case .abruptBarChange(let flight):
            "non-animated bar change during \(flight.rawValue)"
        case .nestedTransition(let gesture, let flight):
            "gesture \(gesture + 1) began during \(flight.rawValue)"
        case .contentDelayed(let region, let waited):
            "\(region) waited \(formatNumber(waited)) ms for the pop to fail"
        case .contentBlocked(let region):
            "\(region) waited for the pop to fail and never got the drag"
        case .doubleHandled(let region, let beforeMoment):
            "\(region) scrolls while the pop runs"
                + (beforeMoment ? " (gesture began before the content moment)" : "")
        case .controlInterrupted(let control):
            "the pop began over \(control), a control that tracks the touch without protection"
        case .missedScroll(let detector, let region, let moved):
            "\(detector) reported nothing while \(region) moved \(formatNumber(moved)) pt"
        }
    }

    static func detail(_ fact: NoteFact) -> String {
        switch fact {
        case .deferred(let operation), .popAtRoot(let operation): operation.rawValue
        case .duplicatePush(let id), .unknownVC(let id): id
        }
    }

    /// `initial`, `app`, `willAppear:ID`, `disappearHook:ID`.
    static func cause(_ cause: BarCause) -> String {
        switch cause {
        case .initial: "initial"
        case .app: "app"
        case .willAppear(let id): "willAppear:\(id)"
        case .disappearHook(let id): "disappearHook:\(id)"
        }
    }

    static func detail(_ anomaly: Anomaly) -> String { detail(anomaly.fact) }
    static func detail(_ note: Note) -> String { detail(note.fact) }
}
