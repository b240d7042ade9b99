import PopGestureCore

/// A single-touch device (a pen display, an old touchscreen): finger 0 is down while BTN_TOUCH is 1,
/// at the latest ABS_X and ABS_Y. Those are kept while hovering too, since a pen's down sample is
/// often the last hover position, sent before the touch.
struct SingleTouchTracker: TouchTracker {
    let x: EvdevDevice.Scale
    let y: EvdevDevice.Scale
    private var touching = false
    private var currentX: Int32?
    private var currentY: Int32?
    /// The open stroke's last sample in device units.
    private var stroke: (x: Int32, y: Int32)?
    /// Touching without a full position since this frame, and no stroke yet.
    private var unplacedAt: SourcePosition?
    private var dropped: [UnplacedContact] = []

    init(x: EvdevDevice.Scale, y: EvdevDevice.Scale) {
        self.x = x
        self.y = y
    }

    mutating func apply(_ event: EvdevEvent, path: String) throws {
        switch (event.type, event.code) {
        case (Evdev.keyType, Evdev.btnTouch): touching = event.value != 0
        case (Evdev.absType, Evdev.absX): currentX = event.value
        case (Evdev.absType, Evdev.absY): currentY = event.value
        default: break
        }
    }

    mutating func closeFrame(at t: Double, position: SourcePosition, into strokes: StrokeWriter) throws {
        guard touching else {
            if stroke != nil { strokes.end(0, .up(t)) }
            stroke = nil
            if let at = unplacedAt { dropped.append(unplaced(at)) }
            unplacedAt = nil
            return
        }
        guard let cx = currentX, let cy = currentY else {
            if stroke == nil, unplacedAt == nil { unplacedAt = position }
            return
        }
        unplacedAt = nil
        if let last = stroke {
            guard (cx, cy) != (last.x, last.y) else { return }
            strokes.move(0, try StrokeWriter.checked(Sample(t: t, x: x(cx), y: y(cy)), at: position))
        } else {
            strokes.down(0, try StrokeWriter.checked(Sample(t: t, x: x(cx), y: y(cy)), at: position), at: position)
        }
        stroke = (cx, cy)
    }

    mutating func unplacedContacts() -> [UnplacedContact] {
        dropped + (unplacedAt.map { [unplaced($0)] } ?? [])
    }

    private func unplaced(_ at: SourcePosition) -> UnplacedContact {
        var missing: [String] = []
        if currentX == nil { missing.append(Evdev.name(ofAxis: Evdev.absX)) }
        if currentY == nil { missing.append(Evdev.name(ofAxis: Evdev.absY)) }
        return UnplacedContact(finger: 0, position: at, missing: missing)
    }
}
