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
    /// (`RequestDeadlines`); a phone sends one in milliseconds.
    public var requestTimeout: Double

    public init(host: String, port: UInt16, out: String, rules: [Rules], page: RecorderPage, requestTimeout: Double) {
        self.host = host
        self.port = port
        self.out = out
        self.rules = rules
        self.page = page
        self.requestTimeout = requestTimeout
    }

    /// Blocks until a signal ends the run (exit 0) or the server cannot start (exit 2).
    public func run(console: Console = Console()) -> ExitStatus {
        // Taken from their default actions before anything listens: a signal now ends the run here.
        let signals = [SIGINT, SIGTERM]
        for number in signals { signal(number, SIG_IGN) }
        let stop = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let sources = signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
        defer { for source in sources { source.cancel() } }
        let result = StatusBox()
        let server = self
        Task {
            result.value = await server.serve(console: console, until: stop)
            finished.signal()
        }
        finished.wait()
        return result.value
    }

    private func serve(console: Console, until stop: DispatchSemaphore) async -> ExitStatus {
        let store: TakeStore
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
        do {
            store = try TakeStore(folder: out)
        } catch {
            console.report(error as? Diagnostic ?? Diagnostic(path: out, message: "\(error)"))
            return .errors
        }
        let token = Self.makeToken()
        let desk = TakeDesk(judge: TakeJudge(rules: rules), store: store, console: console)
        let deadlines = RequestDeadlines(limit: .milliseconds(Int64((requestTimeout * 1000).rounded(.up))))
        let handler = RecordHandler(token: token, page: Data(page.html.utf8), desk: desk, deadlines: deadlines)
        let config = HTTPServer.Configuration(
            address: address, timeout: 15, sharedRequestReplaySize: RecordHandler.maxBody,
            pool: deadlines, logger: .disabled)
        let server = HTTPServer(config: config, handler: handler)
        let running = Task { try await server.run() }
        do {
            try await server.waitUntilListening(timeout: 5)
        } catch {
            running.cancel()
            let why = Self.reason(await running.result)
            console.report(
                Diagnostic(
                    message: "cannot listen on \(host):\(port): \(why)",
                    suggestion: "choose another port with --port (0 picks a free one)"))
            return .errors
        }
        guard case .ip4(_, let listening)? = await server.listeningAddress else {
            console.report(Diagnostic(message: "the server listens on no IPv4 address"))
            return .errors
        }
        for address in Self.addresses(host: host) {
            console.out("http://\(address):\(listening)/?token=\(token)\n")
        }
        console.err("writing takes to \(out)/take-NNNN.yaml; open an address above on the phone; Ctrl-C ends the run\n")
        console.flush()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                stop.wait()
                continuation.resume()
            }
        }
        let summary = await desk.close()
        console.out(summary)
        console.flush()
        running.cancel()
        return .ok
    }

    private static func reason(_ result: Result<Void, any Error>) -> String {
        if case .failure(let error) = result { return "\(error)" }
        return "it stopped"
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

/// The run's exit status, set by the server's task before it signals that it finished.
private final class StatusBox: @unchecked Sendable {
    var value = ExitStatus.ok
}
