import PopGestureCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which rule version a file is replayed under: `--rules` when given, else the file's
/// `# popgesture-rules: NAME|FILE` comment (so a folder can hold traces written for several rule
/// versions without changing the trace format), else `fd`.
public struct RulesChoice: Sendable {
    public static let directive = "popgesture-rules:"
    /// The kind of the warning about a comment that looks like the directive but is not one.
    public static let lookalikeKind = "rulesComment"
    /// `--rules`, already loaded; it overrides every file's directive.
    public var forced: Rules?

    /// `fd` (or the config file's `rules`), loaded once rather than for every file without a directive.
    private let standard: Rules
    /// The config file's per-file rules (`overrides`), before `standard`.
    var byFile: (@Sendable (String) -> Rules?)?

    public init(forced: Rules?, standard configured: Rules? = nil) {
        self.forced = forced
        // The built-in preset always loads; a failure here would be a bug in Presets, caught by tests.
        standard = forced ?? configured ?? (try? RulesLoader.load("fd"))!
    }

    /// `warn` hears of each comment among the first lines that looks like a rules comment but is
    /// not one (`# popgesture-rule: fd11`): it chooses nothing, and silence would hide that.
    /// `head`: the file's first bytes when the caller already holds them (`TraceFileLoader.head`),
    /// so that the file is not opened again for its comments.
    public func rules(for path: String, head: [UInt8]? = nil, warn: (Diagnostic) -> Void = { _ in }) throws -> Rules {
        if let forced { return forced }
        let scan = head.map(Self.scan(head:)) ?? Self.scan(path)
        let standard = scan.directive == nil ? byFile?(path) ?? self.standard : self.standard
        for (text, value, line) in scan.lookalikes {
            var warning = Diagnostic(
                path: path, line: line, column: 1,
                message: "`# \(text)` is not a rules comment; the file is replayed under \(standard.name)",
                suggestion: "did you mean `# \(Self.directive) \(value)`?", severity: .warning)
            warning.kind = Self.lookalikeKind
            warn(warning)
        }
        guard let (spec, line) = scan.directive else { return standard }
        return try RulesLoader.load(
            spec, relativeTo: path, namedAt: SourcePosition(path: path, line: line, column: 1),
            naming: "`# \(Self.directive) \(spec)`")
    }

    /// Lines of the head looked at for the directive, each read as `fgets` reads into a buffer of
    /// `lineBytes` (a longer line counts as several).
    static let headLines = 32
    static let lineBytes = 4096
    /// The bytes that can hold those lines, the most `head` needs to be given.
    package static let headLimit = headLines * (lineBytes - 1)

    /// The directive among the comment lines at the top of the file, with its line number, and the
    /// comments before it that look like one.
    static func scan(_ path: String) -> (
        directive: (String, Int)?, lookalikes: [(comment: String, value: String, line: Int)]
    ) {
        // Whatever cannot be read here is reported by the loader, in its place in the output.
        guard let file = path == StandardInput.path ? StandardInput.open() : try? RegularFile.open(path) else {
            return (nil, [])
        }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: lineBytes)
        return scan {
            guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
            return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        }
    }

    /// `scan(_:)` over a head already read, line by line as `fgets` would have given it.
    static func scan(head: [UInt8]) -> (
        directive: (String, Int)?, lookalikes: [(comment: String, value: String, line: Int)]
    ) {
        var start = 0
        return scan {
            guard start < head.count else { return nil }
            var end = start
            while end < head.count && end - start < lineBytes - 1 {
                end += 1
                if head[end - 1] == UInt8(ascii: "\n") { break }
            }
            defer { start = end }
            return head[start..<end].prefix { $0 != 0 }.map { $0 }
        }
    }

    private static func scan(lines nextLine: () -> [UInt8]?) -> (
        directive: (String, Int)?, lookalikes: [(comment: String, value: String, line: Int)]
    ) {
        var lookalikes: [(comment: String, value: String, line: Int)] = []
        var lineNumber = 0
        while lineNumber < headLines, let bytes = nextLine() {
            lineNumber += 1
            let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: " \t\r\n\u{FEFF}")
            if line.isEmpty || line == "---" { continue }
            guard line.hasPrefix("#") else { break }
            let comment = line.dropFirst().trimmingCharacters(in: " \t")
            if comment.hasPrefix(Self.directive) {
                return ((comment.dropFirst(Self.directive.count).trimmingCharacters(in: " \t"), lineNumber), lookalikes)
            }
            if let value = lookalikeValue(comment) { lookalikes.append((comment, value, lineNumber)) }
        }
        return (nil, lookalikes)
    }

    /// What a comment whose first word is a near miss of `popgesture-rules:` (a letter off, another
    /// case, a space for the dash, no colon) would have named; nil for any other comment, one that
    /// merely mentions popgesture included.
    static func lookalikeValue(_ comment: String) -> String? {
        let head: Substring
        if let colon = comment.firstIndex(of: ":"), comment.distance(from: comment.startIndex, to: colon) < 24 {
            head = comment[...colon]
        } else {
            head = comment.prefix { $0 != " " && $0 != "\t" }
        }
        guard head.lowercased().hasPrefix("popgesture"), nearest(to: String(head), in: [directive]) != nil else {
            return nil
        }
        return comment[head.endIndex...].trimmingCharacters(in: " \t")
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        let scalars = Set(set.unicodeScalars)
        var view = Substring(self).unicodeScalars[...]
        while let first = view.first, scalars.contains(first) { view = view.dropFirst() }
        while let last = view.last, scalars.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
