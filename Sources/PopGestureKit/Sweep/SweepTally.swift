import PopGestureCore

/// What one rule version of a sweep did over the files, in counts only: summed as records close,
/// never a report.
struct SweepTally: Sendable, Equatable {
    var documents = 0
    var errors = 0
    /// Expect items other than `intent` ones (those are counted in `intent`).
    var passed = 0
    var failed = 0
    var intent = IntentTally()
    var began = 0
    var unrecognized = 0
    /// By `GestureReason.allCases` index.
    var refused = [Int](repeating: 0, count: GestureReason.allCases.count)
    /// By `PopResult.allCases` index.
    var pops = [Int](repeating: 0, count: PopResult.allCases.count)
    /// By `ContentResult.allCases` index.
    var content = [Int](repeating: 0, count: ContentResult.allCases.count)
    /// By `AnomalyKind.allCases` index.
    var anomalies = [Int](repeating: 0, count: AnomalyKind.allCases.count)

    /// What `best` ranks first: missed backs and false pops.
    var intentFailures: Int { intent.failed }
    var completed: Int { pops[PopResult.allCases.firstIndex(of: .completed)!] }
    var anomalyCount: Int { anomalies.reduce(0, +) }

    mutating func add(gesture: GestureRecord) {
        switch gesture.outcome {
        case .began?: began += 1
        case .refused?: if let reason = gesture.reason { refused[GestureReason.allCases.firstIndex(of: reason)!] += 1 }
        case .unrecognized?, nil: unrecognized += 1
        }
        if let pop = gesture.pop { pops[PopResult.allCases.firstIndex(of: pop.result)!] += 1 }
        if let result = gesture.content?.result { content[ContentResult.allCases.firstIndex(of: result)!] += 1 }
    }

    mutating func add(anomaly: AnomalyKind) {
        anomalies[AnomalyKind.allCases.firstIndex(of: anomaly)!] += 1
    }

    /// A replayed document's expectation results; intent items apart from the others.
    mutating func add(expectations results: ExpectationResults) {
        documents += 1
        intent.add(results.intent)
        passed += results.passed - (results.intent.labels - results.intent.failed)
        failed += results.failed - results.intent.failed
    }

    mutating func add(_ other: SweepTally) {
        documents += other.documents
        errors += other.errors
        passed += other.passed
        failed += other.failed
        intent.add(other.intent)
        began += other.began
        unrecognized += other.unrecognized
        for i in refused.indices { refused[i] += other.refused[i] }
        for i in pops.indices { pops[i] += other.pops[i] }
        for i in content.indices { content[i] += other.content[i] }
        for i in anomalies.indices { anomalies[i] += other.anomalies[i] }
    }

    /// Non-zero counts by name, as the JSON maps hold them.
    static func nonZero<T: RawRepresentable>(_ counts: [Int], _ cases: [T]) -> [(String, Int)]
    where T.RawValue == String {
        zip(cases, counts).filter { $0.1 != 0 }.map { ($0.0.rawValue, $0.1) }
    }
}
