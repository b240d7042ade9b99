internal import CYaml
import Foundation

/// libyaml's scan of one file on a thread of its own, so that a single long recording uses two
/// cores: this thread fills batches of events (the C loop in the shim header) while the reader's
/// thread decodes, replays and renders the batch before. The scan is most of a file's time, so
/// splitting there leaves the most to overlap; decoding typed events here instead would load this
/// side with work the other does in about the same time.
///
/// A small ring of batches bounds memory and how far the scan runs ahead. The reader sees the very
/// events, failure and end the serial path sees, in the same batches' order: a syntax error is
/// still reported after the events before it and nothing later. A reader that stops early (a fatal
/// error, another tool's JSON) stops the scan when it lets go of the pipe.
package final class EventPipe: @unchecked Sendable {
    /// Events per batch: large enough that handing batches over costs little beside the scan.
    package static let batchSize: Int32 = 4096
    package static let slots = 4

    // The parser belongs to the scanning thread until it has exited (`stop` waits for that).
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let condition = NSCondition()
    /// Batches scanned, in order, for the reader.
    private var filled: [UnsafeMutablePointer<pg_batch>] = []
    /// Batches the reader is done with, for the scan to fill again.
    private var empty: [UnsafeMutablePointer<pg_batch>] = []
    private var stopping = false
    private var exited = false

    /// Nil when the batches cannot be allocated: the reader then scans serially.
    init?(parser: UnsafeMutablePointer<yaml_parser_t>) {
        self.parser = parser
        for _ in 0..<Self.slots {
            guard let batch = pg_batch_new(Self.batchSize) else {
                for batch in empty { pg_batch_free(batch) }
                return nil
            }
            empty.append(batch)
        }
        let thread = Thread { [self] in scan() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    private func scan() {
        while true {
            condition.lock()
            while empty.isEmpty && !stopping { condition.wait() }
            guard !stopping else { break }
            let batch = empty.removeFirst()
            condition.unlock()
            pg_fill(parser, batch)
            condition.lock()
            filled.append(batch)
            condition.broadcast()
            // The serial reader reads no further after a failure or the stream's end either.
            let last = batch.pointee.failed != 0 || batch.pointee.ended != 0 || batch.pointee.count == 0
            condition.unlock()
            if last {
                condition.lock()
                break
            }
        }
        exited = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next scanned batch, once there is one; `used` (the reader's last, or its own first empty
    /// batch) goes back to be filled again. The scan always delivers a last batch before it exits, and
    /// the reader asks for none after that one (it failed or ended the stream).
    func next(returning used: UnsafeMutablePointer<pg_batch>) -> UnsafeMutablePointer<pg_batch> {
        condition.lock()
        defer { condition.unlock() }
        empty.append(used)
        condition.broadcast()
        while filled.isEmpty { condition.wait() }
        return filled.removeFirst()
    }

    /// Stops the scan, waits for its thread to let go of the parser, and frees every batch but
    /// `held`, the reader's.
    package func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !exited { condition.wait() }
        for batch in filled + empty { pg_batch_free(batch) }
        filled = []
        empty = []
        condition.unlock()
    }
}
