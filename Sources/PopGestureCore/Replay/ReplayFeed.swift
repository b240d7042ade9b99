/// The loader's sink for a replay: replays a trace under one or more rule versions while the loader
/// reads it, so a long recording is replayed as it streams past.
package final class ReplayFeed: TraceEventSink, @unchecked Sendable {
    // Fed and finished by the one thread that reads the file.
    private var replays: Replays

    package init(header: Trace, replays: [Replay]) {
        self.replays = Replays(sessions: replays.map { ReplaySession(trace: header, replay: $0) })
    }

    package func add(_ event: TraceEvent) { replays.add(event) }

    package func eventsDropped() {
        for i in replays.sessions.indices { replays.sessions[i].commit() }
    }

    /// `trace` is the whole document: its name and expectations are known only at its end.
    package func finish(_ trace: Trace) -> [TraceReport] {
        replays.release(upTo: nil)
        return replays.sessions.indices.map {
            replays.sessions[$0].finish(
                name: trace.name, expectations: trace.expectations, locations: trace.expectationLocations)
        }
    }

    /// The sessions, one a rule version, and the one timeline that orders the events for all of them:
    /// the order is the same under every version, and `sweep`'s versions each paid for all of it. A
    /// struct inside the class, so that one exclusivity check covers an event: a class's stored
    /// properties are checked at each access, here several an item.
    private struct Replays {
        var sessions: [ReplaySession]
        var timeline = Timeline()

        mutating func add(_ event: TraceEvent) {
            // Items up to this event's start can no longer be preceded by anything still to come.
            release(upTo: event.t)
            timeline.add(event)
        }

        mutating func release(upTo limit: Double?) {
            while let item = timeline.next(upTo: limit) {
                let operation = timeline.takeOperation(item)
                for i in sessions.indices { sessions[i].replay(item, operation: operation) }
            }
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
