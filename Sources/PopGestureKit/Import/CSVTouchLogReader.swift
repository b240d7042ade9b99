/// Reads a CSV touch log row by row: a header naming the columns (any order, any case, extra ones
/// ignored) `t`, `x`, `y`, `finger` and optionally `phase`, then one row per sample, times in ms and
/// positions in points as written. With `phase`, `down` opens a finger's stroke, `move` adds a sample
/// and `up`/`cancel` ends it (that row's x and y are not a sample); without it, all rows of a finger
/// are one stroke, lifted at its last row. Blank lines and `#` lines are skipped.
struct CSVTouchLogReader {
    enum Phase: String, CaseIterable {
        case down, move, up, cancel
    }

    static let required = ["t", "x", "y", "finger"]
    static let known = required + ["phase"]

    let lines: LineReader
    /// The field index of each column.
    private let t: Int, x: Int, y: Int, finger: Int
    private let phase: Int?
    /// How many fields the header has, and so every row.
    private let width: Int

    /// Reads up to the header row, so a log without a valid one fails before its document starts.
    init(lines: LineReader) throws {
        self.lines = lines
        var fields: [Range<Int>] = []
        while let line = try lines.next() {
            guard !Self.isSkipped(line) else { continue }
            Self.split(line, into: &fields)
            let columns = try Self.columns(line, fields, at: lines.lineNumber, path: lines.path)
            (t, x, y, finger, phase) = (columns["t"]!, columns["x"]!, columns["y"]!, columns["finger"]!, columns["phase"])
            width = fields.count
            return
        }
        throw SourcePosition(path: lines.path, line: max(lines.lineNumber, 1), column: 1)
            .error("no header row; expected a CSV touch log starting with a header such as `t,x,y,finger,phase`")
    }

    func read(into strokes: StrokeWriter, warn: (Diagnostic) -> Void) throws {
        let path = lines.path
        var previous: (t: Double, line: Int)?
        /// Without a phase column: each finger's last row, where its stroke lifts.
        var lastRow: [Int: Double] = [:]
        var fields: [Range<Int>] = []
        while let line = try lines.next() {
            if Self.isSkipped(line) { continue }
            let row = lines.lineNumber
            Self.split(line, into: &fields)
            func at(_ field: Int) -> SourcePosition {
                SourcePosition(path: path, line: row, column: column(ofByte: field < fields.count ? fields[field].lowerBound : line.count, in: line))
            }
            func text(_ field: Int) -> String { String(decoding: line[fields[field]], as: UTF8.self) }
            func number(_ field: Int) -> Double? { parseDecimal(bytes: UnsafeBufferPointer(rebasing: line[fields[field]])).flatMap { $0.isFinite ? $0 : nil } }
            guard fields.count == width else {
                throw at(min(fields.count, width)).error("expected \(width) fields as the header names, found \(fields.count)",
                                                          suggestion: lines.lastLineUnterminated ? "the file ends inside this row: was it cut short?" : nil)
            }
            var kind: Phase?
            if let phase {
                let word = line[fields[phase]]
                kind = Phase.allCases.first { $0.rawValue.utf8.count == word.count && zip($0.rawValue.utf8, word).allSatisfy { $0 == $1 | 0x20 } }
                guard kind != nil else {
                    throw at(phase).error("unknown phase `\(text(phase))`; expected down, move, up or cancel",
                                          suggestion: didYouMean(text(phase), in: Phase.allCases.map(\.rawValue)))
                }
            }
            guard let time = number(t), time >= 0 else {
                throw at(t).error("expected `t` to be a time in ms >= 0, found `\(text(t))`")
            }
            if let previous, time < previous.t {
                throw at(t).error("t=\(formatNumber(time)) is before the previous row's t=\(formatNumber(previous.t)) (line \(previous.line)); rows must be in time order",
                                  suggestion: "sort the rows by `t`")
            }
            previous = (time, row)
            guard let value = decimalInteger(line[fields[finger]]), value >= 0, let finger = Int(exactly: value) else {
                throw at(self.finger).error("expected `finger` to be an integer >= 0, found `\(text(self.finger))`")
            }
            strokes.advance(to: time)
            if kind == .up || kind == .cancel {
                guard strokes.isDown(finger) else {
                    throw at(phase!).error("finger \(finger) is not down, so it cannot \(kind == .up ? "lift" : "be cancelled")",
                                           suggestion: "start its stroke with a `down` row")
                }
                strokes.end(finger, kind == .up ? .up(time) : .cancel(time))
                continue
            }
            guard let px = number(x) else { throw at(x).error("expected `x` to be a number of points, found `\(text(x))`") }
            guard let py = number(y) else { throw at(y).error("expected `y` to be a number of points, found `\(text(y))`") }
            let sample = Sample(t: time, x: px, y: py)
            switch kind {
            case .down:
                if let origin = strokes.origin(of: finger) {
                    throw at(phase!).error("finger \(finger) touches down again while its stroke from line \(origin.line) is still down",
                                           suggestion: "end that stroke with an `up` or `cancel` row first")
                }
                strokes.down(finger, sample, at: at(0))
            case .move:
                guard strokes.isDown(finger) else {
                    throw at(phase!).error("finger \(finger) moves but is not down", suggestion: "start its stroke with a `down` row")
                }
                strokes.move(finger, sample)
            default:
                if strokes.isDown(finger) { strokes.move(finger, sample) } else { strokes.down(finger, sample, at: at(0)) }
                lastRow[finger] = time
            }
        }
        for (finger, t) in lastRow.sorted(by: { $0.key < $1.key }) { strokes.end(finger, .up(t)) }
        for (finger, origin) in strokes.finish() {
            warn(origin.warning("finger \(finger) is still down when the log ends; its stroke is kept without `up`"))
        }
    }

    /// Which field holds each known column.
    private static func columns(_ line: UnsafeBufferPointer<UInt8>, _ fields: [Range<Int>], at number: Int, path: String) throws -> [String: Int] {
        func at(_ field: Range<Int>) -> SourcePosition {
            SourcePosition(path: path, line: number, column: column(ofByte: field.lowerBound, in: line))
        }
        let names = fields.map { String(decoding: line[$0], as: UTF8.self) }
        var columns: [String: Int] = [:]
        for (index, name) in names.enumerated() where known.contains(name.lowercased()) {
            if let first = columns[name.lowercased()] {
                throw at(fields[index]).error("the header names `\(name.lowercased())` twice (first in field \(first + 1))")
            }
            columns[name.lowercased()] = index
        }
        if let missing = required.first(where: { columns[$0] == nil }) {
            let near = names.indices.first { nearest(to: names[$0], in: [missing]) != nil }
            throw (near.map { at(fields[$0]) } ?? SourcePosition(path: path, line: number, column: 1))
                .error("the header has no `\(missing)` column; a CSV touch log needs t, x, y and finger (and may have phase)",
                       suggestion: near.map { "did you mean `\(missing)` for `\(names[$0])`?" })
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
            let end = line[start...].firstIndex(of: UInt8(ascii: ",")) ?? line.count
            var lower = start, upper = end
            while lower < upper, line[lower] == 32 || line[lower] == 9 { lower += 1 }
            while upper > lower, line[upper - 1] == 32 || line[upper - 1] == 9 { upper -= 1 }
            if upper - lower >= 2, line[lower] == UInt8(ascii: "\""), line[upper - 1] == UInt8(ascii: "\"") { (lower, upper) = (lower + 1, upper - 1) }
            fields.append(lower..<upper)
            start = end + 1
        }
    }
}
