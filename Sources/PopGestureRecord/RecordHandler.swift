import FlyingFox
import Foundation
import PopGestureKit

/// The server's three requests, each with the run's token: `GET /` (the page), `POST /takes` (a
/// take's YAML; the answer is its verdicts as JSON) and `POST /undo?take=NAME`. Anything else is a
/// 4xx answer and is never written. Requests come through `RequestGate`, so a request's headers
/// are only those that frame its body (`Content-Length`, `Transfer-Encoding`, `Connection`).
struct RecordHandler: HTTPHandler {
    let token: String
    let page: RecorderPage
    let desk: TakeDesk

    /// A take is a few hundred kilobytes at most (a minute of two fingers at 120 Hz is ~0.5 MB).
    static let maxBody = 4 << 20

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard Self.sameBytes(request.query["token"] ?? "", token) else {
            return Self.text(.forbidden, "wrong or missing token: open the address `popgesture record` printed")
        }
        switch (request.path, request.method) {
        case ("/", .GET), ("/index.html", .GET):
            // Made for each request: the page numbers its first take as the next file will be.
            var page = page
            page.next = desk.next
            return Self.response(.ok, Data(page.html.utf8), type: "text/html; charset=utf-8")
        case ("/takes", .POST):
            return await take(request)
        case ("/undo", .POST):
            switch desk.undo(request.query["take"] ?? "") {
            case .success: return Self.text(.ok, "undone")
            case .failure(let diagnostic): return Self.text(.badRequest, diagnostic.description)
            }
        case ("/", _), ("/index.html", _), ("/takes", _), ("/undo", _):
            return Self.text(.methodNotAllowed, "\(request.method.rawValue) is not answered at \(request.path)")
        default:
            // Named as sent: FlyingFox reads `//takes` as an address whose path is empty.
            return Self.text(
                .notFound,
                "nothing at \(request.target.path()): the recorder serves / and takes POSTs to /takes")
        }
    }

    private func take(_ request: HTTPRequest) async -> HTTPResponse {
        // Refused on the declared length alone: not a byte of such a body is read.
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > Self.maxBody {
            return Self.tooLarge()
        }
        var body = Data()
        do {
            // A chunked body declares no length: read only up to the limit.
            for try await chunk in request.bodySequence {
                body.append(chunk)
                if body.count > Self.maxBody { return Self.tooLarge() }
            }
        } catch {
            return Self.text(.badRequest, "the take's body could not be read: \(error.localizedDescription)")
        }
        guard let text = String(validating: body, as: UTF8.self) else {
            return Self.text(
                .badRequest, "\(TakeJudge.displayPath): error: the take is not UTF-8 text (expected trace YAML)")
        }
        switch desk.receive(text) {
        case .success(let answer):
            return Self.response(.ok, Data(answer.utf8), type: "application/json")
        case .failure(.invalid(let diagnostic)):
            return Self.text(.badRequest, diagnostic.description)
        case .failure(.unavailable(let why)):
            return Self.text(.serviceUnavailable, why)
        }
    }

    private static func tooLarge() -> HTTPResponse {
        text(.payloadTooLarge, "a take is at most \(maxBody) bytes")
    }

    static func text(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        response(status, Data((message + "\n").utf8), type: "text/plain; charset=utf-8")
    }

    /// Every answer: cross-origin isolated (COOP and COEP, so the page's event times are less coarse),
    /// never cached, and allowed no resource but its own server's.
    static func response(_ status: HTTPStatusCode, _ body: Data, type: String) -> HTTPResponse {
        HTTPResponse(
            statusCode: status,
            headers: [
                .contentType: type,
                .cacheControl: "no-store",
                HTTPHeader("Cross-Origin-Opener-Policy"): "same-origin",
                HTTPHeader("Cross-Origin-Embedder-Policy"): "require-corp",
                HTTPHeader("Content-Security-Policy"):
                    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:",
                HTTPHeader("X-Content-Type-Options"): "nosniff",
            ], body: body)
    }

    /// Compares every byte whatever differs first, so the time taken says nothing of the token.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
