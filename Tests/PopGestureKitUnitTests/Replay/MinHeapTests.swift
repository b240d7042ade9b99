import Testing

@testable import PopGestureCore

/// The timeline's heap: `replaceFirst` (a stroke's next item taking the place of the one handed out)
/// must leave the same order a pop and a push would.
@Suite struct MinHeapTests {
    static func drained(_ heap: inout MinHeap<Int>) -> [Int] {
        var out: [Int] = []
        while let next = heap.popFirst() { out.append(next) }
        return out
    }

    @Test func replaceFirstHandsOutTheSmallestAndSiftsTheNewItemIntoPlace() {
        var heap = MinHeap<Int>()
        for item in [5, 3, 8, 1, 9] { heap.push(item) }
        // 1 goes out; 7 belongs after 3 and 5, before 8 and 9.
        #expect(heap.replaceFirst(with: 7) == 1)
        #expect(heap.first == 3)
        // 3 goes out; 2 is now the smallest and comes out next.
        #expect(heap.replaceFirst(with: 2) == 3)
        #expect(Self.drained(&heap) == [2, 5, 7, 8, 9])
    }

    @Test func replaceFirstOnOneItemIsThatItemsSuccessor() {
        // One finger down: the heap holds its stroke's next item alone.
        var heap = MinHeap<Int>()
        heap.push(4)
        #expect(heap.replaceFirst(with: 6) == 4)
        #expect(Self.drained(&heap) == [6])
        #expect(heap.isEmpty)
    }

    @Test func replaceFirstAgreesWithPopThenPushOverAnInterleaving() {
        // Two strokes' items and an operation, as the timeline interleaves them: each step hands out
        // the smallest, then its successor (when there is one) takes its place.
        var replaced = MinHeap<Int>()
        var popped = MinHeap<Int>()
        for item in [10, 11, 15] {
            replaced.push(item)
            popped.push(item)
        }
        var outReplaced: [Int] = []
        var outPopped: [Int] = []
        for successor in [12, 13, 14, 16, 20] {
            outReplaced.append(replaced.replaceFirst(with: successor))
            outPopped.append(popped.popFirst()!)
            popped.push(successor)
        }
        outReplaced += Self.drained(&replaced)
        outPopped += Self.drained(&popped)
        #expect(outReplaced == [10, 11, 12, 13, 14, 15, 16, 20])
        #expect(outReplaced == outPopped)
    }
}
