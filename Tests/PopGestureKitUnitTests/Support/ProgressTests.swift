import Foundation
import Testing

@testable import PopGestureKit

/// The progress line on a terminal: throttled, formatted, erased at the end, and absent off a terminal.
@Suite struct ProgressTests {
    @Test func progressIsThrottledFormattedAndErased() {
        var now = 100.0
        var written: [String] = []
        var progress = Progress(total: 50, isTerminal: true, clock: { now }, write: { written.append($0) })
        // Nothing in the first second: a quick run shows no line at all.
        for _ in 0..<10 {
            now += 0.05
            progress.tick()
        }
        #expect(written.isEmpty)
        // From then on at most one line per 0.1 s: 40 ticks 0.01 s apart give one line per 10.
        now = 101.0
        for _ in 0..<40 {
            progress.tick()
            now += 0.01
        }
        #expect(written.count == 4, "\(written)")
        // The first at t = 1.0 s with 11 files done: 11 files/s; each overwrites the one before.
        #expect(written.first == "\r\u{1B}[K11/50 files, 11.0 files/s")
        #expect(written.last == "\r\u{1B}[K41/50 files, 31.5 files/s", "\(written)")
        progress.finish()
        #expect(written.last == "\r\u{1B}[K")
    }

    @Test func noProgressOffATerminal() {
        var now = 0.0
        var written: [String] = []
        var progress = Progress(total: 5, isTerminal: false, clock: { now }, write: { written.append($0) })
        for _ in 0..<5 {
            now += 10
            progress.tick()
        }
        progress.finish()
        #expect(written.isEmpty && progress.done == 5)
        #expect(Progress.line(done: 3, total: 2000, unit: "files", elapsed: 2) == "3/2000 files, 1.5 files/s")
    }
}
