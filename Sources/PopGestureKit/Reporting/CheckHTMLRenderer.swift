import PopGestureCore

/// A static page for a CI artifact: the summary counts, a table of traces with the failures and
/// errors first, then each failure with its messages and its plot inline. The page is whole only at
/// the end (failures come first), so it is handed to `finish` rather than streamed.
struct CheckHTMLRenderer: CheckRenderer {
    let title: String
    let finish: (String) -> Void
    private var documents: [CheckedDocument] = []

    init(title: String, finish: @escaping (String) -> Void) {
        self.title = title
        self.finish = finish
    }

    mutating func document(_ document: CheckedDocument) { documents.append(document) }
    mutating func file(_ file: CheckedFile) {}

    /// Failures, then errors, then unchecked traces, then passes; each group in input order.
    static func rank(_ status: DocumentStatus) -> Int {
        switch status {
        case .failed: 0
        case .error: 1
        case .unchecked: 2
        case .known, .passed: 3
        }
    }

    mutating func end(_ s: CheckSummary) {
        let ordered = documents.enumerated().sorted {
            (Self.rank($0.element.status), $0.offset) < (Self.rank($1.element.status), $1.offset)
        }.map(\.element)
        var body = "<h1>\(xmlEscaped(title))</h1>\n<p class=\"summary\">"
        body += "<span>\(counted(s.documents, "trace")) in \(counted(s.files, "file"))</span>"
        body += "<span class=\"passed\">\(s.passed) passed</span><span class=\"failed\">\(s.failed) failed</span>"
        if s.unchecked > 0 { body += "<span class=\"unchecked\">\(s.unchecked) unchecked</span>" }
        if s.known > 0 { body += "<span>\(s.known) known (baseline)</span>" }
        body += "<span class=\"error\">\(counted(s.errors, "error"))</span>"
        if s.goldensWritten > 0 { body += "<span>\(counted(s.goldensWritten, "golden")) written</span>" }
        if s.otherDocuments > 0 {
            body +=
                "<span>\(counted(s.otherDocuments, "rules or stack-config document")) validated, not replayed</span>"
        }
        if s.intent.labels > 0 {
            body +=
                "<span class=\"\(s.intent.missedBack > 0 ? "failed" : "passed")\">\(counted(s.intent.back, "back")), \(s.intent.missedBack) missed</span>"
            body +=
                "<span class=\"\(s.intent.falsePop > 0 ? "failed" : "passed")\">\(counted(s.intent.stay, "stay")), \(counted(s.intent.falsePop, "false pop"))</span>"
        }
        body +=
            "</p>\n<table>\n<tr><th>status</th><th>trace</th><th>source</th><th>rules</th><th>expectations passed</th><th>message</th></tr>\n"
        for (i, d) in ordered.enumerated() {
            let status = d.status.rawValue
            let message =
                d.error.map(\.description) ?? d.failures.first.map {
                    d.failures.count > 1 ? "\($0.message) (+\(d.failures.count - 1) more)" : $0.message
                }
                ?? (d.unchecked ? CheckedDocument.uncheckedReason : "")
            let trace =
                d.status == .failed
                ? "<a href=\"#failure-\(i + 1)\">\(xmlEscaped(d.trace ?? ""))</a>" : xmlEscaped(d.trace ?? "")
            body += "<tr><td class=\"\(status)\">\(status)</td><td>\(trace)</td><td>\(xmlEscaped(d.source))</td>"
            body +=
                "<td>\(xmlEscaped(d.rules ?? ""))</td><td>\(d.passedExpectations)</td><td>\(xmlEscaped(message))</td></tr>\n"
        }
        body += "</table>\n"
        for (i, d) in ordered.enumerated() where d.status == .failed {
            body +=
                "<section id=\"failure-\(i + 1)\">\n<h2>FAIL \(xmlEscaped(d.trace ?? "")) — \(xmlEscaped(d.source)) (\(xmlEscaped(d.rules ?? "")))</h2>\n"
            body += "<pre>\(xmlEscaped(d.failures.map(\.message).joined(separator: "\n")))</pre>\n"
            if let plot = d.plot { body += "<figure>\n\(plot)</figure>\n" }
            body += "</section>\n"
        }
        finish(HTMLPage.render(title: title, body: body))
    }
}
