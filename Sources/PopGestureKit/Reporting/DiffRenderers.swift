/// One renderer per `diff` output format.
protocol DiffRenderer: Renderer where Item == ComparedTrace, Summary == DiffSummary {}

/// Per changed trace its source, name and changes, then the summary table.
struct DiffTextRenderer: DiffRenderer {
    let console: Console

    mutating func add(_ trace: ComparedTrace) {
        guard !trace.changes.isEmpty else { return }
        console.out("\(trace.source) \(trace.trace)\n" + trace.changes.map { "  \($0.detail)\n" }.joined())
    }

    mutating func end(_ s: DiffSummary) {
        let skipped = s.others > 0 ? "; \(counted(s.others, "rules or stack-config document")) not replayed" : ""
        let errors = s.errors > 0 ? ", \(counted(s.errors, "error"))" : ""
        console.out("\(counted(s.compared, "trace")) compared (\(s.base) -> \(s.head)), \(s.changed) changed\(errors)\(skipped)\(notTracesClause(s.notTraces))\n")
        let rows = s.kinds.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        let width = rows.map(\.key.count).max() ?? 0
        for (kind, count) in rows {
            console.out("  " + kind + String(repeating: " ", count: width - kind.count) + "  \(count)\n")
        }
    }
}

/// One JSON object: the changed traces and the summary (keys sorted like every JSON output).
struct DiffJSONRenderer: DiffRenderer {
    let console: Console
    var traces: [JSONValue] = []

    mutating func add(_ trace: ComparedTrace) {
        guard !trace.changes.isEmpty else { return }
        traces.append(.object([
            "source": .string(trace.source), "trace": .string(trace.trace),
            "changes": .array(trace.changes.map { .object(["kind": .string($0.kind), "detail": .string($0.detail)]) }),
        ]))
    }

    mutating func end(_ s: DiffSummary) {
        var summary: [String: JSONValue] = [
            "compared": .number(Double(s.compared)), "changed": .number(Double(s.changed)), "errors": .number(Double(s.errors)),
            "kinds": .object(s.kinds.mapValues { .number(Double($0)) }),
        ]
        // Only when there are some, so that a run over traces alone prints what it always printed.
        if s.notTraces > 0 { summary["notTraces"] = .number(Double(s.notTraces)) }
        console.out(JSONValue.object([
            "base": .string(s.base), "head": .string(s.head), "traces": .array(traces), "summary": .object(summary),
        ]).rendered + "\n")
    }
}
