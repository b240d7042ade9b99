import Foundation
import PopGestureCore

/// One shard's machine-readable output, read once for `merge`: which output it is, the shard mark,
/// the summary, and each item's bytes (a file's entry, a document's line, a JUnit test suite) with the
/// input file it belongs to. Only positions are kept: an item is copied from the file when it is
/// written, since one replay line of a long recording can be most of a gigabyte.
struct ShardOutput {
    enum Kind: String {
        case checkJSON = "check --format json"
        case checkJUnit = "check --format junit"
        case replayJSON = "replay --format json"
        case diffJSON = "diff --format json"
        case sweepJSON = "sweep --format json"
    }

    struct Item {
        var start: Int
        var end: Int
        /// The input file it comes from, as the run named it.
        var file = ""
        /// Replay's error line for a document, or a JUnit suite's error and failure counts.
        var errors = 0
        var failures = 0
    }

    let path: String
    var kind: Kind
    var mark: ShardMark?
    var items: [Item] = []
    /// check's and diff's summary object.
    var summary: [String: Any] = [:]
    /// diff's `base` and `head`.
    var topStrings: [String: String] = [:]
    /// sweep's whole output, parsed: counts per version, no item per file (`SweepResult(merging:)`).
    var sweep: [String: Any] = [:]

    /// Reads `path`; what is not a shard's output of a command `merge` knows is an error that says why.
    init(path: String) throws {
        self.path = path
        let reader = try ByteReader(path: path)
        defer { reader.close() }
        let head = reader.prefix(64)
        func starts(_ text: String) -> Bool { head.starts(with: Array(text.utf8)) }
        if starts("<?xml") {
            kind = .checkJUnit
        } else if starts(CheckJSONRenderer.opening) {
            kind = .checkJSON
        } else if starts("{\"base\": ") {
            // Both diff and sweep start with their base; sweep's next key is `best`.
            let opening = String(decoding: reader.prefix(4096), as: UTF8.self)
            kind =
                opening.range(of: #"^\{"base": "(?:[^"\\]|\\.)*", "best": \["#, options: .regularExpression) != nil
                ? .sweepJSON : .diffJSON
        } else if starts("{\"shard\": ") || starts("{\"anomalies\": ") || starts("{\"error\": ") {
            kind = .replayJSON
        } else {
            throw Diagnostic(
                path: path,
                message:
                    "not the output of `check --format json|junit`, `replay --format json`, `diff --format json` or `sweep --format json`",
                suggestion:
                    "text, html, github, markdown and sarif output cannot be merged into the bytes of one run; run the shards with --format json (or junit for check)"
            )
        }
        if kind == .checkJUnit {
            try scanJUnit(reader)
        } else if kind == .sweepJSON {
            // A sweep's output is its counts per version, whatever the corpus's size: read whole.
            var bytes: [UInt8] = []
            try reader.forEachChunk { _, chunk in bytes.append(contentsOf: chunk) }
            sweep = try Self.parse(bytes, in: path)
            if let object = sweep["shard"] as? [String: Any] { mark = try Self.mark(object, in: path) }
        } else {
            try scanJSON(reader)
        }
        guard mark != nil else {
            throw Diagnostic(path: path, message: "has no shard mark: it is not the output of a run with --shard K/N")
        }
        if kind == .checkJSON { try checkTally(reader) }
    }

    /// No item twice (a line or entry copied by hand would be merged twice): `key` is a document's
    /// source for replay and diff, a file's path for check.
    private func checkOnce(_ keys: [String]) throws {
        var seen = Set<String>()
        for key in keys where !seen.insert(key).inserted {
            throw Diagnostic(
                path: path, message: "holds \(key) twice: edited or damaged, not a whole output of a popgesture run")
        }
    }

    /// check's summary counts what its entries hold (entries are a file's document statuses, small):
    /// a summary edited by hand would make the merged run's counts and exit status lie.
    private func checkTally(_ reader: ByteReader) throws {
        var tally: [String: Int] = [
            "files": items.count, "traces": 0, "passed": 0, "failed": 0, "errors": 0, "unchecked": 0,
            "known": 0, "goldensWritten": 0, "goldensNotWritten": 0, "goldensRefused": 0,
        ]
        for item in items {
            let entry = try Self.parse(reader.bytes(item.start..<item.end), in: path)
            let documents = entry["documents"] as? [[String: Any]] ?? []
            tally["traces"]! += documents.count
            for document in documents {
                let status = document["status"] as? String
                let key =
                    switch status {
                    case "error": "errors"
                    case "failed", "unchecked", "known": status!
                    default: "passed"
                    }
                tally[key]! += 1
            }
            if entry["goldenWritten"] as? Bool == true { tally["goldensWritten"]! += 1 }
            if entry["goldenError"] != nil { tally["goldensNotWritten"]! += 1 }
            if entry["goldenRefused"] != nil { tally["goldensRefused"]! += 1 }
        }
        for (key, count) in tally.sorted(by: { $0.key < $1.key }) where (summary[key] as? Int ?? 0) != count {
            throw Diagnostic(
                path: path,
                message:
                    "its summary says \"\(key)\": \(summary[key] as? Int ?? 0), its entries \(count): edited or damaged, not a whole output of a popgesture run"
            )
        }
    }

    // MARK: JSON

    /// A pass over the bytes that follows nesting and strings only: items are the objects at one
    /// depth (a line's object in JSON Lines, an entry of `files` or `traces`); the top-level keys
    /// `shard` and `summary` are parsed from their bytes, which are small.
    private mutating func scanJSON(_ reader: ByteReader) throws {
        let itemDepth = kind == .replayJSON ? 0 : 2
        let fileKey = Array((kind == .checkJSON ? "path" : "source").utf8)
        // check's `files` and diff's `traces` hold the items; the summary's `kinds` is no item.
        let itemsKey = Array((kind == .checkJSON ? "files" : "traces").utf8)
        var inItem = false
        var containers: [UInt8] = []
        var inString = false
        var escaped = false
        var expectingKey = false
        var string: [UInt8] = []
        var stringIsKey = false
        var lastKey: [UInt8] = []
        var topKey: [UInt8] = []
        var valueStart = -1
        var current = Item(start: 0, end: 0)
        var currentIsMark = false
        var shardRange: Range<Int>?
        var summaryRange: Range<Int>?
        // Strings are kept only where a key or an item's file can be: at the top and in an item.
        var keeping = false

        func endTopValue(_ end: Int) {
            guard valueStart >= 0 else { return }
            if topKey == Array("shard".utf8) { shardRange = valueStart..<end }
            if topKey == Array("summary".utf8) { summaryRange = valueStart..<end }
            valueStart = -1
        }

        var grammar = JSONValidator(lines: kind == .replayJSON)
        try reader.forEachChunk { offset, bytes in
            for (i, byte) in bytes.enumerated() {
                grammar.feed(byte)
                if inString {
                    if escaped {
                        escaped = false
                        if keeping { string.append(byte) }
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                        if keeping { string.append(byte) }
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        let depth = containers.count
                        if stringIsKey {
                            if depth == 1 { topKey = string }
                            lastKey = string
                            if depth == itemDepth + 1 && string == Array("error".utf8) { current.errors = 1 }
                            if kind == .replayJSON && depth == 1 && string == Array("shard".utf8) {
                                currentIsMark = true
                            }
                        } else if depth == itemDepth + 1 && lastKey == fileKey {
                            current.file = try Self.decode(string, in: path)
                        }
                        if depth == 1 && !stringIsKey && kind != .replayJSON {
                            topStrings[String(decoding: topKey, as: UTF8.self)] = try Self.decode(string, in: path)
                        }
                    } else if keeping {
                        string.append(byte)
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                    stringIsKey = expectingKey
                    let depth = containers.count
                    keeping = depth == 1 || depth == itemDepth + 1
                    string.removeAll(keepingCapacity: true)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let depth = containers.count
                    // A report line's only array in `expectations` is `failures`: an object in it is a
                    // failed expectation, which makes `replay` exit 1.
                    if kind == .replayJSON, depth == 3, byte == UInt8(ascii: "{"), topKey == Array("expectations".utf8),
                        containers.last == UInt8(ascii: "[")
                    {
                        current.failures = 1
                    }
                    if depth == 1 && valueStart < 0 && kind != .replayJSON { valueStart = offset + i }
                    if depth == itemDepth && byte == UInt8(ascii: "{")
                        && (depth == 0 || (containers.last == UInt8(ascii: "[") && topKey == itemsKey))
                    {
                        inItem = true
                        current = Item(start: offset + i, end: 0)
                        currentIsMark = false
                    }
                    containers.append(byte)
                    expectingKey = byte == UInt8(ascii: "{")
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard containers.popLast() != nil else { throw Self.malformed(path) }
                    let depth = containers.count
                    if depth == itemDepth && inItem {
                        inItem = false
                        current.end = offset + i + 1
                        if kind == .replayJSON && currentIsMark {
                            shardRange = current.start..<current.end
                        } else {
                            items.append(current)
                        }
                    }
                    if depth == 1 { endTopValue(offset + i + 1) }
                    expectingKey = false
                case UInt8(ascii: ","):
                    expectingKey = containers.last == UInt8(ascii: "{")
                    if containers.count == 1 { valueStart = -1 }
                case UInt8(ascii: ":"):
                    expectingKey = false
                    if containers.count == 1 { valueStart = -1 }
                default:
                    break
                }
            }
        }
        guard containers.isEmpty, !inString, grammar.complete else { throw Self.malformed(path) }
        if let range = shardRange {
            var object = try Self.parse(reader.bytes(range), in: path)
            // JSON Lines: the whole first line, `{"shard": {...}}`.
            if kind == .replayJSON { object = object["shard"] as? [String: Any] ?? [:] }
            mark = try Self.mark(object, in: path)
        }
        if let range = summaryRange { summary = try Self.parse(reader.bytes(range), in: path) }
        try checkOnce(items.map(\.file))
        if kind != .checkJSON {
            // A document's source is `path#N`; a file that could not be read is named by its path.
            for index in items.indices { items[index].file = Self.file(ofSource: items[index].file) }
        }
    }

    static func file(ofSource source: String) -> String {
        guard let hash = source.lastIndex(of: "#") else { return source }
        let number = source[source.index(after: hash)...]
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
            ? String(source[..<hash]) : source
    }

    private static func decode(_ bytes: [UInt8], in path: String) throws -> String {
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        guard
            let text = try? JSONSerialization.jsonObject(
                with: Data([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]),
                options: .fragmentsAllowed) as? String
        else { throw malformed(path) }
        return text
    }

    private static func parse(_ bytes: [UInt8], in path: String) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw malformed(path)
        }
        return object
    }

    private static func mark(_ object: [String: Any], in path: String) throws -> ShardMark {
        guard let index = object["index"] as? Int, let count = object["count"] as? Int,
            let shard = Shard(index: index, count: count),
            let run = object["run"] as? String, let files = object["files"] as? Int, let total = object["total"] as? Int
        else { throw Diagnostic(path: path, message: "its shard mark is damaged") }
        return ShardMark(shard: shard, run: run, files: files, total: total)
    }

    private static func malformed(_ path: String) -> Diagnostic {
        Diagnostic(path: path, message: "is cut short or damaged: not a whole output of a popgesture run")
    }

    // MARK: JUnit

    /// CheckJUnitRenderer's lines: a suite from its `  <testsuite ` line to its `  </testsuite>`
    /// line, every message escaped onto one line. Each line inside a suite must be one the renderer
    /// writes, in its order, its values escaped as `xmlEscaped` escapes them: a suite is copied as it
    /// is, and an edited one (an attribute twice, a tag left open) would make the merged file no XML.
    private mutating func scanJUnit(_ reader: ByteReader) throws {
        var open: Item?
        var inCase = false
        var sawOpening = false
        var sawClosing = false
        try reader.forEachLine(keepingLinesStartingWith: ["  ", "<?popgesture-shard ", "<testsuites", "</testsuites>"])
        { start, end, line in
            guard let line else {
                if open != nil { throw Self.malformed(path) }
                return
            }
            if line.hasPrefix("  <testsuite ") {
                guard open == nil, Self.matches(JUnitLine.suite, line) else { throw Self.malformed(path) }
                let attributes = Self.attributes(line)
                open = Item(
                    start: start, end: 0, file: attributes["name"] ?? "",
                    errors: Int(attributes["errors"] ?? "") ?? 0, failures: Int(attributes["failures"] ?? "") ?? 0)
            } else if line == CheckJUnitRenderer.suiteEnd {
                guard var item = open, !inCase else { throw Self.malformed(path) }
                item.end = end
                items.append(item)
                open = nil
            } else if line.hasPrefix("  ") {
                guard open != nil,
                    Self.isCaseLine(line, inCase: &inCase) || (!inCase && Self.matches(JUnitLine.suiteExtra, line))
                else { throw Self.malformed(path) }
            } else if line.hasPrefix("<?popgesture-shard ") {
                let attributes = Self.attributes(line)
                guard let index = Int(attributes["index"] ?? ""), let count = Int(attributes["count"] ?? ""),
                    let shard = Shard(index: index, count: count), let run = attributes["run"],
                    let files = Int(attributes["files"] ?? ""), let total = Int(attributes["total"] ?? "")
                else { throw Diagnostic(path: path, message: "its shard mark is damaged") }
                mark = ShardMark(shard: shard, run: run, files: files, total: total)
            } else if line == CheckJUnitRenderer.opening.dropLast() {
                sawOpening = true
            } else if line == CheckJUnitRenderer.closing.dropLast() {
                sawClosing = true
            }
        }
        guard sawOpening, sawClosing, open == nil else { throw Self.malformed(path) }
        try checkOnce(items.map(\.file))
    }

    /// CheckJUnitRenderer's own line shapes, as regular expressions.
    private enum JUnitLine {
        typealias R = CheckJUnitRenderer
        static func pattern(_ shapes: [JUnitLineShape]) -> NSRegularExpression {
            try! NSRegularExpression(pattern: "^(?:" + shapes.map(\.pattern).joined(separator: "|") + ")$")
        }
        static let suite = pattern([R.suite])
        static let testcase = try! NSRegularExpression(
            pattern: "^" + R.testcase.pattern + "(?:" + R.caseLine.pattern + ")?(/?)>$")
        /// A suite's own lines around its cases: intent and warning properties, the warnings' text.
        static let suiteExtra = pattern([R.properties, R.propertiesEnd, R.systemErr, R.property])
        static let content = pattern([R.error, R.failure, R.skip])
    }

    private static func matches(_ pattern: NSRegularExpression, _ line: String) -> Bool {
        pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    /// A test case's line: its opening (closed at once, or holding one error, failure or skip line
    /// and then its closing).
    private static func isCaseLine(_ line: String, inCase: inout Bool) -> Bool {
        if line == CheckJUnitRenderer.caseEnd {
            defer { inCase = false }
            return inCase
        }
        if inCase { return matches(JUnitLine.content, line) }
        guard let match = JUnitLine.testcase.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else {
            return false
        }
        inCase = match.range(at: 1).length == 0
        return true
    }

    /// `name="value"` pairs of one XML tag, unescaped.
    private static func attributes(_ line: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(line)
        while let equals = rest.range(of: "=\"") {
            let name = rest[..<equals.lowerBound].split(separator: " ").last.map(String.init) ?? ""
            rest = rest[equals.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { break }
            result[name] = xmlUnescaped(String(rest[..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return result
    }
}
