/// The navigation controller that gestures and operations act on (SPEC sections 2, 4 and 5): its
/// stack, its bar, the transitions in flight with the operations deferred behind them, and the
/// interactive pop. Times are passed in; what it finds goes to the record book.
package struct NavigationController {
    package private(set) var stack: NavigationStack
    package var bar: BarCoordinator
    /// The interactive pop in flight, from its start until it settles.
    package private(set) var pop: InteractivePop?
    /// One transition in flight: its record and the bar's entry count before its start hooks ran.
    private struct Flight {
        var index: Int
        var barMark: Int
        var kind: TransitionKind
        var animated: Bool
        /// For a `transitioning` refusal's evidence.
        var start: Double
        var from: String
        var to: String
    }
    /// The transitions in flight, in start order. Under `stackOps: deferred` there is at most one:
    /// operations wait (are deferred) behind it. Under `immediate` they overlap.
    private var inFlight: [Flight] = []
    private var deferred: [TraceEvent.Kind] = []
    private let stackOps: StackOps
    private let barAppearanceManaged: Bool
    private let duration: Double

    package init(trace: Trace, rules: Rules) {
        barAppearanceManaged = trace.barAppearanceManaged
        duration = rules.transition.duration
        stackOps = rules.stackOps
        let controllers = trace.stack.map(ViewControllerInstance.init)
        // The initial stack counts as pushed in order: each push gives the pushed and the old top a
        // block, so a lone root has none.
        if trace.barAppearanceManaged, controllers.count >= 2 {
            for controller in controllers { controller.fdBlock = true }
        }
        stack = NavigationStack(controllers)
        let initiallyHidden =
            trace.initialBarHidden
            ?? (trace.barAppearanceManaged ? controllers[controllers.count - 1].barHidden : false)
        bar = BarCoordinator(bar: rules.bar, managed: trace.barAppearanceManaged, initiallyHidden: initiallyHidden)
    }

    /// The record number of the earliest-started transition still in flight: the records before it
    /// can no longer change. Nil when none is in flight.
    package var firstInFlight: Int? { inFlight.first?.index }
    /// What the `transitioning` check refuses on: a transition in flight (an interactive pop that has
    /// not settled is one), or deferred operations.
    package var isBusy: Bool { !inFlight.isEmpty || !deferred.isEmpty }

    /// Why the `transitioning` check refuses: the newest transition in flight, or the deferred
    /// operations; nil when it would not.
    package var busy: Busy? {
        guard isBusy else { return nil }
        if let flight = inFlight.last {
            return .transition(flight.kind, from: flight.from, to: flight.to, start: flight.start)
        }
        return .deferred(count: deferred.count)
    }

    /// Whether `point`, a gesture's first down, hits a content region of the top view controller (SPEC
    /// section 9's hit test), which makes `recognizer.arena: byContent` contested.
    package func downPointHitsContent(_ point: Sample) -> Bool {
        !(stack.top?.regions(at: point).isEmpty ?? true)
    }

    // MARK: Transitions

    /// Settles every transition whose end is at or before `t` (all with a known end when nil),
    /// earliest end first, ties in start order; each settle is followed by the operations deferred
    /// behind it.
    package mutating func settleDue(upTo t: Double?, records: inout RecordBook) {
        while let (position, end) = nextToSettle(upTo: t, records: records) {
            settle(at: position, time: end, records: &records)
            runDeferred(at: end, records: &records)
        }
    }

    /// The position in `inFlight` of the transition that settles first, if it ends by `t`.
    private func nextToSettle(upTo t: Double?, records: RecordBook) -> (Int, Double)? {
        var first: (Int, Double)?
        // In start order, so a strictly earlier end is needed to overtake: ties stay in start order.
        for (position, flight) in inFlight.enumerated() {
            guard let end = records.transition(flight.index).end, t.map({ end <= $0 }) ?? true else { continue }
            if first.map({ end < $0.1 }) ?? true { first = (position, end) }
        }
        return first
    }

    private mutating func settle(at position: Int, time t: Double, records: inout RecordBook) {
        let flight = inFlight.remove(at: position)
        chargeBarChanges()
        if flight.kind == .interactivePop, let pop, pop.transitionIndex == flight.index {
            self.pop = nil
            if records.transition(flight.index).result == .cancelled, !pop.putBack {
                // B comes back; its hooks run after the pop left flight.
                putBack(pop.disappearing, at: t, records: &records)
            }
        }
        records.report.anomalies += bar.settleAnomalies(since: flight.barMark, top: stack.top, at: t)
    }

    /// A non-animated bar entry is abrupt while any animated or interactive transition is in flight;
    /// with several (`stackOps: immediate`), the entry is one anomaly, charged to the latest started
    /// of them (the one whose start hooks run, when they run). barFlicker needs no such choice: each
    /// transition counts every entry between its own start and settle (SPEC section 5).
    private mutating func chargeBarChanges() {
        bar.flight = inFlight.last(where: \.animated).map(\.kind)
    }

    private mutating func startTransition(
        _ kind: TransitionKind, from disappearing: ViewControllerInstance,
        to appearing: ViewControllerInstance, animated: Bool, at t: Double,
        records: inout RecordBook
    ) {
        let end: Double? = kind == .interactivePop ? nil : animated ? t + duration : t
        let index = records.openTransition(
            TransitionRecord(
                kind: kind, start: t, end: end, from: disappearing.id, to: appearing.id,
                animated: animated, result: kind == .interactivePop ? .unfinished : .completed))
        inFlight.append(
            Flight(
                index: index, barMark: bar.count, kind: kind, animated: animated, start: t,
                from: disappearing.id, to: appearing.id))
        // In flight while its own start hooks run.
        chargeBarChanges()
        bar.topChanged(
            from: disappearing, to: appearing, animated: animated, at: t, anomalies: &records.report.anomalies)
        if !animated { settle(at: inFlight.count - 1, time: t, records: &records) }
    }

    /// B back on top, as at a cancelled pop's settle: the top changes from A to B.
    private mutating func putBack(_ disappearing: ViewControllerInstance, at t: Double, records: inout RecordBook) {
        guard let appearing = stack.top else { return }
        stack.push(disappearing)
        bar.topChanged(from: appearing, to: disappearing, animated: true, at: t, anomalies: &records.report.anomalies)
    }

    // MARK: Stack operations

    package mutating func arrive(_ event: TraceEvent.Kind, at t: Double, records: inout RecordBook) {
        switch event {
        case .update(let spec):
            guard let controller = stack.instance(spec.id) else {
                records.note(at: t, .unknownVC(id: spec.id))
                return
            }
            controller.apply(spec)
        case .setBarHidden(let hidden, let animated):
            bar.setBar(hidden, animated: animated, cause: .app, at: t, anomalies: &records.report.anomalies)
        case .push, .pop, .popToRoot, .setStack:
            if stackOps == .deferred, isBusy {
                deferred.append(event)
                records.note(at: t, .deferred(Self.operation(event)))
            } else if pop != nil {
                interrupt(with: event, at: t, records: &records)
            } else {
                perform(event, at: t, records: &records)
            }
        case .touch:
            break
        }
    }

    /// A stack operation as the transition kind it starts; only stack operations are deferred.
    private static func operation(_ event: TraceEvent.Kind) -> TransitionKind {
        switch event {
        case .push: .push
        case .pop: .pop
        case .popToRoot: .popToRoot
        case .setStack: .setStack
        case .update, .setBarHidden, .touch: preconditionFailure("not a stack operation")
        }
    }

    /// Runs deferred operations, each as if it arrived at `t`, until one leaves a transition in flight.
    private mutating func runDeferred(at t: Double, records: inout RecordBook) {
        while inFlight.isEmpty, !deferred.isEmpty {
            perform(deferred.removeFirst(), at: t, records: &records)
        }
    }

    /// A stack operation arriving while the interactive pop P has begun and not settled, under
    /// `stackOps: immediate` (SPEC section 4, "Stack operations during an interactive pop"). Before
    /// P's release, or after a release that cancels it, B is put back on top first (at most once);
    /// the operation runs on the stack then; P stays in flight while the hooks of both run. Before the
    /// release, P then ends at once if the operation took B's instance off the stack, or can only be
    /// cancelled by its lift if B is still there.
    private mutating func interrupt(with event: TraceEvent.Kind, at t: Double, records: inout RecordBook) {
        guard var current = pop else { return }
        let beforeRelease = current.releaseCompletes == nil
        if !current.putBack, beforeRelease || current.releaseCompletes == false {
            current.putBack = true
            pop = current
            putBack(current.disappearing, at: t, records: &records)
        }
        perform(event, at: t, records: &records)
        guard beforeRelease else { return }
        if stack.contains(current.disappearing) {
            if current.interruptedAt == nil { current.interruptedAt = t }
            pop = current
        } else {
            endInterrupted(current, at: t, records: &records)
        }
    }

    /// An operation removed B before P's release: P settles at once, completed, by `interrupted`, its
    /// settle checks seeing the stack and bar the operation left. The finger's later samples and its
    /// lift no longer reach it.
    private mutating func endInterrupted(_ current: InteractivePop, at t: Double, records: inout RecordBook) {
        records.editTransition(current.transitionIndex) {
            $0.end = t
            $0.result = .completed
        }
        records.editGesture(current.gestureRecord) {
            $0.pop = PopRecord(
                result: .completed, by: .interrupted, releasedAt: nil, progress: current.progress,
                velocity: nil, settledAt: t, why: .interrupted(at: t, removed: true))
        }
        guard let position = inFlight.firstIndex(where: { $0.index == current.transitionIndex }) else { return }
        settle(at: position, time: t, records: &records)
    }

    private mutating func perform(_ event: TraceEvent.Kind, at t: Double, records: inout RecordBook) {
        guard let oldTop = stack.top else { return }
        switch event {
        case .push(let spec, let animated):
            guard stack.instance(spec.id) == nil else {
                records.note(at: t, .duplicatePush(id: spec.id))
                return
            }
            let pushed = ViewControllerInstance(spec)
            if barAppearanceManaged {
                pushed.fdBlock = true
                oldTop.fdBlock = true
            }
            stack.push(pushed)
            startTransition(.push, from: oldTop, to: pushed, animated: animated, at: t, records: &records)
        case .pop(let animated), .popToRoot(let animated):
            let isPop: Bool = if case .pop = event { true } else { false }
            guard stack.count > 1 else {
                records.note(at: t, .popAtRoot(isPop ? .pop : .popToRoot))
                return
            }
            if isPop { stack.popTop() } else { stack.popToRoot() }
            startTransition(
                isPop ? .pop : .popToRoot, from: oldTop, to: stack.top!, animated: animated, at: t, records: &records)
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
                startTransition(.setStack, from: oldTop, to: newTop, animated: animated, at: t, records: &records)
            }
        case .update, .setBarHidden, .touch:
            break
        }
    }

    // MARK: The interactive pop

    /// Gesture `record` began at `sample`: B leaves the stack and the pop is in flight, unless there
    /// is nothing to pop to or another transition is in flight (SPEC section 4).
    /// Returns the pop's state after its first sample, or nil when it is ignored (the gesture then
    /// drives no pop).
    package mutating func beginInteractivePop(
        gesture record: Int, at sample: Sample, translation: Vector, velocity: Vector,
        trace: Trace, rules: Rules, records: inout RecordBook
    ) -> Derivation.PopStep? {
        guard stack.count > 1 else {
            records.editGesture(record) { $0.pop = PopRecord(result: .ignored, by: .atRoot) }
            return nil
        }
        if let flight = inFlight.last {
            records.editGesture(record) { $0.pop = PopRecord(result: .ignored, by: .transitioning) }
            records.report.anomalies.append(
                Finding(t: sample.t, .nestedTransition(gesture: record, during: flight.kind)))
            return nil
        }
        let disappearing = stack.popTop()
        records.editGesture(record) { $0.pop = PopRecord(result: .unfinished) }
        var newPop = InteractivePop(
            gestureRecord: record, transitionIndex: records.nextTransition, disappearing: disappearing,
            origin: Vector(x: sample.x - translation.x, y: sample.y - translation.y),
            c: InteractivePop.c(trace.layoutDirection, rules: rules), width: trace.screen.width,
            progressCap: rules.transition.progressCap)
        let step = newPop.track(sample, velocity: velocity, isRecognition: true)
        pop = newPop
        startTransition(
            .interactivePop, from: disappearing, to: stack.top!, animated: true, at: sample.t, records: &records)
        return Derivation.PopStep(translation: newPop.translation, progress: newPop.progress, statistics: step)
    }

    /// The pop gesture `record` drives, while its finger is down: nil once it was released, or once
    /// an operation ended it (SPEC section 4: later samples and the lift are then ignored by it).
    private func driven(by record: Int) -> InteractivePop? {
        guard let pop, pop.gestureRecord == record, pop.releaseCompletes == nil else { return nil }
        return pop
    }

    /// A later sample of the finger that drives the pop of gesture `record`.
    /// The pop's state after the sample, for a derivation; nil when the gesture does not drive it.
    @discardableResult
    package mutating func trackPop(gesture record: Int, _ sample: Sample, velocity: Vector) -> Derivation.PopStep? {
        guard driven(by: record) != nil else { return nil }
        let step = pop!.track(sample, velocity: velocity, isRecognition: false)
        return Derivation.PopStep(translation: pop!.translation, progress: pop!.progress, statistics: step)
    }

    /// The finger that drives the pop of gesture `record` lifted or was cancelled: it is decided and
    /// starts to settle.
    /// Returns the pop's state at the release, for a derivation.
    @discardableResult
    package mutating func releasePop(
        gesture record: Int, at t: Double, down: Double, velocity: Vector, cancelled: Bool, rules: Rules,
        records: inout RecordBook
    ) -> Derivation.PopStep? {
        guard var current = driven(by: record) else { return nil }
        let release = current.release(at: t, down: down, velocity: velocity, cancelled: cancelled, rules: rules)
        pop = current
        let result: PopResult = release.completes ? .completed : .cancelled
        records.editTransition(current.transitionIndex) {
            $0.end = t + release.duration
            $0.result = result
        }
        records.editGesture(current.gestureRecord) {
            $0.pop = PopRecord(
                result: result, by: release.by, releasedAt: t, progress: current.progress,
                velocity: release.velocity, settledAt: t + release.duration, why: release.why,
                settle: release.settle)
        }
        return Derivation.PopStep(
            translation: current.translation, progress: current.progress, statistics: release.liftStep)
    }
}
