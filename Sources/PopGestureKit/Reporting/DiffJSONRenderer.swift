import PopGestureCore

/// One JSON object: the changed traces and the summary (keys sorted like every JSON output). The
/// summary comes before the traces in that order but is known only at the end, so the traces wait
/// as JSON text, on disk past a megabyte: a diff of a long recording may change a million gestures.
struct DiffJSONRenderer: DiffRenderer {
    let console: Console
    /// A shard's output says which shard it is and how many changed traces it holds, between the head
    /// and the summary (keys sorted).
    let mark: ShardMark?
    private let traces = RecordLog<UInt8>(blockSize: 1 << 20)
    private var changed = 0

    init(console: Console, mark: ShardMark? = nil) {
        self.console = console
        self.mark = mark
    }

    mutating func add(_ trace: ComparedTrace) {
        guard !trace.changes.isEmpty else { return }
        changed += 1
        var w = JSONWriter(capacity: 1 << 12)
        if traces.count > 0 { w.raw(", ") }
        w.open("{")
        w.key("changes")
        w.open("[")
        trace.changes.visit { change in
            w.open("{")
            w.key("detail")
            w.string(change.detail)
            w.key("kind")
            w.string(change.kind)
            w.close("}")
            if w.bytes.count >= 1 << 16 { w.drain { traces.append(contentsOf: $0) } }
        }
        w.close("]")
        w.key("source")
        w.string(trace.source)
        w.key("trace")
        w.string(trace.trace)
        w.close("}")
        w.drain { traces.append(contentsOf: $0) }
    }

    mutating func end(_ s: DiffSummary) {
        console.out(Self.opening(s, mark: mark?.holding(changed)))
        traces.forEachBlock { console.out($0) }
        console.out(Self.closing)
    }

    /// After the traces: their list and the object closed.
    static let closing: String = {
        var w = JSONWriter(capacity: 16)
        w.close("]")
        w.close("}")
        w.raw("\n")
        return w.text
    }()

    /// The summary's counts by their JSON keys; `always`: written when zero too. `merge` sums a run's
    /// shards by the same list (and `kinds`, a count per kind, beside it).
    static var summaryCounts: [(key: String, count: WritableKeyPath<DiffSummary, Int>, always: Bool)] {
        [
            ("changed", \.changed, true), ("compared", \.compared, true), ("errors", \.errors, true),
            ("notTraces", \.notTraces, false),
        ]
    }

    /// Everything before the traces, as `merge` writes it too.
    static func opening(_ s: DiffSummary, mark: ShardMark? = nil) -> String {
        var summary: [String: JSONValue] = ["kinds": .object(s.kinds.mapValues { .number(Double($0)) })]
        // Only when there are some, so that a run over traces alone prints what it always printed.
        for (key, count, always) in summaryCounts where always || s[keyPath: count] > 0 {
            summary[key] = .number(Double(s[keyPath: count]))
        }
        var w = JSONWriter(capacity: 1024)
        w.open("{")
        w.key("base")
        w.string(s.base)
        w.key("head")
        w.string(s.head)
        if let mark {
            w.key("shard")
            w.value(mark.json)
        }
        w.key("summary")
        w.value(.object(summary))
        w.key("traces")
        w.open("[")
        return w.text
    }
}
