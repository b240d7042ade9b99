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
}
