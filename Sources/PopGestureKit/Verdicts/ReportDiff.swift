import PopGestureCore

/// What changed in one trace between two rule versions: gesture outcomes, pops, the bar timeline,
/// anomalies, notes and the final state. Each change has a kind, counted in `diff`'s summary.
public struct ReportChange: Sendable, Equatable {
    public var kind: String
    public var detail: String
}

public enum ReportDiff {
    public static func changes(base: TraceReport, head: TraceReport) -> [ReportChange] {
        let comparison = ReportComparison()
        comparison.add(base, side: .base)
        comparison.add(head, side: .head)
        return comparison.changes(base: base.final, head: head.final).all
    }
}

/// One trace's changes in order, with how often each kind occurred. A long recording can differ
/// in every one of a million gestures, so the gestures' changes are kept as bytes, on disk past a
/// megabyte; the few changes of the whole trace (bar, anomalies, final state) after them.
final class ChangeList: @unchecked Sendable {
    // Written by one thread, then read by another once handed over, never both at once.
    private let gestures = RecordLog<UInt8>(blockSize: 1 << 20)
    private var gestureCount = 0
    private var rest: [ReportChange] = []
    private(set) var kinds: [String: Int] = [:]

    var count: Int { gestureCount + rest.count }
    var isEmpty: Bool { count == 0 }

    /// A gesture's change (`whole: false`) or the whole trace's, in the order they are shown.
    func append(_ change: ReportChange, whole: Bool) {
        kinds[change.kind, default: 0] += 1
        guard !whole else { return rest.append(change) }
        gestureCount += 1
        for text in [change.kind, change.detail] {
            var length = UInt32(text.utf8.count).littleEndian
            withUnsafeBytes(of: &length) { gestures.append(contentsOf: $0.bindMemory(to: UInt8.self)) }
            var copy = text
            copy.withUTF8 { gestures.append(contentsOf: $0) }
        }
    }

    /// Every change in order; false if the gestures' could not all be read back from disk.
    @discardableResult
    func visit(_ body: (ReportChange) -> Void) -> Bool {
        var pending: [UInt8] = []
        var fields: [String] = []
        let complete = gestures.forEachBlock { block in
            pending += block
            var at = 0
            while pending.count - at >= 4 {
                let length =
                    Int(pending[at]) | Int(pending[at + 1]) << 8 | Int(pending[at + 2]) << 16 | Int(pending[at + 3])
                    << 24
                guard pending.count - at - 4 >= length else { break }
                fields.append(String(decoding: pending[(at + 4)..<(at + 4 + length)], as: UTF8.self))
                at += 4 + length
                if fields.count == 2 {
                    body(ReportChange(kind: fields[0], detail: fields[1]))
                    fields = []
                }
            }
            pending.removeFirst(at)
        }
        for change in rest { body(change) }
        return complete
    }

    var all: [ReportChange] {
        var changes: [ReportChange] = []
        visit { changes.append($0) }
        return changes
    }
}

/// One trace compared under two rule versions as the records of each replay come, so that a long
/// recording's diff keeps what differs rather than both whole reports: gestures wait only until
/// the other side has the same one (both replays close a gesture at the same lift), bar entries
/// and anomaly kinds are kept in a few bytes each (on disk past a block), for the detail of a
/// change that names them all.
final class ReportComparison {
    enum Side: Int {
        case base = 0
        case head = 1
    }

    /// Each side's gestures not yet compared, from `waitingFrom` on (a queue without moving the rest:
    /// a long recording's first commit hands one side thousands before the other's arrive).
    private var waiting: [[GestureRecord]] = [[], []]
    private var waitingFrom = [0, 0]
    private var compared = 0
    private var found = ChangeList()
    private var bar = [RecordLog<ExpectationEvidence.BarPoint>(), RecordLog<ExpectationEvidence.BarPoint>()]
    private var anomalies = [RecordLog<UInt8>(), RecordLog<UInt8>()]
    /// Note kinds and detection directions, a byte each; few in practice, compared at the end.
    private var notes = [RecordLog<UInt8>(), RecordLog<UInt8>()]
    private var detections = [RecordLog<UInt8>(), RecordLog<UInt8>()]
    /// The two lists agree up to `matched` (compared as both sides reach it, so mostly in memory).
    private var barMatched = 0, barAgrees = true
    private var anomaliesMatched = 0, anomaliesAgree = true

    /// Forgets everything compared: a new document, or its replays started again from its events.
    func reset() {
        waiting = [[], []]
        waitingFrom = [0, 0]
        compared = 0
        found = ChangeList()
        bar = [RecordLog(), RecordLog()]
        anomalies = [RecordLog(), RecordLog()]
        notes = [RecordLog(), RecordLog()]
        detections = [RecordLog(), RecordLog()]
        (barMatched, barAgrees, anomaliesMatched, anomaliesAgree) = (0, true, 0, true)
    }

    /// A whole report's records (a replay that kept them), after any handed over one by one.
    func add(_ report: TraceReport, side: Side) {
        for gesture in report.gestures { add(gesture: gesture, side: side) }
        for entry in report.bar { add(bar: entry, side: side) }
        for anomaly in report.anomalies { add(anomaly: anomaly.kind, side: side) }
        for note in report.notes { add(note: note.kind, side: side) }
        for detection in report.detections { add(detection: detection.direction, side: side) }
    }

    func add(gesture: GestureRecord, side: Side) {
        waiting[side.rawValue].append(gesture)
        while waitingFrom[0] < waiting[0].count, waitingFrom[1] < waiting[1].count {
            compare(next(.base), next(.head))
        }
    }

    /// The side's next gesture not yet compared, taken off its queue.
    private func next(_ side: Side) -> GestureRecord? {
        let s = side.rawValue
        guard waitingFrom[s] < waiting[s].count else { return nil }
        let gesture = waiting[s][waitingFrom[s]]
        waitingFrom[s] += 1
        if waitingFrom[s] == waiting[s].count {
            waiting[s].removeAll(keepingCapacity: true)
            waitingFrom[s] = 0
        } else if waitingFrom[s] > 4096, waitingFrom[s] * 2 > waiting[s].count {
            waiting[s].removeFirst(waitingFrom[s])
            waitingFrom[s] = 0
        }
        return gesture
    }

    func add(bar entry: BarEntry, side: Side) {
        bar[side.rawValue].append(ExpectationEvidence.BarPoint(t: entry.t, hidden: entry.hidden))
        Self.match(bar, &barMatched, &barAgrees) { $0.t == $1.t && $0.hidden == $1.hidden }
    }

    func add(anomaly kind: AnomalyKind, side: Side) {
        anomalies[side.rawValue].append(UInt8(AnomalyKind.allCases.firstIndex(of: kind)!))
        Self.match(anomalies, &anomaliesMatched, &anomaliesAgree, ==)
    }

    func add(note kind: NoteKind, side: Side) {
        notes[side.rawValue].append(UInt8(NoteKind.allCases.firstIndex(of: kind)!))
    }

    func add(detection direction: ScrollDirection, side: Side) {
        detections[side.rawValue].append(UInt8(ScrollDirection.allCases.firstIndex(of: direction)!))
    }

    /// Compares the two lists as far as both go, once: after the first difference nothing more.
    private static func match<T>(
        _ logs: [RecordLog<T>], _ matched: inout Int, _ agree: inout Bool, _ same: (T, T) -> Bool
    ) {
        while agree, matched < min(logs[0].count, logs[1].count) {
            guard let a = logs[0][matched], let b = logs[1][matched] else {
                agree = false
                return
            }
            agree = same(a, b)
            matched += 1
        }
    }

    /// Gesture `compared + 1` under both; nil where one side has no such gesture.
    private func compare(_ a: GestureRecord?, _ b: GestureRecord?) {
        compared += 1
        let outcomeA = a.map(ExpectationWording.describe) ?? "absent"
        let outcomeB = b.map(ExpectationWording.describe) ?? "absent"
        if outcomeA != outcomeB {
            found.append(
                ReportChange(
                    kind: "\(outcomeA) -> \(outcomeB)",
                    detail: "gesture \(compared): \(Self.gestureSummary(a)) -> \(Self.gestureSummary(b))"), whole: false
            )
        } else if let popA = a?.pop, let popB = b?.pop, popA.result != popB.result || popA.by != popB.by {
            found.append(
                ReportChange(
                    kind: "pop \(Self.popDetail(popA)) -> \(Self.popDetail(popB))",
                    detail: "gesture \(compared): pop \(Self.popDetail(popA)) -> \(Self.popDetail(popB))"), whole: false
            )
        }
        // The content's fate is its own kind of change, even when the pop's outcome changed with it.
        if let a, let b, a.content?.result != b.content?.result {
            let resultA = Self.contentDetail(a.content)
            let resultB = Self.contentDetail(b.content)
            found.append(
                ReportChange(
                    kind: "content \(resultA) -> \(resultB)",
                    detail:
                        "gesture \(compared): content \(resultA) -> \(resultB)\(a.content.map { " (\($0.region))" } ?? "")"
                ),
                whole: false)
        }
    }

    /// Every change, once both replays handed over all their records.
    func changes(base: FinalState, head: FinalState) -> ChangeList {
        while true {
            let a = next(.base)
            let b = next(.head)
            if a == nil && b == nil { break }
            compare(a, b)
        }
        if !barAgrees || bar[0].count != bar[1].count {
            let barA = Self.list(bar[0], Self.barPoint)
            let barB = Self.list(bar[1], Self.barPoint)
            found.append(ReportChange(kind: "bar timeline", detail: "bar: [\(barA)] -> [\(barB)]"), whole: true)
        }
        let runsA = collapsed(detections[0].prefix(detections[0].count))
        let runsB = collapsed(detections[1].prefix(detections[1].count))
        if detections[0].count != detections[1].count || runsA != runsB {
            let name = { (runs: [UInt8]) in
                runs.map { ScrollDirection.allCases[Int($0)].rawValue }.joined(separator: ", ")
            }
            found.append(
                ReportChange(
                    kind: "detections",
                    detail:
                        "detections: \(detections[0].count) [\(name(runsA))] -> \(detections[1].count) [\(name(runsB))]"
                ), whole: true)
        }
        if !anomaliesAgree || anomalies[0].count != anomalies[1].count {
            let name = { (index: UInt8) in AnomalyKind.allCases[Int(index)].rawValue }
            if let change = Self.kindsChange(
                "anomalies", order: "anomaly order", anomalies[0].prefix(anomalies[0].count).map(name),
                anomalies[1].prefix(anomalies[1].count).map(name))
            {
                found.append(change, whole: true)
            }
        }
        // Notes say what the navigation controller did with operations: deferred them, or not.
        let noteName = { (index: UInt8) in NoteKind.allCases[Int(index)].rawValue }
        if let change = Self.kindsChange(
            "notes", order: "note order", notes[0].prefix(notes[0].count).map(noteName),
            notes[1].prefix(notes[1].count).map(noteName))
        {
            found.append(change, whole: true)
        }
        if base.stack != head.stack {
            found.append(
                ReportChange(
                    kind: "final stack",
                    detail:
                        "final stack: [\(base.stack.joined(separator: ", "))] -> [\(head.stack.joined(separator: ", "))]"
                ), whole: true)
        }
        if base.barHidden != head.barHidden {
            found.append(
                ReportChange(
                    kind: "final bar",
                    detail:
                        "final bar: \(base.barHidden ? "hidden" : "shown") -> \(head.barHidden ? "hidden" : "shown")"),
                whole: true)
        }
        return found
    }

    private static func list<T>(_ log: RecordLog<T>, _ text: (T) -> String) -> String {
        var out = ""
        log.forEachBlock { block in
            for element in block {
                if !out.isEmpty { out += ", " }
                out += text(element)
            }
        }
        return out
    }

    /// A change in a list of kinds (anomalies, notes): the kinds added and removed, or the order.
    private static func kindsChange(_ list: String, order: String, _ a: [String], _ b: [String]) -> ReportChange? {
        guard a != b else { return nil }
        let detail = "\(list): [\(a.joined(separator: ", "))] -> [\(b.joined(separator: ", "))]"
        var counts: [String: Int] = [:]
        for kind in b { counts[kind, default: 0] += 1 }
        for kind in a { counts[kind, default: 0] -= 1 }
        let kinds = counts.filter { $0.value != 0 }.keys.sorted().map { counts[$0]! > 0 ? "+\($0)" : "-\($0)" }
        return ReportChange(kind: kinds.isEmpty ? order : "\(list) " + kinds.joined(separator: " "), detail: detail)
    }

    private static func gestureSummary(_ gesture: GestureRecord?) -> String {
        guard let gesture else { return "absent" }
        return ExpectationWording.describe(gesture) + (gesture.pop.map { ", pop \(popDetail($0))" } ?? "")
    }

    private static func contentDetail(_ content: ContentRecord?) -> String {
        guard let content else { return "none" }
        return content.result?.rawValue ?? "undecided"
    }

    private static func popDetail(_ pop: PopRecord) -> String {
        pop.result.rawValue + (pop.by.map { " by \($0.rawValue)" } ?? "")
    }

    private static func barPoint(_ entry: ExpectationEvidence.BarPoint) -> String {
        "\(formatNumber(entry.t)) \(entry.hidden ? "hidden" : "shown")"
    }
}
