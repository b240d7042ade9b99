/// The navigation controller that gestures and operations act on (SPEC sections 2, 4 and 5): its
/// stack, its bar, the one transition in flight with the operations deferred behind it, and the
/// interactive pop. Times are passed in; what it finds goes to the record book.
struct NavigationController {
    private(set) var stack: NavigationStack
    var bar: BarCoordinator
    /// The interactive pop in flight, from its start until it settles.
    private(set) var pop: InteractivePop?
    /// At most one transition is in flight: operations wait (are deferred) behind it.
    private var inFlight: (index: Int, barMark: Int)?
    private var deferred: [TraceEvent.Kind] = []
    private let barAppearanceManaged: Bool
    private let duration: Double

    init(trace: Trace, rules: Rules) {
        barAppearanceManaged = trace.barAppearanceManaged
        duration = rules.transition.duration
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

    var hasTransitionInFlight: Bool { inFlight != nil }
    /// What the `transitioning` check refuses on.
    var isBusy: Bool { inFlight != nil || !deferred.isEmpty }

    /// Whether `point`, a gesture's first down, hits a content region of the top view controller (SPEC
    /// section 9's hit test), which makes `recognizer.arena: byContent` contested. Section 9 supplies
    /// the regions (a view controller's `content`); until it lands no view controller has any, so the
    /// answer is always no and `byContent` acts as `alone`.
    func downPointHitsContent(_ point: Sample) -> Bool {
        false
    }

    // MARK: Transitions

    /// Settles every transition whose end is at or before `t` (all with a known end when nil), each
    /// followed by the operations deferred behind it.
    mutating func settleDue(upTo t: Double?, records: inout RecordBook) {
        while let flight = inFlight, let end = records.transition(flight.index).end, t.map({ end <= $0 }) ?? true {
            settleInFlight(at: end, records: &records)
            runDeferred(at: end, records: &records)
        }
    }

    private mutating func settleInFlight(at t: Double, records: inout RecordBook) {
        guard let flight = inFlight else { return }
        inFlight = nil
        bar.flight = nil
        if records.transition(flight.index).kind == .interactivePop, let pop {
            self.pop = nil
            if records.transition(flight.index).result == .cancelled, let appearing = stack.top {
                // B comes back; its hooks run after the pop left flight.
                stack.push(pop.disappearing)
                bar.topChanged(from: appearing, to: pop.disappearing, animated: true, at: t, anomalies: &records.report.anomalies)
            }
        }
        records.report.anomalies += bar.settleAnomalies(since: flight.barMark, top: stack.top, at: t)
    }

    private mutating func startTransition(_ kind: TransitionKind, from disappearing: ViewControllerInstance,
                                          to appearing: ViewControllerInstance, animated: Bool, at t: Double,
                                          records: inout RecordBook) {
        let end: Double? = kind == .interactivePop ? nil : animated ? t + duration : t
        let index = records.openTransition(TransitionRecord(kind: kind, start: t, end: end, from: disappearing.id, to: appearing.id,
                                                            animated: animated, result: kind == .interactivePop ? .unfinished : .completed))
        inFlight = (index, bar.count)
        // In flight while its own start hooks run.
        bar.flight = (kind, animated)
        bar.topChanged(from: disappearing, to: appearing, animated: animated, at: t, anomalies: &records.report.anomalies)
        if !animated { settleInFlight(at: t, records: &records) }
    }

    // MARK: Stack operations

    mutating func arrive(_ event: TraceEvent.Kind, at t: Double, records: inout RecordBook) {
        switch event {
        case .update(let spec):
            guard let controller = stack.instance(spec.id) else {
                records.note(.unknownVC, at: t, spec.id)
                return
            }
            controller.apply(spec)
        case .setBarHidden(let hidden, let animated):
            bar.setBar(hidden, animated: animated, cause: "app", at: t, anomalies: &records.report.anomalies)
        case .push, .pop, .popToRoot, .setStack:
            if isBusy {
                deferred.append(event)
                records.note(.deferred, at: t, Self.operationName(event))
            } else {
                perform(event, at: t, records: &records)
            }
        case .touch:
            break
        }
    }

    static func operationName(_ event: TraceEvent.Kind) -> String {
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
    private mutating func runDeferred(at t: Double, records: inout RecordBook) {
        while inFlight == nil, !deferred.isEmpty {
            perform(deferred.removeFirst(), at: t, records: &records)
        }
    }

    private mutating func perform(_ event: TraceEvent.Kind, at t: Double, records: inout RecordBook) {
        guard let oldTop = stack.top else { return }
        switch event {
        case .push(let spec, let animated):
            guard stack.instance(spec.id) == nil else {
                records.note(.duplicatePush, at: t, spec.id)
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
                records.note(.popAtRoot, at: t, isPop ? "pop" : "popToRoot")
                return
            }
            if isPop { stack.popTop() } else { stack.popToRoot() }
            startTransition(isPop ? .pop : .popToRoot, from: oldTop, to: stack.top!, animated: animated, at: t, records: &records)
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
    mutating func beginInteractivePop(gesture record: Int, at sample: Sample, translation: Vector, velocity: Vector,
                                      trace: Trace, progressCap: Double, records: inout RecordBook) -> Bool {
        guard stack.count > 1 else {
            records.editGesture(record) { $0.pop = PopRecord(result: .ignored, by: .atRoot) }
            return false
        }
        if let flight = inFlight {
            records.editGesture(record) { $0.pop = PopRecord(result: .ignored, by: .transitioning) }
            records.report.anomalies.append(Finding(kind: .nestedTransition, t: sample.t,
                detail: "gesture \(record + 1) began during \(records.transition(flight.index).kind.rawValue)"))
            return false
        }
        let disappearing = stack.popTop()
        records.editGesture(record) { $0.pop = PopRecord(result: .unfinished) }
        var newPop = InteractivePop(
            gestureRecord: record, transitionIndex: records.nextTransition, disappearing: disappearing,
            origin: Vector(x: sample.x - translation.x, y: sample.y - translation.y),
            direction: trace.layoutDirection, width: trace.screen.width, progressCap: progressCap)
        newPop.track(sample, velocity: velocity, isRecognition: true)
        pop = newPop
        startTransition(.interactivePop, from: disappearing, to: stack.top!, animated: true, at: sample.t, records: &records)
        return true
    }

    /// A later sample of the finger that drives the pop.
    mutating func trackPop(_ sample: Sample, velocity: Vector) {
        pop?.track(sample, velocity: velocity, isRecognition: false)
    }

    /// The finger that drives the pop lifted or was cancelled: it is decided and starts to settle.
    mutating func releasePop(at t: Double, velocity: Vector, cancelled: Bool, rules: Rules, records: inout RecordBook) {
        guard var current = pop else { return }
        let release = current.release(at: t, velocity: velocity, cancelled: cancelled, rules: rules)
        pop = current
        let result: PopResult = release.completes ? .completed : .cancelled
        records.editTransition(current.transitionIndex) {
            $0.end = t + release.duration
            $0.result = result
        }
        records.editGesture(current.gestureRecord) {
            $0.pop = PopRecord(result: result, by: release.by, releasedAt: t, progress: current.progress,
                               velocity: release.velocity, settledAt: t + release.duration, why: release.why)
        }
    }
}
