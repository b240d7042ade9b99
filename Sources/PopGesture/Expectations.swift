internal import PopGestureCore
internal import PopGestureKit

/// The verdict on a trace's `expect` items (docs/reference/expectations.md).
public struct ExpectationResults: Sendable {
    /// Items that held, `intent` labels included.
    public let passed: Int
    public let failed: Int
    /// Each failed item, in `expect` order.
    public let failures: [ExpectationFailure]
    /// `intent: back` items whose pop did not complete.
    public let missedBacks: Int
    /// `intent: stay` items whose pop completed.
    public let falsePops: Int

    /// True when every item held (a trace without items passes).
    public var allPassed: Bool { failed == 0 }

    init(_ results: PopGestureCore.ExpectationResults, context: ReplayContext) {
        passed = results.passed
        failed = results.failed
        missedBacks = results.intent.missedBack
        falsePops = results.intent.falsePop
        failures = results.failures.map { ExpectationFailure($0, context: context, writtenInTrace: true) }
    }
}

/// A place in a trace file: 1-based line and column.
public struct TraceLocation: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }
}

/// A failed expectation, worded as `popgesture check` words it, with `popgesture explain`'s derivation.
public struct ExpectationFailure: Sendable, CustomStringConvertible {
    /// The item's place in the trace's `expect` list (from 0); nil for an expectation written in code.
    public let index: Int?
    /// The item's kind: `outcome`, `pop`, `intent`, `content`, `final`, `anomalies`, `bar` or
    /// `detections`.
    public let kind: String
    /// The gesture the item names, if it names one.
    public let gesture: Int?
    /// What was expected, what happened and why: `expect[1]: gesture 1: expected pop completed, got
    /// cancelled by projection: progress 0.046, ...` (without `expect[N]: ` for one written in code).
    public let message: String
    /// Where the item is written; nil for an expectation written in code.
    public let location: TraceLocation?
    /// The trace's name and the rule version it was replayed under.
    public let trace: String
    public let rules: String
    /// `popgesture explain`'s derivation of the gesture the item names (of every gesture when it
    /// names none): each sample, the begin checks, the projection statistics, the release. Derived
    /// when read (the trace is replayed again, step by step).
    public var explanation: String { context.explanation(gesture: gesture) }
    let context: ReplayContext

    /// The failure as `popgesture check` prints it, in the compiler form editors and CI read:
    /// `path:line:column: expectation failed: TRACE (RULES): MESSAGE`.
    public var description: String {
        "\(location.map { "\($0): " } ?? "")expectation failed: \(trace) (\(rules)): \(message)"
    }

    init(_ failure: PopGestureCore.ExpectationFailure, context: ReplayContext, writtenInTrace: Bool) {
        index = writtenInTrace ? failure.index : nil
        kind = failure.kind
        gesture = failure.expectation.gesture
        let prefix = "expect[\(failure.index)]: "
        message =
            writtenInTrace || !failure.message.hasPrefix(prefix)
            ? failure.message : String(failure.message.dropFirst(prefix.count))
        location = failure.location.map { TraceLocation(path: $0.path, line: $0.line, column: $0.column) }
        trace = context.report.trace
        rules = context.report.rules
        self.context = context
    }
}

/// An expectation written in code, checked as the same `expect` item in a trace would be
/// (``Report/check(_:)``).
///
/// ```swift
/// #expect(report.check(.gesture(1, .pop(.completed))) == nil)
/// #expect(report.check(.final(stack: ["inbox"], barHidden: false)) == nil)
/// ```
public struct Expectation: Sendable {
    let core: PopGestureCore.Expectation

    init(_ core: PopGestureCore.Expectation) { self.core = core }

    /// `{gesture: N, ...}`: an item about gesture `n` (from 1).
    public static func gesture(_ n: Int, _ expectation: GestureExpectation) -> Expectation {
        Expectation(expectation.core(n))
    }

    /// `{final: {stack: [...], barHidden: ...}}`: the settled stack (back to front) and bar; a nil
    /// part is not checked.
    public static func final(stack: [String]? = nil, barHidden: Bool? = nil) -> Expectation {
        Expectation(.final(stack: stack, barHidden: barHidden))
    }

    /// `{anomalies: [...]}`: exactly these anomalies, in order (`[]`: none).
    public static func anomalies(_ kinds: [AnomalyKind]) -> Expectation {
        Expectation(.anomalies(kinds.map(\.core)))
    }

    /// `{bar: [[t, hidden], ...]}`: exactly these bar changes after the initial state.
    public static func bar(_ changes: [(t: Double, hidden: Bool)]) -> Expectation {
        Expectation(.bar(changes.map { .init(t: $0.t, hidden: $0.hidden) }))
    }
}

/// What an expectation says about one gesture.
public struct GestureExpectation: Sendable {
    let core: @Sendable (Int) -> PopGestureCore.Expectation

    /// `{gesture: N, pop: RESULT}`: the gesture began a pop that ended so.
    public static func pop(_ result: PopResult) -> GestureExpectation {
        GestureExpectation { .pop(gesture: $0, result: result.core) }
    }

    /// `{gesture: N, outcome: OUTCOME}`: the arbiter decided so.
    public static func outcome(_ outcome: GestureOutcome) -> GestureExpectation {
        GestureExpectation { .outcome(gesture: $0, outcome: outcome.core, reason: nil) }
    }

    /// `{gesture: N, intent: back|stay}`: a take labelled with what the person meant.
    public static func intent(_ intent: Intent) -> GestureExpectation {
        GestureExpectation { .intent(gesture: $0, intent: intent.core) }
    }

    /// `{gesture: N, content: RESULT}`; nil: the down point hit no content region.
    public static func content(_ result: ContentResult?) -> GestureExpectation {
        GestureExpectation { .content(gesture: $0, result: result?.core) }
    }
}

extension PopGestureCore.Expectation {
    /// The gesture the item names, if any.
    var gesture: Int? {
        switch self {
        case .outcome(let n, _, _), .pop(let n, _), .content(let n, _), .intent(let n, _): n
        case .final, .anomalies, .bar, .detections: nil
        }
    }
}

extension ReplayContext {
    func check(_ expectation: Expectation) -> ExpectationFailure? {
        let results = ExpectationCheck.evaluate([expectation.core], against: .report(report), rules: rules)
        return results.failures.first.map { ExpectationFailure($0, context: self, writtenInTrace: false) }
    }

    func explanation(gesture: Int?) -> String {
        let explanation = Explanation(trace: trace.core, rules: rules)
        let known = gesture.map { $0 >= 1 && $0 <= report.gestures.count } ?? false
        return explanation.text(gesture: known ? gesture : nil)
    }
}
