/// Lines and columns over raw input bytes, counted as libyaml counts its marks: in characters, not
/// bytes; `\r\n`, `\r` and `\n` each end a line; a byte order mark takes no column.
package struct MarkCounter {
    package let utf16: Bool
    package let bigEndian: Bool
    package private(set) var line = 1
    package private(set) var column = 1
    private var afterCR = false
    private var held: [UInt8] = []
    private var started = false

    package init(utf16: Bool, bigEndian: Bool) {
        self.utf16 = utf16
        self.bigEndian = bigEndian
    }

    package mutating func feed(_ byte: UInt8) {
        held.append(byte)
        if !started {
            // The first character decides about a byte order mark: 3 bytes in UTF-8, 2 in UTF-16.
            guard held.count == (utf16 ? 2 : 3) else { return }
            started = true
            if held == (utf16 ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : [0xEF, 0xBB, 0xBF]) {
                held = []
                return
            }
            let bytes = held
            held = []
            for byte in bytes { feed(byte) }
            return
        }
        if utf16 {
            guard held.count == 2 else { return }
            let unit = bigEndian ? UInt16(held[0]) << 8 | UInt16(held[1]) : UInt16(held[1]) << 8 | UInt16(held[0])
            held = []
            // A low surrogate continues the character its high surrogate started.
            if !(0xDC00...0xDFFF).contains(unit) { count(UInt32(unit)) }
        } else {
            held = []
            // A continuation byte continues the character its lead byte started.
            if byte & 0xC0 != 0x80 { count(UInt32(byte)) }
        }
    }

    /// Counts bytes held back while looking for a byte order mark in an input shorter than one.
    package mutating func finish() {
        guard !started else { return }
        started = true
        let bytes = held
        held = []
        for byte in bytes { feed(byte) }
    }

    private mutating func count(_ character: UInt32) {
        switch character {
        case 0x0A where afterCR: afterCR = false
        case 0x0A, 0x0D: (line, column, afterCR) = (line + 1, 1, character == 0x0D)
        default: (column, afterCR) = (column + 1, false)
        }
    }
}
