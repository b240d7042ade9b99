/// How a released pop's settle time came about (SPEC section 4, Settle).
public struct SettleTerms: Sendable, Equatable {
    /// The settle model, or `linear` for a touch cancel, which the system animates back linearly.
    public var model: String
    /// r: 1 - p when completing, p when cancelling.
    public var remaining: Double
    /// D, milliseconds.
    public var duration: Double
    /// The release velocity, points per second (the `uikit` model divides by it).
    public var velocity: Double
    public var width: Double
    public var completing: Bool
    /// Milliseconds from the release to the settle.
    public var result: Double
    /// How the cross-platform models got there; nil for the older ones.
    public var detail: SettleDetail? = nil
}

/// The numbers behind a cross-platform settle (`explain` words them, the JSON report carries them).
public enum SettleDetail: Sendable, Equatable {
    /// Ionic: the swipe's duration dur = min(missing * W / |v|, D) (0 when missing * W <= 5), then
    /// played from `start`, the fraction of dur its easing curve had reached: result = (1 - start) * dur.
    case ionic(missing: Double, dur: Double, start: Double)
    /// The spring, evaluated every `period` ms from the release: from `from` to `to` (points along the
    /// pop direction), it rested, or passed its target (`overshot`), at frame `frames`.
    case spring(from: Double, to: Double, frames: Int, period: Double, overshot: Bool)
}
