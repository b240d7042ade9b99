/// A velocity or translation in points (per second).
struct Vector: Equatable {
    var x: Double
    var y: Double
    static let zero = Vector(x: 0, y: 0)
}

/// -1, 0 or +1.
func sign(_ value: Double) -> Double {
    value > 0 ? 1 : value < 0 ? -1 : 0
}
