import PopGestureCore

/// Reads Android's `getevent` output line by line: the description blocks of `getevent -p`/`-lp`
/// (`add device N: NODE`, then indented `name:`, `events:` with each axis's `: value V, min A, max B,
/// fuzz F, flat G, resolution R`, `input props:`), then one event a line as `getevent -t` or `-lt`
/// prints it, handed to the assembler as it is read.
///
/// The syntax is AOSP's system/core `toolbox/getevent.c` (checked against aosp-mirror/
/// platform_system_core): an event line is `[%8ld.%06ld] ` (with -t), `%s: ` (the node, when getevent
/// watches every device), then with -l the type label `%-12.12s` (else `%04x`), the code label
/// `%-20.20s` (else `%04x`) and the value's label (`UP`/`DOWN`/`REPEAT` for keys, `MT_TOOL_*` for
/// ABS_MT_TOOL_TYPE) or `%08x`, the value's 32 bits in hex; without -l `%04x %04x %08x`; with -r a
/// SYN_REPORT adds ` rate N`. `print_possible_events` prints an axis as its label (`%.20s`, padded)
/// or `%04x`, then ` : value %d, min %d, max %d, fuzz %d, flat %d, resolution %d`.
///
/// One document per recording, of one device: the described device with touch axes, else the
/// device of the first event. Events of other devices (buttons, sensors) are passed by; a second
/// undescribed device is an error.
struct GeteventReader {
    static let rangeHint =
        "capture the device's description in front of the events: `adb shell 'getevent -lp /dev/input/eventN; getevent -lt /dev/input/eventN' > swipe.getevent`, or pass its ranges: --axis-range ABS_MT_POSITION_X=MIN:MAX --axis-range ABS_MT_POSITION_Y=MIN:MAX (and ABS_MT_SLOT=0:N for slots) with --screen WxH"

    let lines: LineReader
    /// `--axis-range`: ranges over the description's, or in place of one.
    let axisRanges: [UInt16: ClosedRange<Int64>]

    func read(into assembler: EvdevFrameAssembler) throws {
        let path = lines.path
        var described: [EvdevDevice] = []
        /// In a description block: whether the lines are in its ABS section.
        var inAxes = false
        /// The imported device's node (nil: events without a node) and the line that chose it.
        var chosen: (node: String?, line: Int)?
        var device: EvdevDevice?
        /// The imported device is the touchscreen a description says it is.
        var touchKnown = false
        var sawLine = false
        while var line = try lines.next() {
            // `adb shell` through a terminal may end lines with \r\r\n; LineReader takes one \r.
            while line.last == 13 { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            let number = lines.lineNumber
            func at(_ offset: Int) -> SourcePosition {
                SourcePosition(path: path, line: number, column: column(ofByte: offset, in: line))
            }
            guard let first = line.firstIndex(where: { $0 != 32 && $0 != 9 }) else { continue }
            sawLine = true
            // An event line: the common case, read without a String.
            if first == 0, line[0] == UInt8(ascii: "[") || line[0] == UInt8(ascii: "/") || line[0] == UInt8(ascii: "E")
            {
                let event = try self.event(line, number)
                if chosen == nil {
                    chosen = (event.node, number)
                    var picked = try pick(described, node: event.node, at: at(0))
                    touchKnown = picked.hasTouchAxes
                    picked = withAxisRanges(picked)
                    if picked.node == nil { picked.node = event.node }
                    device = picked
                    try assembler.beginDevice(picked)
                }
                // Another device's event: a described one (buttons, sensors) or any when the
                // touchscreen is known from its description is passed by.
                if let node = event.node, node != device?.node {
                    if touchKnown || described.contains(where: { $0.node == node }) { continue }
                    throw at(0).error(
                        "an event of `\(node)`, a second device: the events so far are of `\(device?.node ?? "no node")` (line \(chosen!.line))",
                        suggestion:
                            "record the touchscreen alone: `getevent -lt /dev/input/eventN`, or put `getevent -lp` in front so the touchscreen is known"
                    )
                }
                if event.value.type == Evdev.absType, event.value.code == Evdev.absMTSlot,
                    device?.ranges[Evdev.absMTSlot] == nil
                {
                    throw at(0).error(
                        "an ABS_MT_SLOT event, but the device has no ABS_MT_SLOT range, so its slots cannot be read",
                        suggestion:
                            "pass --axis-range ABS_MT_SLOT=0:N with the slot range `getevent -lp` lists (0:9 on most phones)"
                    )
                }
                if event.known { try assembler.event(event.value) } else { try assembler.passBy(event.value) }
                continue
            }
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("add device ") {
                if let chosen {
                    throw at(0).error(
                        "a device description after the first event (line \(chosen.line)); getevent prints descriptions before events",
                        suggestion: "put the `getevent -lp` output in front of the events")
                }
                guard let colon = text.range(of: ": ") else {
                    throw at(0).error("expected `add device N: NODE` as getevent -p prints it")
                }
                var entry = EvdevDevice(position: at(0), rangeHint: Self.rangeHint)
                entry.node = String(text[colon.upperBound...]).trimmingCharacters(in: " \t")
                described.append(entry)
                inAxes = false
                continue
            }
            if text.hasPrefix("remove device ") || text.hasPrefix("could not ") { continue }
            if first > 0, line[first] != UInt8(ascii: "[") {
                // An indented line: part of a description block.
                guard chosen == nil else {
                    throw at(first).error(
                        "a device description line after the first event (line \(chosen!.line)); getevent prints descriptions before events",
                        suggestion: "put the `getevent -lp` output in front of the events")
                }
                guard !described.isEmpty else {
                    throw at(first).error("an indented description line before any `add device N: NODE` line")
                }
                try describe(text, indent: first, at: at, inAxes: &inAxes, into: &described[described.count - 1])
                continue
            }
            // Anything else: an event line getevent printed without a time stamp, or not getevent's;
            // either is an error, which reading it as an event says.
            _ = try self.event(line, number)
        }
        guard sawLine else {
            throw Diagnostic(path: path, message: "the file is empty; expected getevent output")
        }
        if chosen == nil {
            try assembler.beginDevice(
                withAxisRanges(try pick(described, node: nil, at: SourcePosition(path: path, line: 1, column: 1))))
        }
        try assembler.endDevice()
    }

    /// `device` with `--axis-range` over its own ranges.
    private func withAxisRanges(_ device: EvdevDevice) -> EvdevDevice {
        var device = device
        for (code, range) in axisRanges {
            device.ranges[code] = EvdevDevice.AxisRange(
                min: range.lowerBound, max: range.upperBound, position: device.position)
        }
        return device
    }

    /// The device to import when the first event names `node`: the described device with touch
    /// axes, else the one described with that node, else a device known only by `--axis-range`.
    private func pick(_ described: [EvdevDevice], node: String?, at position: SourcePosition) throws -> EvdevDevice {
        let touch = described.filter(\.hasTouchAxes)
        if touch.count > 1 {
            throw touch[1].position.error(
                "\(touch.count) touch devices are described (\(touch.compactMap(\.node).joined(separator: ", "))); a getevent recording is imported for one",
                suggestion: "describe the recorded one alone: `getevent -lp /dev/input/eventN`")
        }
        if let one = touch.first { return one }
        if let same = described.first(where: { $0.node == node && node != nil }) { return same }
        if node == nil, described.count == 1 { return described[0] }
        var device = EvdevDevice(position: position, rangeHint: Self.rangeHint)
        device.node = node
        return device
    }

    /// A description line: the device's name, or an axis with its range.
    private func describe(
        _ text: String, indent: Int, at: (Int) -> SourcePosition, inAxes: inout Bool, into device: inout EvdevDevice
    ) throws {
        var rest = Substring(text).dropFirst(indent)
        if indent <= 2 {
            inAxes = false
            if rest.hasPrefix("name:") {
                let value = rest.dropFirst(5).trimmingCharacters(in: " \t")
                device.name =
                    value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                    ? String(value.dropFirst().dropLast()) : value
            }
            return
        }
        // `    ABS (0003): ...` opens a type's section; deeper lines continue it.
        if let close = rest.range(of: "):"), rest.dropFirst(3).hasPrefix(" ("),
            rest.distance(from: rest.startIndex, to: close.lowerBound) == 9
        {
            inAxes = rest.dropFirst(5).hasPrefix("0003")
            rest = rest[close.upperBound...]
        } else if indent <= 4 {
            inAxes = false
            return
        }
        guard inAxes else { return }
        let entry = rest.trimmingCharacters(in: " \t")
        guard let colon = entry.range(of: " : ") ?? entry.range(of: ":") else {
            throw at(indent).error(
                "expected an axis as getevent -p prints it: `ABS_MT_POSITION_X : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0`"
            )
        }
        let name = entry[..<colon.lowerBound].trimmingCharacters(in: " *")
        // The byte where the axis's name starts, for messages.
        let nameColumn = text.utf8.count - rest.drop(while: { $0 == " " || $0 == "\t" }).utf8.count
        let code: UInt16
        if let label = Evdev.labels[Evdev.absType]?[name] {
            code = label
        } else if let hex = hexadecimal(name.utf8), hex <= 0x3f {
            code = UInt16(hex)
        } else {
            throw at(nameColumn).error(
                "unknown axis `\(name)`; expected an ABS_ label or a code in hex from 0000 to 003f",
                suggestion: didYouMean(name, in: Array(Evdev.labels[Evdev.absType]!.keys).sorted()))
        }
        var values: [String: Int64] = [:]
        for pair in entry[colon.upperBound...].split(separator: ",") {
            let words = pair.split(separator: " ")
            if words.count == 2, let value = decimalInteger(words[1].utf8) { values[String(words[0])] = value }
        }
        guard let min = values["min"], let max = values["max"] else {
            throw at(nameColumn).error(
                "the axis \(name) has no `min N, max N`; expected `: value V, min A, max B, fuzz F, flat G, resolution R`"
            )
        }
        device.ranges[code] = EvdevDevice.AxisRange(min: min, max: max, position: at(indent))
    }

    /// An event line as the reader found it: the device node it names, and the event or, for a
    /// label the reader cannot number, the event only as a point in time.
    private struct Line {
        var node: String?
        var value: EvdevEvent
        var known: Bool
    }

    private func event(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws -> Line {
        let path = lines.path
        func at(_ offset: Int) -> SourcePosition {
            SourcePosition(path: path, line: number, column: column(ofByte: offset, in: line))
        }
        func text(_ range: Range<Int>) -> String { String(decoding: line[range].prefix(40), as: UTF8.self) }
        var offset = 0
        func field() -> Range<Int>? {
            while offset < line.count, line[offset] == 32 || line[offset] == 9 { offset += 1 }
            guard offset < line.count else { return nil }
            let start = offset
            while offset < line.count, line[offset] != 32, line[offset] != 9 { offset += 1 }
            return start..<offset
        }
        let cut = lines.lastLineUnterminated ? "the file ends inside this line: was the recording cut short?" : nil
        guard line.first == UInt8(ascii: "[") else {
            let looksLikeEvent = UntimedEventLine(line).isEvent
            throw at(0).error(
                looksLikeEvent
                    ? "an event without a timestamp; popgesture needs each event's time"
                    : "unexpected `\(text(0..<min(line.count, 40)))`: getevent output holds `add device` descriptions and event lines",
                suggestion: looksLikeEvent ? "record with -t: `adb shell getevent -lt /dev/input/eventN`" : nil)
        }
        guard let close = line.firstIndex(of: UInt8(ascii: "]")) else {
            throw at(line.count).error("truncated timestamp: expected `[SECONDS.MICROSECONDS]`", suggestion: cut)
        }
        var inner = 1..<close
        while inner.lowerBound < inner.upperBound, line[inner.lowerBound] == 32 {
            inner = (inner.lowerBound + 1)..<inner.upperBound
        }
        guard let time = microseconds(line[inner]) else {
            throw at(inner.lowerBound).error(
                "expected the event time as SECONDS.MICROSECONDS (e.g. 51581.396147), found `\(text(inner))`")
        }
        offset = close + 1
        var fields: [Range<Int>] = []
        var node: String?
        while fields.count < 3, let next = field() {
            if fields.isEmpty, node == nil, line[next.lowerBound] == UInt8(ascii: "/"),
                line[next.upperBound - 1] == UInt8(ascii: ":")
            {
                node = text(next.lowerBound..<(next.upperBound - 1))
                continue
            }
            fields.append(next)
        }
        guard fields.count == 3 else {
            throw at(line.count).error(
                "truncated event line: expected `[TIME] TYPE CODE VALUE`, found \(fields.count) of its 3 fields after the time (no \(["type", "code", "value"][fields.count]))",
                suggestion: cut)
        }
        if let extra = field() {
            let rate =
                text(extra) == "rate" && field().map { decimalInteger(line[$0]) != nil } == true && field() == nil
            if !rate {
                throw at(extra.lowerBound).error(
                    "unexpected `\(text(extra))` after the event's value; expected the end of the line (or ` rate N` from getevent -r)"
                )
            }
        }
        // The type: a label or 4 hex digits.
        let typeText = text(fields[0])
        guard let type = Evdev.typeLabels[typeText] ?? hexadecimal(line[fields[0]]).map({ UInt16($0) }) else {
            throw at(fields[0].lowerBound).error(
                "unknown event type `\(typeText)`; expected an EV_ label or a type in hex",
                suggestion: didYouMean(typeText, in: Evdev.typeLabels.keys.sorted()))
        }
        // The code: a label or 4 hex digits; a label of a type whose codes are listed in part is a
        // code no tracker reads.
        let codeText = text(fields[1])
        var known = true
        var code: UInt16 = 0
        if let value = Evdev.labels[type]?[codeText] ?? hexadecimal(line[fields[1]]).map({ UInt16($0) }) {
            code = value
        } else {
            let prefixes = Evdev.codePrefixes[type] ?? []
            let complete = type == Evdev.synType || type == Evdev.absType || type == 0x04
            guard !complete, prefixes.contains(where: codeText.hasPrefix) else {
                let known = Evdev.labels[type].map { Array($0.keys).sorted() } ?? []
                throw at(fields[1].lowerBound).error(
                    "unknown event code `\(codeText)` for \(typeText); expected \(prefixes.isEmpty ? "a code in hex" : "a label (\(prefixes.map { $0 + "..." }.joined(separator: " or "))) or a code in hex")",
                    suggestion: didYouMean(codeText, in: known))
            }
            known = false
        }
        // The value: 8 hex digits (two's complement), or a label.
        let valueText = text(fields[2])
        let valueLabels: [String: Int32] =
            type == Evdev.keyType
            ? ["UP": 0, "DOWN": 1, "REPEAT": 2]
            : type == Evdev.absType && code == 0x37
                ? ["MT_TOOL_FINGER": 0, "MT_TOOL_PEN": 1, "MT_TOOL_PALM": 2, "MT_TOOL_DIAL": 0x0a, "MT_TOOL_MAX": 0x0f]
                : [:]
        guard
            let value = valueLabels[valueText] ?? hexadecimal(line[fields[2]], digits: 8).map({ Int32(bitPattern: $0) })
        else {
            throw at(fields[2].lowerBound).error(
                "expected the event value as getevent prints it, 8 hex digits (e.g. 0000021c, ffffffff for -1)\(valueLabels.isEmpty ? "" : " or a label"), found `\(valueText)`",
                suggestion: didYouMean(valueText, in: valueLabels.keys.sorted()))
        }
        return Line(
            node: node, value: EvdevEvent(time: time, type: type, code: code, value: value, line: number, column: 1),
            known: known)
    }
}

/// Whether a line without a timestamp is an event getevent printed without -t: an optional node,
/// then a type and code (labels or hex) and a value.
private struct UntimedEventLine {
    let isEvent: Bool

    init(_ line: UnsafeBufferPointer<UInt8>) {
        var words = String(decoding: line.prefix(200), as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
        if let first = words.first, first.hasPrefix("/"), first.hasSuffix(":") { words.removeFirst() }
        guard words.count >= 3 else {
            isEvent = false
            return
        }
        isEvent =
            Evdev.typeLabels[String(words[0])] != nil
            || (words[0].count == 4 && hexadecimal(words[0].utf8) != nil && hexadecimal(words[1].utf8) != nil)
    }
}

/// One `--axis-range AXIS=MIN:MAX`: an ABS_ label or a code in hex, and its range in device units.
public struct AxisRangeArgument: Sendable, Equatable {
    public let code: UInt16
    public let range: ClosedRange<Int64>

    public init(_ argument: String) throws {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let bounds = parts.count == 2 ? parts[1].split(separator: ":", omittingEmptySubsequences: false) : []
        guard parts.count == 2, bounds.count == 2, let min = decimalInteger(bounds[0].utf8),
            let max = decimalInteger(bounds[1].utf8)
        else {
            throw Diagnostic(
                message: "--axis-range takes AXIS=MIN:MAX, e.g. ABS_MT_POSITION_X=0:1079; found `\(argument)`")
        }
        let name = parts[0].uppercased()
        if let code = Evdev.labels[Evdev.absType]?[name] {
            self.code = code
        } else if let code = hexadecimal(name.utf8), code <= 0x3f {
            self.code = UInt16(code)
        } else {
            throw Diagnostic(
                message:
                    "--axis-range: unknown axis `\(parts[0])`; expected an ABS_ label as getevent -l prints it or a code in hex",
                suggestion: didYouMean(name, in: Array(Evdev.labels[Evdev.absType]!.keys).sorted()))
        }
        guard max > min else {
            throw Diagnostic(message: "--axis-range \(argument): the maximum must be above the minimum")
        }
        range = min...max
    }
}
