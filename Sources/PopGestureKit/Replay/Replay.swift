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
    let observer: (any ReplayObserver)?

    public init(rules: Rules, keepsRecords: Bool = true) {
        self.rules = rules
        self.keepsRecords = keepsRecords
        observer = nil
    }

    init(rules: Rules, observer: any ReplayObserver) {
        self.rules = rules
        keepsRecords = true
        self.observer = observer
    }

    public func run(_ trace: Trace) -> TraceReport {
        var session = ReplaySession(trace: trace, replay: self)
        for event in trace.events { session.feed(event) }
        return session.finish(name: trace.name, expectations: trace.expectations)
    }

    /// A replay without records words failed expectations briefly; with the trace's events at hand,
    /// the trace replayed again with records, so the failures say what happened and why (SPEC
    /// section 6). Nil when `report` needs no other wording.
    func reworded(_ report: TraceReport, of trace: Trace) -> TraceReport? {
        guard !keepsRecords, report.expectations.failed > 0, trace.eventsKept else { return nil }
        return Replay(rules: rules).run(trace)
    }
}

/// One trace's replay, fed its events in document order. `trace.events` is not read: the events
/// arrive through `feed`, so a loader can hand them over as it reads them.
struct ReplaySession {
    let trace: Trace
    let rules: Rules
    let recognizer: Recognizer
    let arbiter: Arbiter
    let completion: CompletionModel
    let settle: Settle
    var report: TraceReport
    var stack: NavigationStack
    var bar: BarCoordinator
    /// At most one transition is in flight: operations wait (are deferred) behind it.
    var inFlight: (index: Int, barMark: Int)?
    var deferred: [TraceEvent.Kind] = []
    var timeline = Timeline()
    var fingersDown = Set<Int>()
    var gesture: Gesture?
    var pop: InteractivePop?
    /// False from the start for `check` without goldens; with an observer, from the commit on.
    var keepsRecords: Bool
    let observer: (any ReplayObserver)?
    /// Without records, what expectations need; and how many records were dropped before those kept.
    var evidence = ExpectationEvidence()
    var gestureOffset = 0
    var transitionOffset = 0

    init(trace: Trace, replay: Replay) {
        self.trace = trace
        rules = replay.rules
        keepsRecords = replay.keepsRecords
        observer = replay.observer
        recognizer = Recognizer(rules: rules.recognizer, width: trace.screen.width, direction: trace.layoutDirection)
        arbiter = Arbiter(rules: rules, recognizer: recognizer)
        completion = CompletionModel(completion: rules.completion, duration: rules.transition.duration)
        settle = Settle(transition: rules.transition)
        report = TraceReport(trace: trace.name, source: trace.source, rules: rules.name)
        let controllers = trace.stack.map(ViewControllerInstance.init)
        // The initial stack counts as pushed in order: each push gives the pushed and the old top a
        // block, so a lone root has none.
        if trace.barAppearanceManaged, controllers.count >= 2 {
            for controller in controllers { controller.fdBlock = true }
        }
        stack = NavigationStack(controllers)
        let initiallyHidden = trace.initialBarHidden ?? (trace.barAppearanceManaged ? controllers[controllers.count - 1].barHidden : false)
        bar = BarCoordinator(bar: rules.bar, managed: trace.barAppearanceManaged, initiallyHidden: initiallyHidden)
    }

    /// The next event, in document order (start times never decrease).
    mutating func feed(_ event: TraceEvent) {
        // Items up to this event's start can no longer be preceded by anything still to come.
        process(upTo: event.t)
        timeline.add(event)
    }

    /// The loader keeps no copy of the events, so this replay will not be run again: from here on
    /// its observer gets the records, those closed so far first, and none are kept.
    mutating func commit() {
        guard keepsRecords, let observer else { return }
        keepsRecords = false
        observer.began(trace: trace.name, source: trace.source, rules: rules.name)
        observer.changed(bar: bar.entries[0])
        let open = gesture != nil ? report.gestures.popLast() : nil
        closeGesture()
        if let open { report.gestures.append(open) }
        dropFinishedRecords()
    }

    /// Ends the trace; `name` is the trace's, known only once the whole document was read.
    mutating func finish(name: String, expectations: [Expectation]) -> TraceReport {
        report.trace = name
        process(upTo: nil)
        settleDue(upTo: nil)
        if let gesture, !gesture.decided {
            editGesture(gesture.record) {
                $0.outcome = .unrecognized
                $0.reason = .traceEnded
            }
        }
        closeGesture()
        dropFinishedRecords()
        // A pop still under way when the trace ends stays in flight, unfinished, for good.
        if !keepsRecords, let observer { for record in report.transitions { observer.closed(transition: record) } }
        report.bar = bar.entries
        report.final = FinalState(stack: stack.ids, barHidden: bar.hidden)
        if keepsRecords {
            report.expectations = ExpectationCheck.evaluate(expectations, against: .report(report), rules: rules)
        } else {
            report.expectations = ExpectationCheck.evaluate(expectations, against: .summary(evidence, final: report.final), rules: rules)
        }
        if !keepsRecords { observer?.finished(report) }
        return report
    }

    // MARK: Records

    mutating func editGesture(_ record: Int, _ body: (inout GestureRecord) -> Void) {
        body(&report.gestures[record - gestureOffset])
    }

    func transition(_ index: Int) -> TransitionRecord {
        report.transitions[index - transitionOffset]
    }

    mutating func editTransition(_ index: Int, _ body: (inout TransitionRecord) -> Void) {
        body(&report.transitions[index - transitionOffset])
    }

    /// Without records: a gesture whose fingers are all up can no longer change; keep its summary.
    mutating func closeGesture() {
        guard !keepsRecords else { return }
        for record in report.gestures {
            evidence.add(record)
            observer?.closed(gesture: record)
        }
        gestureOffset += report.gestures.count
        report.gestures.removeAll(keepingCapacity: true)
    }

    /// Without records: settled transitions, anomalies (but their kinds) and notes go.
    mutating func dropFinishedRecords() {
        guard !keepsRecords else { return }
        if inFlight == nil, !report.transitions.isEmpty {
            if let observer { for record in report.transitions { observer.closed(transition: record) } }
            transitionOffset += report.transitions.count
            report.transitions.removeAll(keepingCapacity: true)
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
    }

    /// Without records: nothing to come happens before the item just replayed, nor before the
    /// open gesture went down or the oldest unsettled transition started.
    func watermark(after t: Double) -> Double {
        var mark = t
        if let open = report.gestures.first { mark = min(mark, open.down.t) }
        if let open = report.transitions.first { mark = min(mark, open.start) }
        return mark
    }

    private mutating func process(upTo limit: Double?) {
        while let item = timeline.next(upTo: limit) {
            settleDue(upTo: item.t)
            switch item.kind {
            case .down(let finger, let sample): down(finger, sample)
            case .move(let finger, let sample): move(finger, sample)
            case .lift(let finger, let cancelled): lift(finger, at: item.t, cancelled: cancelled)
            case .operation: if let operation = timeline.takeOperation(item) { arrive(operation, at: item.t) }
            }
            dropFinishedRecords()
            if !keepsRecords { observer?.reached(watermark(after: item.t)) }
        }
    }

    // MARK: Transitions

    /// Settles every transition whose end is at or before `t` (all with a known end when nil), each
    /// followed by the operations deferred behind it.
    mutating func settleDue(upTo t: Double?) {
        while let flight = inFlight, let end = transition(flight.index).end, t.map({ end <= $0 }) ?? true {
            settleInFlight(at: end)
            runDeferred(at: end)
        }
    }

    mutating func settleInFlight(at t: Double) {
        guard let flight = inFlight else { return }
        inFlight = nil
        bar.flight = nil
        if transition(flight.index).kind == .interactivePop, let pop {
            self.pop = nil
            if transition(flight.index).result == .cancelled, let appearing = stack.top {
                // B comes back; its hooks run after the pop left flight.
                stack.push(pop.disappearing)
                bar.topChanged(from: appearing, to: pop.disappearing, animated: true, at: t, anomalies: &report.anomalies)
            }
        }
        report.anomalies += bar.settleAnomalies(since: flight.barMark, top: stack.top, at: t)
    }

    mutating func startTransition(_ kind: TransitionKind, from disappearing: ViewControllerInstance,
                                  to appearing: ViewControllerInstance, animated: Bool, at t: Double) {
        let end: Double? = kind == .interactivePop ? nil : animated ? t + rules.transition.duration : t
        report.transitions.append(TransitionRecord(kind: kind, start: t, end: end, from: disappearing.id, to: appearing.id,
                                                   animated: animated, result: kind == .interactivePop ? .unfinished : .completed))
        inFlight = (transitionOffset + report.transitions.count - 1, bar.count)
        // In flight while its own start hooks run.
        bar.flight = (kind, animated)
        bar.topChanged(from: disappearing, to: appearing, animated: animated, at: t, anomalies: &report.anomalies)
        if !animated { settleInFlight(at: t) }
    }

    // MARK: Stack operations

    mutating func arrive(_ event: TraceEvent.Kind, at t: Double) {
        switch event {
        case .update(let spec):
            guard let controller = stack.instance(spec.id) else {
                report.notes.append(Finding(kind: .unknownVC, t: t, detail: spec.id))
                return
            }
            controller.apply(spec)
        case .setBarHidden(let hidden, let animated):
            bar.setBar(hidden, animated: animated, cause: "app", at: t, anomalies: &report.anomalies)
        case .push, .pop, .popToRoot, .setStack:
            if inFlight != nil || !deferred.isEmpty {
                deferred.append(event)
                report.notes.append(Finding(kind: .deferred, t: t, detail: operationName(event)))
            } else {
                perform(event, at: t)
            }
        case .touch:
            break
        }
    }

    func operationName(_ event: TraceEvent.Kind) -> String {
        switch event {
        case .push: "push"
        case .pop: "pop"
        case .popToRoot: "popToRoot"
        case .setStack: "setStack"
        case .update: "update"
        case .setBarHidden: "setBarHidden"
        case .touch: "touch"
        }
    }

    /// Runs deferred operations, each as if it arrived at `t`, until one leaves a transition in flight.
    mutating func runDeferred(at t: Double) {
        while inFlight == nil, !deferred.isEmpty {
            perform(deferred.removeFirst(), at: t)
        }
    }

    mutating func perform(_ event: TraceEvent.Kind, at t: Double) {
        guard let oldTop = stack.top else { return }
        switch event {
        case .push(let spec, let animated):
            guard stack.instance(spec.id) == nil else {
                report.notes.append(Finding(kind: .duplicatePush, t: t, detail: spec.id))
                return
            }
            let pushed = ViewControllerInstance(spec)
            if trace.barAppearanceManaged {
                pushed.fdBlock = true
                oldTop.fdBlock = true
            }
            stack.push(pushed)
            startTransition(.push, from: oldTop, to: pushed, animated: animated, at: t)
        case .pop(let animated), .popToRoot(let animated):
            let isPop: Bool = if case .pop = event { true } else { false }
            guard stack.count > 1 else {
                report.notes.append(Finding(kind: .popAtRoot, t: t, detail: isPop ? "pop" : "popToRoot"))
                return
            }
            if isPop { stack.popTop() } else { stack.popToRoot() }
            startTransition(isPop ? .pop : .popToRoot, from: oldTop, to: stack.top!, animated: animated, at: t)
        case .setStack(let specs, let animated):
            let controllers = specs.map { spec -> ViewControllerInstance in
                if let kept = stack.instance(spec.id) {
                    kept.apply(spec)
                    return kept
                }
                return ViewControllerInstance(spec)
            }
            stack.replace(with: controllers)
            let newTop = controllers[controllers.count - 1]
            if newTop !== oldTop {
                startTransition(.setStack, from: oldTop, to: newTop, animated: animated, at: t)
            }
        case .update, .setBarHidden, .touch:
            break
        }
    }

    // MARK: Gestures

    mutating func down(_ finger: Int, _ sample: Sample) {
        let idle = fingersDown.isEmpty
        fingersDown.insert(finger)
        if idle {
            let record = gestureOffset + report.gestures.count
            report.gestures.append(GestureRecord(index: record + 1, finger: finger, down: sample))
            var estimator = makeVelocityEstimator(rules.velocity)
            estimator.add(sample)
            gesture = Gesture(record: record, trackedFinger: finger, p0: sample, estimator: estimator)
            if !recognizer.accepts(down: sample) { decide(.refused, reason: .outsideEdge, at: sample) }
        } else if let gesture, !gesture.decided, fingersDown.count > rules.recognizer.maxTouches {
            decide(.refused, reason: .tooManyTouches, at: sample)
        }
    }

    mutating func decide(_ outcome: GestureOutcome, reason: GestureReason?, at sample: Sample) {
        guard let record = gesture?.record else { return }
        gesture?.decided = true
        editGesture(record) {
            $0.outcome = outcome
            $0.reason = reason
            $0.decidedAt = sample
        }
    }

    mutating func move(_ finger: Int, _ sample: Sample) {
        guard gesture?.trackedFinger == finger, gesture?.trackedDown == true else { return }
        // In place: a copy of the gesture would share its boxed estimator and copy it on every sample.
        gesture!.estimator.add(sample)
        if gesture!.drivesPop {
            pop?.track(sample, velocity: gesture!.estimator.velocity, isRecognition: false)
            return
        }
        guard !gesture!.decided, let translation = recognizer.recognize(from: gesture!.p0, to: sample) else { return }
        let context = BeginContext(stackCount: stack.count, top: stack.top!, location: sample, translation: translation,
                                   busy: inFlight != nil || !deferred.isEmpty)
        if let reason = arbiter.refusal(context) {
            decide(.refused, reason: reason, at: sample)
            return
        }
        decide(.began, reason: nil, at: sample)
        beginPop(at: sample, translation: translation)
    }

    mutating func beginPop(at sample: Sample, translation: Vector) {
        guard let current = gesture else { return }
        let record = current.record
        guard stack.count > 1 else {
            editGesture(record) { $0.pop = PopRecord(result: .ignored, by: .atRoot) }
            return
        }
        if let flight = inFlight {
            editGesture(record) { $0.pop = PopRecord(result: .ignored, by: .transitioning) }
            report.anomalies.append(Finding(kind: .nestedTransition, t: sample.t,
                detail: "gesture \(record + 1) began during \(transition(flight.index).kind.rawValue)"))
            return
        }
        let disappearing = stack.popTop()
        editGesture(record) { $0.pop = PopRecord(result: .unfinished) }
        var newPop = InteractivePop(
            gestureRecord: record, transitionIndex: transitionOffset + report.transitions.count, disappearing: disappearing,
            origin: Vector(x: sample.x - translation.x, y: sample.y - translation.y),
            direction: trace.layoutDirection, width: trace.screen.width, progressCap: rules.transition.progressCap)
        newPop.track(sample, velocity: current.estimator.velocity, isRecognition: true)
        pop = newPop
        gesture?.drivesPop = true
        startTransition(.interactivePop, from: disappearing, to: stack.top!, animated: true, at: sample.t)
    }

    mutating func lift(_ finger: Int, at t: Double, cancelled: Bool) {
        fingersDown.remove(finger)
        if var current = gesture, current.trackedFinger == finger, current.trackedDown {
            current.trackedDown = false
            gesture = current
            if !current.decided {
                editGesture(current.record) {
                    $0.outcome = .unrecognized
                    $0.reason = cancelled ? .touchCancelled : .touchEnded
                }
                gesture?.decided = true
            } else if current.drivesPop {
                gesture?.drivesPop = false
                release(at: t, velocity: current.estimator.velocity, cancelled: cancelled)
            }
        }
        if fingersDown.isEmpty {
            gesture = nil
            closeGesture()
        }
    }

    /// The tracked finger lifted or was cancelled: the completion model decides and the settle begins.
    mutating func release(at t: Double, velocity: Vector, cancelled: Bool) {
        guard var current = pop else { return }
        let alongPop = current.c * velocity.x
        let p = current.progress
        let completes: Bool, by: PopDecider, releaseVelocity: Double, duration: Double, reason: ReleaseReason
        if cancelled && rules.completion.onCancel == .cancel {
            current.cancel()
            (completes, by, releaseVelocity) = (false, .touchCancelled, alongPop)
            duration = settle.cancelledDuration(progress: p)
            reason = .touchCancelled
        } else {
            current.lift(at: t, velocity: velocity)
            let decision = completion.decide(progress: p, velocity: alongPop, width: current.width,
                                             statistics: current.statistics, moved: current.moved)
            (completes, by, releaseVelocity, reason) = (decision.completes, decision.by, decision.velocity, decision.reason)
            duration = settle.duration(remaining: completes ? 1 - p : p, completing: completes, velocity: releaseVelocity, width: current.width)
        }
        pop = current
        let result: PopResult = completes ? .completed : .cancelled
        editTransition(current.transitionIndex) {
            $0.end = t + duration
            $0.result = result
        }
        editGesture(current.gestureRecord) {
            $0.pop = PopRecord(result: result, by: by, releasedAt: t, progress: p, velocity: releaseVelocity,
                               settledAt: t + duration, why: reason)
        }
    }
}
