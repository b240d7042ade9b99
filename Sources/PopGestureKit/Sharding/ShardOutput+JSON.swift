import Foundation
import PopGestureCore

/// Reading check's, replay's, diff's and sweep's JSON.
extension ShardOutput {
    /// A pass over the bytes that follows nesting and strings only: items are the objects at one
    /// depth (a line's object in JSON Lines, an entry of `files` or `traces`); the top-level keys
    /// `shard` and `summary` are parsed from their bytes, which are small.
    mutating func scanJSON(_ reader: ByteReader) throws {
        var scan = JSONScan(kind: kind)
        var grammar = JSONValidator(lines: kind == .replayJSON)
        try reader.forEachChunk { offset, bytes in
            for (i, byte) in bytes.enumerated() {
                grammar.feed(byte)
                try scan.feed(byte, at: offset + i, into: &self)
            }
        }
        guard scan.containers.isEmpty, !scan.inString, grammar.complete else { throw Self.malformed(path) }
        guard scan.marks <= 1 else { throw Self.twoMarks(path) }
        if let range = scan.shardRange {
            markOffset = range.lowerBound
            var object = try Self.parse(reader.bytes(range), in: path)
            // JSON Lines: the whole last line, `{"shard": {...}}`.
            if kind == .replayJSON { object = object["shard"] as? [String: Any] ?? [:] }
            let path = path
            mark = try placed(reader) { try ShardMark(json: object, path: path) }
        }
        if scan.linesAfterMark { throw Self.malformed(path) }
        if let range = scan.summaryRange { summary = try Self.parse(reader.bytes(range), in: path) }
    }

    /// `scanJSON`'s state as it goes over the bytes, a byte at a time.
    private struct JSONScan {
        let kind: Kind
        let itemDepth: Int
        let fileKey: [UInt8]
        /// check's `files` and diff's `traces` hold the items; the summary's `kinds` is no item.
        let itemsKey: [UInt8]
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
        /// Strings are kept only where a key or an item's file can be: at the top and in an item.
        var keeping = false
        var marks = 0
        /// Nothing follows replay's mark, its last line (an older popgesture's came first).
        var linesAfterMark = false

        init(kind: Kind) {
            self.kind = kind
            itemDepth = kind == .replayJSON ? 0 : 2
            fileKey = Array((kind == .checkJSON ? "path" : "source").utf8)
            itemsKey = Array((kind == .checkJSON ? "files" : "traces").utf8)
        }

        mutating func feed(_ byte: UInt8, at position: Int, into output: inout ShardOutput) throws {
            if inString { return try stringByte(byte, into: &output) }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                stringIsKey = expectingKey
                let depth = containers.count
                keeping = depth == 1 || depth == itemDepth + 1
                string.removeAll(keepingCapacity: true)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open(byte, at: position)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                try close(at: position, into: &output)
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

        /// A byte inside a string: kept where it may be a key or an item's file; at the closing
        /// quote, what the string is.
        private mutating func stringByte(_ byte: UInt8, into output: inout ShardOutput) throws {
            if escaped {
                escaped = false
                if keeping { string.append(byte) }
                return
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                if keeping { string.append(byte) }
                return
            }
            guard byte == UInt8(ascii: "\"") else {
                if keeping { string.append(byte) }
                return
            }
            inString = false
            let depth = containers.count
            if stringIsKey {
                if depth == 1 { topKey = string }
                lastKey = string
                if depth == itemDepth + 1 && string == Array("error".utf8) { current.errors = 1 }
                if kind == .replayJSON && depth == 1 && string == Array("shard".utf8) { currentIsMark = true }
            } else if depth == itemDepth + 1 && lastKey == fileKey {
                current.file = try ShardOutput.decode(string, in: output.path)
            }
            if depth == 1 && !stringIsKey && kind != .replayJSON {
                output.topStrings[String(decoding: topKey, as: UTF8.self)] = try ShardOutput.decode(
                    string, in: output.path)
            }
        }

        private mutating func open(_ byte: UInt8, at position: Int) {
            let depth = containers.count
            // A report line's only array in `expectations` is `failures`: an object in it is a
            // failed expectation, which makes `replay` exit 1.
            if kind == .replayJSON, depth == 3, byte == UInt8(ascii: "{"), topKey == Array("expectations".utf8),
                containers.last == UInt8(ascii: "[")
            {
                current.failures = 1
            }
            if depth == 1 && valueStart < 0 && kind != .replayJSON { valueStart = position }
            if depth == itemDepth && byte == UInt8(ascii: "{")
                && (depth == 0 || (containers.last == UInt8(ascii: "[") && topKey == itemsKey))
            {
                inItem = true
                current = Item(start: position, end: 0)
                currentIsMark = false
            }
            containers.append(byte)
            expectingKey = byte == UInt8(ascii: "{")
        }

        private mutating func close(at position: Int, into output: inout ShardOutput) throws {
            guard containers.popLast() != nil else { throw ShardOutput.malformed(output.path) }
            let depth = containers.count
            if depth == itemDepth && inItem {
                inItem = false
                current.end = position + 1
                if kind == .replayJSON && currentIsMark {
                    shardRange = current.start..<current.end
                    marks += 1
                } else {
                    if kind == .replayJSON && marks > 0 { linesAfterMark = true }
                    try output.add(current, source: current.file)
                }
            }
            if depth == 1 { endTopValue(position + 1) }
            expectingKey = false
        }

        private mutating func endTopValue(_ end: Int) {
            guard valueStart >= 0 else { return }
            if topKey == Array("shard".utf8) {
                shardRange = valueStart..<end
                marks += 1
            }
            if topKey == Array("summary".utf8) { summaryRange = valueStart..<end }
            valueStart = -1
        }
    }

    static func file(ofSource source: String) -> String {
        guard let hash = source.lastIndex(of: "#") else { return source }
        let number = source[source.index(after: hash)...]
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
            ? String(source[..<hash]) : source
    }

    static func decode(_ bytes: [UInt8], in path: String) throws -> String {
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        guard
            let text = try? JSONSerialization.jsonObject(
                with: Data([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]),
                options: .fragmentsAllowed) as? String
        else { throw malformed(path) }
        return text
    }

    static func parse(_ bytes: [UInt8], in path: String) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw malformed(path)
        }
        return object
    }

    static func malformed(_ path: String) -> Diagnostic {
        Diagnostic(path: path, message: "is cut short or damaged: not a whole output of a popgesture run")
    }
}
