/// Shortest round-trip text for a number, the same bytes on every run and platform: integral values
/// print without a fraction (`16`, not `16.0`), others as Swift's shortest representation that reads
/// back to the same Double.
public func formatNumber(_ value: Double) -> String {
    if value == 0 { return "0" }  // also folds -0
    if value == value.rounded(), abs(value) < 9e18 {
        return Int64(value).description
    }
    return value.description
}
