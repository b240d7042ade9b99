import FlyingFox
import FlyingSocks
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's front door: it accepts every connection on the port the phone opens, reads each
/// request's head itself (`HeadScanner`: one pass, at most `RequestHead.maxHead` bytes, in
/// `limit`), and hands FlyingFox, listening on a socket in a private folder, only a head it wrote
/// again and the body the head declares. FlyingFox 0.27.1 has no limit on a head and parses each of
/// its lines in time that grows with the square of the line (`RequestHead`), and its `timeout`
/// bounds the handler, not a client's reads; the gate adds both limits in front of it, so that no
/// client can hold the cores or a connection.
///
/// Per connection: a head past its deadline (counted from the first wait for it, a keep-alive
/// connection's idle time included) closes the connection with no answer; a head too large, a
/// request line too long or a length past the take limit is answered here (431, 414, 413) and the
/// connection closed; otherwise the head and its `Content-Length` bytes (which must arrive within
/// `limit` of the head) go to FlyingFox, whose answers flow back as they come, and the next head is
/// read. A body framed by `Transfer-Encoding` ends the connection after its request. A connection
/// to FlyingFox is opened only for a complete head, so idle and slow clients cost FlyingFox nothing.
struct RequestGate: Sendable {
    let limit: Duration
    let maxBody: Int
    /// FlyingFox's socket.
    let upstream: sockaddr_un
    let pool: any AsyncSocketPool

    /// Accepts connections for ever, each served by a task of its own; a failed accept (no
    /// descriptor left, say) is tried again a moment later rather than ending the server.
    func run(listener: AsyncSocket) async {
        while !Task.isCancelled {
            do {
                let client = try await listener.accept()
                let gate = self
                Task { await gate.serve(client) }
            } catch {
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// One client connection, to its end.
    func serve(_ client: AsyncSocket) async {
        var pending: [UInt8] = []
        var scanner = HeadScanner(maxBody: maxBody)
        var link: Link?
        while true {
            let deadline = ContinuousClock.now + limit
            var scan = scanner.scan(pending)
            while scan == .incomplete {
                // Bytes after FlyingFox closed its side are not a request: the connection is ending.
                guard let bytes = await Self.read(client, before: deadline), link?.ended.isSet != true else {
                    return await finish(client, link)
                }
                pending += bytes
                scan = scanner.scan(pending)
            }
            let head: RequestHead
            switch scan {
            case .incomplete, .unreadable: return await finish(client, link)
            case .refused(let answer): return await refuse(client, link, answer)
            case .head(let found, let length):
                head = found
                pending.removeFirst(length)
                scanner.reset()
            }
            if link == nil {
                guard let opened = await open(for: client) else { return await finish(client, link) }
                link = opened
            }
            guard let link, await Self.write(link.socket, head.forwarded, before: .now + limit) else {
                return await finish(client, link)
            }
            switch head.body {
            case .length(let count):
                // The body's bytes, those already read first; what follows is the next request's.
                let end = ContinuousClock.now + limit
                let first = min(count, pending.count)
                var left = count - first
                guard await Self.write(link.socket, Array(pending[..<first]), before: end) else {
                    return await finish(client, link)
                }
                pending.removeFirst(first)
                while left > 0 {
                    guard let bytes = await Self.read(client, before: end, atMost: min(left, 65_536)),
                        await Self.write(link.socket, bytes, before: end)
                    else { return await finish(client, link) }
                    left -= bytes.count
                }
            case .untilClose:
                // FlyingFox finds the body's end and closes its side after the answer: writing to it
                // then fails, and the client's remaining bytes are dropped.
                var bytes = pending
                while await Self.write(link.socket, bytes, before: .now + limit),
                    let more = await Self.read(client, before: .now + limit, atMost: 65_536)
                {
                    bytes = more
                }
                return await finish(client, link)
            }
        }
    }

    /// FlyingFox's connection for one client, the task that copies its answers to the client, and
    /// whether FlyingFox has closed its side.
    struct Link {
        let socket: AsyncSocket
        let pump: Task<Void, Never>
        let ended: Flag
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    private func open(for client: AsyncSocket) async -> Link? {
        guard let socket = try? await AsyncSocket.connected(to: upstream, pool: pool, timeout: 5) else { return nil }
        let ended = Flag()
        let pump = Task {
            // Answers as they come. When FlyingFox closes (after `Connection: close`, or a request it
            // cannot read) the client hears the end after the last answer; what it still sends is
            // read and dropped (`finish`), so that closing does not reset the connection before the
            // client has read the answer.
            while let bytes = await Self.answer(from: socket) {
                guard (try? await client.write(Data(bytes))) != nil else { break }
            }
            ended.set()
            shutdown(client.socket.file.rawValue, Int32(SHUT_WR))
        }
        return Link(socket: socket, pump: pump, ended: ended)
    }

    /// FlyingFox's next bytes, or nil at its end. FlyingSocks' pool wakes a waiting read with an error
    /// whenever epoll reports EPOLLERR, even beside EPOLLIN, and FlyingFox closing with bytes of ours
    /// unread (a chunked take refused past 4 MB) sets that error on our end: when the pool saw the
    /// answer and the close together, the answer was left unread and the client got the end with no
    /// 413 (9 of 60 tries, 14 of 60 beside four busy loops). The socket itself still gives what was
    /// written before the close, so it is asked once more before the end is taken.
    private static func answer(from socket: AsyncSocket) async -> [UInt8]? {
        if let bytes = try? await socket.read(atMost: 65_536) { return bytes }
        return try? socket.socket.read(atMost: 65_536)
    }

    /// Tells FlyingFox that no request follows, lets the answer in hand reach the client (for up to
    /// `limit`: FlyingFox's handler timeout bounds the answer, a client that does not read it is not
    /// waited for), then closes FlyingFox's side. A socket is closed only when no task uses it.
    private func release(_ link: Link?, client: AsyncSocket) async {
        guard let link else { return }
        let upstream = link.socket.socket.file.rawValue
        let downstream = client.socket.file.rawValue
        shutdown(upstream, Int32(SHUT_WR))
        let cutoff = Task { [limit] in
            try await Task.sleep(for: limit)
            shutdown(upstream, Int32(SHUT_RDWR))
            shutdown(downstream, Int32(SHUT_RDWR))
        }
        await link.pump.value
        cutoff.cancel()
        _ = await cutoff.result
        try? link.socket.close()
    }

    /// The client is gone, past its deadline or unreadable, or FlyingFox ended the connection: it ends
    /// with no answer of the gate's own; after FlyingFox's last answer the client's remaining bytes are
    /// dropped first (`drain`).
    private func finish(_ client: AsyncSocket, _ link: Link?) async {
        await release(link, client: client)
        if link?.ended.isSet == true { await Self.drain(client) }
        try? client.close()
    }

    /// The gate's own answer, then the connection closed, the client's remaining bytes dropped first.
    private func refuse(_ client: AsyncSocket, _ link: Link?, _ answer: GateAnswer) async {
        await release(link, client: client)
        if link?.ended.isSet != true, await Self.write(client, answer.bytes, before: .now + .seconds(2)) {
            shutdown(client.socket.file.rawValue, Int32(SHUT_WR))
        }
        await Self.drain(client)
        try? client.close()
    }

    /// Reads and drops what the client still sends, as long as it keeps sending: until a second passes
    /// without a byte, 16 MB, or 5 s in all. Closing a socket with bytes unread resets the connection,
    /// and a client may lose the answer it has not read yet. A second in all cut off a phone still
    /// sending a take refused on its length (5 MB over Wi-Fi takes seconds), resetting the connection
    /// under its 413; the 5 s cover a take somewhat over 4 MB at 1 MB/s, and bound what a client can
    /// hold after its answer. A slow or idle client cut off at `--request-timeout` never comes here
    /// (it has no answer, and the connection is simply closed), so a byte a second is still cut off
    /// at the timeout; one that earned an answer and then dribbles is held at most 5 s.
    private static func drain(_ client: AsyncSocket) async {
        let end = ContinuousClock.now + .seconds(5)
        var drained = 0
        while drained < 16 << 20,
            let bytes = await read(client, before: min(end, .now + .seconds(1)), atMost: 65_536)
        {
            drained += bytes.count
        }
    }

    /// Bytes from `socket` (at most `atMost`), or nil when it closed, failed or `deadline` passed.
    static func read(
        _ socket: AsyncSocket, before deadline: ContinuousClock.Instant, atMost: Int = 4_096
    ) async -> [UInt8]? {
        await within(deadline) { try await socket.read(atMost: atMost) }
    }

    /// True when all of `bytes` were written before `deadline`.
    static func write(_ socket: AsyncSocket, _ bytes: [UInt8], before deadline: ContinuousClock.Instant) async -> Bool {
        guard !bytes.isEmpty else { return true }
        return await within(deadline) { try await socket.write(Data(bytes)) } != nil
    }

    /// `work`'s result, or nil when it throws or `deadline` comes first (it is then cancelled, which
    /// FlyingSocks' pool honours for a socket waiting to be ready).
    private static func within<T: Sendable>(
        _ deadline: ContinuousClock.Instant, _ work: @escaping @Sendable () async throws -> T
    ) async -> T? {
        let remaining = deadline - .now
        guard remaining > .zero else { return nil }
        return await withTaskGroup(of: T?.self) { group in
            group.addTask { try? await work() }
            group.addTask {
                try? await Task.sleep(for: remaining)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
