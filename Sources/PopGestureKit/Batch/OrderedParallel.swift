import Foundation

/// Runs `work` over the items on `jobs` threads and hands the results to `emit` in input order, as
/// soon as each one's predecessors are out. Workers run at most a small window ahead of the output,
/// so results never pile up in memory.
public func forEachInOrder<Item: Sendable, Result: Sendable>(
    _ items: [Item], jobs: Int, work: @escaping @Sendable (Item) -> Result, emit: (Result) -> Void
) {
    if jobs <= 1 || items.count <= 1 {
        for item in items { emit(work(item)) }
        return
    }
    let state = OrderedResults<Result>(count: items.count, window: max(jobs * 4, 8))
    let workers = min(jobs, items.count)
    for _ in 0..<workers {
        let thread = Thread {
            while let index = state.claim() {
                state.store(work(items[index]), at: index)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    for index in 0..<items.count {
        emit(state.take(index))
    }
}

private final class OrderedResults<Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private var slots: [Result?]
    private var nextClaim = 0
    private var nextEmit = 0
    private let window: Int

    init(count: Int, window: Int) {
        slots = Array(repeating: nil, count: count)
        self.window = window
    }

    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while nextClaim < slots.count && nextClaim - nextEmit >= window { condition.wait() }
        guard nextClaim < slots.count else { return nil }
        nextClaim += 1
        return nextClaim - 1
    }

    func store(_ result: Result, at index: Int) {
        condition.lock()
        slots[index] = result
        condition.broadcast()
        condition.unlock()
    }

    func take(_ index: Int) -> Result {
        condition.lock()
        defer { condition.unlock() }
        while slots[index] == nil { condition.wait() }
        let result = slots[index]!
        slots[index] = nil
        nextEmit = index + 1
        condition.broadcast()
        return result
    }
}
