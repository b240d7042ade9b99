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
        let seen = Collected<[Int]>()
        #expect(
            finishes {
                forEachInOrder(
                    items, jobs: jobs,
                    work: { item, produce in
                        for place in 0..<(item * 37) % 300 { produce([item, place]) }
                    },
                    emit: { seen.append($0) })
            })
        let expected = items.flatMap { item in (0..<(item * 37) % 300).map { [item, $0] } }
        // Counted and compared by position, so a failure names where order broke instead of printing
        // 30,000 outputs.
        #expect(seen.values.count == expected.count)
        #expect(zip(seen.values, expected).first { $0 != $1 } == nil)
    }

    /// The hang CI met: item 1's worker fills its buffer (256) and waits for the head, then item 0
    /// finishes with nothing to emit, fewer finished items than a batch (8) waiting at the head. The
    /// other worker takes item 2 and runs out of items, so the consumer is the only thread left that
    /// can move the head: item 0's finish must wake it.
    @Test func aHeadThatFinishesWhileAWorkerWaitsForItWakesTheConsumer() {
        let limit = OrderedOutputs<Int>.bufferLimit
        let itemOneFull = DispatchSemaphore(value: 0)
        let seen = Collected<Int>()
        #expect(
            finishes {
                forEachInOrder(
                    [0, 1, 2], jobs: 2,
                    work: { item, produce in
                        switch item {
                        case 0:
                            _ = itemOneFull.wait(timeout: .now() + 20)
                            // Long enough for item 1's worker to be inside its wait for the head.
                            Thread.sleep(forTimeInterval: 0.2)
                        case 1:
                            for place in 0..<limit { produce(1000 + place) }
                            itemOneFull.signal()
                            produce(1000 + limit)
                        default:
                            produce(2000)
                        }
                    },
                    emit: { seen.append($0) })
            })
        #expect(seen.values == (0...limit).map { 1000 + $0 } + [2000])
    }

    /// A long file at the head still streams: its worker waits for the consumer to have seen its
    /// first 64 outputs (one flush) before going on, so a consumer that waited for a whole batch of
    /// finished items, or for the item's end, would leave both waiting (the timeout fails the test).
    @Test func theHeadItemStreamsBeforeItFinishes() {
        let seenFlush = DispatchSemaphore(value: 0)
        let timedOut = Flag()
        let emitted = Collected<Int>()
        #expect(
            finishes {
                forEachInOrder(
                    [0, 1, 2], jobs: 2,
                    work: { item, produce in
                        guard item == 0 else { return produce(-item) }
                        for place in 0..<64 { produce(place) }
                        if seenFlush.wait(timeout: .now() + 20) == .timedOut { timedOut.set() }
                        produce(64)
                    },
                    emit: { output in
                        emitted.append(output)
                        if output == 63 { seenFlush.signal() }
                    })
            })
        #expect(!timedOut.value)
        #expect(emitted.values == Array(0...64) + [-1, -2])
    }

    /// Many small items with fewer outputs than a batch: the consumer's rationed wake-ups still bring
    /// out the last ones when the workers run out of items.
    @Test func theLastItemsOfARunComeOutWithoutAFullBatch() {
        for count in [2, 3, 5, 9, 33] {
            let seen = Collected<Int>()
            #expect(
                finishes {
                    forEachInOrder(
                        Array(0..<count), jobs: 2, work: { item, produce in produce(item) },
                        emit: { seen.append($0) })
                })
            #expect(seen.values == Array(0..<count))
        }
    }
}

/// Runs `body` on a thread of its own and says whether it returned within `seconds`: a hand-over that
/// deadlocks fails its test instead of holding up the whole run (a time limit cannot stop a thread
/// blocked in a wait).
private func finishes(within seconds: Double = 60, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    return done.wait(timeout: .now() + seconds) == .success
}

/// What `emit` saw, readable from the test once the run returns (or after it timed out).
private final class Collected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Value] = []
    var values: [Value] { lock.withLock { items } }
    func append(_ value: Value) { lock.withLock { items.append(value) } }
}

private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var value: Bool { lock.withLock { raised } }
    func set() { lock.withLock { raised = true } }
}
