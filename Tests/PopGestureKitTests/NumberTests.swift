import Testing
@testable import PopGestureKit

/// Number reading and printing: the loader's fast decimal path must give exactly what the C
/// library's correctly rounded conversion gives, and reports print numbers shortest-round-trip.
@Suite struct NumberTests {
    static func fast(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { parseDecimal(bytes: $0) }
    }

    @Test func fastPathAgreesWithCorrectlyRoundedConversion() {
        var random = SeededRandom(seed: 42)
        var checked = 0
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
            checked += 1
        }
        #expect(checked == 50_000)
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
            var text = ""
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.capacity) { buffer in
                if let length = NumberText.write(value, into: buffer.baseAddress!) {
                    text = String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: length), as: UTF8.self)
                    written += 1
                } else {
                    text = value.description
                }
            }
            #expect(text == expected, "\(value.bitPattern)")
            if text != expected { return }
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
