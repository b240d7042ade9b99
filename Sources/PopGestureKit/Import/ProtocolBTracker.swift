import PopGestureCore

/// Multitouch protocol B (slots): the finger is the slot number. The kernel sends only what changed,
/// so a slot keeps its tracking id and position from frame to frame, also after a lift.
struct ProtocolBTracker: TouchTracker {
    private struct Slot {
        var number: Int
        var trackingID: Int32 = -1
        var x: Int32?
        var y: Int32?
        /// The open stroke: its tracking id and its last sample's position in device units, which
        /// decide whether the finger moved.
        var stroke: (id: Int32, x: Int32, y: Int32)?
        /// Down without a full position since this frame, under this tracking id, and no stroke yet.
        var unplaced: (id: Int32, at: SourcePosition)?
    }

    let x: EvdevDevice.Scale
    let y: EvdevDevice.Scale
    /// The device's ABS_MT_SLOT range; a slot outside it is a broken recording.
    let slots: ClosedRange<Int64>
    /// Only the slots ever used, by number: a device may declare many more than are touched.
    private var used: [Slot] = []
    private var current = 0
    /// Contacts that ended without ever being placed.
    private var dropped: [UnplacedContact] = []

    init(x: EvdevDevice.Scale, y: EvdevDevice.Scale, slots: ClosedRange<Int64>) {
        self.x = x
        self.y = y
        self.slots = slots
    }

    mutating func apply(_ event: EvdevEvent, path: String) throws {
        guard event.type == Evdev.absType else { return }
        switch event.code {
        case Evdev.absMTSlot:
            guard event.value >= 0, slots.contains(Int64(event.value)) else {
                throw Diagnostic(
                    path: path, line: event.line, column: event.column,
                    message:
                        "slot \(event.value) is outside the device's ABS_MT_SLOT range \(slots.lowerBound)...\(slots.upperBound)"
                )
            }
            current = Int(event.value)
        case Evdev.absMTTrackingID: self[current].trackingID = event.value
        case Evdev.absMTPositionX: self[current].x = event.value
        case Evdev.absMTPositionY: self[current].y = event.value
        default: break
        }
    }

    mutating func closeFrame(at t: Double, position: SourcePosition, into strokes: StrokeWriter) throws {
        for i in used.indices {
            let slot = used[i]
            let finger = slot.number
            if let stroke = slot.stroke, slot.trackingID != stroke.id {
                // Lifted (-1), or a new contact took the slot between two frames.
                strokes.end(finger, .up(t))
                used[i].stroke = nil
            }
            if let unplaced = slot.unplaced, slot.trackingID != unplaced.id {
                // Lifted, or another contact took the slot, without a position ever given.
                dropped.append(Self.unplaced(slot, unplaced))
                used[i].unplaced = nil
            }
            guard slot.trackingID >= 0, let x = slot.x, let y = slot.y else {
                if slot.trackingID >= 0, used[i].unplaced == nil { used[i].unplaced = (slot.trackingID, position) }
                continue
            }
            used[i].unplaced = nil
            if let stroke = used[i].stroke {
                if (x, y) != (stroke.x, stroke.y) {
                    strokes.move(
                        finger, try StrokeWriter.checked(Sample(t: t, x: self.x(x), y: self.y(y)), at: position))
                    used[i].stroke = (slot.trackingID, x, y)
                }
            } else {
                strokes.down(
                    finger, try StrokeWriter.checked(Sample(t: t, x: self.x(x), y: self.y(y)), at: position),
                    at: position)
                used[i].stroke = (slot.trackingID, x, y)
            }
        }
    }

    mutating func unplacedContacts() -> [UnplacedContact] {
        dropped + used.compactMap { slot in slot.unplaced.map { Self.unplaced(slot, $0) } }
    }

    private static func unplaced(_ slot: Slot, _ unplaced: (id: Int32, at: SourcePosition)) -> UnplacedContact {
        var missing: [String] = []
        if slot.x == nil { missing.append(Evdev.name(ofAxis: Evdev.absMTPositionX)) }
        if slot.y == nil { missing.append(Evdev.name(ofAxis: Evdev.absMTPositionY)) }
        return UnplacedContact(
            finger: slot.number, position: unplaced.at, missing: missing, slot: (slot.number, unplaced.id))
    }

    /// The slot numbered `number`, added in order the first time it is used.
    private subscript(number: Int) -> Slot {
        get { used.first { $0.number == number } ?? Slot(number: number) }
        set {
            if let i = used.firstIndex(where: { $0.number == number }) {
                used[i] = newValue
            } else {
                used.insert(newValue, at: used.firstIndex { $0.number > number } ?? used.endIndex)
            }
        }
    }
}
