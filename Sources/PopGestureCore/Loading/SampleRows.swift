internal import CYaml

/// The common sample row, `[t, x, y]` of three plain numbers, read straight from a batch of events.
///
/// A recording is mostly these rows, five events each. Read one event at a time (`advance`, then
/// the reader's accessors), each row cost about a thousand instructions besides its numbers; here a
/// run of rows is one loop over the batch. Only rows that need no message are read: any other row
/// (an anchor, a quoted or odd value, a value out of range or out of order, a row split between two
/// batches) stops the loop before it, and `StreamedEventReader.readSamples` reads it as before, so
/// its errors are unchanged.
enum SampleRows {
    /// Reads whole rows from `start`, the index of a row's sequence start in `batch`, while the row
    /// and the event after it are in the batch; each row is appended to `rows` and becomes
    /// `previous`. Returns the index of the first event not read: `start` when the first row is not
    /// one of these.
    static func read(
        _ batch: UnsafeMutablePointer<pg_batch>, from start: Int, after previous: inout Sample?,
        into rows: inout [Sample]
    ) -> Int {
        guard let events = batch.pointee.events, let arena = batch.pointee.arena else { return start }
        let bytes = UnsafeRawPointer(arena).assumingMemoryBound(to: UInt8.self)
        let count = Int(batch.pointee.count)
        let scalar = Int32(YAML_SCALAR_EVENT.rawValue)
        let sequenceStart = Int32(YAML_SEQUENCE_START_EVENT.rawValue)
        let sequenceEnd = Int32(YAML_SEQUENCE_END_EVENT.rawValue)
        /// Element `index` of the row, when it is a plain scalar without an anchor that `value` takes.
        func number(_ at: Int, _ index: Int) -> Double? {
            let event = events[at]
            guard event.type == scalar, event.plain != 0, event.name < 0 else { return nil }
            return value(UnsafeBufferPointer(start: bytes + Int(event.start), count: Int(event.length)), at: index)
        }
        var at = start
        var last = previous
        while at + 5 < count {
            guard events[at].type == sequenceStart, events[at].name < 0, events[at + 4].type == sequenceEnd,
                let t = number(at + 1, 0), let x = number(at + 2, 1), let y = number(at + 3, 2)
            else { break }
            if let last, !TraceDecoder.follows(Sample(t: t, x: x, y: y), last) { break }
            let sample = Sample(t: t, x: x, y: y)
            rows.append(sample)
            last = sample
            at += 5
        }
        previous = last
        return at
    }

    /// The value of a plain scalar at `index` in a row (0 is t, 1 x, 2 y) when it needs no message: a
    /// decimal number, finite, t >= 0 and x and y within `TraceLimits.coordinate`; -0 is read as 0.
    /// Anything else is read as a node, whose checks word what is wrong with it.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Double? {
        guard let value = parseDecimal(bytes: bytes), value.isFinite,
            index > 0 ? abs(value) <= TraceLimits.coordinate : value >= 0
        else { return nil }
        return value == 0 ? 0 : value  // no -0 in reports
    }
}
