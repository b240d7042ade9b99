import PopGestureCore

/// Per changed trace its source, name and changes, then the summary table.
struct DiffTextRenderer: DiffRenderer {
    let console: Console

    mutating func add(_ trace: ComparedTrace) {
        guard !trace.changes.isEmpty else { return }
        console.out("\(lineStart(trace.source)) \(visible(trace.trace))\n")
        trace.changes.visit { change in console.out("  \(visible(change.detail))\n") }
    }

    mutating func end(_ s: DiffSummary) {
        let skipped =
            s.otherDocuments > 0 ? "; \(counted(s.otherDocuments, "rules or stack-config document")) not replayed" : ""
        let errors = s.errors > 0 ? ", \(counted(s.errors, "error"))" : ""
        console.out(
            "\(counted(s.compared, "trace")) compared (\(s.base) -> \(s.head)), \(s.changed) changed\(errors)\(skipped)\(notTracesClause(s.passedOver))\n"
        )
        let rows = s.kinds.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        let width = rows.map(\.key.count).max() ?? 0
        for (kind, count) in rows {
            console.out("  " + kind + String(repeating: " ", count: width - kind.count) + "  \(count)\n")
        }
    }
}
