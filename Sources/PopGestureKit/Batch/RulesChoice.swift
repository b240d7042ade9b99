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
    /// `--rules`, already loaded; it overrides every file's directive.
    public var forced: Rules?

    /// `fd`, loaded once rather than for every file without a directive.
    private let standard: Rules

    public init(forced: Rules?) {
        self.forced = forced
        // The built-in preset always loads; a failure here would be a bug in Presets, caught by tests.
        standard = forced ?? (try? RulesLoader.load("fd"))!
    }

    public func rules(for path: String) throws -> Rules {
        if let forced { return forced }
        guard let (spec, line) = Self.directive(in: path) else { return standard }
        let target = resolve(spec, relativeTo: path)
        do {
            return try RulesLoader.load(spec, relativeTo: path)
        } catch let error as Diagnostic where error.line == 0 || (error.path == target && error.line == 1 && error.column == 1) {
            // About the target as a whole: said at the comment that names it.
            throw Diagnostic(path: path, line: line, column: 1, message: "`# \(Self.directive) \(spec)`: \(error.message)", suggestion: error.suggestion)
        }
    }

    /// The directive among the comment lines at the top of the file, with its line number.
    static func directive(in path: String) -> (String, Int)? {
        // Whatever cannot be read here is reported by the loader, in its place in the output.
        guard let file = try? RegularFile.open(path) else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        var lineNumber = 0
        while lineNumber < 32, fgets(&buffer, Int32(buffer.count), file) != nil {
            lineNumber += 1
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .trimmingCharacters(in: " \t\r\n\u{FEFF}")
            if line.isEmpty || line == "---" { continue }
            guard line.hasPrefix("#") else { return nil }
            let comment = line.dropFirst().trimmingCharacters(in: " \t")
            if comment.hasPrefix(Self.directive) {
                return (comment.dropFirst(Self.directive.count).trimmingCharacters(in: " \t"), lineNumber)
            }
        }
        return nil
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
