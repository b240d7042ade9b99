/// A binary min-heap: the replay's timeline and the streamed text timeline both hand out items in
/// order while more arrive, and hold only those that something still to come could precede.
package struct MinHeap<Element: Comparable> {
    private var items: [Element] = []

    package init() {}

    package var isEmpty: Bool { items.isEmpty }
    package var first: Element? { items.first }

    package mutating func push(_ item: Element) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    package mutating func popFirst() -> Element? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            siftDown(0)
        }
        return first
    }

    /// Takes the first item and puts `item` in its place: one sift where a pop and a push make two.
    /// The heap must not be empty.
    package mutating func replaceFirst(with item: Element) -> Element {
        let first = items[0]
        items[0] = item
        siftDown(0)
        return first
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < items.count, items[left] < items[first] { first = left }
            if right < items.count, items[right] < items[first] { first = right }
            if first == parent { return }
            items.swapAt(parent, first)
            parent = first
        }
    }
}
