/// The loader's sink for a replay: replays a trace under one or more rule versions while the loader
/// reads it, so a long recording is replayed as it streams past.
package final class ReplayFeed: TraceEventSink, @unchecked Sendable {
    // Fed and finished by the one thread that reads the file.
    private var sessions: [ReplaySession]

    package init(header: Trace, replays: [Replay]) {
        sessions = replays.map { ReplaySession(trace: header, replay: $0) }
    }

    package func add(_ event: TraceEvent) {
        for i in sessions.indices { sessions[i].feed(event) }
    }

    package func eventsDropped() {
        for i in sessions.indices { sessions[i].commit() }
    }

    /// `trace` is the whole document: its name and expectations are known only at its end.
    package func finish(_ trace: Trace) -> [TraceReport] {
        sessions.indices.map {
            sessions[$0].finish(
                name: trace.name, expectations: trace.expectations, locations: trace.expectationLocations)
        }
    }
}

extension Replay {
    /// Starts a replay of each trace under `replays` while the loader reads it.
    public static func sink(_ replays: [Replay]) -> (Trace) -> any TraceEventSink {
        { header in ReplayFeed(header: header, replays: replays) }
    }

    /// A loaded trace's reports under `replays`: from the replays its events went to as they were
    /// read, else replayed here from its events.
    public static func reports(of trace: Trace, fed: (any TraceEventSink)?, under replays: [Replay]) -> [TraceReport] {
        if let feed = fed as? ReplayFeed { return feed.finish(trace) }
        return replays.map { $0.run(trace) }
    }
}
