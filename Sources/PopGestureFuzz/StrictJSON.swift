import Foundation

func requireJSON(_ line: String, _ what: String) {
    var copy = line
    let valid = copy.withUTF8 { bytes in
        var parser = StrictJSON(bytes: bytes)
        return parser.value() && parser.atEnd
    }
    if !valid { fatalError("\(what) is not JSON: \(line.prefix(2000))") }
}

/// RFC 8259 and nothing more, without allocating (Foundation's parser costs most of a run under
/// AddressSanitizer): no NaN, no infinity, no trailing commas, no unescaped control characters.
struct StrictJSON {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0
    var depth = 0

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return at == bytes.count
        }
    }

    mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    mutating func eat(_ byte: UInt8) -> Bool {
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    mutating func value() -> Bool {
        skipSpace()
        guard at < bytes.count, depth < 512 else { return false }
        switch bytes[at] {
        case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), keyed: true)
        case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), keyed: false)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    mutating func container(close: UInt8, keyed: Bool) -> Bool {
        at += 1
        depth += 1
        defer { depth -= 1 }
        skipSpace()
        if eat(close) { return true }
        while true {
            if keyed {
                skipSpace()
                guard string() else { return false }
                skipSpace()
                guard eat(UInt8(ascii: ":")) else { return false }
            }
            guard value() else { return false }
            skipSpace()
            if eat(close) { return true }
            guard eat(UInt8(ascii: ",")) else { return false }
        }
    }

    mutating func literal(_ word: StaticString) -> Bool {
        for i in 0..<word.utf8CodeUnitCount {
            guard eat(word.utf8Start[i]) else { return false }
        }
        return true
    }

    mutating func string() -> Bool {
        guard eat(UInt8(ascii: "\"")) else { return false }
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""): return true
            case UInt8(ascii: "\\"):
                guard at < bytes.count else { return false }
                let escaped = bytes[at]
                at += 1
                if escaped == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        guard at < bytes.count, isHex(bytes[at]) else { return false }
                        at += 1
                    }
                } else if !Array("\"\\/bfnrt".utf8).contains(escaped) {
                    return false
                }
            case 0..<0x20: return false
            default: break
            }
        }
        return false
    }

    func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (0x61...0x66).contains(byte | 0x20) }
    func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    mutating func digits() -> Bool {
        let start = at
        while at < bytes.count, isDigit(bytes[at]) { at += 1 }
        return at > start
    }

    /// -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
    mutating func number() -> Bool {
        _ = eat(UInt8(ascii: "-"))
        if eat(UInt8(ascii: "0")) {
            if at < bytes.count, isDigit(bytes[at]) { return false }
        } else if !digits() {
            return false
        }
        if eat(UInt8(ascii: ".")), !digits() { return false }
        if eat(UInt8(ascii: "e")) || eat(UInt8(ascii: "E")) {
            if !eat(UInt8(ascii: "+")) { _ = eat(UInt8(ascii: "-")) }
            if !digits() { return false }
        }
        return true
    }
}
