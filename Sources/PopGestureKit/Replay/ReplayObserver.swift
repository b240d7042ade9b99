/// Watches a replay that keeps no records, so that a report can be written while a long recording is
/// replayed rather than after it. Each record is handed over once it can no longer change, in report
/// order within its kind.
protocol ReplayObserver: AnyObject, Sendable {
    /// A replay starts; the name is empty when the document gives it after its events.
    func began(trace: String, source: String, rules: String)
    func closed(gesture: GestureRecord)
    func closed(transition: TransitionRecord)
    func changed(bar: BarEntry)
    func found(anomaly: Finding)
    func found(note: Finding)
    /// Nothing still open or still to come in this replay happens before `t`.
    func reached(_ t: Double)
    /// The replay will not be started again from its first event (its loader kept no copy of them),
    /// so what was observed may go out.
    func committed()
    /// Every record was handed over; `report` holds the name, final state and expectation verdicts.
    func finished(_ report: TraceReport)
}
