/// Evaluates a trace's `expect` items against its report (SPEC section 6). A failure is its item and
/// what the replay found instead; `ExpectationFailure.message` words it.
package enum ExpectationCheck {
    /// Evaluates against the full report when the replay kept one, else against its summary.
    /// `locations`: where each item is written (`Trace.expectationLocations`).
    package static func evaluate(
        _ expectations: [Expectation], locations: [SourcePosition] = [], against facts: Facts, rules: Rules
    ) -> ExpectationResults {
        var results = ExpectationResults()
        for (index, expectation) in expectations.enumerated() {
            let found = failure(expectation, facts, rules)
            if let found {
                results.failed += 1
                results.failures.append(
                    ExpectationFailure(
                        index: index, expectation: expectation, found: found,
                        location: index < locations.count ? locations[index] : nil))
            } else {
                results.passed += 1
            }
            if case .intent(_, let intent) = expectation {
                switch intent {
                case .back:
                    results.intent.back += 1
                    if found != nil { results.intent.missedBack += 1 }
                case .stay:
                    results.intent.stay += 1
                    if found != nil { results.intent.falsePop += 1 }
                }
            }
        }
        return results
    }

    /// What the replay found: its full report (a failure can say why), or only the summary a replay
    /// without records keeps (verdicts are the same, failures carry less).
    package enum Facts {
        case report(TraceReport)
        case summary(ExpectationEvidence, final: FinalState)

        package var final: FinalState {
            switch self {
            case .report(let report): report.final
            case .summary(_, let final): final
            }
        }

        package var gestureCount: Int {
            switch self {
            case .report(let report): report.gestures.count
            case .summary(let evidence, _): evidence.gestures.count
            }
        }

        package func gesture(_ n: Int) -> GestureRecord? {
            switch self {
            case .report(let report): n >= 1 && n <= report.gestures.count ? report.gestures[n - 1] : nil
            case .summary(let evidence, _): evidence.gesture(n)
            }
        }

        package var anomalyCount: Int {
            switch self {
            case .report(let report): report.anomalies.count
            case .summary(let evidence, _): evidence.anomalies.count
            }
        }

        package func anomalyKinds(prefix n: Int) -> [AnomalyKind] {
            switch self {
            case .report(let report): report.anomalies.prefix(n).map(\.kind)
            case .summary(let evidence, _): evidence.anomalyKinds(prefix: n)
            }
        }

        /// The first `n` anomalies' records; none without a full report.
        package func anomalies(prefix n: Int) -> [Anomaly] {
            guard case .report(let report) = self else { return [] }
            return Array(report.anomalies.prefix(n))
        }

        package var barCount: Int {
            switch self {
            case .report(let report): report.bar.count - 1
            case .summary(let evidence, _): evidence.bar.count
            }
        }

        package func barPoints(prefix n: Int) -> [Expectation.BarPoint] {
            switch self {
            case .report(let report): report.bar.dropFirst().prefix(n).map { .init(t: $0.t, hidden: $0.hidden) }
            case .summary(let evidence, _): evidence.bar.prefix(n).map { .init(t: $0.t, hidden: $0.hidden) }
            }
        }

        /// Every detection's direction, consecutive repeats collapsed.
        package var detectionRuns: [ScrollDirection] {
            switch self {
            case .report(let report): collapsed(report.detections.map(\.direction))
            case .summary(let evidence, _):
                collapsed(
                    evidence.detections.prefix(evidence.detections.count).map { ScrollDirection.allCases[Int($0)] })
            }
        }

        package func barCauses(prefix n: Int) -> [BarCause] {
            guard case .report(let report) = self else { return [] }
            return report.bar.dropFirst().prefix(n).map(\.cause)
        }
    }

    /// A failure lists at most this many of what happened, then how many in all.
    package static let shownItems = 20

    /// Nil when the item holds; else what the replay found instead.
    private static func failure(
        _ expectation: Expectation, _ facts: Facts, _ rules: Rules
    ) -> ExpectationFailure.Found? {
        func named(_ n: Int, holds: (GestureRecord) -> Bool) -> ExpectationFailure.Found? {
            guard let gesture = facts.gesture(n) else { return .noGesture(count: facts.gestureCount) }
            return holds(gesture) ? nil : .gesture(gesture, model: rules.completion.model)
        }
        switch expectation {
        case .outcome(let n, let outcome, let reason):
            return named(n) { $0.outcome == outcome && (reason == nil || reason == $0.reason) }
        case .pop(let n, let result):
            return named(n) { $0.pop?.result == result }
        case .intent(let n, let intent):
            // `back` holds when the gesture began and its pop completed, `stay` otherwise (SPEC section 6).
            return named(n) { (intent == .back) == ($0.pop?.result == .completed) }
        case .content(let n, let result):
            return named(n) { $0.content?.result == result && (result != nil || $0.content == nil) }
        case .detections(let runs):
            let actual = facts.detectionRuns
            return actual == runs ? nil : .detections(actual)
        case .final(let stack, let barHidden):
            let final = facts.final
            let holds = (stack == nil || stack == final.stack) && (barHidden == nil || barHidden == final.barHidden)
            return holds ? nil : .final(final)
        case .anomalies(let kinds):
            let count = facts.anomalyCount
            if count == kinds.count, facts.anomalyKinds(prefix: count) == kinds { return nil }
            return .anomalies(
                count: count, kinds: facts.anomalyKinds(prefix: shownItems),
                records: facts.anomalies(prefix: shownItems))
        case .bar(let points):
            let count = facts.barCount
            if count == points.count, facts.barPoints(prefix: count) == points { return nil }
            return .bar(
                count: count, points: facts.barPoints(prefix: shownItems), causes: facts.barCauses(prefix: shownItems))
        }
    }
}

/// Consecutive repeats collapsed: `[up, up, down]` -> `[up, down]`.
package func collapsed<T: Equatable>(_ items: [T]) -> [T] {
    var out: [T] = []
    for item in items where out.last != item { out.append(item) }
    return out
}
