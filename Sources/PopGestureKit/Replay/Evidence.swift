/// How a gesture was recognized (SPEC section 3): the movement d = p - p0 that crossed the
/// recognizer's limit, and the translation T the pop starts from.
public struct Recognition: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case uikit, horizontalSlop
        /// Alone in its gesture arena, the recognizer won at the down (`recognizer.arena`).
        case arena
    }

    public var kind: Kind
    public var d: Vector
    /// The hysteresis h (`uikit`) or the slop (`horizontalSlop`); 0 for `arena`.
    public var limit: Double
    public var translation: Vector

    public var text: String {
        let dx = Readable.position(d.x), dy = Readable.position(d.y)
        let t = "T = (\(Readable.position(translation.x)), \(Readable.position(translation.y)))"
        switch kind {
        case .uikit:
            let axis = abs(d.x) >= limit ? "|d.x| \(Readable.position(abs(d.x)))" : "|d.y| \(Readable.position(abs(d.y)))"
            return "recognized: \(axis) >= hysteresis \(formatNumber(limit)); d = (\(dx), \(dy)) less the hysteresis per axis: \(t)"
        case .horizontalSlop:
            let (moved, slop) = Readable.pair(abs(d.x), limit, places: 1)
            return "recognized: |d.x| \(moved) > slop \(slop); the origin moves to the finger: \(t)"
        case .arena:
            return "won its gesture arena at the down (alone in it): \(t)"
        }
    }
}

/// What one check of the arbiter tested (SPEC section 3): the begin checks, and before them the
/// region (`edgeWidth`) and the touch count (`maxTouches`), and the content that won the drag
/// (section 9). Numbers, not words, until a report or `explain` shows it.
public struct CheckEvidence: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case number(Double)
        case flag(Bool)
        case name(String)
    }

    /// The rule key that made the check: a begin check's name, `edgeWidth`, `maxTouches` or `content`.
    public var check: String
    public var refuses: Bool
    /// What was tested, as the SPEC names it ("location.x", "edge distance", "translation.x").
    public var quantity: String
    public var value: Value
    /// The limit's name and value, when the test compares with one.
    public var limitName: String?
    public var limit: Double?
    /// The test refuses above the limit (`>`), else at or below it (`<=`).
    public var refusesAbove = true

    public var text: String {
        switch value {
        case .flag(let flag):
            return "\(quantity) \(flag)"
        case .name(let name):
            return "\(quantity): \(name)"
        case .number(let number):
            guard let limit else { return "\(quantity) \(Readable.position(number))" }
            let (shown, bound) = Readable.pair(number, limit, places: 1)
            let above = refusesAbove ? refuses : !refuses
            let comparison = above ? ">" : "<="
            return "\(quantity) \(shown) \(comparison) \(limitName.map { "\($0) " } ?? "")\(bound)"
        }
    }
}
