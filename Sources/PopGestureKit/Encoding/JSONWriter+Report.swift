import PopGestureCore

/// The JSON report of SPEC section 8, one line per trace document, written straight into a string in
/// sorted key order (each object's keys below are listed alphabetically): no intermediate tree and no
/// per-object sort on the hot path of a batch.
extension TraceReport {
    /// One line, no newline. Goldens leave out `source` and `expectations`: where the trace file
    /// lives and what its `expect` items say are not the replay's behaviour.
    public func jsonLine(withSourceAndExpectations: Bool = true) -> String {
        var w = JSONWriter()
        w.report(self, withSourceAndExpectations: withSourceAndExpectations) { list, w in
            switch list {
            case .anomalies: w.array(anomalies) { $0.finding($1) }
            case .bar: w.array(bar) { $0.barEntry($1) }
            case .detections: w.array(detections) { $0.detection($1) }
            case .gestures: w.array(gestures) { $0.gesture($1) }
            case .notes: w.array(notes) { $0.finding($1) }
            case .transitions: w.array(transitions) { $0.transition($1) }
            }
        }
        return w.text
    }

    /// A document that could not be replayed, in place of its report.
    public static func errorJSON(source: String, _ diagnostic: Diagnostic) -> JSONValue {
        .object(["source": .string(source), "error": .string(diagnostic.description)])
    }
}

/// Each record of a report as JSON, its keys in sorted order.
extension JSONWriter {
    /// The one place a report's fields are listed, in sorted key order, for the whole report and for
    /// a long recording's streamed line alike; `list` writes each list's value.
    mutating func report(
        _ report: TraceReport, withSourceAndExpectations: Bool, list: (ReportList, inout JSONWriter) -> Void
    ) {
        open("{")
        key("anomalies")
        list(.anomalies, &self)
        key("bar")
        list(.bar, &self)
        key("detections")
        list(.detections, &self)
        if withSourceAndExpectations {
            key("expectations")
            expectations(report.expectations)
        }
        key("final")
        final(report.final)
        key("gestures")
        list(.gestures, &self)
        key("notes")
        list(.notes, &self)
        key("rules")
        string(report.rules)
        if withSourceAndExpectations {
            key("source")
            string(report.source)
        }
        key("trace")
        string(report.trace)
        key("transitions")
        list(.transitions, &self)
        close("}")
    }

    mutating func sample(_ s: Sample) {
        open("{")
        key("t")
        number(s.t)
        key("x")
        number(s.x)
        key("y")
        number(s.y)
        close("}")
    }

    mutating func barEntry(_ entry: BarEntry) {
        open("{")
        key("animated")
        bool(entry.animated)
        key("cause")
        string(FindingWording.cause(entry.cause))
        key("hidden")
        bool(entry.hidden)
        key("t")
        number(entry.t)
        close("}")
    }

    mutating func expectations(_ results: ExpectationResults) {
        open("{")
        key("failed")
        int(results.failed)
        key("failures")
        array(results.failures) { w, failure in
            w.open("{")
            w.key("column")
            w.number(failure.location.map { Double($0.column) })
            w.key("index")
            w.int(failure.index)
            w.key("kind")
            w.string(failure.kind)
            w.key("line")
            w.number(failure.location.map { Double($0.line) })
            w.key("message")
            w.string(failure.message)
            w.close("}")
        }
        key("passed")
        int(results.passed)
        close("}")
    }

    mutating func final(_ state: FinalState) {
        open("{")
        key("barHidden")
        bool(state.barHidden)
        key("stack")
        array(state.stack) { $0.string($1) }
        close("}")
    }

    mutating func gesture(_ g: GestureRecord) {
        open("{")
        key("content")
        if let content = g.content { self.content(content) } else { null() }
        key("decidedAt")
        if let at = g.decidedAt { sample(at) } else { null() }
        key("down")
        sample(g.down)
        key("finger")
        int(g.finger)
        key("index")
        int(g.index)
        key("outcome")
        string(g.outcome?.rawValue)
        key("pop")
        if let pop = g.pop {
            open("{")
            key("by")
            string(pop.by?.rawValue)
            key("progress")
            number(pop.progress)
            key("releasedAt")
            number(pop.releasedAt)
            key("result")
            string(pop.result.rawValue)
            key("settle")
            if let settle = pop.settle { self.settle(settle) } else { null() }
            key("settledAt")
            number(pop.settledAt)
            key("velocity")
            number(pop.velocity)
            key("why")
            if let why = pop.why { self.why(why) } else { null() }
            close("}")
        } else {
            null()
        }
        key("reason")
        string(g.reason?.rawValue)
        key("recognition")
        if let recognition = g.recognition { self.recognition(recognition) } else { null() }
        key("refusal")
        if let refusal = g.refusal { self.refusal(refusal) } else { null() }
        close("}")
    }

    mutating func vector(_ v: Vector) {
        open("{")
        key("x")
        number(v.x)
        key("y")
        number(v.y)
        close("}")
    }

    mutating func recognition(_ r: Recognition) {
        open("{")
        key("d")
        vector(r.d)
        key("kind")
        string(r.kind.rawValue)
        key("limit")
        number(r.limit)
        key("translation")
        vector(r.translation)
        close("}")
    }

    /// Numbers and names only, no sentence: JSON stays exact and cheap to write, and the text
    /// renderers (timeline, failures, `explain`) word it.
    mutating func refusal(_ r: CheckEvidence) {
        open("{")
        key("check")
        string(r.check)
        key("limit")
        number(r.limit)
        key("quantity")
        string(r.quantity)
        key("value")
        switch r.value {
        case .number(let value): number(value)
        case .flag(let value): bool(value)
        case .name(let value): string(value)
        case .busy(let busy): string(busy.text)
        }
        close("}")
    }

    /// The completion model's terms, each object's keys sorted (uppercase first, as in ASCII); the
    /// decider is the pop's `by`.
    mutating func why(_ why: ReleaseReason) {
        open("{")
        switch why {
        case .touchCancelled:
            break
        case .projection(let terms):
            key("D")
            number(terms.lookAhead)
            key("avgA")
            number(terms.averageAcceleration)
            key("avgV")
            number(terms.averageVelocity)
            key("moved")
            bool(terms.moved)
            key("n")
            int(terms.samples)
            key("p")
            number(terms.p)
            key("projected")
            number(terms.projected)
        case .lowSampleVelocity(let samples, let moved, let average):
            key("avgV")
            number(average)
            key("moved")
            bool(moved)
            key("n")
            int(samples)
        case .fling(let terms), .progress(let terms):
            key("fling")
            number(terms.fling)
            key("p")
            number(terms.p)
            key("progressThreshold")
            number(terms.progressThreshold)
            key("strict")
            bool(terms.strict)
        case .velocitySign(_, let popOnZero):
            key("popOnZero")
            bool(popOnZero)
        case .interrupted(let t, let removed):
            key("at")
            number(t)
            key("removed")
            bool(removed)
        case .progressOrVelocity(let terms):
            key("p")
            number(terms.p)
            key("progressThreshold")
            number(terms.progressThreshold)
            key("strict")
            bool(terms.strict)
            key("velocity")
            number(terms.velocity)
            key("velocityThreshold")
            number(terms.velocityThreshold)
        case .quickSwipe(let terms):
            key("distance")
            number(terms.distance)
            key("elapsed")
            number(terms.elapsed)
            key("p")
            number(terms.p)
            key("progressThreshold")
            number(terms.progressThreshold)
            key("quickDistance")
            number(terms.quickDistance)
            key("quickTime")
            number(terms.quickTime)
            key("strict")
            bool(terms.strict)
        }
        switch why {
        case .projection(let terms):
            key("threshold")
            number(terms.threshold)
        case .fling(let terms), .progress(let terms):
            key("v")
            number(terms.v)
        case .velocitySign(let v, _):
            key("v")
            number(v)
        default: break
        }
        close("}")
    }

    mutating func settle(_ s: SettleTerms) {
        open("{")
        key("D")
        number(s.duration)
        key("duration")
        number(s.result)
        key("model")
        string(s.model)
        key("r")
        number(s.remaining)
        key("velocity")
        number(s.velocity)
        close("}")
    }

    mutating func content(_ c: ContentRecord) {
        open("{")
        key("at")
        if let at = c.at { sample(at) } else { null() }
        key("delay")
        number(c.delay)
        key("kind")
        string(c.kind.rawValue)
        key("offset")
        if let offset = c.offset {
            open("{")
            key("from")
            number(offset.from)
            key("to")
            number(offset.to)
            close("}")
        } else {
            null()
        }
        key("open")
        if let value = c.open { bool(value) } else { null() }
        key("region")
        string(c.region)
        key("result")
        string(c.result?.rawValue)
        close("}")
    }

    mutating func transition(_ t: TransitionRecord) {
        open("{")
        key("animated")
        bool(t.animated)
        key("end")
        number(t.end)
        key("from")
        string(t.from)
        key("kind")
        string(t.kind.rawValue)
        key("result")
        string(t.result.rawValue)
        key("start")
        number(t.start)
        key("to")
        string(t.to)
        close("}")
    }

    mutating func detection(_ d: Detection) {
        open("{")
        key("delta")
        number(d.delta)
        key("detector")
        string(d.detector)
        key("direction")
        string(d.direction.rawValue)
        key("offset")
        number(d.offset)
        key("region")
        string(d.region)
        key("t")
        number(d.t)
        close("}")
    }

    mutating func finding(_ anomaly: Anomaly) {
        finding(kind: anomaly.kind.rawValue, t: anomaly.t, detail: FindingWording.detail(anomaly))
    }

    mutating func finding(_ note: Note) {
        finding(kind: note.kind.rawValue, t: note.t, detail: FindingWording.detail(note))
    }

    private mutating func finding(kind: String, t: Double, detail: String) {
        open("{")
        key("detail")
        string(detail)
        key("kind")
        string(kind)
        key("t")
        number(t)
        close("}")
    }
}
