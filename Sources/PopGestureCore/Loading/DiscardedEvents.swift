/// The sink of a load that wants no events, only their checks (`validate`): a long recording then
/// keeps no more of its events than a replay would.
package final class DiscardedEvents: TraceEventSink {
    package init() {}
    package func add(_ event: TraceEvent) {}
    package func eventsDropped() {}
}
