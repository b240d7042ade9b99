/// The JSON report of SPEC section 8, one line per trace document, written straight into a string in
/// sorted key order (each object's keys below are listed alphabetically): no intermediate tree and no
/// per-object sort on the hot path of a batch.
extension TraceReport {
    /// One line, no newline. `volatile: false` leaves out `source` and `expectations` (goldens).
    public func jsonLine(volatile: Bool = true) -> String {
        var w = JSONWriter()
        w.open("{")
        w.key("anomalies"); w.array(anomalies) { $0.finding($1) }
        w.key("bar"); w.array(bar) { w, entry in
            w.open("{")
            w.key("animated"); w.bool(entry.animated)
            w.key("cause"); w.string(entry.cause)
            w.key("hidden"); w.bool(entry.hidden)
            w.key("t"); w.number(entry.t)
            w.close("}")
        }
        if volatile {
            w.key("expectations"); w.open("{")
            w.key("failed"); w.int(expectations.failed)
            w.key("failures"); w.array(expectations.failures) { w, failure in
                w.open("{")
                w.key("index"); w.int(failure.index)
                w.key("message"); w.string(failure.message)
                w.close("}")
            }
            w.key("passed"); w.int(expectations.passed)
            w.close("}")
        }
        w.key("final"); w.open("{")
        w.key("barHidden"); w.bool(final.barHidden)
        w.key("stack"); w.array(final.stack) { $0.string($1) }
        w.close("}")
        w.key("gestures"); w.array(gestures) { w, g in
            w.open("{")
            w.key("decidedAt"); if let at = g.decidedAt { w.sample(at) } else { w.null() }
            w.key("down"); w.sample(g.down)
            w.key("finger"); w.int(g.finger)
            w.key("index"); w.int(g.index)
            w.key("outcome"); w.string(g.outcome?.rawValue)
            w.key("pop")
            if let pop = g.pop {
                w.open("{")
                w.key("by"); w.string(pop.by)
                w.key("progress"); w.number(pop.progress)
                w.key("releasedAt"); w.number(pop.releasedAt)
                w.key("result"); w.string(pop.result.rawValue)
                w.key("settledAt"); w.number(pop.settledAt)
                w.key("velocity"); w.number(pop.velocity)
                w.close("}")
            } else {
                w.null()
            }
            w.key("reason"); w.string(g.reason)
            w.close("}")
        }
        w.key("notes"); w.array(notes) { $0.finding($1) }
        w.key("rules"); w.string(rules)
        if volatile { w.key("source"); w.string(source) }
        w.key("trace"); w.string(trace)
        w.key("transitions"); w.array(transitions) { w, t in
            w.open("{")
            w.key("animated"); w.bool(t.animated)
            w.key("end"); w.number(t.end)
            w.key("from"); w.string(t.from)
            w.key("kind"); w.string(t.kind.rawValue)
            w.key("result"); w.string(t.result.rawValue)
            w.key("start"); w.number(t.start)
            w.key("to"); w.string(t.to)
            w.close("}")
        }
        w.close("}")
        return w.text
    }

    /// A document that could not be replayed, in place of its report.
    public static func errorJSON(source: String, _ diagnostic: Diagnostic) -> JSONValue {
        .object(["source": .string(source), "error": .string(diagnostic.description)])
    }
}

/// Appends JSON tokens with `", "` and `": "` separators (the style of JSONValue and the SPEC) to a
/// byte buffer of its own: keys are static strings copied whole, numbers are written digit by digit
/// where they can be (see NumberText). Writing reports is a tenth of a batch
/// replay's work, so the buffer is raw memory rather than an Array with its checks per append.
struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity = 8192
    private var needsComma = false

    init() {
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

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

    private mutating func append(_ s: String) {
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

    mutating func null() { separate(); append("null"); needsComma = true }
    mutating func bool(_ value: Bool) { separate(); append(value ? "true" : "false"); needsComma = true }
    mutating func int(_ value: Int) { separate(); append(integer: Int64(value)); needsComma = true }

    /// The bytes of `formatNumber(value)`, most without a String in between.
    mutating func number(_ value: Double?) {
        guard let value else { return null() }
        separate()
        reserve(NumberText.capacity)
        if let length = NumberText.write(value, into: base + count) {
            count += length
        } else {
            append(value.description)
        }
        needsComma = true
    }

    mutating func string(_ value: String?) {
        guard var value else { return null() }
        separate()
        let plain = value.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            reserve(bytes.count + 2)
            append(byte: UInt8(ascii: "\""))
            append(bytes)
            append(byte: UInt8(ascii: "\""))
            return true
        }
        if !plain {
            var escaped = ""
            JSONValue.string(value).write(to: &escaped)
            append(escaped)
        }
        needsComma = true
    }

    mutating func array<T>(_ items: [T], _ element: (inout JSONWriter, T) -> Void) {
        open("[")
        for item in items { element(&self, item) }
        close("]")
    }

    mutating func sample(_ s: Sample) {
        open("{")
        key("t"); number(s.t)
        key("x"); number(s.x)
        key("y"); number(s.y)
        close("}")
    }

    mutating func finding(_ f: Finding) {
        open("{")
        key("detail"); string(f.detail)
        key("kind"); string(f.kind)
        key("t"); number(f.t)
        close("}")
    }
}
