import PopGestureCore

/// Reads an evemu recording (`evemu-record`) line by line: the device description (`N:`, `I:`, `P:`,
/// `B:`, `A:` lines and `#` comments), then one `E: SEC.USEC TYPE CODE VALUE` line per event (type
/// and code in hex, the value in decimal, possibly zero-padded: `-001` is -1), handed to the
/// assembler as it is read.
struct EvemuReader {
    static let rangeHint =
        "evemu-record writes each axis before the events as `A: CODE MIN MAX FUZZ FLAT RESOLUTION`, CODE in hex (e.g. `A: 35 0 799 0 0 0`); copy the device's lines from `evemu-describe`"

    let lines: LineReader

    func read(into assembler: EvdevFrameAssembler) throws {
        let path = lines.path
        var device = EvdevDevice(position: SourcePosition(path: path, line: 1, column: 1), rangeHint: Self.rangeHint)
        var comments = RangeComments()
        var started = false
        var sawLine = false
        var found: [Range<Int>] = []
        while let line = try lines.next() {
            sawLine = true
            let number = lines.lineNumber
            var fields = Fields(line)
            guard let first = fields.next() else { continue }
            let tag = line[first]
            if tag.first == UInt8(ascii: "#") {
                if !started { comments.read(line, at: SourcePosition(path: path, line: number, column: 1)) }
                continue
            }
            let kind = tag.count == 2 && tag.last == UInt8(ascii: ":") ? tag.first : nil
            switch kind {
            case UInt8(ascii: "E"):
                if !started {
                    started = true
                    device.position = SourcePosition(path: path, line: number, column: 1)
                    comments.fill(&device)
                    try assembler.beginDevice(device)
                }
                try assembler.event(try event(line, fields, number, &found))
            case UInt8(ascii: "A"):
                if started {
                    throw SourcePosition(path: path, line: number, column: 1).error(
                        "an axis range after the first event; evemu writes the device description before the events")
                }
                try range(line, fields, number, into: &device)
            case UInt8(ascii: "N"):
                if !started, device.name == nil, let rest = fields.next() {
                    device.name = String(decoding: line[rest.lowerBound...], as: UTF8.self).trimmingCharacters(
                        in: " \t")
                }
            case UInt8(ascii: "I"), UInt8(ascii: "P"), UInt8(ascii: "B"), UInt8(ascii: "L"), UInt8(ascii: "S"):
                continue
            default:
                throw SourcePosition(path: path, line: number, column: column(ofByte: first.lowerBound, in: line))
                    .error(
                        "unexpected `\(text(tag))`: an evemu recording holds `N:`, `I:`, `P:`, `B:`, `A:` and `E:` lines and `#` comments"
                    )
            }
        }
        guard sawLine else {
            throw Diagnostic(path: path, message: "the file is empty; expected an evemu recording")
        }
        if !started {
            comments.fill(&device)
            try assembler.beginDevice(device)
        }
        try assembler.endDevice()
    }

    /// `E: SEC.USEC TYPE CODE VALUE`, then at most a `#` comment.
    /// `found` is scratch space, kept from line to line so that a line costs no allocation.
    private func event(_ line: UnsafeBufferPointer<UInt8>, _ fields: Fields, _ number: Int, _ found: inout [Range<Int>])
        throws -> EvdevEvent
    {
        var fields = fields
        found.removeAll(keepingCapacity: true)
        while found.count < 4, let field = fields.next(), line[field.lowerBound] != UInt8(ascii: "#") {
            found.append(field)
        }
        func at(_ offset: Int) -> SourcePosition {
            SourcePosition(path: lines.path, line: number, column: column(ofByte: offset, in: line))
        }
        guard found.count == 4 else {
            throw at(line.count).error(
                "truncated event line: expected `E: SEC.USEC TYPE CODE VALUE`, found \(found.count) of its 4 fields (no \(["time", "type", "code", "value"][found.count]))",
                suggestion: lines.lastLineUnterminated
                    ? "the file ends inside this line: was the recording cut short?" : nil)
        }
        if let extra = fields.next(), line[extra.lowerBound] != UInt8(ascii: "#") {
            throw at(extra.lowerBound).error(
                "unexpected `\(text(line[extra]))` after the event's value; expected the end of the line or a `#` comment"
            )
        }
        guard let time = microseconds(line[found[0]]) else {
            throw at(found[0].lowerBound).error(
                "expected the event time as SEC.USEC (e.g. 0.054565), found `\(text(line[found[0]]))`")
        }
        guard let type = hex(line[found[1]]) else {
            throw at(found[1].lowerBound).error(
                "expected the event type in hex (e.g. 0003), found `\(text(line[found[1]]))`")
        }
        guard let code = hex(line[found[2]]) else {
            throw at(found[2].lowerBound).error(
                "expected the event code in hex (e.g. 0035), found `\(text(line[found[2]]))`")
        }
        guard let value = decimalInteger(line[found[3]]).flatMap({ Int32(exactly: $0) }) else {
            throw at(found[3].lowerBound).error(
                "expected the event value as a decimal integer (e.g. 0539 or -001), found `\(text(line[found[3]]))`")
        }
        return EvdevEvent(
            time: time, type: type, code: code, value: value, line: number,
            column: column(ofByte: found[0].lowerBound, in: line))
    }

    /// `A: CODE MIN MAX [FUZZ FLAT [RESOLUTION]]`.
    private func range(
        _ line: UnsafeBufferPointer<UInt8>, _ fields: Fields, _ number: Int, into device: inout EvdevDevice
    ) throws {
        var fields = fields
        let position = SourcePosition(path: lines.path, line: number, column: 1)
        guard let codeField = fields.next(), let minField = fields.next(), let maxField = fields.next() else {
            throw position.error("truncated axis line: expected `A: CODE MIN MAX FUZZ FLAT RESOLUTION`")
        }
        guard let code = hex(line[codeField]), code <= 0x3f else {
            throw SourcePosition(path: lines.path, line: number, column: column(ofByte: codeField.lowerBound, in: line))
                .error("expected an axis code in hex from 00 to 3f, found `\(text(line[codeField]))`")
        }
        for field in [minField, maxField] where decimalInteger(line[field]) == nil {
            throw SourcePosition(path: lines.path, line: number, column: column(ofByte: field.lowerBound, in: line))
                .error(
                    "expected an axis \(field == minField ? "minimum" : "maximum") as a decimal integer, found `\(text(line[field]))`"
                )
        }
        device.ranges[code] = EvdevDevice.AxisRange(
            min: decimalInteger(line[minField])!, max: decimalInteger(line[maxField])!, position: position)
    }

    /// The `# Event code N (...)` / `# Min` / `# Max` comments evemu writes above the description:
    /// the ranges of a recording without `A:` lines.
    private struct RangeComments {
        private var type: Int64?
        private var code: UInt16?
        private var found: [UInt16: (min: Int64?, max: Int64?, position: SourcePosition)] = [:]

        mutating func read(_ line: UnsafeBufferPointer<UInt8>, at position: SourcePosition) {
            var fields = Fields(line)
            var words: [Substring] = []
            while words.count < 3, let field = fields.next() {
                let word = text(line[field])
                if words.isEmpty, word == "#" { continue }
                words.append(Substring(word.hasPrefix("#") ? String(word.dropFirst()) : word))
            }
            guard words.count >= 2 else { return }
            switch (words[0], words.count >= 3 ? words[1] : "") {
            case ("Event", "type"):
                type = Int64(words[2])
                code = nil
            case ("Event", "code"):
                code = type == Int64(Evdev.absType) ? UInt16(words[2]) : nil
            default:
                guard let code, let value = Int64(words[1]) else { return }
                var entry = found[code] ?? (nil, nil, position)
                if words[0] == "Min" {
                    entry.min = value
                } else if words[0] == "Max" {
                    entry.max = value
                } else {
                    return
                }
                found[code] = entry
            }
        }

        /// Adds the ranges that have no `A:` line.
        func fill(_ device: inout EvdevDevice) {
            for (code, entry) in found where device.ranges[code] == nil {
                if let min = entry.min, let max = entry.max {
                    device.ranges[code] = EvdevDevice.AxisRange(min: min, max: max, position: entry.position)
                }
            }
        }
    }
}

/// The blank-separated fields of a line, as byte ranges, without allocating.
private struct Fields {
    let line: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(_ line: UnsafeBufferPointer<UInt8>) { self.line = line }

    mutating func next() -> Range<Int>? {
        while offset < line.count, line[offset] == 32 || line[offset] == 9 { offset += 1 }
        guard offset < line.count else { return nil }
        let start = offset
        while offset < line.count, line[offset] != 32, line[offset] != 9 { offset += 1 }
        return start..<offset
    }
}

private func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    String(decoding: bytes.prefix(40), as: UTF8.self)
}

private func hex(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> UInt16? {
    hexadecimal(bytes).map { UInt16($0) }
}
