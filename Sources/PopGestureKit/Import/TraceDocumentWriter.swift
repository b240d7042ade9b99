import PopGestureCore

/// Writes imported trace documents one after another into one YAML stream: each document's header
/// from the import's settings and its `origin`, then its strokes through a `StrokeWriter` as they are
/// made.
///
/// With a `limit` (standard output, where a failed import must not leave half a trace in a file the
/// shell made) a document is held until its writer finishes, then written whole; one that outgrows
/// the limit is an error suggesting `-o`, whose atomic file takes any size as it is made.
final class TraceDocumentWriter {
    /// The settings every document gets: screen, layout direction, bar keys and stack (its name and
    /// events are the recording's).
    let settings: Trace
    private let output: Output
    private(set) var documents = 0
    /// The writer of the document begun last (tests measure what it held).
    private(set) var current: StrokeWriter?

    /// `limit`: the bytes a document may reach before it is complete; nil: written as it is made.
    init(settings: Trace, limit: Int? = nil, write: @escaping (String) throws -> Void) {
        self.settings = settings
        output = Output(limit: limit, write: write)
    }

    /// Writes a document's header; its strokes follow through the writer returned, which `finish`es
    /// it. `path` is the recording's, for the error when the document outgrows the limit.
    func begin(name: String, origin: TraceOrigin, path: String) throws -> StrokeWriter {
        let s = settings
        var text = documents > 0 ? "---\n" : ""
        text += "format: \(DocumentFormat.trace.rawValue)\nname: \(Self.scalar(name))\n"
        text += "screen: {width: \(formatNumber(s.screen.width)), height: \(formatNumber(s.screen.height))}\n"
        if s.layoutDirection != .ltr { text += "layoutDirection: \(s.layoutDirection.rawValue)\n" }
        if !s.barAppearanceManaged { text += "barAppearanceManaged: false\n" }
        if let hidden = s.initialBarHidden { text += "initialBarHidden: \(hidden)\n" }
        text += "stack:\n"
        for entry in s.stack {
            text += "- {id: \(Self.scalar(entry.id))"
            if entry.barHidden == true { text += ", barHidden: true" }
            if entry.popDisabled == true { text += ", popDisabled: true" }
            if let limit = entry.maxStartX, limit != 0 { text += ", maxStartX: \(formatNumber(limit))" }
            text += "}\n"
        }
        text += origin.yaml
        output.held = ""
        output.path = path
        try output.emit(text)
        documents += 1
        let output = self.output
        let strokes = StrokeWriter(write: output.emit, finished: output.complete)
        current = strokes
        return strokes
    }

    /// Where documents go, shared with their stroke writers (which outlive nothing of this writer's).
    private final class Output {
        let limit: Int?
        let write: (String) throws -> Void
        /// The document being made, when documents are held whole.
        var held = ""
        var path = ""

        init(limit: Int?, write: @escaping (String) throws -> Void) {
            self.limit = limit
            self.write = write
        }

        func emit(_ text: String) throws {
            guard let limit else { return try write(text) }
            held += text
            if held.utf8.count > limit {
                held = ""
                let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"
                throw Diagnostic(
                    path: path,
                    message:
                        "its trace document is over \(size); standard output gets whole documents only, so each is held until it is complete, up to \(size)",
                    suggestion:
                        "write it with -o OUT.yaml, which is written as it is made and renamed into place when complete"
                )
            }
        }

        /// The current document is complete: a held one goes out now.
        func complete() throws {
            guard limit != nil, !held.isEmpty else { return }
            let text = held
            held = ""
            try write(text)
        }
    }

    /// `text` as a YAML scalar that reads back as the same string: plain when it plainly can, else
    /// double-quoted (a file stem may hold spaces, colons or look like a number or a boolean).
    static func scalar(_ text: String) -> String {
        func isLetter(_ c: UInt8) -> Bool {
            (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") || c == UInt8(ascii: "_")
        }
        func isPlain(_ c: UInt8) -> Bool {
            isLetter(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-")
                || c == UInt8(ascii: ".") || c == UInt8(ascii: "/")
        }
        let words: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n"]
        guard let first = text.utf8.first, isLetter(first), text.utf8.allSatisfy(isPlain),
            !words.contains(text.lowercased())
        else {
            return RulesPrinter.quoted(text)
        }
        return text
    }
}
