import PopGestureCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A trace file's golden: `<trace file>.golden.jsonl`, one report per document without
/// the source path and the expectation tally, so it survives moving the folder.
public enum Golden {
    public static func path(for traceFile: String) -> String { traceFile + ".golden.jsonl" }

    /// The line a report contributes to its golden.
    public static func line(for report: TraceReport) -> String {
        report.jsonLine(withSourceAndExpectations: false)
    }

    public static func line(forError diagnostic: Diagnostic, traceFile: String) -> String {
        // The message without the path, so the golden does not depend on where the folder lies.
        var relative = diagnostic
        relative.path = stem(of: traceFile)
        return JSONValue.object(["error": .string(relative.description)]).rendered
    }

    /// The first fields by path where a report's golden line and the stored one differ.
    public static func differences(expected: String, actual: String, limit: Int = 5) -> [String] {
        guard expected != actual else { return [] }
        let reader = YAMLDocumentReader(text: expected, path: "golden")
        guard let stored = try? reader.nextDocument() else { return ["the golden line is not valid JSON"] }
        let actualReader = YAMLDocumentReader(text: actual, path: "report")
        guard let current = try? actualReader.nextDocument() else { return ["the report could not be compared"] }
        var found: [String] = []
        diff(stored, current, path: "", into: &found, limit: limit)
        return found.isEmpty ? ["the lines differ in formatting only"] : found
    }

    private static func render(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let text, let isString): return isString ? "\"\(text)\"" : text
        case .sequence(let items):
            return "[" + items.prefix(4).map(render).joined(separator: ", ") + (items.count > 4 ? ", ..." : "") + "]"
        case .mapping(let pairs):
            return "{" + pairs.prefix(3).map { "\(render($0.key)): \(render($0.value))" }.joined(separator: ", ")
                + (pairs.count > 3 ? ", ..." : "") + "}"
        }
    }

    private static func diff(_ a: YAMLNode, _ b: YAMLNode, path: String, into found: inout [String], limit: Int) {
        guard found.count < limit else { return }
        switch (a.content, b.content) {
        case (.mapping(let x), .mapping(let y)):
            // In the report's order: a reader follows the report, the golden is the old copy.
            let keysX = x.map { render($0.key) }
            let keysY = y.map { render($0.key) }
            func at(_ key: String) -> String {
                let name = key.trimmingCharacters(in: "\"")
                return path.isEmpty ? name : "\(path).\(name)"
            }
            for (j, key) in keysY.enumerated() {
                if let i = keysX.firstIndex(of: key) {
                    diff(x[i].value, y[j].value, path: at(key), into: &found, limit: limit)
                } else {
                    found.append("\(at(key)): new in the report")
                }
            }
            for key in keysX where !keysY.contains(key) {
                found.append("\(at(key)): golden has it, the report does not")
            }
        case (.sequence(let x), .sequence(let y)):
            for i in 0..<min(x.count, y.count) { diff(x[i], y[i], path: "\(path)[\(i)]", into: &found, limit: limit) }
            if x.count != y.count, found.count < limit {
                found.append("\(path): golden has \(x.count) items, the report \(y.count)")
            }
        default:
            let expected = render(a)
            let actual = render(b)
            if expected != actual { found.append("\(path): golden \(expected), now \(actual)") }
        }
    }
}

/// A golden read one line at a time.
struct GoldenLines {
    private var file: UnsafeMutablePointer<FILE>?
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    /// Absent is no golden; anything else there must be a regular file.
    init(path: String) throws(Diagnostic) {
        guard RegularFile.exists(path) else { return }
        file = try RegularFile.open(path, expecting: "a golden file")
    }

    /// No golden.
    init() {}

    var exists: Bool { file != nil }

    /// The next non-empty line without its newline; nil at the end (and then the file is closed).
    mutating func next() -> String? {
        guard let file else { return nil }
        while true {
            let length = getline(&buffer, &capacity, file)
            guard length >= 0, let buffer else {
                close()
                return nil
            }
            var count = length
            while count > 0, buffer[count - 1] == 10 || buffer[count - 1] == 13 { count -= 1 }
            if count == 0 { continue }
            return buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
                String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
            }
        }
    }

    mutating func close() {
        if let file { fclose(file) }
        file = nil
        free(buffer)
        buffer = nil
    }
}

/// Writes a golden as its lines come: into a temporary file, compared on the way with the golden in
/// place; `commit` renames it over the golden only when the content changed, so a reader never
/// sees half a golden and an unchanged golden keeps its date.
struct GoldenRecorder {
    let path: String
    private var output: AtomicFile
    private var existing: GoldenLines
    private var same: Bool

    init(path: String) throws(Diagnostic) {
        self.path = path
        existing = try GoldenLines(path: path)
        output = AtomicFile(path: path, what: "golden")
        same = existing.exists
    }

    mutating func append(_ line: String) {
        if same, existing.next() != line { same = false }
        output.write(line + "\n")
    }

    /// Leaves the golden in place and removes the temporary file.
    mutating func discard() {
        existing.close()
        output.discard()
    }

    /// True when the golden was written.
    mutating func commit() throws -> Bool {
        if same, existing.next() != nil { same = false }
        existing.close()
        try output.commit(replacing: !same)
        return !same
    }
}
