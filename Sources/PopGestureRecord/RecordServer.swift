import FlyingFox
import FlyingSocks
import Foundation
import PopGestureCore
import PopGestureKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `popgesture record --serve`: serves the recorder page to phones on the network, judges and writes
/// each take, and at SIGINT or SIGTERM prints each rule version's summary and returns, having
/// written no take after the signal and none in part.
public struct RecordServer: Sendable {
    /// An IPv4 address to listen on; 0.0.0.0 is every interface.
    public var host: String
    /// 0: a free port, which the printed addresses name.
    public var port: UInt16
    public var out: String
    public var rules: [Rules]
    public var page: RecorderPage
    /// Seconds a client has to send a request's head, from its connection's first wait for it
    /// (`RequestGate`); a phone sends one in milliseconds.
    public var requestTimeout: Double

    public init(host: String, port: UInt16, out: String, rules: [Rules], page: RecorderPage, requestTimeout: Double) {
        self.host = host
        self.port = port
        self.out = out
        self.rules = rules
        self.page = page
        self.requestTimeout = requestTimeout
    }

    /// Blocks until a signal ends the run (exit 0) or the server cannot start (exit 2). The signal is
    /// waited for on this thread, by a semaphore its handler posts, and the summary printed from here:
    /// however busy the server's tasks are, the run ends at once.
    public func run(console: Console = Console()) -> ExitStatus {
        // Taken from their default actions before anything listens: a signal now ends the run here.
        RunEnd.install()
        let address: sockaddr_in
        do {
            address = try .inet(ip4: host, port: port)
        } catch {
            console.report(
                Diagnostic(
                    message: "--host \(host) is not an IPv4 address",
                    suggestion: "use 0.0.0.0 (every interface) or one address such as 127.0.0.1"))
            return .errors
        }
        let store: TakeStore
        do {
            store = try TakeStore(folder: out)
        } catch {
            console.report(error as? Diagnostic ?? Diagnostic(path: out, message: "\(error)"))
            return .errors
        }
        let listener: Socket
        let listening: UInt16
        do {
            (listener, listening) = try Self.listen(on: address)
        } catch {
            console.report(
                Diagnostic(
                    message: "cannot listen on \(host):\(port): \(error)",
                    suggestion: "choose another port with --port (0 picks a free one)"))
            return .errors
        }
        let folder: String
        do {
            folder = try Self.privateFolder()
        } catch {
            console.report(Diagnostic(message: "cannot make a private folder for the server's socket: \(error)"))
            return .errors
        }
        defer {
            unlink(folder + "/" + Self.socketName)
            rmdir(folder)
        }
        let token = Self.makeToken()
        let desk = TakeDesk(judge: TakeJudge(rules: rules), store: store, console: console)
        let start = StartBox()
        let server = self
        Task {
            do {
                try await server.serve(
                    listener: listener, socketPath: folder + "/" + Self.socketName, token: token, desk: desk
                ) {
                    start.set(.started)
                    RunEnd.post()
                }
            } catch {
                start.set(.failed("\(error)"))
                RunEnd.post()
            }
        }
        RunEnd.wait()
        switch start.state {
        case .failed(let why):
            console.report(Diagnostic(message: "the server could not start: \(why)"))
            return .errors
        case .started:
            for address in Self.addresses(host: host) {
                console.out("http://\(address):\(listening)/?token=\(token)\n")
            }
            console.err(
                "writing takes to \(out)/take-NNNN.yaml; open an address above on the phone; Ctrl-C ends the run\n")
            console.flush()
            RunEnd.wait()
        case .starting:
            // A signal before the server was up: the run ends with nothing taken.
            break
        }
        console.out(desk.close())
        console.flush()
        return .ok
    }

    /// The page's port, bound and listening before the run says it started (so a port in use is
    /// said at once); its number, for a port of 0.
    private static func listen(on address: sockaddr_in) throws -> (Socket, UInt16) {
        let socket = try Socket(domain: AF_INET, type: .stream)
        do {
            try socket.setValue(true, for: .localAddressReuse)
            try socket.bind(to: address)
            try socket.listen()
            guard case .ip4(_, let port) = try socket.sockname() else { throw SocketError.unsupportedAddress }
            return (socket, port)
        } catch {
            try? socket.close()
            throw error
        }
    }

    /// FlyingFox behind the gate: it listens on a socket in a folder only this user can open, and
    /// the gate takes the port.
    private func serve(
        listener: Socket, socketPath: String, token: String, desk: TakeDesk, started: @escaping @Sendable () -> Void
    ) async throws {
        let limit = Duration.milliseconds(Int64((requestTimeout * 1000).rounded(.up)))
        let handler = RecordHandler(token: token, page: page, desk: desk)
        let upstream = sockaddr_un.unix(path: socketPath)
        let config = HTTPServer.Configuration(
            address: upstream, timeout: 15, sharedRequestReplaySize: RecordHandler.maxBody, logger: .disabled)
        let server = HTTPServer(config: config, handler: handler)
        let running = Task { try await server.run() }
        do {
            try await server.waitUntilListening(timeout: 5)
        } catch {
            running.cancel()
            if case .failure(let failure) = await running.result { throw failure }
            throw error
        }
        let pool = HTTPServer.defaultPool()
        try await pool.prepare()
        let polling = Task { try await pool.run() }
        defer { polling.cancel() }
        let gate = RequestGate(limit: limit, maxBody: RecordHandler.maxBody, upstream: upstream, pool: pool)
        let accepting = try AsyncSocket(socket: listener, pool: pool)
        started()
        await gate.run(listener: accepting)
    }

    /// The name of FlyingFox's socket in the private folder.
    static let socketName = "http.sock"

    /// A new folder of mode 0700 under the temporary folder (or /tmp, when its path would make the
    /// socket's longer than a socket address holds).
    private static func privateFolder() throws -> String {
        var base = NSTemporaryDirectory()
        if base.utf8.count > 60 { base = "/tmp/" }
        var template =
            Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast())
            + Array("popgesture-record-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Diagnostic(message: String(cString: strerror(errno))) }
        return String(cString: made)
    }

    /// recordings/2026-11-25: a day's takes together, numbered on across runs.
    public static func defaultFolder() -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.dateFormat = "yyyy-MM-dd"
        return "recordings/" + format.string(from: Date())
    }

    /// 128 random bits as hex: the page's address is the secret that lets a phone post takes.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
    }

    /// The addresses a phone can reach: the host itself, or for 0.0.0.0 every IPv4 address of this
    /// machine's interfaces that are up (loopback first, as the system lists them).
    static func addresses(host: String) -> [String] {
        guard host == "0.0.0.0" else { return [host] }
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [host] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let socketAddress = current.pointee.ifa_addr, socketAddress.pointee.sa_family == sa_family_t(AF_INET),
                current.pointee.ifa_flags & UInt32(IFF_UP) != 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var address = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &address, &text, socklen_t(INET_ADDRSTRLEN))
            }
            let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !found.contains(address) { found.append(address) }
        }
        return found.isEmpty ? [host] : found
    }
}

/// Whether the server's task started the server, set before it posts `RunEnd`.
private final class StartBox: @unchecked Sendable {
    enum State {
        case starting, started
        case failed(String)
    }
    private let lock = NSLock()
    private var value = State.starting

    var state: State { lock.withLock { value } }
    func set(_ state: State) { lock.withLock { value = state } }
}

/// SIGINT and SIGTERM, and the server's start, wake the run's thread through one POSIX semaphore:
/// `sem_post` is safe in a signal handler, and the wait needs no thread of Swift's or Dispatch's.
private enum RunEnd {
    nonisolated(unsafe) static let semaphore: UnsafeMutablePointer<sem_t> = {
        let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
        return semaphore
    }()

    static func install() {
        _ = semaphore
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in sem_post(RunEnd.semaphore) }
            sigaddset(&signals, number)
        }
        // A parent may have started this process with them blocked (a test harness's Dispatch blocks
        // them in its threads, and a child inherits its thread's mask): this thread takes them.
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    static func post() { sem_post(semaphore) }

    static func wait() {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }
}
