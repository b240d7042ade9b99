import PopGestureCore

/// What a recording says about its device before its events: the axis ranges that scale positions
/// onto the screen, and from them which touch protocol the device speaks.
struct EvdevDevice {
    struct AxisRange {
        var min: Int64
        var max: Int64
        var position: SourcePosition
    }

    /// A device axis over a screen axis: the whole range spans the whole screen, so a panel of
    /// another aspect ratio is stretched rather than letterboxed, and a swipe across it stays one.
    struct Scale {
        let min: Int64
        let span: Double
        let extent: Double

        func callAsFunction(_ value: Int32) -> Double {
            Double(Int64(value) - min) / span * extent
        }
    }

    var ranges: [UInt16: AxisRange] = [:]
    /// Where the description is: a missing range is reported here.
    var position: SourcePosition
    /// The device's place (from 1) in a recording of several devices; nil when it is the only one.
    var ordinal: Int?
    /// How this recording format writes a range, for the suggestion when one is missing.
    var rangeHint: String
    /// The device's name and node as the recording gives them, for the trace's `origin`.
    var name: String?
    var node: String?

    init(position: SourcePosition, ordinal: Int? = nil, rangeHint: String) {
        self.position = position
        self.ordinal = ordinal
        self.rangeHint = rangeHint
    }

    /// A device with multitouch position ranges is multitouch (protocol B when it has slots too);
    /// one with only ABS_X and ABS_Y is single-touch.
    var hasTouchAxes: Bool {
        (ranges[Evdev.absMTPositionX] != nil && ranges[Evdev.absMTPositionY] != nil)
            || (ranges[Evdev.absX] != nil && ranges[Evdev.absY] != nil)
    }

    /// The axes the tracker scales positions with and, for protocol B, numbers fingers by.
    var trackerAxes: [UInt16] {
        if ranges[Evdev.absMTPositionX] != nil, ranges[Evdev.absMTPositionY] != nil {
            return [Evdev.absMTSlot, Evdev.absMTPositionX, Evdev.absMTPositionY].filter { ranges[$0] != nil }
        }
        return [Evdev.absX, Evdev.absY]
    }

    /// The touch protocol `tracker` reads, in the words of the README's mapping.
    var protocolName: String {
        if ranges[Evdev.absMTPositionX] != nil, ranges[Evdev.absMTPositionY] != nil {
            return ranges[Evdev.absMTSlot] != nil ? "B (slots)" : "A (contact lists)"
        }
        return "single touch"
    }

    func tracker(screen: Screen) throws -> any TouchTracker {
        if ranges[Evdev.absMTPositionX] != nil, ranges[Evdev.absMTPositionY] != nil {
            let x = try scale(Evdev.absMTPositionX, screen.width)
            let y = try scale(Evdev.absMTPositionY, screen.height)
            if let slots = ranges[Evdev.absMTSlot] {
                return ProtocolBTracker(x: x, y: y, slots: slots.min...max(slots.min, slots.max))
            }
            return ProtocolATracker(x: x, y: y)
        }
        if ranges[Evdev.absX] != nil, ranges[Evdev.absY] != nil {
            return SingleTouchTracker(x: try scale(Evdev.absX, screen.width), y: try scale(Evdev.absY, screen.height))
        }
        let missing = [Evdev.absMTPositionX, Evdev.absMTPositionY, Evdev.absX, Evdev.absY]
            .filter { ranges[$0] == nil }.map(Evdev.name(ofAxis:))
        throw position.error(
            "missing axis ranges: a touch device needs ranges for ABS_MT_POSITION_X and ABS_MT_POSITION_Y (multitouch) or ABS_X and ABS_Y (single touch); none for \(missing.joined(separator: ", "))",
            suggestion: rangeHint)
    }

    private func scale(_ code: UInt16, _ extent: Double) throws -> Scale {
        let range = ranges[code]!
        guard range.max > range.min else {
            throw range.position.error(
                "empty range for \(Evdev.name(ofAxis: code)): min \(range.min), max \(range.max); positions cannot be scaled onto the screen"
            )
        }
        return Scale(min: range.min, span: Double(range.max - range.min), extent: extent)
    }
}
