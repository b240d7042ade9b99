import Foundation
import Testing

@testable import PopGestureKit

/// `forEachInOrder`: the batch loop's hand-over from worker threads to the calling thread.
@Suite(.timeLimit(.minutes(1))) struct OrderedParallelTests {
    /// Item i produces (i * 37) % 300 outputs: none, fewer than a flush (64), more than a buffer (256),
    /// over 200 items, past any window, so every path of the hand-over is taken; each output names its
    /// item and its place.
    @Test(arguments: [2, 3, 4, 8])
    func everyOutputArrivesOnceInInputOrder(jobs: Int) {
        let items = Array(0..<200)
        var seen: [[Int]] = []
        forEachInOrder(
            items, jobs: jobs,
            work: { item, produce in
                for place in 0..<(item * 37) % 300 { produce([item, place]) }
            },
            emit: { seen.append($0) })
        let expected = items.flatMap { item in (0..<(item * 37) % 300).map { [item, $0] } }
        #expect(seen.count == expected.count)
        #expect(seen == expected)
    }

    /// A long file at the head still streams: its worker waits for the consumer to have seen its
    /// first 64 outputs (one flush) before going on, so a consumer that waited for a whole batch of
    /// finished items, or for the item's end, would leave both waiting (the timeout fails the test).
    @Test func theHeadItemStreamsBeforeItFinishes() {
        let seenFlush = DispatchSemaphore(value: 0)
        let timedOut = Flag()
        var emitted = 0
        forEachInOrder(
            [0, 1, 2], jobs: 2,
            work: { item, produce in
                guard item == 0 else { return produce(-item) }
                for place in 0..<64 { produce(place) }
                if seenFlush.wait(timeout: .now() + 20) == .timedOut { timedOut.set() }
                produce(64)
            },
            emit: { output in
                emitted += 1
                if output == 63 { seenFlush.signal() }
            })
        #expect(!timedOut.value)
        #expect(emitted == 67)
    }

    /// Many small items with fewer outputs than a batch: the consumer's rationed wake-ups still bring
    /// out the last ones when the workers run out of items.
    @Test func theLastItemsOfARunComeOutWithoutAFullBatch() {
        for count in [2, 3, 5, 9, 33] {
            var seen: [Int] = []
            forEachInOrder(
                Array(0..<count), jobs: 2, work: { item, produce in produce(item) }, emit: { seen.append($0) })
            #expect(seen == Array(0..<count))
        }
    }
}

private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var value: Bool { lock.withLock { raised } }
    func set() { lock.withLock { raised = true } }
}
