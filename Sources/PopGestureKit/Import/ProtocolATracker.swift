import PopGestureCore

/// Multitouch protocol A: each frame lists its contacts anew, each closed by SYN_MT_REPORT, with no
/// identity. Fingers are carried from frame to frame by matching contacts to the fingers down by
/// distance: assigning them by their order in the frame would swap fingers whenever the device
/// reorders its contacts, as bcm5974 touchpads do.
struct ProtocolATracker: TouchTracker {
    typealias Point = (x: Int32, y: Int32)

    /// More contacts than this in one frame is not a hand on a device: the matching's cost grows
    /// with 2^contacts, so it is refused rather than left to run.
    static let contactLimit = 16

    let x: EvdevDevice.Scale
    let y: EvdevDevice.Scale
    private var pendingX: Int32?
    private var pendingY: Int32?
    private var contacts: [Point] = []
    /// Fingers down, by number, with their last sample's position in device units.
    private var fingers: [(number: Int, at: Point)] = []
    /// The first contact that lacked a coordinate, and how many did.
    private var unplaced: (contact: UnplacedContact, count: Int)?

    init(x: EvdevDevice.Scale, y: EvdevDevice.Scale) {
        self.x = x
        self.y = y
    }

    mutating func apply(_ event: EvdevEvent, path: String) throws {
        switch (event.type, event.code) {
        case (Evdev.absType, Evdev.absMTPositionX): pendingX = event.value
        case (Evdev.absType, Evdev.absMTPositionY): pendingY = event.value
        case (Evdev.synType, Evdev.synMTReport):
            // A contact lacking either coordinate is dropped, and said so once the device ends.
            if pendingX == nil || pendingY == nil {
                let missing = [(pendingX, Evdev.absMTPositionX), (pendingY, Evdev.absMTPositionY)]
                    .filter { $0.0 == nil }.map { Evdev.name(ofAxis: $0.1) }
                let contact = UnplacedContact(
                    finger: contacts.count,
                    position: SourcePosition(path: path, line: event.line, column: event.column),
                    missing: missing)
                unplaced = (unplaced?.contact ?? contact, (unplaced?.count ?? 0) + 1)
            }
            if let x = pendingX, let y = pendingY {
                guard contacts.count < Self.contactLimit else {
                    throw Diagnostic(
                        path: path, line: event.line, column: event.column,
                        message:
                            "more than \(Self.contactLimit) contacts in one frame; no touch device reports that many")
                }
                contacts.append((x, y))
            }
            (pendingX, pendingY) = (nil, nil)
        default: break
        }
    }

    mutating func closeFrame(at t: Double, position: SourcePosition, into strokes: StrokeWriter) throws {
        let assignment = Self.match(fingers.map { $0.at }, contacts)
        var taken = [Bool](repeating: false, count: contacts.count)
        var next: [(number: Int, at: Point)] = []
        for (finger, contact) in zip(fingers, assignment) {
            guard let contact else {
                strokes.end(finger.number, .up(t))
                continue
            }
            taken[contact] = true
            let point = contacts[contact]
            if point != finger.at {
                strokes.move(
                    finger.number, try StrokeWriter.checked(Sample(t: t, x: x(point.x), y: y(point.y)), at: position))
            }
            next.append((finger.number, point))
        }
        for (index, point) in contacts.enumerated() where !taken[index] {
            var number = 0
            while next.contains(where: { $0.number == number }) { number += 1 }
            strokes.down(
                number, try StrokeWriter.checked(Sample(t: t, x: x(point.x), y: y(point.y)), at: position), at: position
            )
            next.insert((number, point), at: next.firstIndex { $0.number > number } ?? next.endIndex)
        }
        fingers = next
        contacts = []
        (pendingX, pendingY) = (nil, nil)
    }

    mutating func unplacedContacts() -> [UnplacedContact] {
        unplaced.map { [$0.contact] } ?? []
    }

    /// For each finger (in finger order) its contact, or nil when it lifts: min(fingers, contacts)
    /// pairs with the least sum of squared distances. Of equal sums, the one whose contact indices,
    /// read in finger order, are lexicographically least, an unmatched finger counting after every
    /// index (the lower fingers keep their contacts).
    ///
    /// Dynamic programming over (finger, contacts used): best[i][used] is the least cost for fingers
    /// i... given the contacts already used; walking forward and taking the first choice that attains
    /// it gives the lexicographically least optimum.
    static func match(_ fingers: [Point], _ contacts: [Point]) -> [Int?] {
        let f = fingers.count
        let c = contacts.count
        let k = min(f, c)
        guard k > 0 else { return Array(repeating: nil, count: f) }
        let masks = 1 << c
        // Squared distances in device units; as Doubles they are exact below 2^26 units apart.
        func cost(_ i: Int, _ j: Int) -> Double {
            let dx = Double(fingers[i].x) - Double(contacts[j].x)
            let dy = Double(fingers[i].y) - Double(contacts[j].y)
            return dx * dx + dy * dy
        }
        var best = [Double](repeating: .infinity, count: (f + 1) * masks)
        for used in 0..<masks where used.nonzeroBitCount == k { best[f * masks + used] = 0 }
        for i in stride(from: f - 1, through: 0, by: -1) {
            for used in 0..<masks {
                let matched = used.nonzeroBitCount
                var least = Double.infinity
                if matched < k {
                    for j in 0..<c where used & (1 << j) == 0 {
                        least = min(least, cost(i, j) + best[(i + 1) * masks + (used | 1 << j)])
                    }
                }
                // Leaving finger i unmatched is possible only if the fingers after it can still make k pairs.
                if f - i - 1 >= k - matched {
                    least = min(least, best[(i + 1) * masks + used])
                }
                best[i * masks + used] = least
            }
        }
        var assignment: [Int?] = []
        var used = 0
        for i in 0..<f {
            let target = best[i * masks + used]
            var choice: Int?
            if used.nonzeroBitCount < k {
                choice = (0..<c).first { j in
                    used & (1 << j) == 0 && cost(i, j) + best[(i + 1) * masks + (used | 1 << j)] == target
                }
            }
            if let j = choice { used |= 1 << j }
            assignment.append(choice)
        }
        return assignment
    }
}
