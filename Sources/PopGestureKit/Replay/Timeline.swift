/// The trace's events as one ordered stream of items (SPEC section 2): a stroke gives its down, its
/// moves and its lift; every other event one item at `t`. Order: (t, event index, index in the event).
///
/// Events arrive one at a time in start order. An item can be released once an event starting later
/// has arrived, or the trace has ended: nothing that arrives afterwards can come before it. Only the
/// items of strokes still under way are held.
struct Timeline {
    enum Kind {
        case down(finger: Int, Sample)
        case move(finger: Int, Sample)
        case lift(finger: Int, cancelled: Bool)
        /// A stack or bar operation, kept aside so heap items stay small.
        case operation
    }

    struct Item: Comparable {
        var t: Double
        var event: Int
        var index: Int
        var kind: Kind

        static func < (a: Item, b: Item) -> Bool {
            (a.t, a.event, a.index) < (b.t, b.event, b.index)
        }

        /// Two items are never the same place in the order.
        static func == (a: Item, b: Item) -> Bool {
            (a.t, a.event, a.index) == (b.t, b.event, b.index)
        }
    }

    private var heap = MinHeap<Item>()
    private var events = 0
    private var operations: [Int: TraceEvent.Kind] = [:]

    /// Adds the next event's items; returns nothing, see `next(before:)`.
    mutating func add(_ event: TraceEvent) {
        let e = events
        events += 1
        guard case .touch(let stroke) = event.kind else {
            operations[e] = event.kind
            heap.push(Item(t: event.t, event: e, index: 0, kind: .operation))
            return
        }
        for (i, sample) in stroke.samples.enumerated() {
            heap.push(Item(t: sample.t, event: e, index: i,
                      kind: i == 0 ? .down(finger: stroke.finger, sample) : .move(finger: stroke.finger, sample)))
        }
        switch stroke.end {
        case .up(let t): heap.push(Item(t: t, event: e, index: stroke.samples.count, kind: .lift(finger: stroke.finger, cancelled: false)))
        case .cancel(let t): heap.push(Item(t: t, event: e, index: stroke.samples.count, kind: .lift(finger: stroke.finger, cancelled: true)))
        case .stillDown: break
        }
    }

    /// The operation of an `.operation` item, handed over once.
    mutating func takeOperation(_ item: Item) -> TraceEvent.Kind? {
        operations.removeValue(forKey: item.event)
    }

    /// The earliest item with t <= `limit` (every item when nil): the items an event starting at
    /// `limit` would follow.
    mutating func next(upTo limit: Double?) -> Item? {
        guard let first = heap.first, limit.map({ first.t <= $0 }) ?? true else { return nil }
        return heap.popFirst()
    }
}
