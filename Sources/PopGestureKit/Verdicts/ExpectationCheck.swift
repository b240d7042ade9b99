/// Evaluates a trace's `expect` items against its report (SPEC section 6). A failure says which item,
/// what was expected, what happened, and why.
enum ExpectationCheck {
    /// Evaluates against the full report when the replay kept one, else against its summary.
    /// `locations`: where each item is written (`Trace.expectationLocations`).
    static func evaluate(
        _ expectations: [Expectation], locations: [SourcePosition] = [], against facts: Facts, rules: Rules
    ) -> ExpectationResults {
        var results = ExpectationResults()
        for (index, expectation) in expectations.enumerated() {
            let message = failure(expectation, facts, rules)
            if let message {
                results.failed += 1
                results.failures.append(
                    ExpectationFailure(
                        index: index, message: "expect[\(index)]: \(message)", kind: expectation.kind,
                        location: index < locations.count ? locations[index] : nil))
            } else {
                results.passed += 1
            }
            if case .intent(_, let intent) = expectation {
                switch intent {
                case .back:
                    results.intent.back += 1
                    if message != nil { results.intent.missedBack += 1 }
                case .stay:
                    results.intent.stay += 1
                    if message != nil { results.intent.falsePop += 1 }
                }
            }
        }
        return results
    }

    /// What the replay found: its full report (messages can say why), or only the summary a replay
    /// without records keeps (verdicts are the same, messages shorter).
    enum Facts {
        case report(TraceReport)
        case summary(ExpectationEvidence, final: FinalState)

        var final: FinalState {
            switch self {
            case .report(let report): report.final
            case .summary(_, let final): final
            }
        }

        var gestureCount: Int {
            switch self {
            case .report(let report): report.gestures.count
            case .summary(let evidence, _): evidence.gestures.count
            }
        }

        func gesture(_ n: Int) -> GestureRecord? {
            switch self {
            case .report(let report): n >= 1 && n <= report.gestures.count ? report.gestures[n - 1] : nil
            case .summary(let evidence, _): evidence.gesture(n)
            }
        }

        var anomalyCount: Int {
            switch self {
            case .report(let report): report.anomalies.count
            case .summary(let evidence, _): evidence.anomalies.count
            }
        }

        func anomalyKinds(prefix n: Int) -> [AnomalyKind] {
            switch self {
            case .report(let report): report.anomalies.prefix(n).map(\.kind)
            case .summary(let evidence, _): evidence.anomalyKinds(prefix: n)
            }
        }

        func anomalyDetails(prefix n: Int) -> [String] {
            guard case .report(let report) = self else { return [] }
            return report.anomalies.prefix(n).map { "\($0.kind) at t=\(Readable.time($0.t)) (\($0.detail))" }
        }

        var barCount: Int {
            switch self {
            case .report(let report): report.bar.count - 1
            case .summary(let evidence, _): evidence.bar.count
            }
        }

        func barPoints(prefix n: Int) -> [(t: Double, hidden: Bool)] {
            switch self {
            case .report(let report): report.bar.dropFirst().prefix(n).map { ($0.t, $0.hidden) }
            case .summary(let evidence, _): evidence.bar.prefix(n).map { ($0.t, $0.hidden) }
            }
        }

        /// Every detection's direction, consecutive repeats collapsed.
        var detectionRuns: [ScrollDirection] {
            switch self {
            case .report(let report): collapsed(report.detections.map(\.direction))
            case .summary(let evidence, _):
                collapsed(
                    evidence.detections.prefix(evidence.detections.count).map { ScrollDirection.allCases[Int($0)] })
            }
        }

        func barCauses(prefix n: Int) -> [String] {
            guard case .report(let report) = self else { return [] }
            return report.bar.dropFirst().prefix(n).map(\.cause)
        }
    }

    /// A failure lists at most this many of what happened, then how many in all.
    static let shownItems = 20

    /// `items`, and how many more there were of `count`.
    private static func list(_ items: [String], of count: Int) -> String {
        "[" + items.joined(separator: ", ") + (count > items.count ? ", ... \(count) in all" : "") + "]"
    }

    private static func failure(_ expectation: Expectation, _ report: Facts, _ rules: Rules) -> String? {
        switch expectation {
        case .outcome(let n, let outcome, let reason):
            guard let gesture = gesture(n, report) else { return missing(n, report) }
            let actual = describe(gesture)
            let matches = gesture.outcome == outcome && (reason == nil || reason == gesture.reason)
            if matches { return nil }
            let wanted = outcome.rawValue + (reason.map { "(\($0.rawValue))" } ?? "")
            return "gesture \(n): expected \(wanted), got \(actual)\(decisionContext(gesture))"
        case .pop(let n, let result):
            guard let gesture = gesture(n, report) else { return missing(n, report) }
            guard let pop = gesture.pop else {
                return
                    "gesture \(n): expected pop \(result.rawValue), but the gesture \(describe(gesture)) and started no pop"
            }
            if pop.result == result { return nil }
            return
                "gesture \(n): expected pop \(result.rawValue), got \(pop.result.rawValue)\(pop.by.map { " by \($0.rawValue)" } ?? "")"
                + popContext(pop, rules)
        case .intent(let n, let intent):
            return intentFailure(n, intent, report, rules)
        case .content(let n, let result):
            guard let gesture = gesture(n, report) else { return missing(n, report) }
            let actual = gesture.content?.result
            if actual == result && (result != nil || gesture.content == nil) { return nil }
            let wanted = result?.rawValue ?? "none"
            guard let content = gesture.content else {
                return "gesture \(n): expected content \(wanted), but its down point hit no content region"
            }
            let region = content.region.isEmpty ? "" : " (\(content.region), \(content.kind.rawValue))"
            return "gesture \(n): expected content \(wanted), got \(actual?.rawValue ?? "undecided")\(region)"
                + (content.at.map { " claimed at t=\(Readable.time($0.t))" } ?? "") + "; the pop \(describe(gesture))"
        case .detections(let runs):
            let actual = report.detectionRuns
            if actual == runs { return nil }
            return
                "detections: expected [\(runs.map(\.rawValue).joined(separator: ", "))], got [\(actual.map(\.rawValue).joined(separator: ", "))] (consecutive repeats collapsed)"
        case .final(let stack, let barHidden):
            var problems: [String] = []
            if let stack, stack != report.final.stack {
                problems.append(
                    "stack [\(stack.joined(separator: ", "))] expected, got [\(report.final.stack.joined(separator: ", "))]"
                )
            }
            if let barHidden, barHidden != report.final.barHidden {
                problems.append("barHidden \(barHidden) expected, got \(report.final.barHidden)")
            }
            return problems.isEmpty ? nil : "final: " + problems.joined(separator: "; ")
        case .anomalies(let kinds):
            let count = report.anomalyCount
            if count == kinds.count, report.anomalyKinds(prefix: count) == kinds { return nil }
            let happened = report.anomalyDetails(prefix: shownItems)
            return
                "anomalies: expected [\(kinds.map(\.rawValue).joined(separator: ", "))], got \(list(report.anomalyKinds(prefix: shownItems).map(\.rawValue), of: count))"
                + (happened.isEmpty ? "" : ": " + happened.joined(separator: "; "))
        case .bar(let points):
            let count = report.barCount
            if count == points.count {
                let actual = report.barPoints(prefix: count)
                if actual.count == count, zip(actual, points).allSatisfy({ $0.t == $1.t && $0.hidden == $1.hidden }) {
                    return nil
                }
            }
            func show(_ t: Double, _ hidden: Bool) -> String { "[\(formatNumber(t)), \(hidden)]" }
            let causes = report.barCauses(prefix: shownItems)
            return
                "bar: expected [\(points.map { show($0.t, $0.hidden) }.joined(separator: ", "))], got \(list(report.barPoints(prefix: shownItems).map { show($0.t, $0.hidden) }, of: count))"
                + (causes.isEmpty ? "" : " (causes: \(causes.joined(separator: ", ")))")
        }
    }

    /// `back` holds when the gesture began and its pop completed, `stay` otherwise (SPEC section 6);
    /// a label naming no gesture fails either way.
    private static func intentFailure(_ n: Int, _ intent: Intent, _ report: Facts, _ rules: Rules) -> String? {
        let name = intent == .back ? "missed back" : "false pop"
        guard let gesture = gesture(n, report) else { return "\(name): " + missing(n, report) }
        if (intent == .back) == (gesture.pop?.result == .completed) { return nil }
        // Only a missed back can lack a pop: a stay without one holds.
        guard let pop = gesture.pop else {
            return
                "gesture \(n): missed back: labelled back, but the gesture \(describe(gesture)) and started no pop\(decisionContext(gesture))"
        }
        let ended =
            "the pop \(pop.result.rawValue)\(pop.by.map { " by \($0.rawValue)" } ?? "")" + popContext(pop, rules)
        return "gesture \(n): \(name): labelled \(intent.rawValue), but " + ended
    }

    private static func gesture(_ n: Int, _ report: Facts) -> GestureRecord? {
        report.gesture(n)
    }

    private static func missing(_ n: Int, _ report: Facts) -> String {
        "gesture \(n) expected, but the trace has \(report.gestureCount) gesture\(report.gestureCount == 1 ? "" : "s")"
    }

    static func describe(_ gesture: GestureRecord) -> String {
        let outcome = gesture.outcome?.rawValue ?? "undecided"
        return gesture.reason.map { "\(outcome)(\($0.rawValue))" } ?? outcome
    }

    private static func decisionContext(_ gesture: GestureRecord) -> String {
        guard let at = gesture.decidedAt else { return "" }
        let evidence = gesture.decisionEvidence
        return
            " at t=\(Readable.time(at.t)) (x=\(Readable.position(at.x)), y=\(Readable.position(at.y)); down at x=\(Readable.position(gesture.down.x)), y=\(Readable.position(gesture.down.y)))"
            + (evidence.map { ": \($0)" } ?? "")
    }

    private static func popContext(_ pop: PopRecord, _ rules: Rules) -> String {
        guard let progress = pop.progress else { return "" }
        guard let velocity = pop.velocity else {
            // Ended by a stack operation before any release: no release velocity, no model's decision.
            return pop.why.map { ": progress \(Readable.fraction(progress)): \($0.text)" } ?? ""
        }
        var text =
            ": progress \(Readable.fraction(progress)), release velocity \(Readable.velocity(velocity)) pt/s, \(rules.completion.model.rawValue) model"
        if let why = pop.why { text += ": \(why.text)" }
        if let settle = pop.settle { text += "; settles in \(settle.text)" }
        return text
    }
}

/// Consecutive repeats collapsed: `[up, up, down]` -> `[up, down]`.
func collapsed<T: Equatable>(_ items: [T]) -> [T] {
    var out: [T] = []
    for item in items where out.last != item { out.append(item) }
    return out
}
