import PopGestureCore

/// Turns one device's evdev frames into strokes: events inside a frame update its state, the frame's
/// SYN_REPORT decides which fingers went down, moved or lifted at the frame's time.
protocol TouchTracker {
    /// An event inside a frame (anything but SYN_REPORT).
    mutating func apply(_ event: EvdevEvent, path: String) throws
    /// The frame closes at `t` (ms); `position` is its SYN_REPORT's, where a stroke it opens begins.
    mutating func closeFrame(at t: Double, position: SourcePosition, into strokes: StrokeWriter) throws
    /// The contacts that were down but never placed (an axis never reported while they were), left
    /// out of the trace: said once the device ends, so that nothing is dropped without a word.
    mutating func unplacedContacts() -> [UnplacedContact]
}

/// A finger the recording put down whose position it never gave in full (its X or Y axis never
/// reported while it was down): no sample can be made of it, so it is left out, and said so.
struct UnplacedContact: Equatable {
    let finger: Int
    /// The frame (its SYN_REPORT) where it was first down without a position.
    let position: SourcePosition
    /// The axes never reported, by name (`ABS_MT_POSITION_Y`).
    let missing: [String]
    /// Protocol B's slot and tracking id, when there are such.
    var slot: (number: Int, trackingID: Int32)? = nil

    static func == (a: Self, b: Self) -> Bool {
        a.finger == b.finger && a.position == b.position && a.missing == b.missing
            && a.slot?.number == b.slot?.number && a.slot?.trackingID == b.slot?.trackingID
    }

    /// "finger 0 (slot 0, tracking id 1) is down from here but its ABS_MT_POSITION_Y is never reported; it is left out".
    var warning: Diagnostic {
        let which = slot.map { " (slot \($0.number), tracking id \($0.trackingID))" } ?? ""
        let axes = missing.joined(separator: " and ")
        return position.warning(
            "finger \(finger)\(which) is down from here but its \(axes) \(missing.count == 1 ? "is" : "are") never reported; it is left out of the trace"
        )
    }
}
