/// What the replay found in one trace (SPEC section 8).
public struct TraceReport: Sendable, Equatable {
    public var trace: String
    public var source: String
    public var rules: String
    public var gestures: [GestureRecord] = []
    public var transitions: [TransitionRecord] = []
    public var bar: [BarEntry] = []
    public var anomalies: [Anomaly] = []
    public var notes: [Note] = []
    /// In time order (SPEC section 10).
    public var detections: [Detection] = []
    public var final = FinalState(stack: [], barHidden: false)
    public var expectations = ExpectationResults()
}

public struct GestureRecord: Sendable, Equatable {
    public var index: Int
    public var finger: Int
    public var down: Sample
    /// Nil only while the replay runs; every gesture is decided by the end.
    public var outcome: GestureOutcome?
    public var reason: GestureReason?
    public var decidedAt: Sample?
    public var pop: PopRecord?
    /// Nil when the down point hit no content region (SPEC sections 8 and 9).
    public var content: ContentRecord?
    /// How the recognizer recognized it; nil when it was not recognized (or refused before).
    public var recognition: Recognition?
    /// The check that refused it, with the value it tested; nil unless refused.
    public var refusal: CheckEvidence?
}

/// What the content under a gesture's down point did (SPEC section 8).
public struct ContentRecord: Sendable, Equatable {
    /// The claimant when there was one, claimed or not; else the front-most region hit.
    public var region: String
    public var kind: ContentRegion.Kind
    /// Nil only while the gesture runs.
    public var result: ContentResult?
    /// The claim point; nil unless claimed.
    public var at: Sample?
    /// A claimed scroll region's offset before the claim and after the lift's deceleration.
    public var offset: Offset?
    /// A claimed swipe row's new state.
    public var open: Bool?
    /// The contentDelayed delay in ms.
    public var delay: Double?

    public struct Offset: Sendable, Equatable {
        public var from: Double
        /// Nil while the finger is down.
        public var to: Double?
    }
}

public struct PopRecord: Sendable, Equatable {
    public var result: PopResult
    public var by: PopDecider?
    public var releasedAt: Double?
    public var progress: Double?
    public var velocity: Double?
    public var settledAt: Double?
    /// Why the completion model decided as it did; shown by failed expectations and the text timeline.
    public var why: ReleaseReason?
    /// How the settle time came about; nil unless released.
    public var settle: SettleTerms?
}

public struct TransitionRecord: Sendable, Equatable {
    public var kind: TransitionKind
    public var start: Double
    public var end: Double?
    public var from: String
    public var to: String
    public var animated: Bool
    public var result: PopResult
}

public struct BarEntry: Sendable, Equatable {
    public var t: Double
    public var hidden: Bool
    public var animated: Bool
    public var cause: BarCause
}

public struct FinalState: Sendable, Equatable {
    public var stack: [String]
    public var barHidden: Bool
}

public struct ExpectationResults: Sendable, Equatable {
    /// Every item, `intent` ones included (they are expectations, SPEC section 6).
    public var passed = 0
    public var failed = 0
    public var failures: [ExpectationFailure] = []
    /// The `intent` items among them, counted apart.
    public var intent = IntentTally()
}

/// `intent` labels and how many failed (SPEC section 6): `back` items, the failed ones (missed backs),
/// `stay` items, the failed ones (false pops).
public struct IntentTally: Sendable, Equatable {
    public var back = 0
    public var missedBack = 0
    public var stay = 0
    public var falsePop = 0

    public init() {}

    public var labels: Int { back + stay }
    public var failed: Int { missedBack + falsePop }

    public static func + (a: IntentTally, b: IntentTally) -> IntentTally {
        var sum = a
        sum.add(b)
        return sum
    }

    /// Every count by its JSON name, in the JSON's (sorted) order.
    package var fields: [(name: String, value: Int)] {
        [("back", back), ("falsePop", falsePop), ("missedBack", missedBack), ("stay", stay)]
    }

    public mutating func add(_ other: IntentTally) {
        back += other.back
        missedBack += other.missedBack
        stay += other.stay
        falsePop += other.falsePop
    }
}

/// A failed `expect` item and what the replay found instead, as records and numbers: the renderers
/// word it (`ExpectationFailure.message`), so that the replay never builds a sentence.
public struct ExpectationFailure: Sendable, Equatable {
    /// 0-based position in the trace's `expect` list.
    public var index: Int
    public var expectation: Expectation
    public var found: Found
    /// Where the item is written; nil for a trace built in code.
    public var location: SourcePosition?

    /// The item's kind (`Expectation.kind`).
    public var kind: String { expectation.kind }

    /// What the item asked about, as the replay recorded it. A replay without records keeps only a
    /// summary: gestures without positions or the pop's numbers, anomalies without details, bar
    /// changes without causes (those lists are then empty).
    public enum Found: Sendable, Equatable {
        /// The item names gesture `n`, but the trace has only `count` gestures.
        case noGesture(count: Int)
        /// The named gesture, and the completion model that ended its pop.
        case gesture(GestureRecord, model: CompletionModelKind)
        /// Every detection's direction, consecutive repeats collapsed.
        case detections([ScrollDirection])
        case final(FinalState)
        /// How many anomalies in all, the kinds of the first `ExpectationCheck.shownItems`, and their
        /// records when the replay kept them.
        case anomalies(count: Int, kinds: [AnomalyKind], records: [Anomaly])
        /// How many bar changes after the initial state in all, the first `shownItems`, and their causes
        /// when the replay kept them.
        case bar(count: Int, points: [Expectation.BarPoint], causes: [BarCause])
    }
}

/// A detector's report (SPEC section 10).
public struct Detection: Sendable, Equatable {
    /// The detector's name, else its kind.
    public var detector: String
    public var region: String
    public var t: Double
    public var direction: ScrollDirection
    public var offset: Double
    /// offset - start, before start moves.
    public var delta: Double
    /// Which drag of its detector's it came in (from 0): the text timeline groups runs within one
    /// drag. Not part of the JSON report.
    public var drag = 0
}
