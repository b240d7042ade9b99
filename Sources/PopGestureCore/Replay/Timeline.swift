/// The trace's events as one ordered stream of items (SPEC section 2): a stroke gives its down, its
/// moves and its lift; every other event one item at `t`. Order: (t, event index, index in the event).
///
/// Events arrive one at a time in start order. An item can be released once an event starting later
/// has arrived, or the trace has ended: nothing that arrives afterwards can come before it. Only the
/// events still under way are held, and only each one's next item is in the heap (a stroke's items
/// are already in order), so the heap stays as small as the number of fingers down.
package struct Timeline {
    package enum Kind {
        case down(finger: Int, Sample)
        case move(finger: Int, Sample)
        case lift(finger: Int, cancelled: Bool)
        /// A stack or bar operation, kept aside so heap items stay small.
        case operation
    }

    package struct Item: Comparable {
        package var t: Double
        package var event: Int
        package var index: Int
        package var kind: Kind
        /// Where the item's stroke is held; -1 for an operation.
        package var slot: Int

        package static func < (a: Item, b: Item) -> Bool {
            (a.t, a.event, a.index) < (b.t, b.event, b.index)
        }

        /// Two items are never the same place in the order.
        package static func == (a: Item, b: Item) -> Bool {
            (a.t, a.event, a.index) == (b.t, b.event, b.index)
        }
    }

    private var heap = MinHeap<Item>()
    private var events = 0
    private var operations: [Int: TraceEvent.Kind] = [:]
    /// Strokes with items still to come, by slot; freed slots are reused.
    private var strokes: [Stroke?] = []
    private var freeSlots: [Int] = []

    /// Adds the next event's items; returns nothing, see `next(upTo:)`.
    package mutating func add(_ event: TraceEvent) {
        let e = events
        events += 1
        guard case .touch(let stroke) = event.kind else {
            operations[e] = event.kind
            heap.push(Item(t: event.t, event: e, index: 0, kind: .operation, slot: -1))
            return
        }
        // The loader refuses a stroke without samples; one built in code simply has no items.
        guard !stroke.samples.isEmpty else { return }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            strokes[slot] = stroke
        } else {
            slot = strokes.count
            strokes.append(stroke)
        }
        if let first = item(of: stroke, event: e, index: 0, slot: slot) { heap.push(first) }
    }

    /// Item `index` of a stroke, nil past its lift.
    private func item(of stroke: Stroke, event: Int, index: Int, slot: Int) -> Item? {
        if index < stroke.samples.count {
            let sample = stroke.samples[index]
            return Item(
                t: sample.t, event: event, index: index,
                kind: index == 0 ? .down(finger: stroke.finger, sample) : .move(finger: stroke.finger, sample),
                slot: slot)
        }
        guard index == stroke.samples.count else { return nil }
        switch stroke.end {
        case .up(let t):
            return Item(
                t: t, event: event, index: index, kind: .lift(finger: stroke.finger, cancelled: false), slot: slot)
        case .cancel(let t):
            return Item(
                t: t, event: event, index: index, kind: .lift(finger: stroke.finger, cancelled: true), slot: slot)
        case .stillDown: return nil
        }
    }

    /// The operation of an `.operation` item, handed over once; nil for a touch's item.
    package mutating func takeOperation(_ item: Item) -> TraceEvent.Kind? {
        guard case .operation = item.kind else { return nil }
        return operations.removeValue(forKey: item.event)
    }

    /// The earliest item with t <= `limit` (every item when nil): the items an event starting at
    /// `limit` would follow.
    package mutating func next(upTo limit: Double?) -> Item? {
        guard let first = heap.first, limit.map({ first.t <= $0 }) ?? true else { return nil }
        // A stroke's next item takes its place in the heap (nearly every item is a move).
        if first.slot >= 0, let stroke = strokes[first.slot] {
            if let following = item(of: stroke, event: first.event, index: first.index + 1, slot: first.slot) {
                return heap.replaceFirst(with: following)
            }
            strokes[first.slot] = nil
            freeSlots.append(first.slot)
        }
        return heap.popFirst()
    }
}
