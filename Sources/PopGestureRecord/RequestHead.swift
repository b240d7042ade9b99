/// A request's head as `RequestGate` reads it from a client: found by one pass over the bytes,
/// bounded, and written again for FlyingFox with only the request line and the fields that frame
/// the body (`Content-Length`, `Transfer-Encoding`, `Connection`).
///
/// Why the gate reads the head at all: FlyingFox 0.27.1 splits a head into lines with
/// `collectStrings(separatedBy:)`, whose `until` closure is `{ $0.suffix(bytes.count) == bytes }`
/// on an `[UInt8]`; for `==` against an array the type checker picks `Sequence.suffix(_:)`, which
/// walks the whole line so far, once for every byte: a line of n bytes costs n²/2 steps, and a head
/// has no limit. Two clients with 1 MB header lines kept both cores busy for minutes. Here the head
/// is searched once, at most `maxHead` bytes of it are read, and the head FlyingFox parses is a few
/// short lines, so its quadratic step costs nothing.
struct RequestHead: Equatable {
    /// The head FlyingFox reads.
    var forwarded: [UInt8]
    var body: Body

    enum Body: Equatable {
        /// `Content-Length` bytes (0 without one).
        case length(Int)
        /// `Transfer-Encoding`: the body's end is FlyingFox's to find, so the connection ends after
        /// this request (`Connection: close` is forwarded) and the rest of the bytes pass unread.
        case untilClose
    }

    /// The whole header section, request line and empty line included, blank lines before it too.
    static let maxHead = 16_384
    /// The request line, without its line end: the recorder's targets are under 100 bytes.
    static let maxRequestLine = 2_048
}

/// What the bytes a client has sent for its next request make so far.
enum HeadScan: Equatable {
    /// No empty line yet, and nothing over a limit: read on.
    case incomplete
    /// The head, and how many of the bytes it took (the rest is its body or the next request).
    case head(RequestHead, length: Int)
    /// Answered by the gate with this status and the connection closed.
    case refused(GateAnswer)
    /// A head that is not UTF-8: closed with no answer, as FlyingFox did (its decoder reads text).
    case unreadable
}

/// An answer the gate gives itself, for a request FlyingFox never sees.
struct GateAnswer: Equatable {
    var status: Int
    var reason: String
    var message: String

    static func headTooLarge() -> GateAnswer {
        GateAnswer(
            status: 431, reason: "Request Header Fields Too Large",
            message: "the request's header section is over \(RequestHead.maxHead) bytes")
    }

    static func targetTooLong() -> GateAnswer {
        GateAnswer(
            status: 414, reason: "URI Too Long",
            message: "the request line is over \(RequestHead.maxRequestLine) bytes")
    }

    static func tooLarge(maxBody: Int) -> GateAnswer {
        GateAnswer(status: 413, reason: "Content Too Large", message: "a take is at most \(maxBody) bytes")
    }

    static func badRequest(_ message: String) -> GateAnswer {
        GateAnswer(status: 400, reason: "Bad Request", message: message)
    }

    /// The answer's bytes: plain text, never cached, and the connection closed after it.
    var bytes: [UInt8] {
        let body = Array((message + "\n").utf8)
        let head =
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}

/// Finds a head's end in the bytes as they arrive, each byte looked at once however the bytes are
/// split into reads; `reset` for the next request on the connection.
struct HeadScanner {
    let maxBody: Int
    /// Bytes looked at so far, from the request's first byte.
    private var searched = 0
    /// Where the line being read starts, and where the request line starts (after blank lines).
    private var lineStart = 0
    private var requestStart = 0

    init(maxBody: Int) {
        self.maxBody = maxBody
    }

    mutating func reset() {
        searched = 0
        lineStart = 0
        requestStart = 0
    }

    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")

    /// `bytes` are the request's bytes so far, from its first: those already looked at are not
    /// looked at again. A line ends at LF, a CR before it dropped (RFC 9112 section 2.2); blank lines
    /// before the request line are passed over (the same section), and count toward `maxHead`.
    mutating func scan(_ bytes: [UInt8]) -> HeadScan {
        while searched < bytes.count {
            let byte = bytes[searched]
            searched += 1
            if byte == Self.lf {
                var end = searched - 1
                if end > lineStart, bytes[end - 1] == Self.cr { end -= 1 }
                if end == lineStart {
                    if lineStart == requestStart {
                        // A blank line before the request line.
                        requestStart = searched
                        lineStart = searched
                    } else {
                        return Self.parse(bytes[requestStart..<lineStart], length: searched, maxBody: maxBody)
                    }
                } else {
                    if lineStart == requestStart, end - lineStart > RequestHead.maxRequestLine {
                        return .refused(.targetTooLong())
                    }
                    lineStart = searched
                }
            } else if lineStart == requestStart, searched - requestStart > RequestHead.maxRequestLine + 1 {
                // The request line is already too long (one byte more for its CR).
                return .refused(.targetTooLong())
            }
            if searched >= RequestHead.maxHead { return .refused(.headTooLarge()) }
        }
        return .incomplete
    }

    /// The request line and the field lines, each with its line end.
    static func parse(_ head: ArraySlice<UInt8>, length: Int, maxBody: Int) -> HeadScan {
        // The whole head is UTF-8 or it is not read (FlyingFox's decoder reads text).
        guard String(validating: head, as: UTF8.self) != nil else { return .unreadable }
        // Lines as byte ranges: as a String, CR LF would be one Character, and a long field that is
        // not framing is never made a String at all.
        var lines: [Range<Int>] = []
        var start = head.startIndex
        for index in head.indices where head[index] == lf {
            lines.append(start..<(index > start && head[index - 1] == cr ? index - 1 : index))
            start = index + 1
        }
        guard let first = lines.first else { return .unreadable }
        let requestLine = String(decoding: head[first], as: UTF8.self)
        var lengths: [String] = []
        var encodings: [String] = []
        var connection: [String] = []
        for line in lines.dropFirst() {
            guard let firstByte = line.first.map({ head[$0] }) else { continue }
            if firstByte == UInt8(ascii: " ") || firstByte == UInt8(ascii: "\t") {
                // RFC 9112 section 5.2: a server rejects obsolete line folding or replaces it.
                return .refused(.badRequest("a header field is folded onto a second line"))
            }
            guard let colon = head[line].firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = head[line.lowerBound..<colon]
            guard let field = framingFields.first(where: { Self.sameName(name, $0) }) else { continue }
            let value = trimmed(String(decoding: head[(colon + 1)..<line.upperBound], as: UTF8.self))
            switch field {
            case "content-length": lengths += value.split(separator: ",", omittingEmptySubsequences: false).map(trimmed)
            case "transfer-encoding": encodings.append(value)
            default: connection.append(value)
            }
        }
        var forwarded = requestLine + "\r\n"
        let body: RequestHead.Body
        if !encodings.isEmpty {
            guard lengths.isEmpty else {
                // RFC 9112 section 6.1.
                return .refused(.badRequest("a request has either Content-Length or Transfer-Encoding, not both"))
            }
            forwarded += "Transfer-Encoding: \(encodings.joined(separator: ", "))\r\nConnection: close\r\n"
            body = .untilClose
        } else {
            var declared: Int?
            for value in lengths {
                // RFC 9112 section 6.3: a length that is not a number is unrecoverable, and every
                // copy of the field must agree.
                guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    return .refused(.badRequest("Content-Length `\(value.prefix(40))` is not a number of bytes"))
                }
                // RFC 9110 section 8.6: a length past any integer is answered, not misread; any
                // length over the limit is refused before a byte of the body is read.
                let digits = value.drop { $0 == "0" }
                guard digits.count <= 18, let number = Int(digits.isEmpty ? "0" : String(digits)), number <= maxBody
                else { return .refused(.tooLarge(maxBody: maxBody)) }
                if let declared, declared != number {
                    return .refused(.badRequest("the request has two different Content-Length values"))
                }
                declared = number
            }
            if let declared { forwarded += "Content-Length: \(declared)\r\n" }
            if !connection.isEmpty { forwarded += "Connection: \(connection.joined(separator: ", "))\r\n" }
            body = .length(declared ?? 0)
        }
        forwarded += "\r\n"
        return .head(RequestHead(forwarded: Array(forwarded.utf8), body: body), length: length)
    }

    /// The fields the gate reads and writes again; FlyingFox gets no other.
    private static let framingFields = ["content-length", "transfer-encoding", "connection"]

    /// A field name against a lowercase one, ASCII letters in either case; whitespace before the colon
    /// is allowed, as FlyingFox allowed it.
    private static func sameName(_ name: ArraySlice<UInt8>, _ lowercase: String) -> Bool {
        var end = name.endIndex
        while end > name.startIndex, name[end - 1] == UInt8(ascii: " ") || name[end - 1] == UInt8(ascii: "\t") {
            end -= 1
        }
        let bytes = name[name.startIndex..<end]
        guard bytes.count == lowercase.utf8.count else { return false }
        return zip(bytes, lowercase.utf8).allSatisfy { byte, want in
            (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) == want
        }
    }

    /// Without the optional whitespace around a field value or a list element (RFC 9110 section 5.6.3).
    private static func trimmed(_ text: some StringProtocol) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
