#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A trace file's golden: `<trace file>.golden.jsonl`, one report per document with the volatile
/// fields (the source path, the expectation tally) left out, so it survives moving the folder.
public enum Golden {
    public static func path(for traceFile: String) -> String { traceFile + ".golden.jsonl" }

    /// The line a report contributes to its golden.
    public static func line(for report: TraceReport) -> String {
        report.jsonLine(volatile: false)
    }

    public static func line(forError diagnostic: Diagnostic, traceFile: String) -> String {
        // The message without the path, so the golden does not depend on where the folder lies.
        var relative = diagnostic
        relative.path = stem(of: traceFile)
        return JSONValue.object(["error": .string(relative.description)]).rendered
    }

    /// The golden's lines, nil when there is none.
    public static func read(_ path: String) -> [String]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Writes the golden through a temporary file and a rename, so a reader never sees half of it;
    /// a golden whose content would not change is left untouched. True when it was written.
    public static func write(_ lines: [String], to path: String) throws -> Bool {
        let content = lines.map { $0 + "\n" }.joined()
        if let existing = read(path), existing.map({ $0 + "\n" }).joined() == content { return false }
        let temporary = path + ".tmp.\(getpid())"
        guard let file = fopen(temporary, "wb") else {
            throw Diagnostic(path: path, line: 1, column: 1, message: "cannot write golden: \(String(cString: strerror(errno)))")
        }
        let bytes = Array(content.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        let closed = fclose(file)
        guard written == bytes.count, closed == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Diagnostic(path: path, line: 1, column: 1, message: "cannot write golden: \(String(cString: strerror(errno)))")
        }
        return true
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
        case .sequence(let items): return "[" + items.prefix(4).map(render).joined(separator: ", ") + (items.count > 4 ? ", ..." : "") + "]"
        case .mapping(let pairs): return "{" + pairs.prefix(3).map { "\(render($0.key)): \(render($0.value))" }.joined(separator: ", ") + (pairs.count > 3 ? ", ..." : "") + "}"
        }
    }

    private static func diff(_ a: YAMLNode, _ b: YAMLNode, path: String, into found: inout [String], limit: Int) {
        guard found.count < limit else { return }
        switch (a.content, b.content) {
        case (.mapping(let x), .mapping(let y)):
            let keysX = x.map { render($0.key) }, keysY = y.map { render($0.key) }
            for (i, key) in keysX.enumerated() {
                let name = key.trimmingCharacters(in: "\"")
                if let j = keysY.firstIndex(of: key) {
                    diff(x[i].value, y[j].value, path: path.isEmpty ? name : "\(path).\(name)", into: &found, limit: limit)
                } else {
                    found.append("\(path.isEmpty ? name : "\(path).\(name)"): golden has it, the report does not")
                }
            }
            for key in keysY where !keysX.contains(key) {
                found.append("\(path.isEmpty ? "" : path + ".")\(key.trimmingCharacters(in: "\"")): new in the report")
            }
        case (.sequence(let x), .sequence(let y)):
            for i in 0..<min(x.count, y.count) { diff(x[i], y[i], path: "\(path)[\(i)]", into: &found, limit: limit) }
            if x.count != y.count, found.count < limit {
                found.append("\(path): golden has \(x.count) items, the report \(y.count)")
            }
        default:
            let expected = render(a), actual = render(b)
            if expected != actual { found.append("\(path): golden \(expected), now \(actual)") }
        }
    }
}
