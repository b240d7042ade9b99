import Foundation
import PopGestureCore

/// Runs `work` over the items on `jobs` threads and hands what each item produces to `emit` in input
/// order. An item's output goes out as it is produced when the item is at the head of the order;
/// an item further back buffers its output, and its worker pauses once that buffer is full, so
/// neither a huge file nor many finished files pile up in memory.
public func forEachInOrder<Item: Sendable, Output: Sendable>(
    _ items: [Item], jobs: Int,
    work: @escaping @Sendable (Item, _ produce: (Output) -> Void) -> Void,
    emit: (Output) -> Void
) {
    if jobs <= 1 || items.count <= 1 {
        for item in items { work(item, emit) }
        return
    }
    let state = OrderedOutputs<Output>(count: items.count, jobs: jobs)
    for _ in 0..<min(jobs, items.count) {
        let thread = Thread {
            while let index = state.claim() {
                work(items[index]) { state.produce($0, at: index) }
                state.finish(index)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    state.drain(emit)
}

/// Per item, a queue of outputs; the consumer takes from the head item until it has finished.
///
/// Wake-ups are rationed: each one is a context switch, and the consumer is a thread more than there
/// are workers, so on a machine with as many cores as jobs every wake takes a core from a worker.
/// Woken for every output, `check --jobs 2` made 20,241 context switches on 2,000 small files against
/// 744 with `--jobs 1`; woken for every finished file, 16,000 files of 4 KB cost `--jobs 2` a quarter
/// more CPU than `--jobs 1`, most of it in the kernel. So the consumer sleeps until a run of `batch`
/// finished items waits at the head, the head item has produced another `flushCount` outputs (a long
/// file still streams), a worker needs the head to move (when it starts waiting, and when the head item
/// finishes while it waits), or everything is done; workers are woken only when the head moves while
/// one of them waits for it.
final class OrderedOutputs<Output>: @unchecked Sendable {
    /// Outputs an item behind the head may buffer before its worker waits.
    static var bufferLimit: Int { 256 }
    /// Every this many outputs of the head item wake the consumer before the item finishes: a long
    /// file's output still streams, in runs of this many at most.
    static var flushCount: Int { 64 }

    private let condition = NSCondition()
    private var queues: [[Output]]
    /// Outputs each item has produced so far, emitted or not.
    private var produced: [Int]
    private var finished: [Bool]
    private var nextClaim = 0
    private var head = 0
    /// The first item at or after the head that has not finished.
    private var unfinished = 0
    /// Items claimed ahead of the head at most: a worker that would claim further waits.
    let window: Int
    /// Finished items at the head that wake the consumer: less than the window, so that workers
    /// rarely wait for the head on small files.
    let batch: Int
    private var consumerWaits = false
    private var workersWaiting = 0

    init(count: Int, jobs: Int) {
        queues = Array(repeating: [], count: count)
        produced = Array(repeating: 0, count: count)
        finished = Array(repeating: false, count: count)
        window = max(jobs * 16, 32)
        batch = window / 4
    }

    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while nextClaim < queues.count && nextClaim - head >= window { waitForHead() }
        guard nextClaim < queues.count else { return nil }
        nextClaim += 1
        return nextClaim - 1
    }

    func produce(_ output: Output, at index: Int) {
        condition.lock()
        while index != head && queues[index].count >= Self.bufferLimit { waitForHead() }
        queues[index].append(output)
        produced[index] += 1
        // Counted over the item's whole output, not what waits in its queue: a consumer that took a
        // few outputs early would otherwise sleep until a full run had piled up again.
        if index == head, consumerWaits, produced[index] % Self.flushCount == 0 { condition.broadcast() }
        condition.unlock()
    }

    func finish(_ index: Int) {
        condition.lock()
        finished[index] = true
        while unfinished < finished.count && finished[unfinished] { unfinished += 1 }
        // A worker waiting for the head is only let go by the consumer moving it: once the head has
        // finished, a consumer still waiting for a whole batch would wait for items that worker holds.
        let headWaitedFor = unfinished > head && workersWaiting > 0
        if consumerWaits, headWaitedFor || unfinished - head >= batch || unfinished == finished.count {
            condition.broadcast()
        }
        condition.unlock()
    }

    /// A worker's wait for the head to move (the lock held); the consumer is woken first if it
    /// sleeps, since only it moves the head.
    private func waitForHead() {
        if consumerWaits { condition.broadcast() }
        workersWaiting += 1
        condition.wait()
        workersWaiting -= 1
    }

    /// Runs on the calling thread until every item has been emitted.
    func drain(_ emit: (Output) -> Void) {
        condition.lock()
        while head < queues.count {
            if !queues[head].isEmpty {
                let outputs = queues[head]
                queues[head] = []
                condition.unlock()
                for output in outputs { emit(output) }
                condition.lock()
            } else if finished[head] {
                head += 1
                if workersWaiting > 0 { condition.broadcast() }
            } else {
                consumerWaits = true
                condition.wait()
                consumerWaits = false
            }
        }
        condition.unlock()
    }
}
