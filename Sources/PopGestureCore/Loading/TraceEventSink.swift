/// Takes a trace's events as the loader reads them, once the keys that come before `events` are
/// known (a replay, say), so a long recording is consumed while it streams past. The loader knows
/// nothing else of what consumes them.
public protocol TraceEventSink: AnyObject, Sendable {
    func add(_ event: TraceEvent)
    /// The loader stopped keeping the events: they will not be offered again.
    func eventsDropped()
}
