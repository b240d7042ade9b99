/// Shortest round-trip text for a number, the same bytes on every run and platform: integral values
/// print without a fraction (`16`, not `16.0`), others as Swift's shortest representation that reads
/// back to the same Double.
public func formatNumber(_ value: Double) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.capacity) { buffer in
        guard let length = NumberText.write(value, into: buffer.baseAddress!) else { return value.description }
        return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: length), as: UTF8.self)
    }
}

/// A report's numbers written straight as bytes: Swift's `description` allocates, and it was most
/// of the cost of writing a report. Integers and numbers of up to six decimals take a digit-by-digit
/// path; any other finite number is `description`'s bytes from `ShortestDecimal` (Ryu).
package enum NumberText {
    package static let capacity = 32
    private static let powers: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// Writes `value`, returning the length: integers below 9e18 without a fraction, every other
    /// finite number as its `description`; nil for infinities and NaN, whose text is `description`.
    package static func write(_ value: Double, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        if value == 0 {
            out[0] = UInt8(ascii: "0")  // also folds -0
            return 1
        }
        // Int64's conversion is an instruction, `rounded()` a call into libm.
        if abs(value) < 9e18, Double(Int64(value)) == value {
            return write(integer: Int64(value), into: out)
        }
        // m / 10^k is `value` exactly for the least such k: the decimal with k places reads back as
        // `value` (both are the correctly rounded m / 10^k) and no shorter one does. Below 1e15 the
        // product's rounding error cannot pick a wrong m, and Swift prints plain notation there too.
        let magnitude = abs(value)
        guard value.isFinite else { return nil }
        if magnitude >= 1e-3, magnitude < 1e9 {
            for places in 1...6 {
                let scale = powers[places]
                // To the nearest integer by adding 2^52, exact below 2^52 (and m < 1e15 is); a tie
                // rounded either way cannot read back as `magnitude` below 1e15, so its direction is moot.
                let m = (magnitude * scale + 0x1p52) - 0x1p52
                if m >= 1e15 { break }
                if m / scale == magnitude {
                    return write(scaled: Int64(m), places: places, negative: value < 0, into: out)
                }
            }
        }
        return write(shortest: magnitude, negative: value < 0, into: out)
    }

    /// The bytes of `description` for a finite, non-zero double of this magnitude and sign: plain
    /// from 1e-4 up to 2^53, else `d.ddde±XX` (Swift's thresholds, found by NumberTests, which
    /// compare every layout with `description`).
    package static func write(
        shortest magnitude: Double, negative: Bool, into out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let (digits, exponent) = ShortestDecimal.of(magnitude)
        var length = 0
        if negative {
            out[0] = UInt8(ascii: "-")
            length = 1
        }
        let count = digitCount(digits)
        let point = exponent + count  // the value is 0.DIGITS × 10^point
        if point < -3 || magnitude > 0x1p53 {
            // The digits one place to the right, then the first moved before the point.
            _ = self.digits(digits, into: out + length + 1)
            out[length] = out[length + 1]
            length += 1
            if count > 1 {
                out[length] = UInt8(ascii: ".")
                length += count
            }
            out[length] = UInt8(ascii: "e")
            out[length + 1] = UInt8(ascii: point - 1 < 0 ? "-" : "+")
            length += 2
            let power = UInt64(abs(point - 1))
            if power < 10 {
                out[length] = UInt8(ascii: "0")
                length += 1
            }
            return length + self.digits(power, into: out + length)
        }
        if point <= 0 {
            out[length] = UInt8(ascii: "0")
            out[length + 1] = UInt8(ascii: ".")
            length += 2
            for _ in 0 ..< -point {
                out[length] = UInt8(ascii: "0")
                length += 1
            }
            return length + self.digits(digits, into: out + length)
        }
        if point < count {
            // The digits one place to the right, then the integer part moved one place left.
            _ = self.digits(digits, into: out + length + 1)
            for at in 0..<point { out[length + at] = out[length + at + 1] }
            out[length + point] = UInt8(ascii: ".")
            return length + count + 1
        }
        // An integer (`write` prints those without a fraction itself; `description` adds `.0`).
        length += self.digits(digits, into: out + length)
        for _ in 0..<point - count {
            out[length] = UInt8(ascii: "0")
            length += 1
        }
        out[length] = UInt8(ascii: ".")
        out[length + 1] = UInt8(ascii: "0")
        return length + 2
    }

    private static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var power: UInt64 = 10
        while value >= power {
            count += 1
            if count == 20 { break }  // 10^20 is past UInt64
            power &*= 10
        }
        return count
    }

    /// "00" to "99": two digits a division.
    private static let pairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    package static func write(integer value: Int64, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 0
        if value < 0 {
            out[0] = UInt8(ascii: "-")
            length = 1
        }
        return length + digits(value.magnitude, into: out + length)
    }

    private static func write(scaled m: Int64, places: Int, negative: Bool, into out: UnsafeMutablePointer<UInt8>)
        -> Int
    {
        var length = 0
        if negative {
            out[0] = UInt8(ascii: "-")
            length = 1
        }
        let unit = Int64(powers[places])
        length += digits(UInt64(m / unit), into: out + length)
        out[length] = UInt8(ascii: ".")
        length += 1
        var fraction = UInt64(m % unit)
        // Trailing zeros cannot occur: a shorter `places` would have matched.
        var at = length + places - 1
        for _ in 0..<places {
            out[at] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
            at -= 1
        }
        return length + places
    }

    private static func digits(_ value: UInt64, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let count = digitCount(value)
        let table = pairs.utf8Start
        var rest = value
        var at = count
        while rest >= 100 {
            let pair = Int(rest % 100) * 2
            rest /= 100
            at -= 2
            out[at] = table[pair]
            out[at + 1] = table[pair + 1]
        }
        if rest >= 10 {
            out[at - 2] = table[Int(rest) * 2]
            out[at - 1] = table[Int(rest) * 2 + 1]
        } else {
            out[at - 1] = UInt8(ascii: "0") + UInt8(rest)
        }
        return count
    }
}
