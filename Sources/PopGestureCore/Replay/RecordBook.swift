/// What a replay keeps of what it found (SPEC section 8), apart from the rules that find it: the
/// whole report; or, for `check` without goldens and for a long recording once its loader committed
/// it, only the records still open, each closed one handed to the observer and summed up for the
/// expectations, so memory does not grow with a recording's length.
package struct RecordBook {
    package var report: TraceReport
    /// False from the start for `check` without goldens; with an observer, from the commit on.
    package private(set) var keepsRecords: Bool
    package let observer: (any ReplayObserver)?
    /// The observer wants `reached` (asked once: `reached` runs after every timeline item).
    private let observerFollowsTime: Bool
    /// Without records, what expectations need.
    package private(set) var evidence: ExpectationEvidence
    /// How many records were dropped before those kept: record numbers count from the start.
    private var gestureOffset = 0
    private var transitionOffset = 0

    /// `evidenceBlock`: what each of the evidence's logs keeps in memory before it spills to disk.
    package init(report: TraceReport, keepsRecords: Bool, observer: (any ReplayObserver)?, evidenceBlock: Int = 1 << 16)
    {
        evidence = ExpectationEvidence(blockSize: evidenceBlock)
        self.report = report
        self.keepsRecords = keepsRecords
        self.observer = observer
        observerFollowsTime = observer?.followsTime ?? false
    }

    // MARK: Records

    /// A new gesture's record; its number, from 0.
    package mutating func openGesture(finger: Int, down: Sample) -> Int {
        let record = gestureOffset + report.gestures.count
        report.gestures.append(GestureRecord(index: record + 1, finger: finger, down: down))
        return record
    }

    package mutating func editGesture(_ record: Int, _ body: (inout GestureRecord) -> Void) {
        body(&report.gestures[record - gestureOffset])
    }

    /// The number the next transition's record gets.
    package var nextTransition: Int { transitionOffset + report.transitions.count }

    /// A new transition's record; its number, from 0.
    package mutating func openTransition(_ record: TransitionRecord) -> Int {
        defer { report.transitions.append(record) }
        return nextTransition
    }

    package func transition(_ index: Int) -> TransitionRecord {
        report.transitions[index - transitionOffset]
    }

    package mutating func editTransition(_ index: Int, _ body: (inout TransitionRecord) -> Void) {
        body(&report.transitions[index - transitionOffset])
    }

    package mutating func note(at t: Double, _ fact: NoteFact) {
        report.notes.append(Finding(t: t, fact))
    }

    // MARK: Handing records over

    /// The loader keeps no copy of the events, so this replay will not be run again: from here on
    /// the observer gets the records, those closed so far first, and none are kept.
    package mutating func commit(
        trace: Trace, rules: String, bar: inout BarCoordinator, gestureIsOpen: Bool, firstInFlight: Int?
    ) {
        guard keepsRecords, let observer else { return }
        keepsRecords = false
        observer.began(trace: trace.name, source: trace.source, rules: rules)
        observer.changed(bar: bar.entries[0])
        let open = gestureIsOpen ? report.gestures.popLast() : nil
        closeGestures()
        if let open { report.gestures.append(open) }
        dropFinished(firstInFlight: firstInFlight, bar: &bar)
    }

    /// Without records: a gesture whose fingers are all up can no longer change; keep its summary.
    package mutating func closeGestures() {
        guard !keepsRecords else { return }
        for record in report.gestures {
            evidence.add(record)
            observer?.closed(gesture: record)
        }
        gestureOffset += report.gestures.count
        report.gestures.removeAll(keepingCapacity: true)
    }

    /// Without records: settled transitions, bar entries, anomalies (but their kinds) and notes go.
    /// A transition goes once it and every transition started before it have settled, so records
    /// leave in report order while transitions overlap (`stackOps: immediate`); `firstInFlight` is
    /// the record number of the earliest-started one still in flight.
    package mutating func dropFinished(firstInFlight: Int?, bar: inout BarCoordinator) {
        guard !keepsRecords else { return }
        if !report.transitions.isEmpty, case let settled = (firstInFlight ?? nextTransition) - transitionOffset,
            settled > 0
        {
            if let observer { for record in report.transitions.prefix(settled) { observer.closed(transition: record) } }
            transitionOffset += settled
            if settled == report.transitions.count {
                report.transitions.removeAll(keepingCapacity: true)
            } else {
                report.transitions.removeFirst(settled)
            }
        }
        // This runs after every timeline item: emptying an empty array is not free.
        if bar.entries.count > 1 {
            for entry in bar.entries.dropFirst() {
                evidence.add(bar: entry)
                observer?.changed(bar: entry)
            }
            bar.keepInitialEntryOnly()
        }
        if !report.anomalies.isEmpty {
            for anomaly in report.anomalies {
                evidence.add(anomaly: anomaly.kind)
                observer?.found(anomaly: anomaly)
            }
            report.anomalies.removeAll(keepingCapacity: true)
        }
        if !report.notes.isEmpty {
            if let observer { for note in report.notes { observer.found(note: note) } }
            report.notes.removeAll(keepingCapacity: true)
        }
        if !report.detections.isEmpty {
            for detection in report.detections {
                evidence.add(detection: detection.direction)
                observer?.found(detection: detection)
            }
            report.detections.removeAll(keepingCapacity: true)
        }
    }

    /// Without records, after the item at `t`: nothing to come happens before it, nor before the
    /// open gesture went down or the oldest unsettled transition started.
    /// `mutating` though it changes nothing: called on the session's book after every item, the
    /// non-mutating form copied the whole book (240 bytes) to call it.
    package mutating func reached(after t: Double) {
        guard !keepsRecords, observerFollowsTime, let observer else { return }
        var mark = t
        // By index: `first` would copy the whole record to read one field.
        if !report.gestures.isEmpty { mark = min(mark, report.gestures[0].down.t) }
        if !report.transitions.isEmpty { mark = min(mark, report.transitions[0].start) }
        observer.reached(mark)
    }

    /// The trace ended: transitions still in flight stay unfinished for good; the expectations are
    /// judged on the whole report, or on the evidence kept without records.
    package mutating func finish(
        bar: BarCoordinator, final: FinalState, expectations: [Expectation], locations: [SourcePosition], rules: Rules
    ) -> TraceReport {
        if !keepsRecords, let observer { for record in report.transitions { observer.closed(transition: record) } }
        report.bar = bar.entries
        report.final = final
        let facts: ExpectationCheck.Facts = keepsRecords ? .report(report) : .summary(evidence, final: final)
        report.expectations = ExpectationCheck.evaluate(
            expectations, locations: locations, against: facts, rules: rules)
        if !keepsRecords { observer?.finished(report) }
        return report
    }
}
