import PopGestureCore

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
