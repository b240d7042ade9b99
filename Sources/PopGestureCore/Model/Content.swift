/// A region of a view controller's content that tracks touches of its own (SPEC section 9): a scroll
/// view, a table row with swipe actions, or a control.
public struct ContentRegion: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case scroll, swipeRow, control
    }

    public enum Axis: String, Sendable, CaseIterable {
        case horizontal, vertical
    }

    public var id: String
    public var kind: Kind
    public var frame: Frame
    /// scroll and control only.
    public var axis: Axis?
    /// scroll: the content offset along the axis, from the leading edge for a horizontal one.
    public var offset: Double
    /// scroll: nil for no limit.
    public var maxOffset: Double?
    /// swipeRow: its actions show.
    public var open: Bool
    /// control: UIKit lets its default action beat its superviews' recognizers for a drag along its axis.
    public var protected: Bool

    public init(
        id: String, kind: Kind, frame: Frame, axis: Axis? = nil, offset: Double = 0, maxOffset: Double? = nil,
        open: Bool = false, protected: Bool = true
    ) {
        self.id = id
        self.kind = kind
        self.frame = frame
        self.axis = axis
        self.offset = offset
        self.maxOffset = maxOffset
        self.open = open
        self.protected = protected
    }

    /// The keys each kind takes besides `id`, `kind` and `frame`.
    package static func keys(of kind: Kind) -> [String] {
        switch kind {
        case .scroll: ["axis", "offset", "maxOffset"]
        case .swipeRow: ["open"]
        case .control: ["axis", "protected"]
        }
    }
}

/// `[x, y, width, height]` in the navigation controller's coordinates.
public struct Frame: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Left and top edges inside, right and bottom edges outside.
    public func contains(x px: Double, y py: Double) -> Bool {
        x <= px && px < x + width && y <= py && py < y + height
    }
}

/// A detector of the rules (SPEC section 10): an app's own code watching the same touches.
public struct DetectorRule: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The seed article's SITableView category: "scrolling up" / "scrolling down".
        case scrollDirection
    }

    /// What a did-scroll compares the offset with.
    public enum Compare: String, Sendable, CaseIterable {
        /// The offset at the previous did-scroll (the article's code).
        case previous
        /// The offset at the drag's start, moved to each reported offset.
        case dragStart
    }

    public var kind: Kind
    public var name: String?
    /// Points (>= 0) the offset must move past before a report.
    public var minMoveDistance: Double
    public var compare: Compare

    public init(kind: Kind, name: String? = nil, minMoveDistance: Double = 5, compare: Compare = .previous) {
        self.kind = kind
        self.name = name
        self.minMoveDistance = minMoveDistance
        self.compare = compare
    }

    /// What its detections and anomalies call it: its name, else its kind.
    public var label: String { name ?? kind.rawValue }
}
