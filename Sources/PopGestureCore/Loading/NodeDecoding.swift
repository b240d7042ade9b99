/// Typed reads of YAML nodes under the SPEC's scalar rules (YAML 1.2 core schema, section 1).
/// Every failure names the node's position and what was expected there.
extension YAMLNode {
    package func error(_ message: String, suggestion: String? = nil) -> Diagnostic {
        location.error(message, suggestion: suggestion)
    }

    package func expectSequence(_ what: String) throws -> [YAMLNode] {
        guard case .sequence(let items) = content else {
            throw error("expected \(what) (a list), found \(kindDescription)")
        }
        return items
    }

    package func scalarText(_ what: String) throws -> (String, isString: Bool) {
        guard case .scalar(let text, let isString) = content else {
            throw error("expected \(what), found \(kindDescription)")
        }
        return (text, isString)
    }

    /// Any scalar taken as text: ids may be written `id: 7` or `id: true`.
    package func text(_ what: String) throws -> String {
        let (text, isString) = try scalarText(what)
        if !isString && isNullScalar(text) { throw error("expected \(what), found null") }
        return text
    }

    package func bool(_ what: String) throws -> Bool {
        let (text, isString) = try scalarText("\(what) (true or false)")
        if !isString {
            switch text {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        let hint: String? =
            ["yes", "no", "on", "off", "y", "n"].contains(text.lowercased())
            ? "YAML 1.2 booleans are `true` and `false`" : nil
        throw error("expected \(what) to be true or false, found \(kindDescription)", suggestion: hint)
    }

    /// A finite number written as a plain decimal integer or float.
    package func number(_ what: String) throws -> Double {
        // The common case first, without allocating: a plain scalar that parses as a finite decimal.
        if case .scalar(let text, false) = content, let value = parseDecimal(text), value.isFinite { return value }
        let (text, isString) = try scalarText("\(what) (a number)")
        if isString {
            throw error(
                "expected \(what) to be a number, found \(kindDescription)",
                suggestion: "remove the quotes: a quoted scalar is always a string")
        }
        let lowered = text.lowercased()
        if lowered == ".nan" || lowered.hasSuffix(".inf") && [".inf", "+.inf", "-.inf"].contains(lowered) {
            throw error("expected \(what) to be a finite number, found `\(text)`")
        }
        guard parseDecimal(text) != nil else {
            throw error("expected \(what) to be a number, found \(kindDescription)")
        }
        throw error("expected \(what) to be a finite number, `\(text)` is out of range")
    }

    package func nonNegativeNumber(_ what: String) throws -> Double {
        let value = try number(what)
        if value < 0 { throw error("expected \(what) to be >= 0, found \(formatNumber(value))") }
        return value == 0 ? 0 : value  // no -0 in reports
    }

    /// One of an enumeration's names, with the closest name suggested for a typo.
    package func choice<T: RawRepresentable & CaseIterable>(_ what: String, _: T.Type) throws -> T
    where T.RawValue == String {
        T(rawValue: try choice(what, among: T.allCases.map(\.rawValue)))!
    }

    /// One of `names`, with the closest name suggested for a typo.
    package func choice(_ what: String, among names: [String]) throws -> String {
        let text = try text(what)
        guard names.contains(text) else {
            throw error(
                "unknown \(what) `\(text)`; expected one of \(names.joined(separator: ", "))",
                suggestion: didYouMean(text, in: names))
        }
        return text
    }

    package func integer(_ what: String, minimum: Int) throws -> Int {
        let (text, isString) = try scalarText("\(what) (an integer)")
        guard !isString, isDecimalInteger(text), let value = Int(text) else {
            throw error("expected \(what) to be an integer >= \(minimum), found \(kindDescription)")
        }
        if value < minimum { throw error("expected \(what) to be an integer >= \(minimum), found \(value)") }
        return value
    }
}

private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

package func isDecimalInteger(_ text: String) -> Bool {
    var bytes = Substring(text).utf8[...]
    if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    return !bytes.isEmpty && bytes.allSatisfy(isDigit)
}

/// `[-+]? ( digits ( . digits? )? | . digits ) ( [eE] [-+]? digits )?`: YAML 1.2 core's decimal
/// numbers, as a Double (infinite when it overflows); nil for anything else, including the hex,
/// octal, `inf` and `nan` spellings that strtod would take.
package func parseDecimal(_ text: String) -> Double? {
    var bytes = text
    return bytes.withUTF8 { parseDecimal(bytes: $0) }
}

package func isDecimalNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    let n = bytes.count
    func digits() -> Int {
        let start = i
        while i < n, isDigit(bytes[i]) { i += 1 }
        return i - start
    }
    if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
    var mantissa = digits()
    if i < n, bytes[i] == UInt8(ascii: ".") {
        i += 1
        mantissa += digits()
    }
    guard mantissa > 0 else { return false }
    if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
        i += 1
        if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        guard digits() > 0 else { return false }
    }
    return i == n
}

/// The keys of one YAML mapping, checked against the keys a document kind knows.
package struct MappingFields {
    package let node: YAMLNode
    package let what: String
    package private(set) var entries: [(key: String, keyNode: YAMLNode, value: YAMLNode)] = []

    /// With `errors`, a bad key is recorded there and left out, and the other keys are read.
    package init(_ node: YAMLNode, _ what: String, known: [String], errors: DocumentErrors? = nil) throws {
        self.node = node
        self.what = what
        guard case .mapping(let pairs) = node.content else {
            throw node.error("expected \(what) (a mapping), found \(node.kindDescription)")
        }
        entries.reserveCapacity(pairs.count)
        for (keyNode, value) in pairs {
            do {
                guard case .scalar(let key, _) = keyNode.content else {
                    throw keyNode.error("expected a key of \(what), found \(keyNode.kindDescription)")
                }
                if !known.contains(key) {
                    let listing = known.map { "`\($0)`" }.joined(separator: ", ")
                    throw keyNode.error(
                        "unknown key `\(key)` in \(what); expected one of \(listing)",
                        suggestion: didYouMean(key, in: known))
                }
                // Mappings here have a handful of keys: a scan beats hashing.
                if entries.contains(where: { $0.key == key }) {
                    throw keyNode.error("duplicate key `\(key)` in \(what)")
                }
                entries.append((key, keyNode, value))
            } catch {
                guard let errors else { throw error }
                errors.record(error, path: keyNode.location.path)
            }
        }
    }

    package subscript(key: String) -> YAMLNode? {
        entries.first { $0.key == key }?.value
    }

    package func keyNode(_ key: String) -> YAMLNode? {
        entries.first { $0.key == key }?.keyNode
    }

    package func required(_ key: String) throws -> YAMLNode {
        guard let value = self[key] else { throw node.error("missing required key `\(key)` in \(what)") }
        return value
    }
}

/// Powers of ten that are exact doubles (10^0 ... 10^22). Written out, the table is built at compile
/// time; computed, it was a lazy global whose `swift_once` check ran for every number read.
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
    1e19, 1e20, 1e21, 1e22,
]

/// A decimal scalar's value straight from its bytes; nil when it is not a YAML 1.2 decimal number.
/// Up to 15 significant digits with a small exponent, the value is an exact integer times or divided
/// by an exact power of ten, which IEEE division and multiplication round correctly (Clinger's fast
/// path); anything else goes to the C library's correctly rounded conversion.
package func parseDecimal(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    // One pass over raw pointers: the grammar is checked while the value is read. A sample row's
    // three numbers are most of what a recording holds, so this loop is a tenth of a replay's own work.
    guard var p = bytes.baseAddress else { return nil }
    let end = p + bytes.count
    var negative = false
    if p < end, p.pointee == UInt8(ascii: "-") || p.pointee == UInt8(ascii: "+") {
        negative = p.pointee == UInt8(ascii: "-")
        p += 1
    }
    var mantissa: UInt64 = 0
    let integerStart = p
    while p < end {
        let d = p.pointee &- UInt8(ascii: "0")
        if d > 9 { break }
        mantissa = mantissa &* 10 &+ UInt64(d)
        p += 1
    }
    var digits = p - integerStart
    var scale = 0
    if p < end, p.pointee == UInt8(ascii: ".") {
        p += 1
        let fractionStart = p
        while p < end {
            let d = p.pointee &- UInt8(ascii: "0")
            if d > 9 { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            p += 1
        }
        scale = fractionStart - p
        digits -= scale
    }
    guard digits > 0 else { return nil }
    if p < end {
        guard p.pointee == UInt8(ascii: "e") || p.pointee == UInt8(ascii: "E") else { return nil }
        p += 1
        var exponentNegative = false
        if p < end, p.pointee == UInt8(ascii: "-") || p.pointee == UInt8(ascii: "+") {
            exponentNegative = p.pointee == UInt8(ascii: "-")
            p += 1
        }
        var exponent = 0
        let first = p
        while p < end {
            let d = p.pointee &- UInt8(ascii: "0")
            if d > 9 { return nil }
            if exponent < 100_000 { exponent = exponent * 10 + Int(d) }
            p += 1
        }
        guard p > first else { return nil }
        scale += exponentNegative ? -exponent : exponent
    }
    // Exact when the digits fit a double's 53 bits (19 digits cannot overflow the accumulator) and
    // the power of ten is exact.
    guard digits <= 19, mantissa <= 1 << 53, mantissa == 0 || (scale >= -22 && scale <= 22) else {
        return slowParse(bytes)
    }
    var value = Double(mantissa)
    if mantissa != 0 {
        value = scale >= 0 ? value * exactPowersOfTen[scale] : value / exactPowersOfTen[-scale]
    }
    return negative ? -value : value
}

private func slowParse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    Double(String(decoding: bytes, as: UTF8.self))
}
