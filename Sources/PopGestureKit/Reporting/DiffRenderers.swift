/// One renderer per `diff` output format.
protocol DiffRenderer: Renderer where Item == ComparedTrace, Summary == DiffSummary {}

/// Per changed trace its source, name and changes, then the summary table.
struct DiffTextRenderer: DiffRenderer {
    let console: Console

    mutating func add(_ trace: ComparedTrace) {
        guard !trace.changes.isEmpty else { return }
        console.out("\(trace.source) \(trace.trace)\n")
        trace.changes.visit { change in console.out("  \(change.detail)\n") }
    }

    mutating func end(_ s: DiffSummary) {
        let skipped =
            s.otherDocuments > 0 ? "; \(counted(s.otherDocuments, "rules or stack-config document")) not replayed" : ""
        let errors = s.errors > 0 ? ", \(counted(s.errors, "error"))" : ""
        console.out(
            "\(counted(s.compared, "trace")) compared (\(s.base) -> \(s.head)), \(s.changed) changed\(errors)\(skipped)\(notTracesClause(s.notTraces))\n"
        )
        let rows = s.kinds.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        let width = rows.map(\.key.count).max() ?? 0
        for (kind, count) in rows {
            console.out("  " + kind + String(repeating: " ", count: width - kind.count) + "  \(count)\n")
        }
    }
}

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
        var text = traces.count == 0 ? "{\"changes\": [" : ", {\"changes\": ["
        var first = true
        trace.changes.visit { change in
            text +=
                (first ? "" : ", ")
                + JSONValue.object(["kind": .string(change.kind), "detail": .string(change.detail)]).rendered
            first = false
            if text.utf8.count >= 1 << 16 { spool(&text) }
        }
        text +=
            "], \"source\": \(JSONValue.string(trace.source).rendered), \"trace\": \(JSONValue.string(trace.trace).rendered)}"
        spool(&text)
    }

    private func spool(_ text: inout String) {
        text.withUTF8 { traces.append(contentsOf: $0) }
        text = ""
    }

    mutating func end(_ s: DiffSummary) {
        console.out(Self.opening(s, mark: mark?.holding(changed)))
        traces.forEachBlock { console.out($0) }
        console.out(Self.closing)
    }

    static let closing = "]}\n"

    /// Everything before the traces, as `merge` writes it too.
    static func opening(_ s: DiffSummary, mark: ShardMark? = nil) -> String {
        var summary: [String: JSONValue] = [
            "compared": .number(Double(s.compared)), "changed": .number(Double(s.changed)),
            "errors": .number(Double(s.errors)),
            "kinds": .object(s.kinds.mapValues { .number(Double($0)) }),
        ]
        // Only when there are some, so that a run over traces alone prints what it always printed.
        if s.notTraces > 0 { summary["notTraces"] = .number(Double(s.notTraces)) }
        return "{\"base\": \(JSONValue.string(s.base).rendered), \"head\": \(JSONValue.string(s.head).rendered), "
            + (mark.map { "\"shard\": \($0.json.rendered), " } ?? "")
            + "\"summary\": \(JSONValue.object(summary).rendered), \"traces\": ["
    }
}
