import Foundation

/// How many times each input file was opened (`RegularFile.open`), once switched on: a test's proof
/// that a command reads a file once, its rules comment included, however many replays it feeds. Off,
/// it costs one flag read per file.
package final class LoadCounter: @unchecked Sendable {
    package static let shared = LoadCounter()
    private let lock = NSLock()
    private var counts: [String: Int]?

    /// From now on, count (what was counted so far is kept).
    package func start() {
        lock.withLock { if counts == nil { counts = [:] } }
    }

    package func opened(_ path: String) {
        lock.withLock { counts?[path, default: 0] += 1 }
    }

    /// Opens of `path` since `start`.
    package func count(_ path: String) -> Int {
        lock.withLock { counts?[path] ?? 0 }
    }
}
