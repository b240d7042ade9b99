import PopGestureCore

/// The readable form of a report: one line per decision, pop, transition, bar change, anomaly and
/// note, in time order, then the final state.
public enum TextTimeline {
    /// One line. Same-time lines keep report order: bar changes, gestures (each followed by its pop),
    /// transitions (start, then settle), anomalies, notes.
    struct Line: Comparable {
        var t: Double
        var kind: Int
        var ordinal: Int
        var part: Int
        var text: String

        static func < (a: Line, b: Line) -> Bool {
            (a.t, a.kind, a.ordinal, a.part) < (b.t, b.kind, b.ordinal, b.part)
        }

        static func == (a: Line, b: Line) -> Bool {
            (a.t, a.kind, a.ordinal, a.part) == (b.t, b.kind, b.ordinal, b.part)
        }
    }

    /// The lines of records that arrive in report order within each kind, handed out in time order.
    struct Lines {
        private var heap = MinHeap<Line>()
        private var bars = 0, transitions = 0, anomalies = 0, notes = 0, detections = 0

        /// Consecutive detections of one detector, region and direction in one drag, written as one line.
        private var run: (first: Detection, last: Detection, count: Int)?

        /// The next line, if it comes before `t` (any line when nil).
        mutating func next(before t: Double?) -> Line? {
            // A run can grow only while its drag's gesture is open, and then nothing at or after its
            // start is released: past its start, it is complete.
            if let run, t.map({ $0 > run.first.t }) ?? true { closeRun() }
            guard let first = heap.first, t.map({ first.t < $0 }) ?? true else { return nil }
            return heap.popFirst()
        }

        private mutating func add(_ t: Double, _ kind: Int, _ ordinal: Int, _ part: Int, _ what: String, _ text: String)
        {
            heap.push(Line(t: t, kind: kind, ordinal: ordinal, part: part, text: what.padding(12) + text))
        }

        mutating func add(bar entry: BarEntry) {
            bars += 1
            add(
                entry.t, 0, bars, 0, "bar",
                "\(entry.hidden ? "hidden" : "shown")\(entry.animated ? " (animated)" : "") by \(FindingWording.cause(entry.cause))"
            )
        }

        mutating func add(gesture: GestureRecord) {
            let at = gesture.decidedAt ?? gesture.down
            add(at.t, 1, gesture.index, 0, "gesture \(gesture.index)", TextTimeline.decision(gesture))
            if let content = gesture.content { add(content: content, of: gesture, at: at) }
            guard let pop = gesture.pop else { return }
            let decided = pop.result.rawValue + (pop.by.map { " by \($0.rawValue)" } ?? "")
            let why = pop.why.map { "; \($0.text)" } ?? ""
            let settle = pop.settle.map { "; settles in \($0.text)" } ?? ""
            if let releasedAt = pop.releasedAt, let progress = pop.progress, let velocity = pop.velocity {
                add(
                    releasedAt, 1, gesture.index, 1, "pop \(gesture.index)",
                    "\(decided): progress \(Readable.fraction(progress)), velocity \(Readable.velocity(velocity)) pt/s"
                        + why + settle)
            } else if let settledAt = pop.settledAt, let progress = pop.progress {
                // Ended by a stack operation before any release: shown when it ended.
                add(
                    settledAt, 1, gesture.index, 1, "pop \(gesture.index)",
                    "\(decided): progress \(Readable.fraction(progress))" + why)
            } else {
                add(at.t, 1, gesture.index, 1, "pop \(gesture.index)", decided)
            }
        }

        /// What the content under the finger did: at its claim, else where the gesture was decided.
        private mutating func add(content: ContentRecord, of gesture: GestureRecord, at decision: Sample) {
            add(
                content.at?.t ?? decision.t, 1, gesture.index, 2, "content \(gesture.index)",
                TextTimeline.contentText(content, of: gesture))
        }

        mutating func add(transition: TransitionRecord) {
            transitions += 1
            let name = "\(transition.kind.rawValue) \(transition.from) -> \(transition.to)"
            add(
                transition.start, 2, transitions, 0, "transition",
                "\(name) starts\(transition.animated ? "" : " (not animated)")")
            if let end = transition.end {
                add(end, 2, transitions, 1, "settle", "\(name) \(transition.result.rawValue)")
            }
        }

        mutating func add(anomaly: Anomaly) {
            anomalies += 1
            add(anomaly.t, 3, anomalies, 0, "anomaly", "\(anomaly.kind.rawValue): \(FindingWording.detail(anomaly))")
        }

        mutating func add(detection: Detection) {
            if let current = run, current.first.detector == detection.detector,
                current.first.region == detection.region,
                current.first.direction == detection.direction, current.first.drag == detection.drag
            {
                run = (current.first, detection, current.count + 1)
                return
            }
            closeRun()
            run = (detection, detection, 1)
        }

        /// "header up x12 (list), t=116-300, offset 37 -> 180": the offset from where the first report
        /// compared to the last report's.
        private mutating func closeRun() {
            guard let (first, last, count) = run else { return }
            run = nil
            detections += 1
            let times = count == 1 ? Readable.time(first.t) : "\(Readable.time(first.t))-\(Readable.time(last.t))"
            add(
                first.t, 5, detections, 0, "detection",
                "\(first.detector) \(first.direction.rawValue) x\(count) (\(first.region)), t=\(times), offset \(Readable.position(first.offset - first.delta)) -> \(Readable.position(last.offset))"
            )
        }

        mutating func add(note: Note) {
            notes += 1
            let detail = FindingWording.detail(note)
            add(note.t, 4, notes, 0, "note", note.kind.rawValue + (detail.isEmpty ? "" : ": \(detail)"))
        }
    }

    public static func render(_ report: TraceReport) -> String {
        var lines = Lines()
        for entry in report.bar { lines.add(bar: entry) }
        for gesture in report.gestures { lines.add(gesture: gesture) }
        for transition in report.transitions { lines.add(transition: transition) }
        for anomaly in report.anomalies { lines.add(anomaly: anomaly) }
        for note in report.notes { lines.add(note: note) }
        for detection in report.detections { lines.add(detection: detection) }
        var ordered: [Line] = []
        while let line = lines.next(before: nil) { ordered.append(line) }
        return header(trace: report.trace, source: report.source, rules: report.rules) + body(ordered) + footer(report)
    }

    static func header(trace: String, source: String, rules: String) -> String {
        "\(lineStart(source))\(trace.isEmpty ? "" : " \(visible(trace))") (rules \(visible(rules)))\n"
    }

    /// "refused(beyondMaxStartX), finger 1 down at (52, 400) t=0, decided at (64, 401): location.x 64 > maxStartX 40".
    static func decision(_ gesture: GestureRecord) -> String {
        var text =
            "\(ExpectationWording.describe(gesture)), finger \(gesture.finger) down at \(point(gesture.down)) t=\(Readable.time(gesture.down.t))"
        if gesture.reason == .tooManyTouches, let at = gesture.decidedAt {
            // The deciding sample is the other finger's down, not a point of the tracked finger.
            text += ", decided when another finger came down at \(point(at))"
        } else if let at = gesture.decidedAt {
            text += ", decided at \(point(at))"
        }
        if let evidence = gesture.decisionEvidence { text += ": \(evidence)" }
        return text
    }

    /// "carousel (scroll) claimed at (45, 251); the pop is refused, contentWon; offset 0 -> 212.5 after deceleration".
    static func contentText(_ content: ContentRecord, of gesture: GestureRecord) -> String {
        var text = "\(content.region) (\(content.kind.rawValue)) \(content.result?.rawValue ?? "undecided")"
        switch content.result {
        case .claimed?:
            if let at = content.at { text += " at \(TextTimeline.point(at))" }
            if gesture.reason == .contentWon { text += "; the pop is refused, contentWon" }
            if let delay = content.delay { text += "; it waited \(Readable.time(delay)) ms for the pop to fail" }
            if let offset = content.offset {
                text +=
                    "; offset \(Readable.position(offset.from)) -> "
                    + (offset.to.map { "\(Readable.position($0)) after deceleration" } ?? "(finger still down)")
            }
            if let open = content.open { text += "; row \(open ? "opens" : "closes")" }
        case .lost?: text += ": the pop began first"
        case .declined?: text += ": no region wanted the drag"
        case .blocked?: text += ": it waited for a pop that never failed"
        case .unreached?: text += ": the finger never moved far enough"
        case nil: break
        }
        return text
    }

    static func point(_ s: Sample) -> String {
        "(\(Readable.position(s.x)), \(Readable.position(s.y)))"
    }

    /// Times are right-aligned to the widest.
    static func width(_ lines: [Line]) -> Int {
        lines.map { Readable.time($0.t).utf8.count }.max() ?? 1
    }

    static func body(_ lines: [Line], width: Int? = nil) -> String {
        let width = width ?? Self.width(lines)
        var out = ""
        for line in lines { format(line, width: width, into: &out) }
        return out
    }

    static func format(_ line: Line, width: Int, into out: inout String) {
        let time = Readable.time(line.t)
        out +=
            "  " + String(repeating: " ", count: max(0, width - time.utf8.count)) + time + " ms  " + visible(line.text)
            + "\n"
    }

    /// The final state and the expectations' verdicts.
    static func footer(_ report: TraceReport) -> String {
        var out =
            "  final: stack [\(visible(report.final.stack.joined(separator: ", ")))], bar \(report.final.barHidden ? "hidden" : "shown")\n"
        let e = report.expectations
        if e.passed + e.failed > 0 {
            out += "  expectations: \(e.passed) passed, \(e.failed) failed\n"
            for failure in e.failures { out += "    \(visible(failure.message))\n" }
        }
        return out
    }
}

/// Writes the text timeline of a long recording while the replay runs (`replay --format text`),
/// from the moment the replay stops keeping records. A line waits until nothing can precede it, then
/// in a buffer: a timeline of up to `bufferedLines` lines is still laid out whole (its name in the
/// header, times aligned to the widest). Past that the lines go out as they happen, aligned to the
/// widest buffered time, and a name given after the events comes last; memory then stays flat
/// however long the recording.
final class TimelineWriter: ReplayObserver, @unchecked Sendable {
    // One writer per input file, used by the one thread that reads the file.
    private let write: (String) -> Void
    private let bufferedLines: Int
    private var lines = TextTimeline.Lines()
    private var buffered: [TextTimeline.Line] = []
    private var header = (trace: "", source: "", rules: "")
    /// Records are coming: the replay of the current document stopped keeping them.
    private(set) var isObserving = false
    /// Set once lines go out as they happen.
    private var width: Int?
    private var pending = ""

    init(bufferedLines: Int = 10_000, write: @escaping (String) -> Void) {
        self.bufferedLines = bufferedLines
        self.write = write
    }

    func began(trace: String, source: String, rules: String) {
        // A replay started again from the kept events replaces what the first one observed.
        reset()
        header = (trace, source, rules)
        isObserving = true
    }

    private func reset() {
        lines = TextTimeline.Lines()
        buffered = []
        header = ("", "", "")
        isObserving = false
        width = nil
        pending = ""
    }

    func closed(gesture: GestureRecord) { lines.add(gesture: gesture) }
    func closed(transition: TransitionRecord) { lines.add(transition: transition) }
    func changed(bar: BarEntry) { lines.add(bar: bar) }
    func found(anomaly: Anomaly) { lines.add(anomaly: anomaly) }
    func found(note: Note) { lines.add(note: note) }
    func found(detection: Detection) { lines.add(detection: detection) }

    var followsTime: Bool { true }

    func reached(_ t: Double) {
        release(before: t)
    }

    func finished(_ report: TraceReport) {
        release(before: nil)
        if width == nil {
            write(
                TextTimeline.header(trace: report.trace, source: report.source, rules: report.rules)
                    + TextTimeline.body(buffered))
        } else {
            if header.trace.isEmpty { pending += "  trace: \(report.trace)\n" }
            write(pending)
        }
        lines = TextTimeline.Lines()
        buffered = []
        pending = ""
    }

    /// Whether the document just replayed was written here (else it is to be rendered from its
    /// report); either way the writer is ready for the next.
    func endDocument() -> Bool {
        defer { reset() }
        return isObserving
    }

    /// The document turned out invalid: what was buffered goes; lines already out are marked cut short.
    func abandon() {
        if width != nil {
            write(pending + "  stopped: the document is invalid (the error follows on standard error)\n")
        }
        reset()
    }

    private func release(before t: Double?) {
        if let width {
            while let line = lines.next(before: t) {
                TextTimeline.format(line, width: width, into: &pending)
            }
            if pending.utf8.count >= 1 << 16 {
                write(pending)
                pending = ""
            }
            return
        }
        while let line = lines.next(before: t) { buffered.append(line) }
        if buffered.count > bufferedLines {
            let width = TextTimeline.width(buffered)
            write(
                TextTimeline.header(trace: header.trace, source: header.source, rules: header.rules)
                    + TextTimeline.body(buffered, width: width))
            self.width = width
            buffered = []
        }
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
