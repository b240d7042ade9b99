import PopGestureCore

/// Turns one device's evdev frames into strokes: events inside a frame update its state, the frame's
/// SYN_REPORT decides which fingers went down, moved or lifted at the frame's time.
protocol TouchTracker {
    /// An event inside a frame (anything but SYN_REPORT).
    mutating func apply(_ event: EvdevEvent, path: String) throws
    /// The frame closes at `t` (ms); `position` is its SYN_REPORT's, where a stroke it opens begins.
    mutating func closeFrame(at t: Double, position: SourcePosition, into strokes: StrokeWriter) throws
}
