/// A trace's events read straight from libyaml's events as they stream past, without building a
/// node tree: the common stroke, `{touch: N, samples: [...], up|cancel: T}` with plain scalars, is
/// decoded here; anything else becomes nodes for `TraceDecoder`, so every error reads the same
/// whichever path found it.
package struct StreamedEventReader {
    package let path: String
    /// Rows are read into this buffer, reused stroke after stroke, and each stroke gets an array of
    /// exactly its rows: a grown array would hold up to twice its samples, and a long recording's
    /// first strokes are kept (`TraceFileLoader.EventStream`).
    private var rows: [Sample] = []

    package init(path: String) {
        self.path = path
        rows.reserveCapacity(64)
    }

    package enum EventItem {
        /// A plain, valid stroke, decoded straight from the events.
        case stroke(Stroke)
        /// Anything else, as nodes, for the decoder and its messages; samples already read.
        case node(YAMLNode, Result<[Sample], Diagnostic>?)
    }

    /// One event. The common stroke, `{touch: N, samples: [...], up|cancel: T}` with plain scalars and
    /// nothing wrong, is decoded straight from the events; anything else (other kinds, anchors,
    /// quoted or odd values, any error) becomes a small node mapping, rebuilt from what was read so
    /// far, and goes through the decoder, so its errors are the node path's.
    package mutating func item(_ reader: YAMLDocumentReader) throws -> EventItem {
        guard reader.kind == .mappingStart, !reader.hasAnchor else { return .node(try reader.node(), nil) }
        let position = reader.position
        var plains: [PlainScalar] = []
        plains.reserveCapacity(2)
        var samplesKey: (line: Int, column: Int)?
        /// Where the samples list starts; it becomes a node only on the node path.
        var samplesList: SourcePosition?
        var samples: Result<[Sample], Diagnostic>?
        var pairs: [(key: YAMLNode, value: YAMLNode)]?
        func scalarNode(_ text: String, _ line: Int, _ column: Int) -> YAMLNode {
            YAMLNode(
                .scalar(text, isString: false), at: SourcePosition(path: path, line: line, column: column),
                expandedSize: 1)
        }
        /// Switches to nodes: what was read so far becomes nodes, in document order.
        func nodes() -> [(key: YAMLNode, value: YAMLNode)] {
            if let pairs { return pairs }
            var built: [(key: YAMLNode, value: YAMLNode, line: Int, column: Int)] = plains.map {
                (
                    scalarNode($0.key, $0.keyLine, $0.keyColumn), scalarNode($0.text, $0.line, $0.column), $0.keyLine,
                    $0.keyColumn
                )
            }
            if let samplesKey, let samplesList {
                built.append(
                    (
                        scalarNode("samples", samplesKey.line, samplesKey.column),
                        YAMLNode(.sequence([]), at: samplesList, expandedSize: 1),
                        samplesKey.line, samplesKey.column
                    ))
            }
            built.sort { ($0.line, $0.column) < ($1.line, $1.column) }
            return built.map { ($0.key, $0.value) }
        }
        try reader.advance()
        while reader.kind != .mappingEnd {
            let keyLine = reader.line
            let keyColumn = reader.column
            var fastKey: String?
            if pairs == nil, reader.kind == .scalar, reader.isPlainScalar, !reader.hasAnchor {
                for name in Self.strokeKeys where reader.scalarEquals(name) {
                    let key = name.description
                    let seen = plains.contains { $0.key == key } || (key == "samples" && samplesKey != nil)
                    if !seen { fastKey = key }
                }
            }
            if let key = fastKey {
                try reader.advance()
                if key == "samples", reader.kind == .sequenceStart, !reader.hasAnchor {
                    samplesKey = (keyLine, keyColumn)
                    samplesList = reader.position
                    samples = try readSamples(reader, at: reader.position)
                } else if key != "samples", reader.kind == .scalar, reader.isPlainScalar, !reader.hasAnchor {
                    plains.append(
                        PlainScalar(
                            key: key, keyLine: keyLine, keyColumn: keyColumn,
                            text: String(decoding: reader.scalarBytes, as: UTF8.self), line: reader.line,
                            column: reader.column))
                } else {
                    var all = nodes()
                    all.append((scalarNode(key, keyLine, keyColumn), try reader.node()))
                    pairs = all
                }
            } else {
                var all = nodes()
                let keyNode = try reader.node()
                try reader.advance()
                all.append((keyNode, try reader.node()))
                pairs = all
            }
            try reader.advance()
        }
        if pairs == nil, case .success(let decoded)? = samples, let stroke = Self.plainStroke(plains, decoded) {
            return .stroke(stroke)
        }
        let all = nodes()
        return .node(YAMLNode(.mapping(all), at: position, expandedSize: 2 * all.count + 1), samples)
    }

    private static let strokeKeys: [StaticString] = ["touch", "up", "cancel", "samples"]

    /// A plain scalar of an event read on the way: its key, its text and where both stand.
    private struct PlainScalar {
        var key: String
        var keyLine: Int
        var keyColumn: Int
        var text: String
        var line: Int
        var column: Int
    }

    /// The stroke when its plain values need no message: a finger >= 0, an end at or after the last
    /// sample, not both up and cancel. Anything else is left to the decoder and its messages.
    private static func plainStroke(_ plains: [PlainScalar], _ samples: [Sample]) -> Stroke? {
        var finger: Int?
        var up: Double?
        var cancel: Double?
        for plain in plains {
            if plain.key == "touch" {
                guard isDecimalInteger(plain.text), let value = Int(plain.text), value >= 0 else { return nil }
                finger = value
            } else {
                guard let value = parseDecimal(plain.text), value.isFinite, value >= 0 else { return nil }
                if plain.key == "up" { up = value == 0 ? 0 : value } else { cancel = value == 0 ? 0 : value }
            }
        }
        guard let finger, up == nil || cancel == nil, let lastT = samples.last?.t else { return nil }
        if let up {
            return up >= lastT ? Stroke(finger: finger, samples: samples, end: .up(up)) : nil
        }
        if let cancel {
            return cancel >= lastT ? Stroke(finger: finger, samples: samples, end: .cancel(cancel)) : nil
        }
        return Stroke(finger: finger, samples: samples, end: .stillDown)
    }

    /// A stroke's samples straight from the events: plain numbers are read from libyaml's bytes; any
    /// other element becomes a node and goes through the same checks as the node path, so the errors
    /// are the same. Only syntax errors are thrown; a sample error is returned, the rows consumed.
    private mutating func readSamples(_ reader: YAMLDocumentReader, at list: SourcePosition) throws -> Result<
        [Sample], Diagnostic
    > {
        rows.removeAll(keepingCapacity: true)
        // Every row is checked: its own errors, gathered (at most DocumentErrors.limit, the rest counted).
        // Made at the first bad row: the strokes of a good recording allocate none.
        var failures: DocumentErrors?
        let path = path
        func record(_ error: any Error) {
            let errors = failures ?? DocumentErrors()
            failures = errors
            errors.record(error, path: path)
        }
        /// The row the next is compared with: a row out of order still is, so one misplaced row is one error.
        var previous: Sample?
        try reader.advance()
        while reader.kind != .sequenceEnd {
            // Runs of plain rows in one loop; a row that stops it (or any row after an error) is read here.
            if failures == nil, reader.kind == .sequenceStart, reader.readPlainRows(after: &previous, into: &rows) {
                continue
            }
            if reader.kind == .sequenceStart, !reader.hasAnchor {
                let rowLine = reader.line
                let rowColumn = reader.column
                var values = (0.0, 0.0, 0.0)
                var slow: [Int: YAMLNode] = [:]
                var tLine = 0
                var tColumn = 0
                var count = 0
                try reader.advance()
                while reader.kind != .sequenceEnd {
                    if count == 0 { (tLine, tColumn) = (reader.line, reader.column) }
                    // Anything else (out of range included) goes the node path, for its message.
                    if count < 3, reader.kind == .scalar, reader.isPlainScalar, !reader.hasAnchor,
                        let value = SampleRows.value(reader.scalarBytes, at: count)
                    {
                        switch count {
                        case 0: values.0 = value
                        case 1: values.1 = value
                        default: values.2 = value
                        }
                    } else {
                        slow[count] = try reader.node()
                    }
                    count += 1
                    try reader.advance()
                }
                do {
                    guard count == 3 else {
                        throw Diagnostic(
                            path: path, line: rowLine, column: rowColumn,
                            message: "expected a sample [t, x, y] with 3 numbers, found \(count)")
                    }
                    // Only a row with an odd value pays for the lookups.
                    let sample =
                        slow.isEmpty
                        ? Sample(t: values.0, x: values.1, y: values.2)
                        : Sample(
                            t: try slow[0]?.nonNegativeNumber(TraceDecoder.sampleWhat.t) ?? values.0,
                            x: try slow[1]?.coordinate(TraceDecoder.sampleWhat.x) ?? values.1,
                            y: try slow[2]?.coordinate(TraceDecoder.sampleWhat.y) ?? values.2)
                    defer { previous = sample }
                    try TraceDecoder.checkOrder(
                        sample, after: previous,
                        at: SourcePosition(path: path, line: tLine, column: tColumn))
                    if failures?.isEmpty ?? true { rows.append(sample) }
                } catch {
                    record(error)
                }
            } else {
                do {
                    let row = try reader.node()
                    let sample = try TraceDecoder.decodeSample(row, after: nil)
                    defer { previous = sample }
                    try TraceDecoder.checkOrder(sample, after: previous, row: row)
                    if failures?.isEmpty ?? true { rows.append(sample) }
                } catch let error as Diagnostic where !reader.broken {
                    record(error)
                }
            }
            try reader.advance()
        }
        if let failures, !failures.isEmpty { return .failure(failures.combined(path: path)) }
        if rows.isEmpty { return .failure(TraceDecoder.emptySamples(at: list)) }
        return .success(rows.withUnsafeBufferPointer { Array($0) })
    }
}
