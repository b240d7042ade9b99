import Testing

@testable import PopGestureCore
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
        let fractionDigits =
            parts[0].split(separator: ".", omittingEmptySubsequences: false).dropFirst().first?.count ?? 0
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        return parts[0].filter(\.isNumber).count <= 15 && abs(exponent - fractionDigits) <= 22
    }

    @Test func fastPathAgreesWithCorrectlyRoundedConversion() {
        // Literals, which the compiler converts: the reference owes nothing to the code under test.
        let known: [(String, Double)] = [
            ("0.1", 0.1), ("4.35", 4.35), ("-2.675", -2.675), ("0.000001", 0.000001), ("007", 7),
            ("123456789012345", 123_456_789_012_345), ("1e22", 1e22), ("1e-22", 1e-22), ("-.5e1", -5),
            // 2^53 + 1 is halfway between two doubles and rounds to the even one, 2^53.
            ("9007199254740993", 9_007_199_254_740_992),
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
            case 3:
                text = "0." + String((0..<(1 + random.next() % 25)).map { _ in Character(String(random.next() % 10)) })
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
        for bad in [
            "", "-", ".", "e5", "1e", "0x10", "0o7", "inf", ".inf", "nan", ".nan", "1_000", "1.2.3", " 1", "1 ",
        ] {
            #expect(Self.fast(bad) == nil, "\(bad)")
        }
        #expect(Self.fast("1e999") == .infinity)
        #expect(
            Self.fast("2.5") == 2.5 && Self.fast("-0.1") == -0.1 && Self.fast("1e22") == 1e22
                && Self.fast("1e23") == 1e23)
    }

    @Test func reportNumbersAreShortestRoundTrip() {
        #expect(formatNumber(16) == "16")
        #expect(formatNumber(-0.0) == "0")
        #expect(formatNumber(0.1 + 0.2) == "0.30000000000000004")
        #expect(formatNumber(7599.999999999999) == "7599.999999999999")
        #expect(formatNumber(71.63157894736842) == "71.63157894736842")
        #expect(formatNumber(1e15) == "1000000000000000")
        #expect(formatNumber(1e19) == "1e+19")
        #expect(formatNumber(123_456_789_012_345) == "123456789012345")
        #expect(formatNumber(1e-7) == "1e-07")
        for value in [0.46153846153846156, 1.0 / 3, 2.0 / 3, 1e300, Double.leastNonzeroMagnitude] {
            #expect(Double(formatNumber(value)) == value)
        }
    }

    static func written(_ value: Double) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.capacity) { buffer in
            NumberText.write(value, into: buffer.baseAddress!).map {
                String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: $0), as: UTF8.self)
            }
        }
    }

    static func shortest(_ value: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.capacity) { buffer in
            let count = NumberText.write(shortest: abs(value), negative: value < 0, into: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: count), as: UTF8.self)
        }
    }

    /// Every finite number is written without `description`, byte for byte what `description` gives
    /// (or the integer's digits): decimals a recorder writes, their sums and quotients, bit patterns.
    @Test func writerAgreesWithDescription() {
        var random = SeededRandom(seed: 7)
        for n in 0..<200_000 {
            let places = Double([1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000][Int(random.next() % 8)])
            let value: Double
            switch n % 5 {
            case 0: value = Double(Int64(random.next() % 2_000_000_000_000)) / places - 1_000
            case 1:
                value =
                    Double(Int64(random.next() % 100_000)) / places + Double(Int64(random.next() % 100_000)) / places
            case 2: value = Double(Int64(random.next() % 1_000_000)) / places * 0.999
            case 3: value = Double(bitPattern: random.next())
            default: value = Double(Int64(random.next() % 10_000)) / 3
            }
            guard value.isFinite else {
                #expect(Self.written(value) == nil)
                continue
            }
            let expected =
                value == value.rounded() && abs(value) < 9e18
                ? (value == 0 ? "0" : Int64(value).description) : value.description
            let text = Self.written(value)
            #expect(text == expected, "\(value.bitPattern)")
            if text != expected { return }
        }
        #expect(formatNumber(421.18) == "421.18" && formatNumber(-0.001) == "-0.001" && formatNumber(2.05) == "2.05")
    }

    /// The shortest-digits writer (Ryu) against `description` for any finite non-zero double,
    /// integers included (`description` adds `.0` to those). 200,000 here; the same comparison passed
    /// over 20,000,000 when it was written. Bit patterns cover every exponent and subnormals; the
    /// other cases crowd the layouts' edges (1e-4, 2^53) and the exact halfway cases of short decimals.
    @Test func shortestDigitsAgreeWithDescription() {
        // Hand-checked layouts at Swift's thresholds.
        let known: [(Double, String)] = [
            (0.0001, "0.0001"), (0.00009999999999999999, "9.999999999999999e-05"), (1e-7, "1e-07"),
            (9_007_199_254_740_992, "9007199254740992.0"), (9_007_199_254_740_994, "9.007199254740994e+15"),
            (1e16, "1e+16"), (-1.5e300, "-1.5e+300"), (5e-324, "5e-324"), (0.1 + 0.2, "0.30000000000000004"),
            (1.7976931348623157e308, "1.7976931348623157e+308"), (2.2250738585072014e-308, "2.2250738585072014e-308"),
            (123.456, "123.456"), (0.000123456789, "0.000123456789"), (4.0, "4.0"), (1e23, "1e+23"),
        ]
        for (value, text) in known {
            #expect(Self.shortest(value) == text, "\(value.bitPattern)")
        }
        var random = SeededRandom(seed: 29)
        var checked = 0
        for n in 0..<200_000 {
            let r = random.next()
            let value: Double
            switch n % 6 {
            case 0: value = Double(bitPattern: r)
            case 1: value = Double(bitPattern: r & 0x800F_FFFF_FFFF_FFFF)  // subnormal
            // 2^-13 ..< 2^19
            case 2: value = Double(bitPattern: (r & 0x000F_FFFF_FFFF_FFFF) | UInt64(1_010 + Int(r >> 59)) << 52)
            case 3: value = Double(Int64(r % 1_000_000_000_000)) / 1e6 * (r & 1 == 0 ? 1 : -1)
            case 4: value = Double(bitPattern: Double(0x1p53).bitPattern &+ (r % 64) &- 32)  // around 2^53
            default: value = Double(bitPattern: Double(0.0001).bitPattern &+ (r % 64) &- 32)  // around 1e-4
            }
            guard value.isFinite, value != 0 else { continue }
            checked += 1
            let text = Self.shortest(value)
            #expect(text == value.description, "\(value.bitPattern)")
            if text != value.description { return }
        }
        #expect(checked > 190_000)
    }
}

extension String {
    /// Two decimals, like a recorder writes coordinates.
    fileprivate init(format2 value: Double) {
        let cents = Int64((value * 100).rounded())
        let sign = cents < 0 ? "-" : ""
        let magnitude = abs(cents)
        self = "\(sign)\(magnitude / 100).\(String(magnitude % 100).leftPadded(to: 2))"
    }
}
