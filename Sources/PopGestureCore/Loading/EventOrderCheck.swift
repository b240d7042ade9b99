/// Events in start-time order, and no finger down in two strokes at once (SPEC section 1).
package struct EventOrderCheck {
    private var previous: (t: Double, line: Int)?
    /// The end of each finger's latest stroke; nil = still down at the end of the trace.
    private var fingerFree: [Int: (end: Double?, line: Int)] = [:]

    package mutating func check(_ event: TraceEvent, _ item: YAMLNode) throws {
        try check(event, at: item.location.line, item.location.column, path: item.location.path)
    }

    /// `line` and `column` are the event's; the position is only built for an error.
    package mutating func check(_ event: TraceEvent, at line: Int, _ column: Int, path: String) throws {
        if let previous, event.t < previous.t {
            throw Diagnostic(
                path: path, line: line, column: column,
                message:
                    "event starts at t=\(formatNumber(event.t)), before the event at line \(previous.line) (t=\(formatNumber(previous.t))); events must be ordered by start time"
            )
        }
        previous = (event.t, line)
        guard case .touch(let stroke) = event.kind else { return }
        if let busy = fingerFree[stroke.finger], busy.end.map({ event.t < $0 }) ?? true {
            let until = busy.end.map { "until t=\(formatNumber($0))" } ?? "to the end of the trace"
            throw Diagnostic(
                path: path, line: line, column: column,
                message:
                    "finger \(stroke.finger) touches down at t=\(formatNumber(event.t)) while its stroke from line \(busy.line) is still down (\(until))",
                suggestion: "give the stroke an `up` before this one starts, or use another finger number")
        }
        switch stroke.end {
        case .up(let t), .cancel(let t): fingerFree[stroke.finger] = (t, line)
        case .stillDown: fingerFree[stroke.finger] = (nil, line)
        }
    }
}
