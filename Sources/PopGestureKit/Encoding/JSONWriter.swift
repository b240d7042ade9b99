import PopGestureCore

/// Appends JSON tokens with `", "` and `": "` separators (the style of JSONValue and the SPEC) to a
/// byte buffer of its own: keys are static strings copied whole, numbers are written digit by digit
/// where they can be (see NumberText). Writing reports is a tenth of a batch
/// replay's work, so the buffer is raw memory rather than an Array with its checks per append.
struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    private var needsComma = false

    /// `capacity`: the bytes first reserved; a report's writer starts at 8 KiB, a small value's less.
    init(capacity: Int = 8192) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// What was written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// What was written up to its last whole character, as text, and empties the buffer but for
    /// the bytes of a character its end cuts (a block read back from a log may end inside one);
    /// the next token follows as if nothing had been taken.
    mutating func takeWholeCharacters() -> String {
        var end = count
        var continuations = 0
        while continuations < 3, end - continuations > 0, base[end - continuations - 1] & 0xC0 == 0x80 {
            continuations += 1
        }
        let lead = end - continuations - 1
        if lead >= 0 {
            let byte = base[lead]
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if length > continuations + 1 { end = lead }
        }
        let text = String(decoding: UnsafeBufferPointer(start: base, count: end), as: UTF8.self)
        for i in 0..<(count - end) { base[i] = base[end + i] }
        count -= end
        return text
    }

    /// Empties the buffer for a new value.
    mutating func reset() {
        count = 0
        needsComma = false
    }

    /// Hands what was written so far to `body` and empties the buffer, keeping its place in the
    /// value: the next token is separated as if nothing had been taken (a long list spooled out).
    mutating func drain(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        body(bytes)
        count = 0
    }

    /// Appends bytes that are already JSON (elements written by another writer).
    mutating func raw(_ json: UnsafeBufferPointer<UInt8>) {
        append(json)
    }

    mutating func raw(_ json: StaticString) {
        append(json)
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(extra) }
    }

    private mutating func grow(_ extra: Int) {
        capacity = max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).update(from: start, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    private mutating func append(_ s: StaticString) {
        append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Named apart from `append(_: StaticString)`: a bare literal would pick this overload (String is
    /// a literal's default type) and copy its bytes through a String on every key and comma.
    private mutating func append(string s: String) {
        var copy = s
        copy.withUTF8 { append($0) }
    }

    @inline(__always)
    private mutating func append(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    private mutating func append(integer value: Int64) {
        reserve(NumberText.capacity)
        count += NumberText.write(integer: value, into: base + count)
    }

    private mutating func separate() {
        if needsComma { append(", ") }
    }

    mutating func open(_ bracket: StaticString) {
        separate()
        append(bracket)
        needsComma = false
    }

    mutating func close(_ bracket: StaticString) {
        append(bracket)
        needsComma = true
    }

    mutating func key(_ name: StaticString) {
        separate()
        append(byte: UInt8(ascii: "\""))
        append(name)
        append("\": ")
        needsComma = false
    }

    /// A key known only at run time (a `kinds` count's change, a `JSONValue` object's member).
    mutating func key(string name: String) {
        separate()
        append(quoted: name)
        append(": ")
        needsComma = false
    }

    mutating func null() {
        separate()
        append("null")
        needsComma = true
    }
    mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
        needsComma = true
    }
    mutating func int(_ value: Int) {
        separate()
        append(integer: Int64(value))
        needsComma = true
    }

    /// The bytes of `formatNumber(value)`, most without a String in between.
    mutating func number(_ value: Double?) {
        guard let value else { return null() }
        separate()
        reserve(NumberText.capacity)
        if let length = NumberText.write(value, into: base + count) {
            count += length
        } else {
            append(string: value.description)
        }
        needsComma = true
    }

    mutating func string(_ value: String?) {
        guard let value else { return null() }
        separate()
        append(quoted: value)
        needsComma = true
    }

    /// `value` between quotes, escaped as JSON requires; most strings (ids, kinds, causes) need no
    /// escaping and are copied whole.
    @inline(__always)
    private mutating func append(quoted value: String) {
        var value = value
        let plain = value.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return false
            }
            reserve(bytes.count + 2)
            append(byte: UInt8(ascii: "\""))
            append(bytes)
            append(byte: UInt8(ascii: "\""))
            return true
        }
        if !plain { append(escaped: value) }
    }

    private mutating func append(escaped value: String) {
        append(byte: UInt8(ascii: "\""))
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "\n": append("\\n")
            case "\r": append("\\r")
            case "\t": append("\\t")
            case _ where scalar.value < 0x20:
                append("\\u00")
                append(byte: Self.hexDigits[Int(scalar.value >> 4)])
                append(byte: Self.hexDigits[Int(scalar.value & 0xF)])
            default:
                for byte in UTF8.encode(scalar)! { append(byte: byte) }
            }
        }
        append(byte: UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A `JSONValue`, its object keys sorted, so that the same value is the same bytes on every run.
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let items):
            open("[")
            for item in items { self.value(item) }
            close("]")
        case .object(let members):
            open("{")
            for key in members.keys.sorted() {
                self.key(string: key)
                self.value(members[key]!)
            }
            close("}")
        }
    }

    mutating func array<T>(_ items: [T], _ element: (inout JSONWriter, T) -> Void) {
        open("[")
        for item in items { element(&self, item) }
        close("]")
    }

    /// The lists of a report, which the streamed writer fills from records as they close.
    enum ReportList { case anomalies, bar, detections, gestures, notes, transitions }
}
