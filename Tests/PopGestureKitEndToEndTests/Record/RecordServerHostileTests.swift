import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

#if canImport(Glibc)
    import Glibc
#endif

/// `record --serve` against hostile clients (issue 30): slow and idle clients are cut off at
/// `--request-timeout`, many connections at once, path-like, control and non-UTF-8 bytes in every
/// part of a request, an alias-bomb take. After each the server still answers the page, and nothing
/// is written but the one valid take.
@Suite(.serialized) struct RecordServerHostileTests {
    typealias Server = RecordServerTests.Server

    /// Sends `bytes` one a second until the server closes the connection; the seconds until then,
    /// nil if it kept it open for `limit` seconds, and whether any answer came.
    static func dribble(_ server: Server, _ bytes: [UInt8], limit: Double) throws -> (seconds: Double?, answered: Bool)
    {
        let socket = try server.connect()
        defer { close(socket) }
        let start = Date()
        var index = 0
        while Date().timeIntervalSince(start) < limit {
            if index < bytes.count {
                server.send(socket, [bytes[index]])
                index += 1
            }
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 1000) > 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = recv(socket, &buffer, buffer.count, 0)
                return (Date().timeIntervalSince(start), n > 0)
            }
        }
        return (nil, false)
    }

    static func pageAnswers(_ server: Server, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let page = try server.request("GET", "/?token=\(server.token)")
        #expect(
            page.status == 200 && page.body.hasPrefix("<!DOCTYPE html>"), "\(page.status)",
            sourceLocation: sourceLocation)
    }

    @Test func aClientSendingAByteASecondIsCutOffAtTheTimeout() throws {
        let server = try Server(arguments: ["--request-timeout", "2"])
        // Before the deadline pool, FlyingFox waited for the head's end for ever: still open at 8 s.
        let head = Array(
            "GET /?token=\(server.token) HTTP/1.1\r\nHost: x\r\nX-Slow: \(String(repeating: "a", count: 40))\r\n\r\n"
                .utf8)
        let slow = try Self.dribble(server, head, limit: 8)
        let seconds = try #require(slow.seconds, "a byte a second kept the connection open for 8 s")
        #expect(seconds >= 1.5 && seconds < 5, "closed after \(seconds) s")
        #expect(!slow.answered, "a request cut off is answered by closing, not by a response")
        // Sending nothing at all is cut off alike.
        let idle = try Self.dribble(server, [], limit: 8)
        #expect(idle.seconds.map { $0 >= 1.5 && $0 < 5 } == true, "\(String(describing: idle.seconds))")
        try Self.pageAnswers(server)
        #expect(server.files() == [])
    }

    @Test func aRequestSentInTimeOnAKeptAliveConnectionIsAnswered() throws {
        // The deadline is each request's: two requests a second apart on one connection, each
        // within the 2 s, are both answered.
        let server = try Server(arguments: ["--request-timeout", "2"])
        let socket = try server.connect()
        defer { close(socket) }
        var answers = 0
        for _ in 0..<3 {
            server.send(socket, Array("GET /?token=\(server.token) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            var received: [UInt8] = []
            // The page's length is in its head; read until the whole answer is in.
            while !(String(decoding: received, as: UTF8.self).contains("</html>")) {
                let n = recv(socket, &buffer, buffer.count, 0)
                if n <= 0 { break }
                received += buffer[0..<n]
            }
            if String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 200") { answers += 1 }
            usleep(1_200_000)
        }
        #expect(answers == 3)
    }

    @Test func manyConnectionsAtOnceDoNotStopThePage() throws {
        let server = try Server(arguments: ["--request-timeout", "3"])
        // 200 connections that send nothing, held open.
        let idle = try (0..<200).map { _ in try server.connect() }
        defer { for socket in idle { close(socket) } }
        try Self.pageAnswers(server)
        // 32 requests at once, from as many threads.
        let statuses = Statuses()
        // Each request opens a socket of its own; the server's port and token are only read.
        nonisolated(unsafe) let shared = server
        DispatchQueue.concurrentPerform(iterations: 32) { _ in
            statuses.add((try? shared.request("GET", "/?token=\(shared.token)").status) ?? 0)
        }
        #expect(statuses.all == Array(repeating: 200, count: 32))
        #expect(server.files() == [])
    }

    final class Statuses: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Int] = []
        func add(_ status: Int) { lock.withLock { list.append(status) } }
        var all: [Int] { lock.withLock { list } }
    }

    @Test func pathLikeControlAndNonUTF8BytesInEveryPartOfARequest() throws {
        let server = try Server()
        let token = server.token
        // 0: no answer, the connection closed. FlyingFox's decoder refuses a request head that is not
        // UTF-8 and closes the connection without a response (a 400 is a TODO in FlyingFox 0.27).
        let hostile: [(head: [UInt8], body: [UInt8], status: Int)] = [
            // The path.
            (
                Array("GET /../../etc/passwd?token=\(token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), [],
                404
            ),
            (
                Array(
                    "GET /%2e%2e/%2e%2e/etc/passwd?token=\(token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8
                ), [], 404
            ),
            (Array("GET /takes%00.yaml?token=\(token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), [], 404),
            (
                Array("GET /".utf8) + [0xFF, 0xFE, 0x1B]
                    + Array("?token=\(token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), [], 0
            ),
            // The query: the token and undo's take name.
            (Array("GET /?token=\(token)%0A%1B HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), [], 403),
            (
                Array("GET /?token=".utf8) + [0xFF] + Array(" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8),
                [], 0
            ),
            (
                Array(
                    "POST /undo?token=\(token)&take=../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
                        .utf8), [], 400
            ),
            (
                Array(
                    "POST /undo?token=\(token)&take=take-0001.yaml%00%0A HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
                        .utf8), [], 400
            ),
            // The method and the headers.
            (Array("DELETE /?token=\(token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), [], 405),
            (
                Array("POST /takes?token=\(token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Name: ".utf8) + [
                    0xFF, 0x00, 0x1B,
                ]
                    + Array("\r\nContent-Length: 3\r\n\r\n".utf8), [0xFF, 0xFE, 0x00], 0
            ),
            (
                Array(
                    "POST /takes?token=\(token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 3\r\n\r\n"
                        .utf8), [0xFF, 0xFE, 0x00], 400
            ),
            // The body: a take whose every field is path-like, with control characters, is judged
            // like any other; here it lacks its stack, so it is refused.
            (
                Array(
                    "POST /takes?token=\(token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 85\r\n\r\n"
                        .utf8),
                Array(
                    "format: popgesture-trace/1\nname: \"../../x\\u0000\\u001b[2J\"\nconfig: /etc/passwd\nevents: []\n"
                        .utf8), 400
            ),
        ]
        for (head, body, status) in hostile {
            let answer = try server.exchange(String(decoding: [], as: UTF8.self), body: head + body)
            #expect(
                answer.status == status,
                "\(String(decoding: head, as: UTF8.self).debugDescription): \(answer.status) \(answer.body)")
        }
        #expect(server.files() == [])
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: server.directory)) ?? []).sorted() == ["OUT"])
        try Self.pageAnswers(server)
        // A valid take named with every hostile character is written where the server names it.
        let name = "\"../../etc/x\\u0000\\u001b]0;pwned\\u0007\\n::error::x <script>\""
        let written = try server.postTake(RecordServerTests.take("back", name: name))
        #expect(written.status == 200, "\(written.body)")
        #expect(server.files() == ["take-0001.yaml"])
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: server.directory)) ?? []).sorted() == ["OUT"])
    }

    /// A client that sends a 1 MB header line on a connection of its own, then reads the answer:
    /// its status (0: none), on a thread, so that several send at once.
    final class LongHeader: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private(set) var status = 0

        init(_ server: Server, bytes: Int = 1 << 20) throws {
            let socket = try server.connect()
            let head =
                Array("GET /?token=\(server.token) HTTP/1.1\r\nHost: x\r\nX-Long: ".utf8)
                + [UInt8](repeating: UInt8(ascii: "a"), count: bytes) + Array("\r\n\r\n".utf8)
            // Only the port is read on the thread; the socket is this client's own.
            nonisolated(unsafe) let shared = server
            Thread.detachNewThread { [self] in
                shared.send(socket, head)
                let answer = String(decoding: shared.receiveAll(socket), as: UTF8.self)
                status = Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0
                close(socket)
                done.signal()
            }
        }

        func wait(seconds: Double) -> Int? {
            done.wait(timeout: .now() + seconds) == .success ? status : nil
        }
    }

    /// 100 connections that send a request's first bytes and then one more byte a second: held open.
    static func slowClients(_ server: Server, count: Int = 100) throws -> [Int32] {
        let sockets = try (0..<count).map { _ in try server.connect() }
        for socket in sockets { server.send(socket, Array("GET /?token=\(server.token) HTTP/1.1\r\nX-Slow: ".utf8)) }
        return sockets
    }

    /// The page and a take, each answered within 3 s: the seconds each took.
    static func pageAndTake(_ server: Server) throws -> (page: Double, take: Double) {
        let start = Date()
        let page = try server.request("GET", "/?token=\(server.token)")
        let pageSeconds = Date().timeIntervalSince(start)
        #expect(page.status == 200 && page.body.hasPrefix("<!DOCTYPE html>"), "\(page.status)")
        let takeStart = Date()
        let take = try server.postTake(RecordServerTests.take("back"))
        #expect(take.status == 200, "\(take.status) \(take.body)")
        return (pageSeconds, Date().timeIntervalSince(takeStart))
    }

    @Test func twoMegabyteHeaderLinesAndAHundredSlowClientsLeaveThePageAnswered() throws {
        // Before the request gate FlyingFox compared each header byte with the line so far, so two
        // 1 MB lines kept both cores busy for minutes and the page went unanswered (timed out at 40 s).
        let server = try Server()
        let slow = try Self.slowClients(server)
        defer { for socket in slow { close(socket) } }
        let long = try (0..<2).map { _ in try LongHeader(server) }
        usleep(300_000)
        let (page, take) = try Self.pageAndTake(server)
        #expect(page < 3 && take < 3, "page \(page) s, take \(take) s")
        // Each long head is refused as such: 431 (RFC 6585 section 5).
        for client in long { #expect(client.wait(seconds: 10) == 431) }
        _ = server.readLine()
        #expect(server.files() == ["take-0001.yaml"])
    }

    @Test func aSignalEndsTheRunWithinFiveSecondsWhateverItsClientsDo() throws {
        let server = try Server()
        let slow = try Self.slowClients(server)
        defer { for socket in slow { close(socket) } }
        let long = try (0..<2).map { _ in try LongHeader(server, bytes: 4 << 20) }
        usleep(300_000)
        let end = server.stop()
        #expect(end.status == 0)
        #expect(end.seconds < 5, "\(end.seconds) s")
        #expect(end.rest == "fd: 0 takes, 0 missed backs, 0 false pops\n")
        _ = long
    }

    @Test func theHeaderSectionIsBoundedAndReadInLinearTime() throws {
        let server = try Server()
        // 16 KB of header section is read; one byte past it is refused with 431.
        let base = "GET /?token=\(server.token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Fill: "
        let fits = String(repeating: "a", count: RecordServerTests.maxHead - base.utf8.count - 4)
        let start = Date()
        let atLimit = try server.exchange(base + fits + "\r\n\r\n")
        #expect(atLimit.status == 200, "\(atLimit.status)")
        // FlyingFox alone took 54 s (debug build) for a 16 KB line: a head at the limit is now read at once.
        #expect(Date().timeIntervalSince(start) < 2)
        let over = try server.exchange(base + fits + "a\r\n\r\n")
        #expect(over.status == 431)
        #expect(over.body == "the request's header section is over 16384 bytes\n")
        // Many short header lines count alike.
        let many = try server.exchange(
            "GET /?token=\(server.token) HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 3000) + "\r\n")
        #expect(many.status == 431)
        // A request line over 2 KB: 414 (RFC 9110 section 15.5.15).
        let uri = try server.exchange(
            "GET /?token=\(server.token)&x=\(String(repeating: "a", count: 2048)) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(uri.status == 414)
        try Self.pageAnswers(server)
    }

    @Test func aContentLengthPastInt64IsAnswered413() throws {
        // Before: FlyingFox could not parse the length and closed the connection with no answer.
        let server = try Server()
        for length in ["9223372036854775808", "99999999999999999999999999"] {
            let answer = try server.exchange(
                "POST /takes?token=\(server.token) HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n")
            #expect(answer.status == 413, "\(length): \(answer.status)")
            #expect(answer.body == "a take is at most 4194304 bytes\n")
        }
        // A length that is not a number is a bad request (RFC 9112 section 6.3).
        let word = try server.exchange(
            "POST /takes?token=\(server.token) HTTP/1.1\r\nHost: x\r\nContent-Length: twelve\r\n\r\n")
        #expect(word.status == 400)
        try Self.pageAnswers(server)
        #expect(server.files() == [])
    }

    @Test func anAliasBombTakeIsRefusedQuickly() throws {
        let server = try Server()
        // Nine levels of nine aliases: 9^9 (387 million) strings once expanded.
        var yaml =
            "format: popgesture-trace/1\nname: bomb\nstack: [{id: a}, {id: b}]\nl0: &l0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            yaml +=
                "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        yaml += "events: []\n"
        let start = Date()
        let answer = try server.postTake(yaml)
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(answer.status == 400)
        #expect(answer.body.hasPrefix("take:"), "\(answer.body)")
        #expect(server.files() == [])
        try Self.pageAnswers(server)
    }
}
