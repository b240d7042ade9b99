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

    public init(id: String, kind: Kind, frame: Frame, axis: Axis? = nil, offset: Double = 0, maxOffset: Double? = nil,
                open: Bool = false, protected: Bool = true) {
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
    static func keys(of kind: Kind) -> [String] {
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
