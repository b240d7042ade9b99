import Testing

@testable import PopGestureRecord

/// `HeadScanner`, the request gate's reading of a head: found however the bytes are split, bounded,
/// and written again with only the fields that frame the body.
struct RequestHeadTests {
    static func scan(_ parts: [String], maxBody: Int = 100) -> HeadScan {
        var scanner = HeadScanner(maxBody: maxBody)
        var bytes: [UInt8] = []
        var result = HeadScan.incomplete
        for part in parts {
            bytes += Array(part.utf8)
            result = scanner.scan(bytes)
            if result != .incomplete { break }
        }
        return result
    }

    static func forwarded(_ scan: HeadScan) -> String? {
        guard case .head(let head, _) = scan else { return nil }
        return String(decoding: head.forwarded, as: UTF8.self)
    }

    @Test func aHeadSplitAcrossReadsIsFoundAtItsEmptyLine() {
        let head = "POST /takes?token=t HTTP/1.1\r\nHost: x\r\nUser-Agent: phone\r\ncontent-length:  12 \r\n\r\n"
        // Every split point gives the same head, 12 bytes of body after it.
        for split in 0...head.utf8.count {
            let bytes = Array(head.utf8)
            let parts = [
                String(decoding: bytes[..<split], as: UTF8.self),
                String(decoding: bytes[split...], as: UTF8.self) + "body",
            ]
            let result = Self.scan(parts)
            guard case .head(let found, let length) = result else {
                Issue.record("split at \(split): \(result)")
                continue
            }
            #expect(length == head.utf8.count)
            #expect(found.body == .length(12))
            #expect(
                String(decoding: found.forwarded, as: UTF8.self)
                    == "POST /takes?token=t HTTP/1.1\r\nContent-Length: 12\r\n\r\n")
        }
    }

    @Test func bareLineFeedsAndBlankLinesBeforeTheRequestLine() {
        let result = Self.scan(["\r\n\nGET / HTTP/1.1\nConnection: close\n\nGET"])
        #expect(Self.forwarded(result) == "GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
        if case .head(_, let length) = result { #expect(length == 3 + 15 + 18 + 1) }
    }

    @Test func limits() {
        let line = "GET / HTTP/1.1\r\n"
        // 16,384 bytes in all, the empty line's included: read; one more: 431.
        let fill = String(repeating: "a", count: RequestHead.maxHead - line.utf8.count - "X: \r\n\r\n".utf8.count)
        #expect(Self.forwarded(Self.scan([line + "X: " + fill + "\r\n\r\n"])) == "GET / HTTP/1.1\r\n\r\n")
        #expect(Self.scan([line + "X: " + fill + "a\r\n\r\n"]) == .refused(.headTooLarge()))
        // Refused as soon as the limit is passed, before any line end.
        #expect(Self.scan([line + "X: " + String(repeating: "a", count: 20_000)]) == .refused(.headTooLarge()))
        // The request line: 2,048 bytes read, 2,049 refused, with or without its line end yet.
        let target = "GET /" + String(repeating: "a", count: RequestHead.maxRequestLine - 14) + " HTTP/1.1"
        #expect(target.utf8.count == RequestHead.maxRequestLine)
        #expect(Self.forwarded(Self.scan([target + "\r\n\r\n"])) == target + "\r\n\r\n")
        #expect(Self.scan(["G" + target + "\r\n\r\n"]) == .refused(.targetTooLong()))
        #expect(Self.scan(["G" + target + "aa"]) == .refused(.targetTooLong()))
    }

    @Test func framing() {
        let post = "POST /takes HTTP/1.1\r\n"
        #expect(Self.scan([post + "Content-Length: 101\r\n\r\n"]) == .refused(.tooLarge(maxBody: 100)))
        #expect(Self.scan([post + "Content-Length: 9223372036854775808\r\n\r\n"]) == .refused(.tooLarge(maxBody: 100)))
        #expect(Self.scan([post + "Content-Length: 0000000000000000000000042\r\n\r\n"]) != .incomplete)
        #expect(
            Self.forwarded(Self.scan([post + "Content-Length: 0000000000000000000000042\r\n\r\n"]))
                == post + "Content-Length: 42\r\n\r\n")
        #expect(Self.forwarded(Self.scan([post + "Content-Length: 7, 7\r\nContent-Length: 7\r\n\r\n"])) != nil)
        for bad in ["Content-Length: 7, 8", "Content-Length: -1", "Content-Length: 0x10", "Content-Length:"] {
            guard case .refused(let answer) = Self.scan([post + bad + "\r\n\r\n"]) else {
                Issue.record("\(bad) was not refused")
                continue
            }
            #expect(answer.status == 400, "\(bad)")
        }
        guard case .refused(let both) = Self.scan([post + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"])
        else {
            Issue.record("both framings were not refused")
            return
        }
        #expect(both.status == 400)
        let chunked = Self.scan([post + "Transfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n"])
        #expect(Self.forwarded(chunked) == post + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
        if case .head(let head, _) = chunked { #expect(head.body == .untilClose) }
        // A folded field is refused; a head that is not UTF-8 is closed on.
        if case .refused(let folded) = Self.scan([post + "X-A: b\r\n c\r\n\r\n"]) {
            #expect(folded.status == 400)
        } else {
            Issue.record("a folded field was not refused")
        }
        var scanner = HeadScanner(maxBody: 100)
        #expect(scanner.scan(Array("GET /".utf8) + [0xFF] + Array(" HTTP/1.1\r\n\r\n".utf8)) == .unreadable)
    }

    @Test func theGatesAnswerClosesTheConnection() {
        #expect(
            String(decoding: GateAnswer.headTooLarge().bytes, as: UTF8.self) == """
                HTTP/1.1 431 Request Header Fields Too Large\r
                Content-Type: text/plain; charset=utf-8\r
                Content-Length: 49\r
                Cache-Control: no-store\r
                X-Content-Type-Options: nosniff\r
                Connection: close\r
                \r
                the request's header section is over 16384 bytes

                """)
    }
}
