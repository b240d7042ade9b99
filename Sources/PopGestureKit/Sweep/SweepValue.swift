import Foundation
import PopGestureCore

/// One value of a swept key: what `--vary KEY=VALUES` gave, typed by the key.
enum SweepValue: Sendable, Equatable {
    case number(Double)
    case bool(Bool)
    case word(String)

    /// As the text table and flips show it; numbers shortest.
    var text: String {
        switch self {
        case .number(let number): formatNumber(number)
        case .bool(let bool): bool ? "true" : "false"
        case .word(let word): word
        }
    }

    /// As a rules document holds it (a plain scalar libyaml reads back as this value).
    var yaml: String { text }

    var json: JSONValue {
        switch self {
        case .number(let number): .number(number)
        case .bool(let bool): .bool(bool)
        case .word(let word): .string(word)
        }
    }

    /// `a,b,c` or the inclusive range `FROM..TO/STEP` (numbers only: value i = FROM + i * STEP,
    /// computed in the decimals the numbers were written with, so 0.1..0.3/0.1 gives 0.3).
    static func parse(_ text: String, for key: SweepGrid.Key) throws -> [SweepValue] {
        let what = "--vary \(key.path)=\(text)"
        if key.isVersion { return try versions(text, what: what) }
        let numeric: Bool
        switch key.rule?.type {
        case nil, .nonNegativeNumber?, .positiveNumber?, .fraction?, .bound?, .integer?: numeric = true
        default: numeric = false
        }
        if text.contains("..") {
            guard numeric else {
                throw Diagnostic(
                    message: "\(what): a range FROM..TO/STEP needs a number key; `\(key.path)` takes \(expected(key))",
                    suggestion: "list the values: --vary \(key.path)=a,b")
            }
            return try range(text, what: what, key: key).map(SweepValue.number)
        }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var values: [SweepValue] = []
        for item in items {
            guard !item.isEmpty else {
                throw Diagnostic(
                    message: "\(what): an empty value", suggestion: "write VALUES as a,b,c or FROM..TO/STEP")
            }
            let value = try single(item, what: what, key: key)
            if values.contains(value) { throw Diagnostic(message: "\(what): `\(item)` is listed twice") }
            values.append(value)
        }
        return values
    }

    /// `rules=fd,ionic,our.yaml`: presets or rules files, each once; the loader reads them later.
    private static func versions(_ text: String, what: String) throws -> [SweepValue] {
        guard !text.contains("..") else {
            throw Diagnostic(
                message: "\(what): `rules` takes presets or rules files, not a range",
                suggestion: "list them: --vary rules=fd,uikit")
        }
        var values: [SweepValue] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard !item.isEmpty else {
                throw Diagnostic(message: "\(what): an empty value", suggestion: "write VALUES as a,b,c")
            }
            guard !values.contains(.word(item)) else { throw Diagnostic(message: "\(what): `\(item)` is listed twice") }
            values.append(.word(item))
        }
        return values
    }

    private static func expected(_ key: SweepGrid.Key) -> String {
        switch key.rule?.type {
        case .choice(let names)?: "one of " + names.joined(separator: ", ")
        case .bool?: "true or false"
        case .integer?: "an integer"
        default: "a number"
        }
    }

    private static func single(_ item: String, what: String, key: SweepGrid.Key) throws -> SweepValue {
        switch key.rule?.type {
        case .choice(let names)?:
            guard names.contains(item) else {
                throw Diagnostic(
                    message: "\(what): `\(item)` is not a value of `\(key.path)`; expected \(expected(key))",
                    suggestion: didYouMean(item, in: names))
            }
            return .word(item)
        case .bool?:
            guard let bool = ["true": true, "false": false][item] else {
                throw Diagnostic(message: "\(what): `\(item)` is not a value of `\(key.path)`; expected true or false")
            }
            return .bool(bool)
        default:
            guard let number = Self.number(item) else {
                throw Diagnostic(message: "\(what): `\(item)` is not a number; `\(key.path)` takes \(expected(key))")
            }
            if case .integer? = key.rule?.type, number.rounded() != number {
                throw Diagnostic(message: "\(what): `\(item)` is not an integer; `\(key.path)` takes an integer")
            }
            if key.rule == nil, number < 0 {
                throw Diagnostic(
                    message: "\(what): `\(item)` is negative; `maxStartX` takes a number >= 0 (0 = no limit)")
            }
            return .number(number)
        }
    }

    /// A finite decimal number as YAML's core schema writes one (no `nan`, `inf` or hex).
    static func number(_ text: String) -> Double? {
        guard text.allSatisfy({ "0123456789+-.eE".contains($0) }), let value = Double(text), value.isFinite else {
            return nil
        }
        return value
    }

    /// Decimal places needed to write `text` without an exponent: `0.25` 2, `1e-3` 3, `120` 0.
    private static func places(_ text: String) -> Int {
        let lower = text.lowercased()
        let mantissa = lower.split(separator: "e", maxSplits: 1).first.map(String.init) ?? lower
        let exponent = lower.contains("e") ? Int(lower.split(separator: "e", maxSplits: 1)[1]) ?? 0 : 0
        let fraction = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return max(0, (fraction.count == 2 ? fraction[1].count : 0) - exponent)
    }

    private static func range(_ text: String, what: String, key: SweepGrid.Key) throws -> [Double] {
        let usage = "write an inclusive range as FROM..TO/STEP, e.g. 120..240/20"
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let slash = parts[1].firstIndex(of: "/") else {
            throw Diagnostic(message: "\(what): not a range", suggestion: usage)
        }
        let texts = [parts[0], String(parts[1][..<slash]), String(parts[1][parts[1].index(after: slash)...])]
        let numbers = texts.map(number)
        guard let from = numbers[0], let to = numbers[1], let step = numbers[2] else {
            let bad = zip(texts, numbers).first { $0.1 == nil }!.0
            throw Diagnostic(message: "\(what): `\(bad)` is not a number", suggestion: usage)
        }
        guard step != 0 else {
            throw Diagnostic(message: "\(what): STEP is 0", suggestion: "a STEP of \(to >= from ? "" : "-")1, say")
        }
        guard (to - from) * step >= 0 else {
            throw Diagnostic(
                message: "\(what): STEP \(texts[2]) goes away from TO \(texts[1])",
                suggestion: "use STEP \(formatNumber(-step)), or swap FROM and TO")
        }
        let span = ((to - from) / step).rounded(.down)
        guard span < Double(SweepGrid.maxVersions) else {
            throw Diagnostic(
                message:
                    "\(what): \(formatNumber(span + 1)) values; at most \(SweepGrid.maxVersions) versions can be swept",
                suggestion: "use a larger STEP")
        }
        // In integers of the finest decimal given: 0.1 + 2 * 0.1 is then 3 / 10 = 0.3 exactly rounded.
        let decimals = min(max(places(texts[0]), places(texts[2])), 15)
        let scale = pow(10, Double(decimals))
        let (fromUnits, stepUnits) = ((from * scale).rounded(), (step * scale).rounded())
        let exact =
            abs(fromUnits) < 9e15 && abs(stepUnits) < 9e15 && fromUnits / scale == from && stepUnits / scale == step
        // A value a rounding hair past TO still counts: 0..1/0.1 has 11 values.
        let count = Int(((to * scale - fromUnits) / stepUnits + 1e-9).rounded(.down)) + 1
        var values: [Double] = []
        for i in 0..<max(count, 1) {
            let value = exact ? (fromUnits + Double(i) * stepUnits) / scale : from + Double(i) * step
            values.append(value)
        }
        for value in values {
            if key.rule == nil, value < 0 {
                throw Diagnostic(
                    message:
                        "\(what): \(formatNumber(value)) is negative; `maxStartX` takes a number >= 0 (0 = no limit)")
            }
            if case .integer? = key.rule?.type, value.rounded() != value {
                throw Diagnostic(
                    message: "\(what): \(formatNumber(value)) is not an integer; `\(key.path)` takes an integer")
            }
        }
        return values
    }
}
