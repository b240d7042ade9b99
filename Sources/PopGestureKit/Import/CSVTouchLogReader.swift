import Foundation
import PopGestureCore

/// Reads a CSV touch log row by row through a `CSVMapping`: a header naming the columns (any order,
/// any case, extra ones ignored), then one row per sample. With a phase column a touch's first
/// phase (`down`, UIKit's `began`) opens its stroke, a move adds a sample, `stationary` only says the
/// touch is still down, and the end (`up`/`ended`, `cancel`/`cancelled`) ends it: that row's position
/// is not a sample, and a warning says so when it is more than 1 pt from the last one. Without a
/// phase column all rows of a finger are one stroke, lifted at its last row. Blank lines and `#`
/// lines are skipped.
struct CSVTouchLogReader {
    let lines: LineReader
    let mapping: CSVMapping
    /// The field index of each column.
    private let t: Int, x: Int, y: Int, finger: Int
    private let phase: Int?
    /// How many fields the header has, and so every row.
    private let width: Int

    /// Reads up to the header row, so a log without a valid one fails before its document starts.
    init(lines: LineReader, mapping: CSVMapping) throws {
        self.lines = lines
        self.mapping = mapping
        var fields: [Range<Int>] = []
        while let line = try lines.next() {
            guard !Self.isSkipped(line) else { continue }
            Self.split(line, into: &fields)
            let columns = try Self.columns(line, fields, mapping: mapping, at: lines.lineNumber, path: lines.path)
            (t, x, y, finger, phase) = (
                columns["t"]!, columns["x"]!, columns["y"]!, columns["finger"]!, columns["phase"]
            )
            width = fields.count
            return
        }
        throw SourcePosition(path: lines.path, line: max(lines.lineNumber, 1), column: 1)
            .error(
                "no header row; expected a CSV touch log starting with a header such as `\(CSVMapping.roles.map { mapping.columns[$0]! }.joined(separator: ","))`"
            )
    }

    /// The mapping as this log was read, for its trace's `origin`.
    var described: [(key: String, value: String)] { mapping.described(hasPhase: phase != nil) }

    /// One row as read: its fields, where they are, and their text for messages.
    private struct Row {
        let line: UnsafeBufferPointer<UInt8>
        let fields: [Range<Int>]
        let number: Int
        let path: String

        func at(_ field: Int) -> SourcePosition {
            SourcePosition(
                path: path, line: number,
                column: column(ofByte: field < fields.count ? fields[field].lowerBound : line.count, in: line))
        }

        /// For messages: a field of megabytes is quoted by its start.
        func text(_ field: Int) -> String {
            let bytes = line[fields[field]]
            return String(decoding: bytes.prefix(40), as: UTF8.self) + (bytes.count > 40 ? "…" : "")
        }

        func number(_ field: Int) -> Double? {
            parseDecimal(bytes: UnsafeBufferPointer(rebasing: line[fields[field]])).flatMap { $0.isFinite ? $0 : nil }
        }
    }

    /// What the rows so far leave for the next.
    private struct State {
        var previous: (t: Double, text: String, line: Int)?
        /// UIKit's seconds: the first row's time in ns, the log's time 0.
        var zero: Int64?
        /// Without a phase column: each finger's last row, where its stroke lifts.
        var lastRow: [Int: Double] = [:]
        /// Each finger's last sample position, for the lift row's warning.
        var lastPosition: [Int: (x: Double, y: Double, t: Double)] = [:]
        /// UIKit: the finger number of each touch identity while it is down.
        var touches: [String: Int] = [:]
    }

    func read(into strokes: StrokeWriter, warn: (Diagnostic) -> Void) throws {
        var state = State()
        var fields: [Range<Int>] = []
        while let line = try lines.next() {
            if Self.isSkipped(line) { continue }
            Self.split(line, into: &fields)
            let row = Row(line: line, fields: fields, number: lines.lineNumber, path: lines.path)
            guard fields.count == width else {
                throw row.at(min(fields.count, width)).error(
                    "expected \(width) fields as the header names, found \(fields.count)",
                    suggestion: lines.lastLineUnterminated ? "the file ends inside this row: was it cut short?" : nil)
            }
            let kind = try self.kind(of: row)
            let time = try self.time(of: row, state: &state)
            let finger = try self.finger(of: row, kind: kind, touches: &state.touches)
            try strokes.advance(to: time)
            if kind == .up || kind == .cancel || kind == .stationary {
                try end(finger, kind: kind!, at: time, row: row, into: strokes, state: &state, warn: warn)
            } else {
                try sample(finger, kind: kind, at: time, row: row, into: strokes, state: &state)
            }
        }
        for (finger, t) in state.lastRow.sorted(by: { $0.key < $1.key }) { strokes.end(finger, .up(t)) }
        for (finger, origin) in try strokes.finish() {
            warn(
                origin.warning(
                    "finger \(finger) is still down when the log ends; its stroke is kept without `\(word(.up))`"))
        }
    }

    /// The mapping's word for `phase`, as messages name it.
    private func word(_ phase: CSVMapping.Phase) -> String { mapping.phaseWords.first { $0.phase == phase }!.word }

    /// The row's phase, any case; nil without a phase column.
    private func kind(of row: Row) throws -> CSVMapping.Phase? {
        guard let phase else { return nil }
        let word = row.line[row.fields[phase]]
        let kind =
            mapping.phaseWords.first {
                $0.word.utf8.count == word.count && zip($0.word.utf8, word).allSatisfy { $0 == $1 | 0x20 }
            }?.phase
        guard let kind else {
            let words = mapping.phaseWords.map(\.word)
            let other = mapping.otherWords.contains(row.text(phase).lowercased())
            throw row.at(phase).error(
                "unknown phase `\(row.text(phase))`; expected \(words.dropLast().joined(separator: ", ")) or \(words.last!)",
                suggestion: other
                    ? "`\(row.text(phase).lowercased())` is a phase of the \(mapping.uikit ? "plain CSV log: pass --from csv" : "UIKit touch log: pass --from uikit")"
                    : didYouMean(row.text(phase), in: words))
        }
        return kind
    }

    /// The row's time in ms from the log's start (UIKit: from its first row), in time order.
    private func time(of row: Row, state: inout State) throws -> Double {
        let names = mapping.columns
        let time: Double
        if mapping.uikit {
            guard let ns = nanoseconds(row.line[row.fields[t]]) else {
                throw row.at(t).error(
                    "expected `\(names["t"]!)` to be a time in seconds (UITouch.timestamp), found `\(row.text(t))`")
            }
            let first = state.zero ?? ns
            state.zero = first
            time = Double(ns - first) / 1_000_000
        } else {
            guard let ms = row.number(t), ms >= 0 else {
                throw row.at(t).error("expected `\(names["t"]!)` to be a time in ms >= 0, found `\(row.text(t))`")
            }
            time = ms
        }
        if let previous = state.previous, time < previous.t {
            throw row.at(t).error(
                "\(names["t"]!)=\(row.text(t)) is before the previous row's \(names["t"]!)=\(previous.text) (line \(previous.line)); rows must be in time order",
                suggestion: "sort the rows by `\(names["t"]!)`")
        }
        state.previous = (time, row.text(t), row.number)
        return time
    }

    /// The row's finger: its number, or (UIKit) the number its touch identity holds while down.
    private func finger(of row: Row, kind: CSVMapping.Phase?, touches: inout [String: Int]) throws -> Int {
        guard mapping.uikit else {
            guard let value = decimalInteger(row.line[row.fields[finger]]), value >= 0,
                let number = Int(exactly: value)
            else {
                throw row.at(finger).error(
                    "expected `\(mapping.columns["finger"]!)` to be an integer >= 0, found `\(row.text(finger))`")
            }
            return number
        }
        let identity = String(decoding: row.line[row.fields[finger]], as: UTF8.self)
        let number: Int
        if let known = touches[identity] {
            number = known
        } else if kind == nil || kind == .down {
            number = (0...).first { number in !touches.values.contains(number) }!
            touches[identity] = number
        } else {
            throw row.at(finger).error(
                "touch `\(identity)` is \(kind == .stationary ? "stationary" : kind == .move ? "moved" : "ended") but never began",
                suggestion: "start each touch with a `began` row")
        }
        if kind == .up || kind == .cancel { touches[identity] = nil }
        return number
    }

    /// A lift, a cancel or a stationary row: the finger must be down; a lift far from the last
    /// sample is warned about, since its position is not a sample.
    private func end(
        _ finger: Int, kind: CSVMapping.Phase, at time: Double, row: Row, into strokes: StrokeWriter,
        state: inout State, warn: (Diagnostic) -> Void
    ) throws {
        guard strokes.isDown(finger) else {
            throw row.at(phase!).error(
                "finger \(finger) is not down, so it cannot be \(word(kind))",
                suggestion: "start its stroke with a `\(word(.down))` row")
        }
        if kind == .stationary { return }
        if kind == .up, let px = row.number(x), let py = row.number(y), let last = state.lastPosition[finger] {
            let distance = ((px - last.x) * (px - last.x) + (py - last.y) * (py - last.y)).squareRoot()
            if distance > 1 {
                warn(
                    row.at(x).warning(
                        "finger \(finger) lifts at (\(formatNumber(px)), \(formatNumber(py))), \(Readable.position(distance)) pt from its last sample (\(formatNumber(last.x)), \(formatNumber(last.y))) at \(formatNumber(last.t)) ms; a lift row's position is not a sample, so the trace ends at the last sample",
                        suggestion: "add a `\(word(.move))` row at the lift's time to keep that position"))
            }
        }
        strokes.end(finger, kind == .up ? .up(time) : .cancel(time))
        state.lastPosition[finger] = nil
    }

    /// A sample row: a touch down, a move, or (without a phase column) either, as the finger is.
    private func sample(
        _ finger: Int, kind: CSVMapping.Phase?, at time: Double, row: Row, into strokes: StrokeWriter,
        state: inout State
    ) throws {
        let names = mapping.columns
        // Within what a trace holds (TraceLimits), so that every import loads back.
        guard let px = row.number(x), abs(px) <= TraceLimits.coordinate else {
            throw row.at(x).error(
                "expected `\(names["x"]!)` to be a number of points within ±1e9, found `\(row.text(x))`")
        }
        guard let py = row.number(y), abs(py) <= TraceLimits.coordinate else {
            throw row.at(y).error(
                "expected `\(names["y"]!)` to be a number of points within ±1e9, found `\(row.text(y))`")
        }
        let sample = Sample(t: time, x: px, y: py)
        state.lastPosition[finger] = (px, py, time)
        switch kind {
        case .down:
            if let origin = strokes.origin(of: finger) {
                throw row.at(phase!).error(
                    "finger \(finger) touches down again while its stroke from line \(origin.line) is still down",
                    suggestion: "end that stroke with an `\(word(.up))` or `\(word(.cancel))` row first")
            }
            strokes.down(finger, sample, at: row.at(0))
        case .move:
            guard strokes.isDown(finger) else {
                throw row.at(phase!).error(
                    "finger \(finger) moves but is not down", suggestion: "start its stroke with a `\(word(.down))` row"
                )
            }
            strokes.move(finger, sample)
        default:
            if strokes.isDown(finger) {
                strokes.move(finger, sample)
            } else {
                strokes.down(finger, sample, at: row.at(0))
            }
            state.lastRow[finger] = time
        }
    }

    /// Which field holds each column of the mapping.
    private static func columns(
        _ line: UnsafeBufferPointer<UInt8>, _ fields: [Range<Int>], mapping: CSVMapping, at number: Int, path: String
    ) throws -> [String: Int] {
        func at(_ field: Range<Int>) -> SourcePosition {
            SourcePosition(path: path, line: number, column: column(ofByte: field.lowerBound, in: line))
        }
        let names = fields.map { String(decoding: line[$0], as: UTF8.self) }
        let lowered = names.map { $0.lowercased() }
        var columns: [String: Int] = [:]
        for role in CSVMapping.roles {
            let wanted = mapping.columns[role]!
            for (index, name) in lowered.enumerated() where name == wanted {
                if let first = columns[role] {
                    throw at(fields[index]).error("the header names `\(wanted)` twice (first in field \(first + 1))")
                }
                columns[role] = index
            }
        }
        if let missing = CSVMapping.roles.dropLast().first(where: { columns[$0] == nil }) {
            let wanted = mapping.columns[missing]!
            // A near name that is not another column's already.
            let taken = Set(columns.values)
            let uikitLog = !mapping.uikit && lowered.contains { $0 == CSVMapping.uikitLog.columns["t"] }
            let near =
                uikitLog
                ? nil : names.indices.first { !taken.contains($0) && nearest(to: names[$0], in: [wanted]) != nil }
            let required = CSVMapping.roles.dropLast().map { mapping.columns[$0]! }
            let suggestion =
                uikitLog
                ? "a UIKit touch log (timestamp in seconds): pass --from uikit"
                : near.map { "did you mean `\(wanted)` for `\(names[$0])`?" }
            throw (near.map { at(fields[$0]) } ?? SourcePosition(path: path, line: number, column: 1))
                .error(
                    "the header has no `\(wanted)` column; this log needs \(required.joined(separator: ", ")) (and may have \(mapping.columns["phase"]!))",
                    suggestion: suggestion
                        ?? "name the log's own columns with --columns, e.g. --columns t=time,finger=id")
        }
        return columns
    }

    /// A blank line or a `#` comment.
    private static func isSkipped(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = line.first(where: { $0 != 32 && $0 != 9 }) else { return true }
        return first == UInt8(ascii: "#")
    }

    /// The comma-separated fields of `line` as byte ranges, without blanks or double quotes around them.
    private static func split(_ line: UnsafeBufferPointer<UInt8>, into fields: inout [Range<Int>]) {
        fields.removeAll(keepingCapacity: true)
        var start = 0
        while start <= line.count {
            // memchr, not firstIndex(of:): a generic slice's search costs a call a byte in a debug
            // or sanitizer build, and a 10 MB field took 30 s there.
            var end = line.count
            if start < line.count, let base = line.baseAddress,
                let comma = memchr(base + start, Int32(UInt8(ascii: ",")), line.count - start)
            {
                end = UnsafeRawPointer(comma) - UnsafeRawPointer(base)
            }
            var lower = start
            var upper = end
            while lower < upper, line[lower] == 32 || line[lower] == 9 { lower += 1 }
            while upper > lower, line[upper - 1] == 32 || line[upper - 1] == 9 { upper -= 1 }
            if upper - lower >= 2, line[lower] == UInt8(ascii: "\""), line[upper - 1] == UInt8(ascii: "\"") {
                (lower, upper) = (lower + 1, upper - 1)
            }
            fields.append(lower..<upper)
            start = end + 1
        }
    }
}

/// Seconds as integer nanoseconds: exact for a decimal of up to 9 fraction digits (UITouch.timestamp
/// is seconds since boot, whose Double would lose the microseconds in a difference), else through a
/// Double (an exponent). Nil unless a finite number within ±9.2e9 s.
private func nanoseconds(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
    var digits = bytes[...]
    let negative = digits.first == UInt8(ascii: "-")
    if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
    let dot = digits.firstIndex(of: UInt8(ascii: ".")) ?? digits.endIndex
    let whole = digits[..<dot]
    let fraction = dot < digits.endIndex ? digits[(dot + 1)...] : digits[dot...]
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    if !whole.isEmpty || !fraction.isEmpty, whole.count <= 9, fraction.count <= 9, whole.allSatisfy(isDigit),
        fraction.allSatisfy(isDigit)
    {
        var value: Int64 = 0
        for byte in whole { value = value * 10 + Int64(byte - UInt8(ascii: "0")) }
        for index in 0..<9 {
            let byte =
                index < fraction.count
                ? fraction[fraction.index(fraction.startIndex, offsetBy: index)] : UInt8(ascii: "0")
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }
    guard let seconds = parseDecimal(bytes: UnsafeBufferPointer(rebasing: bytes)), seconds.isFinite,
        abs(seconds) < 9.2e9
    else { return nil }
    return Int64((seconds * 1e9).rounded())
}
