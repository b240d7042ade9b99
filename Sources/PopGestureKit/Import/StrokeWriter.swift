import PopGestureCore

/// Writes one trace document's `events` as strokes are made, in the trace's order (start time, then
/// finger), holding only what cannot be written yet: a recording of any length costs the strokes open
/// at once, not its size.
///
/// A stroke is written once no stroke can still start before it (every later call is at a time past
/// its start) and every stroke before it is written. The first stroke not yet written goes out as it
/// grows, sample by sample; only its last sample waits, since a sample at the same time replaces it.
/// Strokes behind it wait whole, open or closed.
///
/// Callers go forward in time: `advance(to:)` with non-decreasing times, and every down, move and
/// end at or after the last advance and the stroke's last sample.
final class StrokeWriter {
    private final class Pending {
        let finger: Int
        let start: Double
        /// Where the stroke began, for a warning when it never ends.
        let origin: SourcePosition
        /// Samples not written yet; an open stroke always keeps its last.
        var samples: [Sample]
        var lastT: Double
        /// Nil while the finger is down.
        var end: Stroke.End?
        /// Its first lines are written: it is the stroke being written.
        var started = false

        init(finger: Int, first: Sample, origin: SourcePosition) {
            self.finger = finger
            start = first.t
            self.origin = origin
            samples = [first]
            lastT = first.t
        }
    }

    private let write: (String) throws -> Void
    /// Told when the document's last line is written.
    private let finished: () throws -> Void
    private var out = ""
    /// Strokes not fully written, in trace order, from `head` on.
    private var queue: [Pending] = []
    private var head = 0
    private var open: [Int: Pending] = [:]
    private var horizon = -Double.infinity
    private var wroteAny = false

    /// Strokes held at once, at most: the measure of how much of a recording the writer keeps.
    private(set) var peakHeldStrokes = 0
    private(set) var strokesWritten = 0
    /// Strokes begun (`down`), written or not yet.
    private(set) var strokesBegun = 0

    init(write: @escaping (String) throws -> Void, finished: @escaping () throws -> Void = {}) {
        self.write = write
        self.finished = finished
    }

    func isDown(_ finger: Int) -> Bool { open[finger] != nil }

    /// Where the finger's open stroke began.
    func origin(of finger: Int) -> SourcePosition? { open[finger]?.origin }

    func down(_ finger: Int, _ sample: Sample, at origin: SourcePosition) {
        precondition(open[finger] == nil, "finger \(finger) is already down")
        let stroke = Pending(finger: finger, first: sample, origin: origin)
        open[finger] = stroke
        strokesBegun += 1
        // Starts never decrease, so only strokes at the same start with a higher finger move back.
        var index = queue.endIndex
        while index > head, queue[index - 1].start == sample.t, queue[index - 1].finger > finger { index -= 1 }
        queue.insert(stroke, at: index)
        peakHeldStrokes = max(peakHeldStrokes, queue.count - head)
    }

    /// A sample at the time of the stroke's last one, or less than `TraceLimits.sampleStep` after it
    /// (rounding noise the loader refuses as a sample), replaces that one's position, at that one's
    /// time: stroke times strictly increase, by a step at least, and a stroke starts when it started.
    func move(_ finger: Int, _ sample: Sample) {
        guard let stroke = open[finger] else { preconditionFailure("finger \(finger) is not down") }
        if sample.t - stroke.lastT < TraceLimits.sampleStep {
            stroke.samples[stroke.samples.count - 1] = Sample(t: stroke.lastT, x: sample.x, y: sample.y)
        } else {
            stroke.samples.append(sample)
            stroke.lastT = sample.t
        }
    }

    /// `sample` when a trace can hold its position (within ±`TraceLimits.coordinate` points), else
    /// an error at `position`: a device value far outside its axis range scales that far.
    static func checked(_ sample: Sample, at position: SourcePosition) throws -> Sample {
        guard abs(sample.x) <= TraceLimits.coordinate, abs(sample.y) <= TraceLimits.coordinate else {
            throw position.error(
                "the touch at (\(formatNumber(sample.x)), \(formatNumber(sample.y))) points is beyond ±1e9 points, more than a trace holds",
                suggestion: "its device values lie far outside the axis ranges the recording gives: check them")
        }
        return sample
    }

    func end(_ finger: Int, _ end: Stroke.End) {
        guard let stroke = open.removeValue(forKey: finger) else { preconditionFailure("finger \(finger) is not down") }
        stroke.end = end
    }

    /// Nothing later happens before `t`: strokes that started earlier can no longer be preceded.
    func advance(to t: Double) throws {
        horizon = t
        try drain()
    }

    /// Writes everything left, the strokes still down without an end; returns those, by start.
    @discardableResult
    func finish() throws -> [(finger: Int, origin: SourcePosition)] {
        let stillDown = queue[head...].filter { $0.end == nil }
        for stroke in stillDown { stroke.end = .stillDown }
        open = [:]
        horizon = .infinity
        try drain()
        if !wroteAny { out += "events: []\n" }
        try flush()
        try finished()
        return stillDown.map { ($0.finger, $0.origin) }
    }

    private func drain() throws {
        while head < queue.count {
            let stroke = queue[head]
            guard stroke.start < horizon else { break }
            if !stroke.started {
                if !wroteAny { out += "events:\n" }
                wroteAny = true
                out += "- touch: \(stroke.finger)\n  samples:\n"
                stroke.started = true
            }
            // An open stroke's last sample may still be replaced, unless nothing can come within a
            // sample step of its time.
            let ready =
                stroke.end != nil || horizon - stroke.lastT >= TraceLimits.sampleStep
                ? stroke.samples.count : stroke.samples.count - 1
            for sample in stroke.samples[..<ready] {
                out += "  - [\(formatNumber(sample.t)), \(formatNumber(sample.x)), \(formatNumber(sample.y))]\n"
            }
            stroke.samples.removeFirst(ready)
            guard let end = stroke.end else { break }
            switch end {
            case .up(let t): out += "  up: \(formatNumber(t))\n"
            case .cancel(let t): out += "  cancel: \(formatNumber(t))\n"
            case .stillDown: break
            }
            head += 1
            strokesWritten += 1
            if out.utf8.count >= 1 << 16 { try flush() }
        }
        if head >= 64, head * 2 >= queue.count {
            queue.removeFirst(head)
            head = 0
        }
        if out.utf8.count >= 1 << 16 { try flush() }
    }

    private func flush() throws {
        guard !out.isEmpty else { return }
        try write(out)
        out = ""
    }
}
