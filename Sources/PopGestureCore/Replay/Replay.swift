/// Replay stage: runs a trace's timeline under a rule version and reports what happened (SPEC 2-5).
public struct Replay: Sendable {
    public let rules: Rules
    /// False when only the expectations' verdicts are wanted (`check` without goldens): finished
    /// gestures, transitions, bar changes, anomalies and notes are then summed up in a few bytes and
    /// dropped, and the report holds only the final state and the expectation results.
    public let keepsRecords: Bool
    /// Keeps records until its loader commits it (keeps no copy of the events), then hands each
    /// record to the observer as it closes and keeps none: a short document gets its whole report,
    /// a long recording costs no memory.
    package let observer: (any ReplayObserver)?
    /// Hands every record to the observer from the first, as if committed at once: for a consumer
    /// that never needs a whole report (`diff`), whatever the document's length.
    package let observesFromStart: Bool
    /// Follows the replay sample by sample (`explain`).
    package let derivation: Derivation?
    /// `sweep`'s one trace key: every view controller's `maxStartX` (stack, pushes, setStack and
    /// updates alike) replaced by this value.
    package let maxStartX: Double?
    /// Elements each log of the expectation evidence keeps in memory: many replays of one long
    /// recording (`sweep`) keep small blocks, so memory stays bounded whatever their number.
    package let evidenceBlock: Int

    public init(rules: Rules, keepsRecords: Bool = true) {
        self.rules = rules
        self.keepsRecords = keepsRecords
        observer = nil
        observesFromStart = false
        derivation = nil
        maxStartX = nil
        evidenceBlock = 1 << 16
    }

    package init(
        rules: Rules, observer: any ReplayObserver, fromStart: Bool = false, maxStartX: Double? = nil,
        evidenceBlock: Int = 1 << 16
    ) {
        self.rules = rules
        keepsRecords = true
        self.observer = observer
        observesFromStart = fromStart
        derivation = nil
        self.maxStartX = maxStartX
        self.evidenceBlock = evidenceBlock
    }

    /// A replay that writes down how it decided, into `derivation`.
    public init(rules: Rules, derivation: Derivation) {
        self.rules = rules
        keepsRecords = true
        observer = nil
        observesFromStart = false
        self.derivation = derivation
        maxStartX = nil
        evidenceBlock = 1 << 16
    }

    public func run(_ trace: Trace) -> TraceReport {
        var session = ReplaySession(trace: trace, replay: self)
        for event in trace.events { session.feed(event) }
        return session.finish(name: trace.name, expectations: trace.expectations, locations: trace.expectationLocations)
    }

    /// A replay without records (or one that handed them all to its observer) words failed
    /// expectations briefly; with the trace's events at hand, the trace replayed again with records,
    /// so the failures say what happened and why (SPEC section 6). Nil when `report` needs no other
    /// wording.
    package func reworded(_ report: TraceReport, of trace: Trace) -> TraceReport? {
        guard !keepsRecords || observesFromStart, report.expectations.failed > 0, trace.eventsKept else { return nil }
        return Replay(rules: rules).run(trace)
    }
}

/// One trace's replay, fed its events in document order: it routes each timeline item to the SPEC's
/// parts (the gesture and its arbiter, the navigation controller with its transitions, bar and
/// interactive pop) and keeps nothing of its own but the clock's order; the record book decides
/// what is kept. `trace.events` is not read: the events arrive through `feed`, so a loader can hand
/// them over as it reads them.
package struct ReplaySession {
    package let trace: Trace
    package let rules: Rules
    package let arbiter: Arbiter
    /// `recognizer.systemEdge: uikit`: the arbiter of UIKit's own edge pop, which takes a gesture
    /// whose down is in its edge.
    package let systemEdge: Arbiter?
    package var timeline = Timeline()
    package var fingersDown = Set<Int>()
    package var gesture: Gesture?
    package var navigation: NavigationController
    package var records: RecordBook
    /// The time of the last item replayed: where a claimant still waiting at the end is blocked.
    package var lastItemTime = 0.0
    package var detectors: [any Detector]
    package let derivation: Derivation?
    package let maxStartX: Double?

    package init(trace header: Trace, replay: Replay) {
        let trace = replay.maxStartX.map { header.settingMaxStartX($0) } ?? header
        self.trace = trace
        maxStartX = replay.maxStartX
        rules = replay.rules
        derivation = replay.derivation
        arbiter = Arbiter(rules: rules, width: trace.screen.width, direction: trace.layoutDirection)
        systemEdge =
            rules.recognizer.systemEdge == .uikit
            ? Arbiter(rules: Rules.systemEdge, width: trace.screen.width, direction: trace.layoutDirection) : nil
        navigation = NavigationController(trace: trace, rules: rules)
        detectors = makeDetectors(rules.detectors)
        records = RecordBook(
            report: TraceReport(trace: trace.name, source: trace.source, rules: rules.name),
            keepsRecords: replay.keepsRecords, observer: replay.observer, evidenceBlock: replay.evidenceBlock)
        if replay.observesFromStart { commit() }
    }

    /// The next event, in document order (start times never decrease), for a session that keeps its
    /// own timeline; a `ReplayFeed` orders the events once for all its sessions and hands each the
    /// items (`replay(_:operation:)`).
    package mutating func feed(_ event: TraceEvent) {
        // Items up to this event's start can no longer be preceded by anything still to come.
        process(upTo: event.t)
        timeline.add(event)
    }

    /// The loader keeps no copy of the events, so this replay will not be run again.
    package mutating func commit() {
        records.commit(
            trace: trace, rules: rules.name, bar: &navigation.bar, gestureIsOpen: gesture != nil,
            firstInFlight: navigation.firstInFlight)
    }

    /// Ends the trace; `name` is the trace's, known only once the whole document was read.
    package mutating func finish(name: String, expectations: [Expectation], locations: [SourcePosition] = [])
        -> TraceReport
    {
        records.report.trace = name
        process(upTo: nil)
        navigation.settleDue(upTo: nil, records: &records)
        if let gesture, !gesture.decided {
            records.editGesture(gesture.record) {
                $0.outcome = .unrecognized
                $0.reason = .traceEnded
            }
        }
        if var gesture, gesture.trackedDown, gesture.content != nil {
            gesture.content!.traceEnded(at: lastItemTime, popBegan: gesture.began, anomalies: &records.report.anomalies)
            recordContent(&gesture)
            self.gesture = gesture
        }
        records.closeGestures()
        records.dropFinished(firstInFlight: navigation.firstInFlight, bar: &navigation.bar)
        // A pop still under way when the trace ends stays in flight, unfinished, for good.
        return records.finish(
            bar: navigation.bar, final: FinalState(stack: navigation.stack.ids, barHidden: navigation.bar.hidden),
            expectations: expectations, locations: locations, rules: rules)
    }

    private mutating func process(upTo limit: Double?) {
        while let item = timeline.next(upTo: limit) {
            replay(item, operation: timeline.takeOperation(item))
        }
    }

    /// The timeline's next item; `operation`: an operation item's operation, which its timeline hands
    /// over once.
    package mutating func replay(_ item: Timeline.Item, operation: TraceEvent.Kind?) {
        lastItemTime = item.t
        navigation.settleDue(upTo: item.t, records: &records)
        switch item.kind {
        case .down(let finger, let sample): down(finger, sample)
        case .move(let finger, let sample): move(finger, sample)
        case .lift(let finger, let cancelled): lift(finger, at: item.t, cancelled: cancelled)
        case .operation:
            if let operation {
                // `sweep`'s trace key, applied as the operation arrives.
                let kind = maxStartX.map { TraceEvent(operation, t: item.t).settingMaxStartX($0).kind } ?? operation
                navigation.arrive(kind, at: item.t, records: &records)
            }
        }
        records.dropFinished(firstInFlight: navigation.firstInFlight, bar: &navigation.bar)
        records.reached(after: item.t)
    }
}
