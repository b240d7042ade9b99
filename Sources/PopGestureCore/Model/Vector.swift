/// A velocity or translation in points (per second).
public struct Vector: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public static let zero = Vector(x: 0, y: 0)

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// -1, 0 or +1.
package func sign(_ value: Double) -> Double {
    value > 0 ? 1 : value < 0 ? -1 : 0
}
