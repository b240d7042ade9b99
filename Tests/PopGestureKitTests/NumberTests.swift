import Testing
@testable import PopGestureKit

/// Number reading and printing: the loader's fast decimal path must give exactly what the C
/// library's correctly rounded conversion gives, and reports print numbers shortest-round-trip.
@Suite struct NumberTests {
    static func fast(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { parseDecimal(bytes: $0) }
    }

    /// At most 15 digits and a power of ten within 1e±22: an exact double times or divided by an
    /// exact one, which the fast path rounds itself. Any other text goes to `Double(String)`, the
    /// reference below, so comparing it tests nothing.
    static func isExactDecimal(_ text: String) -> Bool {
        let parts = text.lowercased().split(separator: "e", omittingEmptySubsequences: false)
        let fractionDigits = parts[0].split(separator: ".", omittingEmptySubsequences: false).dropFirst().first?.count ?? 0
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        return parts[0].filter(\.isNumber).count <= 15 && abs(exponent - fractionDigits) <= 22
    }

    @Test func fastPathAgreesWithCorrectlyRoundedConversion() {
        // Literals, which the compiler converts: the reference owes nothing to the code under test.
        let known: [(String, Double)] = [
            ("0.1", 0.1), ("4.35", 4.35), ("-2.675", -2.675), ("0.000001", 0.000001), ("007", 7),
            ("123456789012345", 123456789012345), ("1e22", 1e22), ("1e-22", 1e-22), ("-.5e1", -5),
            // 2^53 + 1 is halfway between two doubles and rounds to the even one, 2^53.
            ("9007199254740993", 9007199254740992),
            ("1.7976931348623157e308", .greatestFiniteMagnitude), ("4.9e-324", .leastNonzeroMagnitude),
        ]
        for (text, value) in known {
            #expect(Self.fast(text) == value, "\(text)")
        }
        #expect(Self.fast("-0")?.sign == .minus && Self.fast("-0") == 0)

        var random = SeededRandom(seed: 42)
        var exact = 0
        for _ in 0..<50_000 {
            let text: String
            switch random.next() % 6 {
            case 0: text = String(format2: Double(Int64(random.next() % 2_000_000)) / 100 - 10_000)
            case 1: text = "\(Double(bitPattern: random.next() >> 2))"
            case 2: text = "\(random.next() % 100_000)e\(Int(random.next() % 61) - 30)"
            case 3: text = "0." + String((0..<(1 + random.next() % 25)).map { _ in Character(String(random.next() % 10)) })
            case 4: text = "\(random.next() % 1_000_000_000_000_000_000)"
            default: text = "-.\(random.next() % 100_000)"
            }
            let expected = Double(text)
            #expect(Self.fast(text) == expected, "\(text)")
            if Self.isExactDecimal(text) { exact += 1 }
        }
        // The comparison must mostly be of texts the fast path rounds itself. Cases 0 and 5 always
        // are (at most 7 digits, exponent >= -5), case 2 when its exponent is within ±22 (45 of 61),
        // case 3 with at most 14 digits after `0.` (14 of 25), cases 1 and 4 almost never (17 and 18
        // digits): (1 + 1 + 45/61 + 14/25) / 6 of 50,000 is about 27,500.
        #expect(exact > 25_000, "\(exact) of 50,000 texts within the fast path")
    }

    @Test func grammarIsYAMLCoreDecimalsOnly() {
        for good in ["0", "-0", "+5", "1.", ".5", "1e3", "1E-3", "-2.5e+10", "007"] {
            #expect(Self.fast(good) != nil, "\(good)")
        }
        for bad in ["", "-", ".", "e5", "1e", "0x10", "0o7", "inf", ".inf", "nan", ".nan", "1_000", "1.2.3", " 1", "1 "] {
            #expect(Self.fast(bad) == nil, "\(bad)")
        }
        #expect(Self.fast("1e999") == .infinity)
        #expect(Self.fast("2.5") == 2.5 && Self.fast("-0.1") == -0.1 && Self.fast("1e22") == 1e22 && Self.fast("1e23") == 1e23)
    }

    @Test func reportNumbersAreShortestRoundTrip() {
        #expect(formatNumber(16) == "16")
        #expect(formatNumber(-0.0) == "0")
        #expect(formatNumber(0.1 + 0.2) == "0.30000000000000004")
        #expect(formatNumber(7599.999999999999) == "7599.999999999999")
        #expect(formatNumber(71.63157894736842) == "71.63157894736842")
        #expect(formatNumber(1e15) == "1000000000000000")
        #expect(formatNumber(1e19) == "1e+19")
        #expect(formatNumber(123456789012345) == "123456789012345")
        #expect(formatNumber(1e-7) == "1e-07")
        for value in [0.46153846153846156, 1.0 / 3, 2.0 / 3, 1e300, Double.leastNonzeroMagnitude] {
            #expect(Double(formatNumber(value)) == value)
        }
    }

    /// What `NumberText.write` promises to write: integers below 9e18, and numbers in [0.001, 1e9)
    /// whose shortest text, Swift's `description`, has at most six decimals.
    static func promised(_ value: Double) -> Bool {
        if value == value.rounded() { return abs(value) < 9e18 }
        guard abs(value) >= 1e-3, abs(value) < 1e9 else { return false }
        let text = abs(value).description
        guard !text.contains("e"), let dot = text.firstIndex(of: ".") else { return false }
        return text[text.index(after: dot)...].count <= 6
    }

    /// Numbers written digit by digit must be byte for byte what Swift's `description` gives (or the
    /// integer's digits): decimals a recorder writes, their sums and quotients, random bit patterns.
    @Test func digitByDigitAgreesWithDescription() {
        var random = SeededRandom(seed: 7)
        var written = 0
        for n in 0..<200_000 {
            let places = Double([1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000][Int(random.next() % 8)])
            let value: Double
            switch n % 5 {
            case 0: value = Double(Int64(random.next() % 2_000_000_000_000)) / places - 1_000
            case 1: value = Double(Int64(random.next() % 100_000)) / places + Double(Int64(random.next() % 100_000)) / places
            case 2: value = Double(Int64(random.next() % 1_000_000)) / places * 0.999
            case 3: value = Double(bitPattern: random.next())
            default: value = Double(Int64(random.next() % 10_000)) / 3
            }
            guard value.isFinite else { continue }
            let expected = value == value.rounded() && abs(value) < 9e18 ? (value == 0 ? "0" : Int64(value).description) : value.description
            let text: String? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.capacity) { buffer in
                NumberText.write(value, into: buffer.baseAddress!).map {
                    String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: $0), as: UTF8.self)
                }
            }
            if let text {
                written += 1
                #expect(text == expected, "\(value.bitPattern)")
                if text != expected { return }
            } else {
                // Given up: formatNumber prints `description` then, so the text is right whatever;
                // what can be wrong is giving up on a number the writer promises to write.
                #expect(!Self.promised(value), "\(value) (\(value.bitPattern)) not written digit by digit")
            }
        }
        #expect(written > 50_000)
        #expect(formatNumber(421.18) == "421.18" && formatNumber(-0.001) == "-0.001" && formatNumber(2.05) == "2.05")
    }
}

private extension String {
    /// Two decimals, like a recorder writes coordinates.
    init(format2 value: Double) {
        let cents = Int64((value * 100).rounded())
        let sign = cents < 0 ? "-" : ""
        let magnitude = abs(cents)
        self = "\(sign)\(magnitude / 100).\(String(magnitude % 100).leftPadded(to: 2))"
    }
}
