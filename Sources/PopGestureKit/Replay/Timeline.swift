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

    struct Item {
        var t: Double
        var event: Int
        var index: Int
        var kind: Kind

        func precedes(_ other: Item) -> Bool {
            (t, event, index) < (other.t, other.event, other.index)
        }
    }

    private var heap: [Item] = []
    private var events = 0
    private var operations: [Int: TraceEvent.Kind] = [:]

    /// Adds the next event's items; returns nothing, see `next(before:)`.
    mutating func add(_ event: TraceEvent) {
        let e = events
        events += 1
        guard case .touch(let stroke) = event.kind else {
            operations[e] = event.kind
            push(Item(t: event.t, event: e, index: 0, kind: .operation))
            return
        }
        for (i, sample) in stroke.samples.enumerated() {
            push(Item(t: sample.t, event: e, index: i,
                      kind: i == 0 ? .down(finger: stroke.finger, sample) : .move(finger: stroke.finger, sample)))
        }
        switch stroke.end {
        case .up(let t): push(Item(t: t, event: e, index: stroke.samples.count, kind: .lift(finger: stroke.finger, cancelled: false)))
        case .cancel(let t): push(Item(t: t, event: e, index: stroke.samples.count, kind: .lift(finger: stroke.finger, cancelled: true)))
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
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return first
    }

    private mutating func push(_ item: Item) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < heap.count, heap[left].precedes(heap[first]) { first = left }
            if right < heap.count, heap[right].precedes(heap[first]) { first = right }
            if first == parent { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
