import PopGestureCore

/// RFC 8259's grammar checked a byte at a time, holding only the open containers: `merge` copies a
/// shard's items byte for byte, and an item edited into something that is not JSON (a comma lost,
/// a number cut) would be copied into the merged output. Reading a replay line whole to parse it
/// would cost its size (most of a gigabyte for a long recording); this costs its nesting depth.
///
/// `lines`: JSON Lines, one value a line; else one value in all. Whitespace as RFC 8259 allows.
/// UTF-8 inside strings is not checked: the bytes are copied, never decoded.
struct JSONValidator {
    private enum State {
        case value, firstValue, key, firstKey, colon, afterValue
        case string(key: Bool)
        case escape(key: Bool)
        case unicode(key: Bool, left: Int)
        case literal(StaticString, at: Int)
        /// -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?: where in that the number is.
        case number(NumberPart)
    }

    private enum NumberPart { case sign, zero, whole, dot, fraction, e, exponentSign, exponent }

    private let lines: Bool
    private var state = State.value
    private var containers: [UInt8] = []
    private var values = 0
    private(set) var failed = false

    init(lines: Bool) {
        self.lines = lines
    }

    /// Whole: every value closed, and at least one (JSON), or each line a value (JSON Lines).
    var complete: Bool {
        guard !failed, containers.isEmpty else { return false }
        switch state {
        case .afterValue: return true
        case .number(let part): return [.zero, .whole, .fraction, .exponent].contains(part)
        case .value: return lines && values > 0
        default: return false
        }
    }

    mutating func feed(_ byte: UInt8) {
        guard !failed else { return }
        if !step(byte) { failed = true }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private mutating func step(_ byte: UInt8) -> Bool {
        switch state {
        case .string(let key):
            if byte == UInt8(ascii: "\"") { return endValue(key: key) }
            if byte == UInt8(ascii: "\\") { state = .escape(key: key) }
            return byte >= 0x20
        case .escape(let key):
            if byte == UInt8(ascii: "u") {
                state = .unicode(key: key, left: 4)
                return true
            }
            state = .string(key: key)
            return Array("\"\\/bfnrt".utf8).contains(byte)
        case .unicode(let key, let left):
            state = left == 1 ? .string(key: key) : .unicode(key: key, left: left - 1)
            return Self.isDigit(byte) || (0x61...0x66).contains(byte | 0x20)
        case .literal(let word, let at):
            guard word.utf8Start[at] == byte else { return false }
            if at + 1 == word.utf8CodeUnitCount { return endValue(key: false) }
            state = .literal(word, at: at + 1)
            return true
        case .number(let part):
            if let next = Self.advance(part, byte) {
                state = .number(next)
                return true
            }
            guard [.zero, .whole, .fraction, .exponent].contains(part), endValue(key: false) else { return false }
            return step(byte)
        case .value, .firstValue:
            if Self.isSpace(byte) { return true }
            if case .firstValue = state, byte == UInt8(ascii: "]") { return close(byte) }
            return beginValue(byte)
        case .key, .firstKey:
            if Self.isSpace(byte) { return true }
            if case .firstKey = state, byte == UInt8(ascii: "}") { return close(byte) }
            guard byte == UInt8(ascii: "\"") else { return false }
            state = .string(key: true)
            return true
        case .colon:
            if Self.isSpace(byte) { return true }
            guard byte == UInt8(ascii: ":") else { return false }
            state = .value
            return true
        case .afterValue:
            if containers.isEmpty {
                // Top level: JSON Lines takes the next value after a line break; JSON only space.
                if byte == 0x0A, lines { state = .value }
                return Self.isSpace(byte)
            }
            if Self.isSpace(byte) { return true }
            if byte == UInt8(ascii: ",") {
                state = containers.last == UInt8(ascii: "{") ? .key : .value
                return true
            }
            return close(byte)
        }
    }

    private mutating func beginValue(_ byte: UInt8) -> Bool {
        if containers.isEmpty {
            guard lines || values == 0 else { return false }
            values += 1
        }
        guard containers.count < 512 else { return false }
        switch byte {
        case UInt8(ascii: "{"):
            containers.append(byte)
            state = .firstKey
        case UInt8(ascii: "["):
            containers.append(byte)
            state = .firstValue
        case UInt8(ascii: "\""): state = .string(key: false)
        case UInt8(ascii: "t"): state = .literal("true", at: 1)
        case UInt8(ascii: "f"): state = .literal("false", at: 1)
        case UInt8(ascii: "n"): state = .literal("null", at: 1)
        case UInt8(ascii: "-"): state = .number(.sign)
        case UInt8(ascii: "0"): state = .number(.zero)
        case UInt8(ascii: "1")...UInt8(ascii: "9"): state = .number(.whole)
        default: return false
        }
        return true
    }

    private mutating func endValue(key: Bool) -> Bool {
        state = key ? .colon : .afterValue
        return true
    }

    private mutating func close(_ byte: UInt8) -> Bool {
        let open = byte == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "[")
        guard byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]"), containers.popLast() == open else { return false }
        state = .afterValue
        return true
    }

    private static func advance(_ part: NumberPart, _ byte: UInt8) -> NumberPart? {
        let digit = isDigit(byte)
        switch part {
        case .sign: return byte == UInt8(ascii: "0") ? .zero : digit ? .whole : nil
        case .zero: return byte == UInt8(ascii: ".") ? .dot : byte | 0x20 == UInt8(ascii: "e") ? .e : nil
        case .whole:
            return digit ? .whole : byte == UInt8(ascii: ".") ? .dot : byte | 0x20 == UInt8(ascii: "e") ? .e : nil
        case .dot: return digit ? .fraction : nil
        case .fraction: return digit ? .fraction : byte | 0x20 == UInt8(ascii: "e") ? .e : nil
        case .e: return byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") ? .exponentSign : digit ? .exponent : nil
        case .exponentSign, .exponent: return digit ? .exponent : nil
        }
    }
}
