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
    /// Which field holds each known column.
    let columns: [String: Int]
    /// How many fields the header has, and so every row.
    let width: Int

    /// Reads up to the header row, so a log without a valid one fails before its document starts.
    init(lines: LineReader) throws {
        self.lines = lines
        while let bytes = try lines.next() {
            let line = String(decoding: bytes, as: UTF8.self)
            guard !Self.isSkipped(line) else { continue }
            let fields = Self.fields(of: line)
            columns = try Self.columns(fields, at: lines.lineNumber, path: lines.path)
            width = fields.count
            return
        }
        throw SourcePosition(path: lines.path, line: max(lines.lineNumber, 1), column: 1)
            .error("no header row; expected a CSV touch log starting with a header such as `t,x,y,finger,phase`")
    }

    private static func isSkipped(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: " \t")
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    func read(into strokes: StrokeWriter, warn: (Diagnostic) -> Void) throws {
        let path = lines.path
        var previous: (t: Double, line: Int)?
        /// Without a phase column: each finger's last row, where its stroke lifts.
        var lastRow: [Int: Double] = [:]
        while let bytes = try lines.next() {
            let number = lines.lineNumber
            let line = String(decoding: bytes, as: UTF8.self)
            if Self.isSkipped(line) { continue }
            let fields = Self.fields(of: line)
            func at(_ field: Int) -> SourcePosition {
                SourcePosition(path: path, line: number, column: field < fields.count ? fields[field].column : line.count + 1)
            }
            guard fields.count == width else {
                throw at(min(fields.count, width)).error("expected \(width) fields as the header names, found \(fields.count)",
                                                          suggestion: lines.lastLineUnterminated ? "the file ends inside this row: was it cut short?" : nil)
            }
            func value(_ name: String) -> String { fields[columns[name]!].text }
            let phase: Phase?
            if let index = columns["phase"] {
                let text = fields[index].text
                guard let known = Phase(rawValue: text.lowercased()) else {
                    throw at(index).error("unknown phase `\(text)`; expected down, move, up or cancel",
                                          suggestion: didYouMean(text, in: Phase.allCases.map(\.rawValue)))
                }
                phase = known
            } else {
                phase = nil
            }
            guard let t = parseDecimal(value("t")), t.isFinite, t >= 0 else {
                throw at(columns["t"]!).error("expected `t` to be a time in ms >= 0, found `\(value("t"))`")
            }
            if let previous, t < previous.t {
                throw at(columns["t"]!).error("t=\(formatNumber(t)) is before the previous row's t=\(formatNumber(previous.t)) (line \(previous.line)); rows must be in time order",
                                              suggestion: "sort the rows by `t`")
            }
            previous = (t, number)
            guard isDecimalInteger(value("finger")), let finger = Int(value("finger")), finger >= 0 else {
                throw at(columns["finger"]!).error("expected `finger` to be an integer >= 0, found `\(value("finger"))`")
            }
            strokes.advance(to: t)
            if phase == .up || phase == .cancel {
                guard strokes.isDown(finger) else {
                    throw at(columns["phase"]!).error("finger \(finger) is not down, so it cannot \(phase == .up ? "lift" : "be cancelled")",
                                                      suggestion: "start its stroke with a `down` row")
                }
                strokes.end(finger, phase == .up ? .up(t) : .cancel(t))
                continue
            }
            var point = (x: 0.0, y: 0.0)
            for name in ["x", "y"] {
                guard let coordinate = parseDecimal(value(name)), coordinate.isFinite else {
                    throw at(columns[name]!).error("expected `\(name)` to be a number of points, found `\(value(name))`")
                }
                if name == "x" { point.x = coordinate } else { point.y = coordinate }
            }
            let sample = Sample(t: t, x: point.x, y: point.y)
            switch phase {
            case .down:
                if let origin = strokes.origin(of: finger) {
                    throw at(columns["phase"]!).error("finger \(finger) touches down again while its stroke from line \(origin.line) is still down",
                                                      suggestion: "end that stroke with an `up` or `cancel` row first")
                }
                strokes.down(finger, sample, at: at(0))
            case .move:
                guard strokes.isDown(finger) else {
                    throw at(columns["phase"]!).error("finger \(finger) moves but is not down", suggestion: "start its stroke with a `down` row")
                }
                strokes.move(finger, sample)
            default:
                if strokes.isDown(finger) { strokes.move(finger, sample) } else { strokes.down(finger, sample, at: at(0)) }
                lastRow[finger] = t
            }
        }
        for (finger, t) in lastRow.sorted(by: { $0.key < $1.key }) { strokes.end(finger, .up(t)) }
        for (finger, origin) in strokes.finish() {
            warn(origin.warning("finger \(finger) is still down when the log ends; its stroke is kept without `up`"))
        }
    }

    /// Which field holds each known column.
    private static func columns(_ fields: [Field], at line: Int, path: String) throws -> [String: Int] {
        var columns: [String: Int] = [:]
        for (index, field) in fields.enumerated() {
            let name = field.text.lowercased()
            guard known.contains(name) else { continue }
            if let first = columns[name] {
                throw SourcePosition(path: path, line: line, column: field.column)
                    .error("the header names `\(name)` twice (first in field \(first + 1))")
            }
            columns[name] = index
        }
        if let missing = required.first(where: { columns[$0] == nil }) {
            let near = fields.lazy.compactMap { field in nearest(to: field.text, in: [missing]).map { (field, $0) } }.first
            throw SourcePosition(path: path, line: line, column: near?.0.column ?? 1)
                .error("the header has no `\(missing)` column; a CSV touch log needs t, x, y and finger (and may have phase)",
                       suggestion: near.map { "did you mean `\($0.1)` for `\($0.0.text)`?" })
        }
        return columns
    }

    struct Field {
        var text: String
        var column: Int
    }

    /// Comma-separated fields, trimmed of blanks and of double quotes around them.
    static func fields(of line: String) -> [Field] {
        var fields: [Field] = []
        var column = 1
        for part in line.split(separator: ",", omittingEmptySubsequences: false) {
            var text = part.trimmingCharacters(in: " \t")
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            let leading = part.prefix { $0 == " " || $0 == "\t" }.count
            fields.append(Field(text: text, column: column + leading))
            column += part.count + 1
        }
        return fields
    }
}
