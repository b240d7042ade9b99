extension TraceFileLoader {
    /// A trace's events as they stream past: kept (up to a bound when a sink consumes them) and
    /// handed to the sink once the header it needs has been read.
    package struct EventStream {
        package let source: String
        package let limit: Int
        package var read = false
        package var kept: [TraceEvent] = []
        package var keptSamples = 0
        /// Some events went to the sink and were not kept.
        package var dropped = false
        package var sink: (any TraceEventSink)?
        /// The header the sink was started with.
        package var header: Trace?
        /// A key that shapes the replay (a header key or `config`) came after `events`: the header
        /// above was decoded without it.
        package var headerKeyAfterEvents = false

        package mutating func add(_ event: TraceEvent) {
            sink?.add(event)
            if !dropped {
                kept.append(event)
                if case .touch(let stroke) = event.kind { keptSamples += stroke.samples.count }
                if let sink, keptSamples > limit {
                    kept = []
                    dropped = true
                    sink.eventsDropped()
                }
            }
        }
    }
}
