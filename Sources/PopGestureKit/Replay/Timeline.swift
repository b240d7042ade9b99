/// The trace's events as one ordered stream of items (SPEC section 2): a stroke gives its down, its
/// moves and its lift; every other event one item at `t`. Order: (t, event index, index in the event).
struct Timeline: Sequence {
    enum Kind {
        case down(finger: Int, Sample)
        case move(finger: Int, Sample)
        case lift(finger: Int, cancelled: Bool)
        case operation
    }

    struct Item {
        var t: Double
        var event: Int
        var index: Int
        var kind: Kind
    }

    private let items: [Item]

    init(_ events: [TraceEvent]) {
        var items: [Item] = []
        for (e, event) in events.enumerated() {
            guard case .touch(let stroke) = event.kind else {
                items.append(Item(t: event.t, event: e, index: 0, kind: .operation))
                continue
            }
            for (i, sample) in stroke.samples.enumerated() {
                items.append(Item(t: sample.t, event: e, index: i,
                                  kind: i == 0 ? .down(finger: stroke.finger, sample) : .move(finger: stroke.finger, sample)))
            }
            switch stroke.end {
            case .up(let t): items.append(Item(t: t, event: e, index: stroke.samples.count, kind: .lift(finger: stroke.finger, cancelled: false)))
            case .cancel(let t): items.append(Item(t: t, event: e, index: stroke.samples.count, kind: .lift(finger: stroke.finger, cancelled: true)))
            case .stillDown: break
            }
        }
        items.sort { ($0.t, $0.event, $0.index) < ($1.t, $1.event, $1.index) }
        self.items = items
    }

    func makeIterator() -> IndexingIterator<[Item]> { items.makeIterator() }
}
