/// Watches a replay that stopped keeping records (once its loader committed it: see
/// `ReplaySession.commit`), so that a long recording's report is written while it is replayed rather
/// than held whole. Each record is handed over once it can no longer change, in report order within
/// its kind, those closed before the commit first.
package protocol ReplayObserver: AnyObject, Sendable {
    /// Records start coming; the name is empty when the document gives it after its events.
    func began(trace: String, source: String, rules: String)
    func closed(gesture: GestureRecord)
    func closed(transition: TransitionRecord)
    func changed(bar: BarEntry)
    func found(anomaly: Anomaly)
    func found(note: Note)
    func found(detection: Detection)
    /// Nothing still open or still to come in this replay happens before `t`.
    func reached(_ t: Double)
    /// Whether `reached` is wanted: it would be called after every timeline item, and only an
    /// observer that orders what it writes by time (the text timeline) uses it.
    var followsTime: Bool { get }
    /// Every record was handed over; `report` holds the name, final state and expectation verdicts.
    func finished(_ report: TraceReport)
}

extension ReplayObserver {
    package var followsTime: Bool { false }
}

/// Lets every record go: for a replay whose records matter only while its loader keeps the trace's
/// events (`plot` draws a trace from both), so that a recording too long to keep them costs no
/// memory for records nobody will read.
package final class RecordDiscarder: ReplayObserver, @unchecked Sendable {
    package init() {}
    package func began(trace: String, source: String, rules: String) {}
    package func closed(gesture: GestureRecord) {}
    package func closed(transition: TransitionRecord) {}
    package func changed(bar: BarEntry) {}
    package func found(anomaly: Anomaly) {}
    package func found(note: Note) {}
    package func found(detection: Detection) {}
    package func reached(_ t: Double) {}
    package func finished(_ report: TraceReport) {}
}
