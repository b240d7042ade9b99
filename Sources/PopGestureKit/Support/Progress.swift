import Foundation
import PopGestureCore

/// A progress line on standard error for a long run: `\r`, the line, erase to its end; at most ten
/// a second, first once the run has taken a second (a quick run shows nothing), erased at the end.
/// Only on a terminal: piped or redirected, stderr never sees it. The clock and the terminal test
/// are injectable, so the throttle and the format are tested without either.
struct Progress {
    let total: Int
    /// "files", "documents": what is counted.
    let unit: String
    let write: (String) -> Void
    /// Seconds on a monotonic clock.
    let clock: () -> Double
    let enabled: Bool
    static let delay = 1.0
    static let interval = 0.1
    private let start: Double
    private var lastShown = -Double.infinity
    private(set) var done = 0
    private(set) var shown = false

    init(total: Int, unit: String = "files", console: Console) {
        self.init(
            total: total, unit: unit, isTerminal: Console.stderrIsTerminal,
            clock: { ProcessInfo.processInfo.systemUptime }, write: { console.err($0) })
    }

    init(
        total: Int, unit: String = "files", isTerminal: Bool, clock: @escaping () -> Double,
        write: @escaping (String) -> Void
    ) {
        self.total = total
        self.unit = unit
        self.write = write
        self.clock = clock
        enabled = isTerminal
        start = enabled ? clock() : 0
    }

    mutating func tick() {
        done += 1
        guard enabled else { return }
        let now = clock()
        let elapsed = now - start
        guard elapsed >= Self.delay, now - lastShown >= Self.interval else { return }
        lastShown = now
        shown = true
        write("\r\u{1B}[K" + Self.line(done: done, total: total, unit: unit, elapsed: elapsed))
    }

    /// `120/2000 files, 85.3 files/s`.
    static func line(done: Int, total: Int, unit: String, elapsed: Double) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        return "\(done)/\(total) \(unit), \(String(format: "%.1f", rate)) \(unit)/s"
    }

    func finish() {
        if shown { write("\r\u{1B}[K") }
    }
}
