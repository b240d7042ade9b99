import PopGestureCore

/// One version's replay of the document being read, watched record by record.
final class SweepFeed: ReplayObserver, @unchecked Sendable {
    // Fed by the one thread that reads the file.
    private(set) var tally = SweepTally()
    /// Each gesture's result code, in gesture order (`label` words it). A byte a gesture is 400 MB
    /// for a hundred versions of a 4-million-gesture recording: past a block they go to a file.
    private(set) var results = SweepFeed.newResults()

    static func newResults() -> RecordLog<UInt8> { RecordLog(blockSize: SweepFeed.resultsBlock) }
    /// Gestures a version keeps in memory, and how many `SweepFileJob` compares at a time.
    static let resultsBlock = 4096

    /// A document starts, or its replay starts again from its kept events: what was counted is stale.
    func began(trace: String, source: String, rules: String) {
        tally = SweepTally()
        results = Self.newResults()
    }

    // Built once: `allCases` makes a new array at every use, and this runs once a gesture a version.
    private static let pops = PopResult.allCases
    private static let reasons = GestureReason.allCases

    func closed(gesture: GestureRecord) {
        tally.add(gesture: gesture)
        if let pop = gesture.pop {
            results.append(UInt8(Self.pops.firstIndex(of: pop.result)!))
        } else {
            results.append(
                UInt8(Self.pops.count + (gesture.reason.map { Self.reasons.firstIndex(of: $0)! + 1 } ?? 0)))
        }
    }

    func closed(transition: TransitionRecord) {}
    func changed(bar entry: BarEntry) {}
    func found(anomaly: Anomaly) { tally.add(anomaly: anomaly.kind) }
    func found(note: Note) {}
    func found(detection: Detection) {}
    func reached(_ t: Double) {}
    func finished(_ report: TraceReport) {}

    /// The pop result's code, or one code for every gesture that started no pop.
    static func popResult(_ code: UInt8) -> UInt8 {
        min(code, UInt8(PopResult.allCases.count))
    }

    /// `completed`, `cancelled`, ... for a pop; `refused(beyondMaxStartX)` or
    /// `unrecognized(touchEnded)` for a gesture that started none.
    static func label(_ code: UInt8) -> String {
        let pops = PopResult.allCases
        if Int(code) < pops.count { return pops[Int(code)].rawValue }
        let reasonIndex = Int(code) - pops.count - 1
        guard reasonIndex >= 0 else { return "undecided" }
        let reason = GestureReason.allCases[reasonIndex]
        return (GestureReason.unrecognized.contains(reason) ? "unrecognized" : "refused") + "(\(reason.rawValue))"
    }
}
