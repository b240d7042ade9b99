import PopGestureCore

/// Writes `replay --format json`'s line for a long recording, from the moment its replay stops keeping
/// records. The keys are sorted, so `anomalies` comes first though it is known last: each array's
/// elements are written as their records close into a log of their own (on disk past a megabyte),
/// and the line is put together when the document ends. The report then costs no memory; the bytes
/// are those of `TraceReport.jsonLine()`.
final class JSONLineWriter: ReplayObserver, @unchecked Sendable {
    // One writer per input file, used by the one thread that reads the file.
    private let write: (String) -> Void
    private let blockSize: Int
    private var anomalies: RecordLog<UInt8>
    private var bar: RecordLog<UInt8>
    private var detections: RecordLog<UInt8>
    private var gestures: RecordLog<UInt8>
    private var notes: RecordLog<UInt8>
    private var transitions: RecordLog<UInt8>
    /// Where each element is written before it goes to its log.
    private var scratch = JSONWriter()
    /// Records are coming: the replay of the current document stopped keeping them.
    private(set) var isObserving = false

    /// Six logs of up to a block each (an array that grew to it, so up to twice that) are a long
    /// recording's peak: 256 KB blocks keep that near a megabyte, and a small document's arrays,
    /// tens of kilobytes, still never touch the disk.
    init(blockSize: Int = 1 << 18, write: @escaping (String) -> Void) {
        self.write = write
        self.blockSize = blockSize
        (anomalies, bar, detections, gestures, notes, transitions) = Self.logs(blockSize)
    }

    private static func logs(_ size: Int)
        -> (RecordLog<UInt8>, RecordLog<UInt8>, RecordLog<UInt8>, RecordLog<UInt8>, RecordLog<UInt8>, RecordLog<UInt8>)
    {
        (
            RecordLog(blockSize: size), RecordLog(blockSize: size), RecordLog(blockSize: size),
            RecordLog(blockSize: size),
            RecordLog(blockSize: size), RecordLog(blockSize: size)
        )
    }

    func began(trace: String, source: String, rules: String) {
        discard()
        isObserving = true
    }

    /// Forgets what was observed: the document was invalid, or its line is written from a full report.
    func discard() {
        (anomalies, bar, detections, gestures, notes, transitions) = Self.logs(blockSize)
        isObserving = false
    }

    func closed(gesture: GestureRecord) { add(to: gestures) { $0.gesture(gesture) } }
    func closed(transition: TransitionRecord) { add(to: transitions) { $0.transition(transition) } }
    func changed(bar entry: BarEntry) { add(to: bar) { $0.barEntry(entry) } }
    func found(anomaly: Anomaly) { add(to: anomalies) { $0.finding(anomaly) } }
    func found(note: Note) { add(to: notes) { $0.finding(note) } }
    func found(detection: Detection) { add(to: detections) { $0.detection(detection) } }
    func reached(_ t: Double) {}
    func finished(_ report: TraceReport) {}

    private func add(to log: RecordLog<UInt8>, _ element: (inout JSONWriter) -> Void) {
        scratch.reset()
        if log.count > 0 { scratch.raw(", ") }
        element(&scratch)
        log.append(contentsOf: scratch.bytes)
    }

    /// Writes the line of `report` (a replay's without records: its name, final state and verdicts)
    /// with the arrays observed, and forgets them. False if a log could not be read back from its
    /// temporary file, so the line is incomplete.
    func writeLine(_ report: TraceReport) -> Bool {
        var complete = true
        var w = JSONWriter()
        var out = ""
        func flush(_ w: inout JSONWriter) {
            out += w.takeWholeCharacters()
            if out.utf8.count >= 1 << 16 {
                write(out)
                out = ""
            }
        }
        func splice(_ log: RecordLog<UInt8>, _ w: inout JSONWriter) {
            w.open("[")
            complete =
                log.forEachBlock { block in
                    w.raw(block)
                    flush(&w)
                } && complete
            w.close("]")
        }
        w.report(report, withSourceAndExpectations: true) { list, w in
            switch list {
            case .anomalies: splice(anomalies, &w)
            case .bar: splice(bar, &w)
            case .detections: splice(detections, &w)
            case .gestures: splice(gestures, &w)
            case .notes: splice(notes, &w)
            case .transitions: splice(transitions, &w)
            }
        }
        flush(&w)
        write(out + "\n")
        discard()
        return complete
    }
}
