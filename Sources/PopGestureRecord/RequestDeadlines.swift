import FlyingFox
import FlyingSocks
import Foundation

/// A time limit on reading each request, which FlyingFox does not have (its `timeout` bounds the
/// handler only): without one a client that sends a byte a second (slowloris) holds a connection,
/// and a few hundred such clients every descriptor, for ever.
///
/// FlyingFox reads through a socket pool that suspends a connection until it is readable; this pool
/// wraps the system's and races each such suspension against the connection's deadline, which starts
/// at the first wait after the previous request was handed over (so a keep-alive connection's idle
/// time counts too) and ends `limit` later. Past it the read fails and FlyingFox closes the
/// connection, as for a client that hung up. The handler hands a request over with `handedOver`,
/// matching the connection by its peer address (the pool sees sockets, the handler requests); the
/// body a handler reads afterwards is bounded by FlyingFox's handler timeout and, past it, by the next
/// deadline. No HTTP is parsed here.
struct RequestDeadlines: AsyncSocketPool {
    let inner: any AsyncSocketPool
    let limit: Duration
    private let book = Book()

    init(limit: Duration, inner: any AsyncSocketPool = HTTPServer.defaultPool()) {
        self.limit = limit
        self.inner = inner
    }

    func prepare() async throws { try await inner.prepare() }
    func run() async throws { try await inner.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        // The listening socket has no peer: accepting is never timed.
        guard events.contains(.read), let peer = try? socket.remotePeer() else {
            return try await inner.suspendSocket(socket, untilReadyFor: events)
        }
        let remaining = book.deadline(for: Self.key(peer), limit: limit) - .now
        guard remaining > .zero else { throw SocketError.disconnected }
        let inner = inner
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await inner.suspendSocket(socket, untilReadyFor: events)
                return true
            }
            group.addTask {
                try await Task.sleep(for: remaining)
                return false
            }
            let ready = try await group.next() ?? false
            group.cancelAll()
            if !ready { throw SocketError.disconnected }
        }
    }

    /// The request from `peer` has been read: the connection's next wait starts a new deadline.
    func handedOver(_ peer: HTTPRequest.Address?) {
        guard let peer else { return }
        switch peer {
        case .ip4(let host, let port): book.clear("\(host) \(port)")
        case .ip6(let host, let port): book.clear("[\(host)] \(port)")
        case .unix(let path): book.clear(path)
        }
    }

    private static func key(_ peer: Socket.Address) -> String {
        switch peer {
        case .ip4(let host, let port): "\(host) \(port)"
        case .ip6(let host, let port): "[\(host)] \(port)"
        case .unix(let path): path
        }
    }

    /// Each connection's deadline, by peer address.
    private final class Book: @unchecked Sendable {
        private let lock = NSLock()
        private var deadlines: [String: ContinuousClock.Instant] = [:]

        func deadline(for key: String, limit: Duration) -> ContinuousClock.Instant {
            lock.withLock {
                if let deadline = deadlines[key] { return deadline }
                let now = ContinuousClock.now
                // A deadline long past belongs to a connection that is gone (a live one was cut at it):
                // dropped, so that the book holds only the connections of the last two limits.
                deadlines = deadlines.filter { $0.value + limit > now }
                deadlines[key] = now + limit
                return now + limit
            }
        }

        func clear(_ key: String) {
            lock.withLock { _ = deadlines.removeValue(forKey: key) }
        }
    }
}
