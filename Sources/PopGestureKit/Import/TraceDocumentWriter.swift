/// Writes imported trace documents one after another into one YAML stream: each document's header
/// from the import's settings, then its strokes through a `StrokeWriter` as they are made.
final class TraceDocumentWriter {
    /// The settings every document gets: screen, layout direction, bar keys and stack (its name and
    /// events are the recording's).
    let settings: Trace
    private let write: (String) -> Void
    private(set) var documents = 0
    /// The writer of the document begun last (tests measure what it held).
    private(set) var current: StrokeWriter?

    init(settings: Trace, write: @escaping (String) -> Void) {
        self.settings = settings
        self.write = write
    }

    /// Writes a document's header; its strokes follow through the writer returned, which `finish`es it.
    func begin(name: String) -> StrokeWriter {
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
        write(text)
        documents += 1
        let strokes = StrokeWriter(write: write)
        current = strokes
        return strokes
    }

    /// `text` as a YAML scalar that reads back as the same string: plain when it plainly can, else
    /// double-quoted (a file stem may hold spaces, colons or look like a number or a boolean).
    static func scalar(_ text: String) -> String {
        func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") || c == UInt8(ascii: "_") }
        func isPlain(_ c: UInt8) -> Bool { isLetter(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: "/") }
        let words: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n"]
        guard let first = text.utf8.first, isLetter(first), text.utf8.allSatisfy(isPlain), !words.contains(text.lowercased()) else {
            return RulesPrinter.quoted(text)
        }
        return text
    }
}
