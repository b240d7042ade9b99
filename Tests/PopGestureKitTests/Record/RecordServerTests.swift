import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

#if canImport(Glibc)
    import Glibc
#endif

/// `record --serve` end to end: the built binary on loopback, spoken to over plain sockets, so that
/// each bad request is exactly what a hostile client would send.
@Suite(.serialized) struct RecordServerTests {
    /// A running server, its folder, port and token.
    final class Server {
        let process = Process()
        let directory: String
        var port: UInt16 = 0
        var token = ""
        private let out = Pipe()

        init(files: [String: String] = [:], rules: [String] = ["fd"], arguments: [String] = []) throws {
            directory = try CommandLineTests.fixture(files)
            process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
            process.arguments =
                ["record", "--serve", "--port", "0", "--host", "127.0.0.1", "--out", "OUT"] + arguments + ["--rules"]
                + rules
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let line = readLine()
            let url = try #require(URLComponents(string: line), "no address printed: \(line)")
            port = UInt16(try #require(url.port))
            token = try #require(url.queryItems?.first { $0.name == "token" }?.value)
            #expect(line == "http://127.0.0.1:\(port)/?token=\(token)")
        }

        /// One line of the server's standard output (it prints the address, then a line per take).
        func readLine() -> String {
            var bytes: [UInt8] = []
            while true {
                let byte = out.fileHandleForReading.readData(ofLength: 1)
                guard let first = byte.first, first != UInt8(ascii: "\n") else { break }
                bytes.append(first)
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Ends the run with `signal`; its remaining output.
        func stop(_ signal: Int32 = SIGINT) -> (status: Int32, rest: String, seconds: Double) {
            let start = Date()
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let rest = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (process.terminationStatus, rest, Date().timeIntervalSince(start))
        }

        func files(_ folder: String = "OUT") -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + folder)) ?? []).sorted()
        }

        func read(_ path: String) -> String? {
            try? String(contentsOfFile: directory + "/" + path, encoding: .utf8)
        }

        deinit {
            // SIGTERM first, so that the server removes its socket's folder; SIGKILL if it lingers.
            if process.isRunning {
                kill(process.processIdentifier, SIGTERM)
                let deadline = Date().addingTimeInterval(5)
                while process.isRunning && Date() < deadline { usleep(10_000) }
            }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(atPath: directory)
        }

        /// Sends `head` (and `body`) on a new connection and reads the answer to the end: status and body.
        func exchange(_ head: String, body: [UInt8] = []) throws -> (status: Int, body: String) {
            let socket = try connect()
            defer { close(socket) }
            send(socket, Array(head.utf8) + body)
            let answer = receiveAll(socket)
            let text = String(decoding: answer, as: UTF8.self)
            let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
            let bodyText = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
            return (status, bodyText)
        }

        func request(_ method: String, _ target: String, body: String = "", headers: String = "") throws -> (
            status: Int, body: String
        ) {
            try exchange(
                "\(method) \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n\(headers)\r\n",
                body: Array(body.utf8))
        }

        func postTake(_ yaml: String) throws -> (status: Int, body: String) {
            try request("POST", "/takes?token=\(token)", body: yaml)
        }

        func connect() throws -> Int32 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            try #require(connected == 0, "cannot connect to port \(port)")
            return socket
        }

        /// Errors are ignored: a server that answered early may close before all of it is sent.
        func send(_ socket: Int32, _ bytes: [UInt8]) {
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes {
                    Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if n <= 0 { return }
                sent += n
            }
        }

        func receiveAll(_ socket: Int32) -> [UInt8] {
            var answer: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = recv(socket, &buffer, buffer.count, 0)
                if n <= 0 { break }
                answer += buffer[0..<n]
            }
            return answer
        }
    }

    /// CommandLineTests' swipe (from x = 30 to 140 in 50 ms: fd begins at the 16 ms move and completes
    /// by projection; cupertino refuses it, outsideEdge 30 > 20), labelled.
    static func take(_ intent: String, name: String = "swipe") -> String {
        """
        format: popgesture-trace/1
        name: \(name)
        stack: [{id: inbox}, {id: thread, barHidden: true}]
        events:
        - touch: 1
          samples: [[0, 30, 400], [16, 42, 401], [33, 80, 402], [50, 140, 402]]
          up: 60
        expect:
        - {gesture: 1, intent: \(intent)}

        """
    }

    /// The request gate's limit on a request's header section (RequestGate.maxHead).
    static let maxHead = 16384

    @Test func aWrongOrMissingTokenIsForbiddenAndNothingIsWritten() throws {
        let server = try Server()
        #expect(try server.request("GET", "/").status == 403)
        #expect(try server.request("GET", "/?token=").status == 403)
        #expect(try server.request("POST", "/takes", body: Self.take("back")).status == 403)
        let wrong = String(server.token.reversed())
        #expect(try server.request("POST", "/takes?token=\(wrong)", body: Self.take("back")).status == 403)
        #expect(try server.request("POST", "/takes?token=\(server.token)x", body: Self.take("back")).status == 403)
        #expect(try server.request("POST", "/undo?token=\(wrong)&take=take-0001.yaml").status == 403)
        #expect(server.files() == [])
        let page = try server.request("GET", "/?token=\(server.token)")
        #expect(page.status == 200 && page.body.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func aBodyOverFourMegabytesIsRefusedWithoutBeingRead() throws {
        let server = try Server()
        // The headers alone: the answer comes although not one byte of the body was sent.
        let declared = try server.exchange(
            "POST /takes?token=\(server.token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 4194305\r\n\r\n"
        )
        #expect(declared.status == 413)
        #expect(declared.body == "a take is at most 4194304 bytes\n")
        // Chunked declares no length: the server stops reading past the limit.
        var chunked = Array(
            "POST /takes?token=\(server.token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
                .utf8)
        let chunk = [UInt8](repeating: UInt8(ascii: "#"), count: 65536)
        for _ in 0..<65 { chunked += Array("10000\r\n".utf8) + chunk + Array("\r\n".utf8) }
        let streamed = try server.exchange("", body: chunked + Array("0\r\n\r\n".utf8))
        #expect(streamed.status == 413)
        // Exactly the limit is read and judged (it is no take: 400, not 413).
        let atLimit = try server.exchange(
            "POST /takes?token=\(server.token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 4194304\r\n\r\n",
            body: [UInt8](repeating: UInt8(ascii: "#"), count: 4_194_304))
        #expect(atLimit.status == 400)
        #expect(server.files() == [])
    }

    @Test func aTakeThatDoesNotLoadGetsTheLoadersErrorAndNothingIsWritten() throws {
        let server = try Server()
        let missingStack = try server.postTake("format: popgesture-trace/1\nevents: []\n")
        #expect(missingStack.status == 400)
        #expect(
            missingStack.body == """
                take:1:1: error: missing required key `stack` in a trace document (list the view controllers bottom to top, e.g. `stack: [{id: inbox}, {id: thread}]`)

                """)
        let config = try server.postTake("format: popgesture-trace/1\nconfig: ../../etc/passwd\nevents: []\n")
        #expect(config.status == 400)
        #expect(config.body.hasPrefix("take:2:9: error: this trace may not name a `config` file"))
        let syntax = try server.postTake("format: popgesture-trace/1\nstack: [{id: a}\n")
        #expect(syntax.status == 400 && syntax.body.hasPrefix("take:"))
        let twice = try server.postTake(Self.take("back") + "---\n" + Self.take("stay"))
        #expect(
            twice.body
                == "take: error: a take is one trace document; this one has more (send each take in a request of its own)\n"
        )
        let rules = try server.postTake("format: popgesture-rules/1\nextends: fd\n")
        #expect(rules.status == 400 && rules.body.hasPrefix("take: error: a take is a trace document"))
        let binary = try server.exchange(
            "POST /takes?token=\(server.token) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 3\r\n\r\n",
            body: [0xff, 0xfe, 0x00])
        #expect(
            binary.status == 400 && binary.body == "take: error: the take is not UTF-8 text (expected trace YAML)\n")
        #expect(
            try server.postTake("").body
                == "take: error: contains no trace document (a trace starts with `format: popgesture-trace/1`)\n")
        #expect(try server.request("GET", "/takes?token=\(server.token)").status == 405)
        #expect(try server.request("GET", "/../../etc/passwd?token=\(server.token)").status == 404)
        #expect(server.files() == [])
    }

    @Test func takesAreNamedByTheServerInsideOutAndTheirVerdictsAnswered() throws {
        let server = try Server(rules: ["fd", "cupertino"])
        let answer = try server.postTake(Self.take("back", name: "../../escaped"))
        #expect(answer.status == 200)
        let json = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as! [String: Any]
        #expect(json["file"] as? String == "take-0001.yaml" && json["intent"] as? String == "back")
        let verdicts = json["verdicts"] as! [[String: Any]]
        #expect(verdicts.map { $0["rules"] as? String } == ["fd", "cupertino"])
        #expect((verdicts[0]["text"] as! String).hasPrefix("began; pop completed by projection: "))
        #expect(verdicts[0]["finding"] is NSNull)
        #expect((verdicts[1]["text"] as! String).hasPrefix("refused(outsideEdge)"))
        #expect(verdicts[1]["finding"] as? String == "missed back")
        #expect(server.read("OUT/take-0001.yaml") == Self.take("back", name: "../../escaped"))
        #expect(server.readLine().hasPrefix("take 1 (back): fd: began; pop completed by projection: "))
        // A back swipe from x = 30: further from the edge than a phone's own back gesture leaves it.
        #expect(
            server.readLine()
                == "take 1: the phone's own back gesture may have taken the edge (its first touch starts 30 pt from the edge); on Android, switch to three-button navigation while recording; the take is kept"
        )
        // The same swipe labelled stay: a false pop under fd, held under cupertino.
        #expect(try server.postTake(Self.take("stay")).status == 200)
        #expect(
            server.readLine().hasSuffix("[false pop]; cupertino: refused(outsideEdge): edge distance 30 > edgeWidth 20")
        )
        #expect(server.files() == ["take-0001.yaml", "take-0002.yaml"])
        #expect(server.files(".") == ["OUT"])
        // Undo takes only a file this run wrote, by its name.
        #expect(try server.request("POST", "/undo?token=\(server.token)&take=../OUT/take-0001.yaml").status == 400)
        #expect(try server.request("POST", "/undo?token=\(server.token)&take=take-0002.yaml").status == 200)
        #expect(server.readLine() == "take 2: undone, take-0002.yaml removed")
        #expect(try server.request("POST", "/undo?token=\(server.token)&take=take-0002.yaml").status == 400)
        #expect(server.files() == ["take-0001.yaml"])
        let end = server.stop()
        #expect(end.status == 0)
        #expect(
            end.rest == "fd: 1 take, 0 missed backs, 0 false pops\ncupertino: 1 take, 1 missed back, 0 false pops\n")
    }

    @Test func noTakeIsWrittenOverAnotherFile() throws {
        let server = try Server(files: [
            "OUT/take-0001.yaml": "kept\n", "OUT/take-0003.yaml": "kept too\n", "OUT/notes.txt": "x\n",
        ])
        #expect(try server.postTake(Self.take("back")).status == 200)
        #expect(server.files() == ["notes.txt", "take-0001.yaml", "take-0003.yaml", "take-0004.yaml"])
        // A file that appears under the next name after the server started is passed over, not replaced.
        try "appeared\n".write(toFile: server.directory + "/OUT/take-0005.yaml", atomically: false, encoding: .utf8)
        #expect(try server.postTake(Self.take("back")).body.hasPrefix("{\"file\": \"take-0006.yaml\""))
        #expect(server.read("OUT/take-0001.yaml") == "kept\n" && server.read("OUT/take-0003.yaml") == "kept too\n")
        #expect(server.read("OUT/take-0005.yaml") == "appeared\n")
        #expect(server.read("OUT/take-0006.yaml") == Self.take("back"))
    }

    @Test func aTakeUndoneIsNumberedAgainAsTheDocsSay() throws {
        // One past the highest number in OUT: after take-0003 is undone, the next take is take-0003
        // again (it was take-0004: the store counted on from its start).
        let server = try Server(files: ["OUT/take-0001.yaml": "kept\n"])
        for expected in ["take-0002.yaml", "take-0003.yaml"] {
            #expect(try server.postTake(Self.take("back")).body.hasPrefix("{\"file\": \"\(expected)\""))
            _ = server.readLine()
            #expect(
                server.readLine().hasPrefix("take \(TakeStore.number(of: expected)!): the phone's own back gesture"))
        }
        #expect(try server.request("POST", "/undo?token=\(server.token)&take=take-0003.yaml").status == 200)
        #expect(server.readLine() == "take 3: undone, take-0003.yaml removed")
        #expect(try server.postTake(Self.take("stay")).body.hasPrefix("{\"file\": \"take-0003.yaml\""))
        #expect(server.readLine().hasPrefix("take 3 (stay): "))
        #expect(server.files() == ["take-0001.yaml", "take-0002.yaml", "take-0003.yaml"])
        #expect(server.read("OUT/take-0003.yaml") == Self.take("stay"))
    }

    @Test func theServedPageNumbersItsFirstTakeAsTheNextFile() throws {
        // With takes already in OUT the page counted "Take 1" while the terminal and the files said 3.
        let server = try Server(files: ["OUT/take-0001.yaml": "kept\n", "OUT/take-0002.yaml": "kept\n"])
        #expect(
            try server.request("GET", "/?token=\(server.token)").body.contains(
                "\"backPrompt\": \"Swipe back\", \"next\": 3}"))
        #expect(try server.postTake(Self.take("stay")).status == 200)
        #expect(try server.request("GET", "/?token=\(server.token)").body.contains("\"next\": 4}"))
        // `--page` has no files to count from.
        #expect(RecorderPage(served: false).html.contains("\"next\": 1};"))
    }

    @Test func aBackTakeThatStartsInFromTheEdgeOrWasCancelledIsSaidToMayHaveLostItsEdge() throws {
        let server = try Server()
        let near = Self.take("back").replacingOccurrences(of: "[[0, 30, 400]", with: "[[0, 12, 400]")
        #expect(try server.postTake(near).status == 200)
        #expect(server.readLine().hasPrefix("take 1 (back): "))
        let cancelled = near.replacingOccurrences(of: "  up: 60", with: "  cancel: 60")
        #expect(try server.postTake(cancelled).status == 200)
        #expect(server.readLine().hasPrefix("take 2 (back): "))
        // The near one said nothing more: the next line is the cancelled one's.
        #expect(
            server.readLine()
                == "take 2: the phone's own back gesture may have taken the edge (the browser cancelled it); on Android, switch to three-button navigation while recording; the take is kept"
        )
        // Kept: both written.
        #expect(server.files() == ["take-0001.yaml", "take-0002.yaml"])
    }

    @Test func aPathThatIsNotServedIsNamedAsSent() throws {
        let server = try Server()
        // FlyingFox reads `//takes` as an address with an empty path: the answer said "nothing at : ...".
        let doubled = try server.request("GET", "//takes?token=\(server.token)")
        #expect(doubled.status == 404)
        #expect(doubled.body == "nothing at //takes: the recorder serves / and takes POSTs to /takes\n")
        let other = try server.request("GET", "/favicon.ico?token=\(server.token)")
        #expect(other.body == "nothing at /favicon.ico: the recorder serves / and takes POSTs to /takes\n")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalEndsTheRunWithTheSummaryAndOnlyCompleteFiles(_ signal: Int32) throws {
        let server = try Server()
        #expect(try server.postTake(Self.take("stay")).status == 200)
        _ = server.readLine()
        // A connection that stays open (a page that is still loaded, a client half way through its headers).
        let idle = try server.connect()
        defer { close(idle) }
        server.send(idle, Array("POST /takes?token=\(server.token) HTTP/1.1\r\nHost: x\r\n".utf8))
        // Many bad requests first: the server answers each and stays up.
        for _ in 0..<50 {
            #expect(try server.request("POST", "/takes?token=\(server.token)", body: "stack: [").status == 400)
        }
        let end = server.stop(signal)
        #expect(end.status == 0)
        #expect(end.seconds < 5)
        #expect(end.rest == "fd: 1 take, 0 missed backs, 1 false pop\n")
        #expect(server.files() == ["take-0001.yaml"])
    }

    @Test func aPortInUseIsAnError() throws {
        let first = try Server()
        let second = try CommandLineTests.run(
            ["record", "--serve", "--host", "127.0.0.1", "--port", String(first.port), "--out", "OUT"],
            in: first.directory)
        #expect(second.status == 2)
        #expect(second.stderr.hasPrefix("error: cannot listen on 127.0.0.1:\(first.port): "))
    }

    @Test func usageErrors() throws {
        let dir = try CommandLineTests.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let neither = try CommandLineTests.run(["record"], in: dir)
        #expect(
            neither.status == 2
                && neither.stderr.hasPrefix("Error: give one of --serve (the server) or --page (the page alone)"))
        let prompts = try CommandLineTests.run(["record", "--serve", "--prompts", "back,left"], in: dir)
        #expect(prompts.status == 2 && prompts.stderr.contains("found `left`"))
        let host = try CommandLineTests.run(["record", "--serve", "--host", "phone.local", "--out", "OUT"], in: dir)
        #expect(host.status == 2 && host.stderr.hasPrefix("error: --host phone.local is not an IPv4 address"))
    }

    @Test func pageModeWritesTheSelfContainedPage() throws {
        let dir = try CommandLineTests.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CommandLineTests.run(
            ["record", "--page", "-o", "recorder.html", "--scenario", "rows", "--prompts", "stay,back"], in: dir)
        #expect(run.status == 0 && run.stdout == "wrote recorder.html\n", "\(run.stdout)")
        #expect(
            run.stderr
                == "recorder.html: note: open it in a phone's browser; its Download button saves the takes as takes.yaml\n"
        )
        let page = try String(contentsOfFile: dir + "/recorder.html", encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        // Its one link: an empty icon, so that a browser asks the server for no favicon.
        #expect(try HTMLElements(page).attributes(of: "link") == [["rel": "icon", "href": "data:,"]])
        #expect(
            page.contains(
                "const SETTINGS = {\"served\": false, \"recorder\": \"popgesture-recorder/1\", \"scenarios\": [\"rows\"], \"prompts\": [\"stay\", \"back\"], "
            ))
        // Nothing from elsewhere: no script, style, image or font by address.
        for reference in ["src=", "http:", "https:", "url(", "@import"] {
            #expect(!page.contains(reference), "\(reference)")
        }
        let served = try Server()
        #expect(
            try served.request("GET", "/?token=\(served.token)").body.contains("const SETTINGS = {\"served\": true, "))
    }

    @Test func aStackConfigIsTheScreenThePageDraws() throws {
        let dir = try CommandLineTests.fixture([
            "shop.yaml": """
            format: popgesture-stack/1
            screen: {width: 375, height: 667}
            stack:
              - {id: catalog}
              - id: product
                barHidden: true
                content:
                  - {id: photos, kind: scroll, frame: [0, 150, 375, 200], axis: horizontal, maxOffset: 750}
                  - {id: row, kind: swipeRow, frame: [0, 400, 375, 60]}
            """,
            "one.yaml": "format: popgesture-stack/1\nstack: [{id: only}]\n",
            "rtl.yaml": "format: popgesture-stack/1\nlayoutDirection: rtl\nstack: [{id: a}, {id: b}]\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let page = try CommandLineTests.run(["record", "--page", "--stack-config", "shop.yaml"], in: dir)
        #expect(page.status == 0)
        // Named after the file without a `name`; a stay prompt per region, in the regions' order.
        #expect(
            page.stdout.contains(
                "\"scenarios\": [\"shop\"], \"prompts\": [], "
            ), "\(page.stdout.prefix(200))")
        #expect(
            page.stdout.contains(
                "\"config\": {\"name\": \"shop\", \"screen\": {\"width\": 375, \"height\": 667}, \"stayPrompts\": [\"Scroll photos to the left\", \"Open row\"], \"barAppearanceManaged\": true, \"stack\": [{\"id\": \"catalog\", \"barHidden\": false, \"popDisabled\": false, \"maxStartX\": 0}, {\"id\": \"product\", \"barHidden\": true, \"popDisabled\": false, \"maxStartX\": 0, \"content\": [{\"id\": \"photos\", \"kind\": \"scroll\", \"frame\": [0, 150, 375, 200], \"axis\": \"horizontal\", \"offset\": 0, \"maxOffset\": 750}, {\"id\": \"row\", \"kind\": \"swipeRow\", \"frame\": [0, 400, 375, 60], \"open\": false}]}]}};"
            ))
        let both = try CommandLineTests.run(
            ["record", "--serve", "--stack-config", "shop.yaml", "--scenario", "rows"], in: dir)
        #expect(both.status == 2 && both.stderr.hasPrefix("Error: --scenario picks the built-in screens"))
        let one = try CommandLineTests.run(["record", "--page", "--stack-config", "one.yaml"], in: dir)
        #expect(
            one.status == 2
                && one.stderr.hasPrefix(
                    "one.yaml: error: `record --stack-config` needs a stack of two view controllers or more"),
            "\(one.stderr)")
        let rtl = try CommandLineTests.run(["record", "--page", "--stack-config", "rtl.yaml"], in: dir)
        #expect(rtl.status == 2 && rtl.stderr.contains("right-to-left"), "\(rtl.stderr)")
        let missing = try CommandLineTests.run(["record", "--page", "--stack-config", "none.yaml"], in: dir)
        #expect(missing.status == 2 && missing.stderr.hasPrefix("none.yaml"), "\(missing.stderr)")
        // The server reads it too.
        let served = try Server(
            files: ["shop.yaml": "format: popgesture-stack/1\nname: shop\nstack: [{id: a}, {id: b}]\n"],
            arguments: ["--stack-config", "shop.yaml"])
        #expect(
            try served.request("GET", "/?token=\(served.token)").body.contains(
                "\"config\": {\"name\": \"shop\", \"screen\": {\"width\": 390, \"height\": 844}, \"stayPrompts\": [\"Scroll the list down\"]"
            ))
    }

    @Test func theTallyCountsEachRuleVersionAndUndoTakesBack() {
        var tally = TakeTally(rules: ["fd", "uikit"])
        let missed = [
            TakeVerdict(rules: "fd", text: "", finding: nil),
            TakeVerdict(rules: "uikit", text: "", finding: .missedBack),
        ]
        let falsePop = [
            TakeVerdict(rules: "fd", text: "", finding: .falsePop), TakeVerdict(rules: "uikit", text: "", finding: nil),
        ]
        tally.add(missed)
        tally.add(falsePop)
        tally.add(falsePop)
        tally.add(falsePop, sign: -1)
        #expect(
            tally.summary == "fd: 2 takes, 0 missed backs, 1 false pop\nuikit: 2 takes, 1 missed back, 0 false pops\n")
    }

    @Test func takeNamesAreFourDigitsOrMore() {
        #expect(TakeStore.name(7) == "take-0007.yaml" && TakeStore.name(12345) == "take-12345.yaml")
        #expect(TakeStore.number(of: "take-0012.yaml") == 12 && TakeStore.number(of: "take-12.yaml") == nil)
        #expect(TakeStore.number(of: "take-00a1.yaml") == nil && TakeStore.number(of: "xtake-0001.yaml") == nil)
    }
}
