/// Shortest round-trip text for a number, the same bytes on every run and platform: integral values
/// print without a fraction (`16`, not `16.0`), others as Swift's shortest representation that reads
/// back to the same Double.
public func formatNumber(_ value: Double) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.capacity) { buffer in
        guard let length = NumberText.write(value, into: buffer.baseAddress!) else { return value.description }
        return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: length), as: UTF8.self)
    }
}

/// The common numbers of a report written straight as bytes: Swift's `description` allocates, and
/// it is most of the cost of writing a report. The rest go through `description`.
enum NumberText {
    static let capacity = 32
    private static let powers: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// Writes integers below 9e18 and numbers with at most six decimals, returning the length; nil
    /// for any other number, whose text is its `description`.
    static func write(_ value: Double, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        if value == 0 {
            out[0] = UInt8(ascii: "0")  // also folds -0
            return 1
        }
        if value == value.rounded(), abs(value) < 9e18 {
            return write(integer: Int64(value), into: out)
        }
        // m / 10^k is `value` exactly for the least such k: the decimal with k places reads back as
        // `value` (both are the correctly rounded m / 10^k) and no shorter one does. Below 1e15 the
        // product's rounding error cannot pick a wrong m, and Swift prints plain notation there too.
        let magnitude = abs(value)
        guard magnitude >= 1e-3, magnitude < 1e9 else { return nil }
        for places in 1...6 {
            let scale = powers[places]
            let m = (magnitude * scale).rounded()
            guard m < 1e15 else { return nil }
            if m / scale == magnitude {
                return write(scaled: Int64(m), places: places, negative: value < 0, into: out)
            }
        }
        return nil
    }

    static func write(integer value: Int64, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 0
        if value < 0 {
            out[0] = UInt8(ascii: "-")
            length = 1
        }
        return length + digits(value.magnitude, into: out + length)
    }

    private static func write(scaled m: Int64, places: Int, negative: Bool, into out: UnsafeMutablePointer<UInt8>) -> Int {
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
        var count = 1
        var scale = value
        while scale >= 10 {
            scale /= 10
            count += 1
        }
        var rest = value
        var at = count - 1
        repeat {
            out[at] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            at -= 1
        } while rest > 0
        return count
    }
}

/// Numbers for people, in text output: rounded to what a reader can use (JSON keeps every digit).
/// Two values compared in one sentence keep enough places to show which is larger: "0.5 > 0.5" would
/// explain nothing.
public enum Readable {
    /// Milliseconds, to 0.1 ms.
    public static func time(_ value: Double) -> String { rounded(value, places: 1) }
    /// Points, to 0.1 pt.
    public static func position(_ value: Double) -> String { rounded(value, places: 1) }
    /// Points per second, to 0.1 pt/s.
    public static func velocity(_ value: Double) -> String { rounded(value, places: 1) }
    /// Progress and other fractions of the screen width (per second, per second squared), to 0.001.
    public static func fraction(_ value: Double) -> String { rounded(value, places: 3) }

    /// `value` to `places` decimals, without trailing zeros; exact when it has no more than that.
    public static func rounded(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return formatNumber(value) }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }  // exact up to 1e22
        let scaled = (value * scale).rounded()
        // Beyond 2^53 the product has no fraction left to round.
        guard abs(scaled) < 9e15 else { return formatNumber(value) }
        return formatNumber(scaled / scale)
    }

    /// `a` and `b`, each rounded to `places` decimals or more, until the texts differ when the numbers do.
    public static func pair(_ a: Double, _ b: Double, places: Int) -> (String, String) {
        var places = places
        while true {
            let texts = (rounded(a, places: places), rounded(b, places: places))
            if texts.0 != texts.1 || a == b || places >= 17 { return texts }
            places += 1
        }
    }
}
