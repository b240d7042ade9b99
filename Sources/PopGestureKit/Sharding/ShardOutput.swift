import Foundation
import PopGestureCore

/// One shard's machine-readable output, read once for `merge`: which output it is, the shard mark,
/// the summary, and each item's bytes (a file's entry, a document's line, a JUnit test suite) with the
/// input file it belongs to. Only positions are kept, a file's consecutive items as one range: an
/// item is copied from the file when it is written, since one replay line of a long recording can be
/// most of a gigabyte, and a shard of many documents costs memory by its files, not its documents.
struct ShardOutput {
    enum Kind: String {
        case checkJSON = "check --format json"
        case checkJUnit = "check --format junit"
        case replayJSON = "replay --format json"
        case diffJSON = "diff --format json"
        case sweepJSON = "sweep --format json"

        /// What its shard mark counts, `n` of them.
        func items(_ n: Int) -> String {
            let (one, many) =
                switch self {
                case .checkJSON: ("file entry", "file entries")
                case .checkJUnit: ("test suite", "test suites")
                case .replayJSON: ("report line", "report lines")
                case .diffJSON: ("changed trace", "changed traces")
                case .sweepJSON: ("flip", "flips")
                }
            return "\(n) \(n == 1 ? one : many)"
        }
    }

    struct Item {
        var start: Int
        var end: Int
        /// The input file it comes from, as the run named it.
        var file = ""
        /// Replay's error lines, or a JUnit suite's error and failure counts.
        var errors = 0
        var failures = 0
        /// The output's items it stands for: a file's consecutive items (replay's lines, diff's
        /// traces) are kept as one range, so that memory follows the files, not the documents.
        var count = 1
    }

    let path: String
    var kind: Kind
    var mark: ShardMark?
    /// Where the mark starts, for the place of an error about it.
    var markOffset = 0
    var items: [Item] = []
    /// The last item's source and the files so far: a copied item is caught without keeping every source.
    private var lastSource = ""
    private var files = Set<String>()
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
            if let object = sweep["shard"] as? [String: Any] {
                // The mark's `{`: no JSON string holds `"shard": {` unescaped, and sweep's keys are unique.
                let key = Array("\"shard\": {".utf8)
                markOffset =
                    (0...max(0, bytes.count - key.count)).first { bytes[$0...].starts(with: key) }.map {
                        $0 + key.count - 1
                    } ?? 0
                mark = try placed(reader) { try ShardMark(json: object, path: path) }
            }
        } else {
            try scanJSON(reader)
        }
        guard let mark else {
            throw Diagnostic(
                path: path,
                message: "has no shard mark: it is not the output of a run with --shard K/N, or its end was cut off")
        }
        let held = kind == .sweepJSON ? (sweep["flips"] as? [Any])?.count ?? 0 : items.reduce(0) { $0 + $1.count }
        if held != mark.items {
            try placed(reader) {
                throw Diagnostic(
                    path: path,
                    message:
                        "its shard mark counts \(kind.items(mark.items)), the output holds \(held): cut short or edited, not a whole output of a popgesture run",
                    suggestion: "run shard \(mark.shard) again and merge its whole output")
            }
        }
        if kind == .checkJSON { try checkTally(reader) }
    }

    /// `body`'s error placed at the shard mark's line and column, counted only when there is an error:
    /// replay's mark is the last line of what may be a gigabyte.
    func placed<T>(_ reader: ByteReader, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as Diagnostic {
            var counter = MarkCounter(utf16: false, bigEndian: false)
            var at = 0
            while at < markOffset {
                let chunk = reader.bytes(at..<min(markOffset, at + (1 << 20)))
                if chunk.isEmpty { break }
                for byte in chunk { counter.feed(byte) }
                at += chunk.count
            }
            counter.finish()
            error.place = Diagnostic.Place(line: counter.line, column: counter.column)
            throw error
        }
    }

    static func twoMarks(_ path: String) -> Diagnostic {
        Diagnostic(
            path: path, message: "holds two shard marks: edited or damaged, not a whole output of a popgesture run")
    }

    /// An item read whole, `source` its document's (`path#N`: replay, diff) or file's (check, JUnit).
    /// No item twice, since a line or entry copied by hand would be merged twice: a file's documents
    /// come in order, each once (a file's own error, `path`, after them), and a file once.
    mutating func add(_ item: Item, source: String) throws {
        var item = item
        item.file = kind == .checkJSON || kind == .checkJUnit ? source : Self.file(ofSource: source)
        let twice = Diagnostic(
            path: path, message: "holds \(source) twice: edited or damaged, not a whole output of a popgesture run")
        if var last = items.last, last.file == item.file, kind == .replayJSON || kind == .diffJSON {
            func number(_ source: String) throws -> Int {
                guard source != item.file else { return Int.max }
                guard let n = Int(source[source.index(after: source.lastIndex(of: "#")!)...]) else {
                    throw Self.malformed(path)
                }
                return n
            }
            let (n, previous) = (try number(source), try number(lastSource))
            guard n > previous else {
                throw n < previous
                    ? Diagnostic(
                        path: path,
                        message:
                            "holds \(source) after \(lastSource): edited or damaged, not a whole output of a popgesture run"
                    )
                    : twice
            }
            // Only a popgesture separator between them, so that the range copies as the items would.
            guard item.start - last.end == (kind == .replayJSON ? 1 : 2) else { throw Self.malformed(path) }
            last.end = item.end
            last.errors += item.errors
            last.failures += item.failures
            last.count += 1
            items[items.count - 1] = last
        } else {
            guard files.insert(item.file).inserted else { throw twice }
            items.append(item)
        }
        lastSource = source
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
                try add(item, source: item.file)
                open = nil
            } else if line.hasPrefix("  ") {
                guard open != nil,
                    Self.isCaseLine(line, inCase: &inCase) || (!inCase && Self.matches(JUnitLine.suiteExtra, line))
                else { throw Self.malformed(path) }
            } else if line.hasPrefix("<?popgesture-shard ") {
                guard mark == nil else { throw Self.twoMarks(path) }
                markOffset = start
                let attributes = Self.attributes(line)
                let path = path
                mark = try placed(reader) { try ShardMark(xmlAttributes: attributes, path: path) }
            } else if line == CheckJUnitRenderer.opening.dropLast() {
                sawOpening = true
            } else if line == CheckJUnitRenderer.closing.dropLast() {
                sawClosing = true
            }
        }
        guard sawOpening, sawClosing, open == nil else { throw Self.malformed(path) }
    }

    /// CheckJUnitRenderer's own line shapes, as regular expressions. Each ends at `\z`, the end of
    /// the line itself: ICU's `$` also matches before a trailing form feed, vertical tab or carriage
    /// return, which XML does not allow and which a line would carry into the merged file.
    private enum JUnitLine {
        typealias R = CheckJUnitRenderer
        static func pattern(_ shapes: [JUnitLineShape]) -> NSRegularExpression {
            try! NSRegularExpression(pattern: "^(?:" + shapes.map(\.pattern).joined(separator: "|") + ")\\z")
        }
        static let suite = pattern([R.suite])
        static let testcase = try! NSRegularExpression(
            pattern: "^" + R.testcase.pattern + "(?:" + R.caseLine.pattern + ")?(/?)>\\z")
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
