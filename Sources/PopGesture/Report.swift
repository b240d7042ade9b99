import Foundation
internal import PopGestureCore
internal import PopGestureKit

/// What a replay found in one trace (docs/reference/reports.md): each gesture with the arbiter's
/// decision and its pop, the transitions, the navigation bar over time, anomalies and notes, the final
/// state, and the verdict on each `expect` item. Values only; the same facts, every digit kept, are in
/// ``json``.
public struct Report: Sendable {
    let context: ReplayContext

    /// The trace's name.
    public let trace: String
    /// `path#N`: the trace file and the document's place in it.
    public let source: String
    /// The rule version it was replayed under.
    public let rules: String
    /// Every touch that could start a gesture, in order (``Gesture/index`` from 1).
    public let gestures: [Gesture]
    /// The transitions the stack went through: pushes, pops, interactive pops.
    public let transitions: [Transition]
    /// The navigation bar over time; the first entry is the initial state.
    public let bar: [BarChange]
    public let anomalies: [Anomaly]
    /// What the replay did with an operation it could not run as given (deferred, at the root, ...).
    public let notes: [Note]
    /// The stack and the bar once everything settled.
    public let final: FinalState
    /// The verdict on the trace's `expect` items.
    public let expectations: ExpectationResults

    /// The interactive pops, in gesture order: each gesture that began one.
    public var pops: [Pop] { gestures.compactMap(\.pop) }

    /// The report as one line of JSON, exactly what `popgesture replay --format json` prints for the
    /// trace (keys sorted, numbers shortest round-trip; schemas/report.schema.json).
    public var json: String { context.report.jsonLine() }

    init(_ context: ReplayContext) {
        self.context = context
        let report = context.report
        let words = Words(json: report.jsonLine())
        trace = report.trace
        source = report.source
        rules = report.rules
        gestures = report.gestures.map { Gesture($0, context: context) }
        transitions = report.transitions.map(Transition.init)
        bar = report.bar.enumerated().map { BarChange($1, cause: words.string("bar", $0, "cause")) }
        anomalies = report.anomalies.enumerated().map {
            Anomaly(
                t: $1.t, kind: AnomalyKind(rawValue: $1.kind.rawValue)!, detail: words.string("anomalies", $0, "detail")
            )
        }
        notes = report.notes.enumerated().map {
            Note(t: $1.t, kind: $1.kind.rawValue, detail: words.string("notes", $0, "detail"))
        }
        final = FinalState(stack: report.final.stack, barHidden: report.final.barHidden)
        expectations = ExpectationResults(report.expectations, context: context)
    }

    /// Checks one expectation written in code against this replay, as an `expect` item is checked;
    /// nil when it holds. The failure is worded as `popgesture check` words it, with `explain`'s
    /// derivation.
    public func check(_ expectation: Expectation) -> ExpectationFailure? {
        context.check(expectation)
    }

    /// The replay drawn as `popgesture plot` draws it: the finger, the recognizer's decision, the
    /// pop's progress, transitions, the bar and the content on one time axis, as a self-contained SVG.
    /// - Throws: ``PopGestureError`` when the trace's file can no longer be read.
    public func timelineSVG() throws -> String {
        try context.svg()
    }

    /// `explain`'s derivation of gesture `gesture` (from 1), or of every gesture: each sample with
    /// what it did to the recognizer, the begin checks, the projection statistics, the release and
    /// the settle.
    public func explanation(gesture: Int? = nil) -> String {
        context.explanation(gesture: gesture)
    }
}

/// The words the JSON report gives a finding's `detail` and a bar entry's `cause`: one wording for
/// every output.
private struct Words {
    let object: [String: Any]

    init(json: String) {
        object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
    }

    func string(_ list: String, _ index: Int, _ key: String) -> String {
        guard let items = object[list] as? [[String: Any]], index < items.count else { return "" }
        return items[index][key] as? String ?? ""
    }
}

/// A sample of the tracked finger: time in ms, position in points.
public struct Point: Sendable, Equatable {
    public var t: Double
    public var x: Double
    public var y: Double

    public init(t: Double, x: Double, y: Double) {
        self.t = t
        self.x = x
        self.y = y
    }

    init(_ sample: Sample) {
        t = sample.t
        x = sample.x
        y = sample.y
    }
}

/// A change of the navigation bar's state, and what made it.
public struct BarChange: Sendable, Equatable {
    /// When, in ms.
    public var t: Double
    public var hidden: Bool
    public var animated: Bool
    /// What set it, as reports word it: `initial`, `app`, `willAppear:inbox`, `disappearHook:thread`.
    public var cause: String

    init(_ entry: BarEntry, cause: String) {
        t = entry.t
        hidden = entry.hidden
        animated = entry.animated
        self.cause = cause
    }
}

/// An anomaly: when, which kind, and the detail reports print (`bar changed 2 times`).
public struct Anomaly: Sendable, Equatable {
    public var t: Double
    public var kind: AnomalyKind
    public var detail: String

    public init(t: Double, kind: AnomalyKind, detail: String) {
        self.t = t
        self.kind = kind
        self.detail = detail
    }
}

/// A note: when, which kind (`deferred`, `duplicatePush`, `popAtRoot`, `unknownVC`), and its detail.
public struct Note: Sendable, Equatable {
    public var t: Double
    public var kind: String
    public var detail: String
}

/// The stack (back to front) and the bar once the replay settled.
public struct FinalState: Sendable, Equatable {
    public var stack: [String]
    public var barHidden: Bool

    public init(stack: [String], barHidden: Bool) {
        self.stack = stack
        self.barHidden = barHidden
    }
}

/// A transition of the stack.
public struct Transition: Sendable, Equatable {
    /// `push`, `pop`, `popToRoot`, `setStack` or `interactivePop`.
    public var kind: String
    /// When it started and settled, in ms; `end` is nil for one still in flight when the trace ended.
    public var start: Double
    public var end: Double?
    /// The top view controller's id before and after.
    public var from: String
    public var to: String
    public var animated: Bool
    /// An interactive pop's result; `completed` for the other kinds once they settle.
    public var result: PopResult

    init(_ record: TransitionRecord) {
        kind = record.kind.rawValue
        start = record.start
        end = record.end
        from = record.from
        to = record.to
        animated = record.animated
        result = PopResult(rawValue: record.result.rawValue)!
    }
}
