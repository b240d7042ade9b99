/// A problem with an input, located like a compiler diagnostic so editors and CI annotate the right line.
///
/// Lines and columns are 1-based (libyaml's marks are 0-based and are converted where they are read).
/// A problem with no place in an input (a file that could not be read or written, an empty file, a
/// name that is neither a preset nor a file) has no `place` and is printed without one:
/// `path: error: message`, or `error: message` without a path, rather than pointing at a line 1 that
/// was never read.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// A warning names something worth a look in an input that was still used (`import`); a note
    /// adds context to the diagnostic before it.
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// A line and column in the diagnostic's file, both from 1.
    public struct Place: Sendable, Equatable, Comparable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        public static func < (a: Place, b: Place) -> Bool { (a.line, a.column) < (b.line, b.column) }
    }

    public var severity: Severity
    public var path: String
    /// Where in `path`; nil when the problem is the whole file's, or no file's (`path` empty).
    public var place: Place?
    public var message: String
    /// A hint such as "did you mean `barHidden`?", printed after the message.
    public var suggestion: String?
    /// The other independent errors of the same document, in document order after this one
    /// (`DocumentErrors`): printed one a line after it, so a file is fixed in one pass.
    public var further: [Diagnostic] = []
    /// Errors of the document beyond those listed, counted only.
    public var notShown = 0
    /// What kind of warning this is (`rulesComment`), for the outputs that list warnings as findings
    /// (check's JSON, JUnit, SARIF); nil for other diagnostics.
    public var kind: String?

    public init(
        path: String, line: Int, column: Int, message: String, suggestion: String? = nil, severity: Severity = .error
    ) {
        self.init(
            path: path, place: Place(line: line, column: column), message: message, suggestion: suggestion,
            severity: severity)
    }

    /// About the whole of `path`, or with no path about no file (a file that cannot be opened or
    /// written, a name that is neither a preset nor a file): no line or column to point at.
    public init(
        path: String = "", place: Place? = nil, message: String, suggestion: String? = nil,
        severity: Severity = .error
    ) {
        self.severity = severity
        self.path = path
        self.place = place
        self.message = message
        self.suggestion = suggestion
    }

    /// Where in the file, if anywhere (nil: the whole file, or no file).
    public var location: SourcePosition? {
        place.map { SourcePosition(path: path, line: $0.line, column: $0.column) }
    }

    /// `path:line:column: error: message (suggestion)`, the form editors and CI annotators parse;
    /// `path: error: message` about a whole file, `error: message` about no file.
    public var description: String { rendered(Paint(false)) }

    /// This error and those after it in its document, one each.
    public var all: [Diagnostic] {
        var first = self
        first.further = []
        first.notShown = 0
        return [first] + further
    }

    /// The description with its severity coloured like a compiler's (bold red errors, bold yellow
    /// warnings), when `paint` is enabled.
    public func rendered(_ paint: Paint) -> String {
        let place =
            location.map { "\(lineStart($0.path)):\($0.line):\($0.column): " }
            ?? (path.isEmpty ? "" : "\(lineStart(path)): ")
        let colour =
            switch severity {
            case .error: "1;31"
            case .warning: "1;33"
            case .note: "1;36"
            }
        var text = "\(place)\(paint(severity.rawValue + ":", colour)) \(visible(message))"
        if let suggestion { text += " (\(visible(suggestion)))" }
        for other in further { text += "\n" + other.rendered(paint) }
        if notShown > 0 {
            let notePlace = path.isEmpty ? "" : "\(lineStart(path)): "
            text +=
                "\n\(notePlace)\(paint("note:", "1;36")) \(notShown) more error\(notShown == 1 ? "" : "s") in this document not shown"
        }
        return text
    }
}

/// `text` with its control characters shown as `\u{1B}`: the one escaping rule for a name, key, path
/// or value from the input in text meant for people (diagnostics on either stream, the text
/// outputs). A file's bytes must neither end the line early (a NUL ends what `fputs` writes), nor
/// colour or retitle the terminal (ESC), nor start a line of their own (LF, CR, VT, FF, NEL): a line
/// that began with a forged diagnostic or a GitHub workflow command (`::add-mask::`) would be read
/// as one. Only the tab stays; a message of several lines is several diagnostics (`further`).
/// `keepingLineBreaks` is for a format with an escape of its own for CR and LF, applied after this
/// (GitHub's `%0D` and `%0A`, which its runner reads back into the annotation).
package func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
    func hidden(_ scalar: Unicode.Scalar) -> Bool {
        if keepingLineBreaks, scalar == "\n" || scalar == "\r" { return false }
        return (scalar.value < 0x20 && scalar != "\t") || (0x7F..<0xA0).contains(scalar.value)
            || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
    guard text.unicodeScalars.contains(where: hidden) else { return text }
    var shown = ""
    for scalar in text.unicodeScalars {
        if hidden(scalar) {
            shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            shown.unicodeScalars.append(scalar)
        }
    }
    return shown
}

/// `visible(text)` for what begins a line of output (a path before its `:line:column:`): a relative
/// path whose first characters after any blanks are `::` also gets `./` before it, which names the
/// same file, so that no line from the input reads as a GitHub workflow command (the runner reads
/// `::NAME::` after leading blanks, on standard output and error alike).
package func lineStart(_ text: String) -> String {
    let shown = visible(text)
    return shown.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("::") ? "./" + shown : shown
}

/// "1 trace", "2 traces".
package func counted(_ n: Int, _ noun: String) -> String {
    "\(n) \(noun)\(n == 1 ? "" : "s")"
}

/// A position in a named input.
public struct SourcePosition: Sendable, Equatable {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    package func error(_ message: String, suggestion: String? = nil) -> Diagnostic {
        Diagnostic(path: path, line: line, column: column, message: message, suggestion: suggestion)
    }

    package func warning(_ message: String, suggestion: String? = nil) -> Diagnostic {
        Diagnostic(path: path, line: line, column: column, message: message, suggestion: suggestion, severity: .warning)
    }
}

/// The known word closest to `word`, when it is close enough to be a plausible typo.
package func nearest(to word: String, in known: [String]) -> String? {
    let lowered = Array(word.lowercased())
    var best: (String, Int)?
    for candidate in known {
        let distance = editDistance(lowered, Array(candidate.lowercased()))
        // A case-only difference, or at most a third of the letters wrong: judged per candidate, so
        // a short name as far off (`fd` from `fd11`) does not hide a plausible one (`fd-1.1`).
        guard distance <= max(1, candidate.count / 3) else { continue }
        if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
    }
    return best?.0
}

package func didYouMean(_ word: String, in known: [String]) -> String? {
    nearest(to: word, in: known).map { "did you mean `\($0)`?" }
}

private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

/// Every failure the loader throws is a `Diagnostic`; anything else is shown as the whole file's.
package func asDiagnostic(_ error: any Error, path: String) -> Diagnostic {
    error as? Diagnostic ?? Diagnostic(path: path, message: "\(error)")
}
