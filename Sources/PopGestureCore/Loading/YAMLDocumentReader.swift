internal import CYaml

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads YAML through libyaml's event API, one event at a time.
///
/// Two ways in: `nextDocument()` builds a whole document as a node tree (rules, stack configs, small
/// inputs); the trace loader instead walks a document's events itself (`beginDocument`, `advance`,
/// `node()`), building nodes only for the small parts and reading the bulk, the samples, straight
/// from the events. Only the current event is held; after a syntax error libyaml cannot go on, so
/// the reader reports it once and then ends.
package final class YAMLDocumentReader {
    package let path: String
    // libyaml keeps a pointer to the parser inside the parser, so it must never move.
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// Events copied out of libyaml a batch at a time by the C loop in the shim header.
    // Moved for every event, never accessed overlapping (one thread's, no access held across a call):
    // unchecked, these three save the runtime's exclusivity check, 2 % of a replay's instructions.
    @exclusivity(unchecked) private var batch: UnsafeMutablePointer<pg_batch>
    /// The scan on a thread of its own (a large file with a core to spare); nil scans here.
    private var pipe: EventPipe?
    @exclusivity(unchecked) private var cursor = -1
    package static let batchSize: Int32 = 256
    private var file: UnsafeMutablePointer<FILE>?
    private var text: UnsafeMutableBufferPointer<UInt8>?
    private var finished = false
    /// An error met while looking past the last document; thrown by the next read.
    private var pendingError: Diagnostic?
    // Per document: anchors are document-scoped in YAML.
    private var anchors: [String: YAMLNode] = [:]
    private var aliasExpansion = 0

    /// Opens a regular file, parsed from memory after one read(2) when small (`RegularFile.readWhole`),
    /// else streamed; throws when it cannot be read or is anything else. `pipelineFrom`: a file of
    /// at least this many bytes is scanned on a thread of its own.
    package init(path: String, pipelineFrom: Int? = nil) throws {
        self.path = path
        let handle = try RegularFile.open(path)
        file = handle
        parser = .allocate(capacity: 1)
        let batch = pg_batch_new(Self.batchSize)
        guard let batch, yaml_parser_initialize(parser) == 1 else {
            fclose(handle)
            parser.deallocate()
            pg_batch_free(batch)
            throw Diagnostic(path: path, message: "out of memory starting the YAML parser")
        }
        self.batch = batch
        if let whole = RegularFile.readWhole(handle) {
            fclose(handle)
            file = nil
            text = whole
            yaml_parser_set_input_string(parser, whole.baseAddress, whole.count)
            return
        }
        yaml_parser_set_input_file(parser, handle)
        var info = stat()
        if let pipelineFrom, fstat(fileno(handle), &info) == 0, Int(info.st_size) >= pipelineFrom {
            pipe = EventPipe(parser: parser)
        }
    }

    /// The input's first `limit` bytes (fewer when it is shorter): from memory for a file read whole
    /// or a text; for a streamed file read by position (`pread`), which leaves the stream's own
    /// offset alone, so that a caller after the head does not open the file again. Nil once the
    /// file has ended, or when it cannot be read.
    package func head(limit: Int) -> [UInt8]? {
        if let text { return Array(text.prefix(limit)) }
        guard let file else { return nil }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let got = bytes.withUnsafeMutableBytes {
                pread(fileno(file), $0.baseAddress! + count, limit - count, off_t(count))
            }
            if got < 0, errno == EINTR { continue }
            if got < 0 { return nil }
            if got == 0 { break }
            count += got
        }
        bytes.removeLast(limit - count)
        return bytes
    }

    /// Reads YAML held in memory (built-in presets, tests).
    package init(text source: String, path: String) {
        self.path = path
        let bytes = Array(source.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = buffer.initialize(from: bytes)
        text = buffer
        parser = .allocate(capacity: 1)
        // Only allocation failure makes this nil, and then nothing else would work either.
        batch = pg_batch_new(Self.batchSize)!
        yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, buffer.baseAddress, bytes.count)
    }

    deinit {
        // The scan lets go of the parser and the file before they are closed.
        pipe?.stop()
        pg_batch_free(batch)
        yaml_parser_delete(parser)
        parser.deallocate()
        if let file { fclose(file) }
        text?.deallocate()
    }

    // MARK: The current event

    /// Moves to the next event.
    package func advance() throws {
        cursor += 1
        if cursor >= Int(batch.pointee.count) {
            kind = .none
            try refill()
        }
        kind = EventKind(libyamlType: batch.pointee.events[cursor].type)
    }

    /// The batch is used up: a failure after it is thrown now, else the next batch is read.
    private func refill() throws {
        if batch.pointee.failed != 0 || broken {
            broken = true
            throw failure ?? parserError()
        }
        if batch.pointee.ended != 0 {
            broken = true
            throw Diagnostic(path: path, message: "read past the end of the YAML stream")
        }
        if let pipe {
            batch = pipe.next(returning: batch)
        } else {
            pg_fill(parser, batch)
        }
        cursor = 0
        if batch.pointee.count == 0 {
            broken = true
            failure = parserError()
            throw failure!
        }
    }

    /// The syntax error, once made, for every later read.
    private var failure: Diagnostic?

    private var current: pg_event { batch.pointee.events[cursor] }

    /// The current event's kind, worked out once per event: the loader asks it several times.
    @exclusivity(unchecked) package private(set) var kind = EventKind.none

    package var position: SourcePosition { SourcePosition(path: path, line: line, column: column) }
    /// The current event's 1-based line and column, without building a position.
    package var line: Int { Int(current.line) }
    package var column: Int { Int(current.column) }
    /// Set once libyaml has failed: the rest of the stream cannot be read.
    package private(set) var broken = false

    /// A scalar's bytes, valid until the next `advance`.
    package var scalarBytes: UnsafeBufferPointer<UInt8> {
        let e = current
        let start = UnsafeRawPointer(batch.pointee.arena! + Int(e.start)).assumingMemoryBound(to: UInt8.self)
        return UnsafeBufferPointer(start: start, count: Int(e.length))
    }

    /// A plain scalar with no tag: the only kind that may be a number or a boolean.
    package var isPlainScalar: Bool { current.plain != 0 }

    /// The current node carries an anchor, so it must be kept as a node for later aliases.
    package var hasAnchor: Bool { current.name >= 0 && current.type != Int32(YAML_ALIAS_EVENT.rawValue) }

    /// The current event's anchor, or the name an alias refers to.
    private var name: String? {
        let e = current
        guard e.name >= 0 else { return nil }
        let start = UnsafeRawPointer(batch.pointee.arena! + Int(e.name)).assumingMemoryBound(to: UInt8.self)
        return String(decoding: UnsafeBufferPointer(start: start, count: Int(e.name_length)), as: UTF8.self)
    }

    /// Reads a run of plain `[t, x, y]` rows from the current event on (`SampleRows`), leaving the
    /// event after them current; false when the current row is not one of them.
    package func readPlainRows(after previous: inout Sample?, into rows: inout [Sample]) -> Bool {
        let next = SampleRows.read(batch, from: cursor, after: &previous, into: &rows)
        guard next > cursor else { return false }
        cursor = next
        kind = EventKind(libyamlType: batch.pointee.events[cursor].type)
        return true
    }

    // MARK: Documents

    /// Moves to the next document's root node; false at the end of the stream.
    package func beginDocument() throws -> Bool {
        if let pendingError {
            self.pendingError = nil
            finished = true
            throw pendingError
        }
        guard !finished else { return false }
        do {
            anchors = [:]
            aliasExpansion = 0
            repeat {
                try advance()
                if kind == .streamEnd {
                    finished = true
                    return false
                }
            } while kind == .streamStart || kind == .documentStart
            return true
        } catch {
            finished = true
            throw error
        }
    }

    /// After the root node: moves past the document's end and looks one event further, so that
    /// `atEnd` knows whether another document follows.
    package func endDocument() throws {
        do {
            try advance()
            while kind != .documentEnd { try advance() }
        } catch {
            finished = true
            throw error
        }
        do {
            try advance()
            if kind == .streamEnd { finished = true }
        } catch let error as Diagnostic {
            pendingError = error
        }
        anchors = [:]
    }

    /// After an error inside a document: skips the rest of it, so the next one can be read.
    package func skipDocument() {
        do {
            var depth = 0
            while kind != .documentEnd {
                try advance()
                try track(&depth)
            }
            try advance()
            if kind == .streamEnd { finished = true }
        } catch {
            finished = true
            pendingError = nil
        }
        anchors = [:]
    }

    /// True once the stream is known to hold no document after the ones read: a document's default
    /// name depends on whether its file holds several.
    package var atEnd: Bool { finished && pendingError == nil }

    // MARK: Nodes

    /// The node starting at the current event, through its last event (which stays current).
    package func node() throws -> YAMLNode {
        var stack: [Frame] = []
        while true {
            let here = position
            let anchor = name
            var finished: YAMLNode?
            switch kind {
            case .alias:
                let name = anchor ?? ""
                guard let target = anchors[name] else {
                    throw try leaving(
                        stack.count,
                        here.error("unknown alias `*\(name)`", suggestion: "define `&\(name)` before using it"))
                }
                aliasExpansion += target.expandedSize
                if aliasExpansion > Self.aliasBudget {
                    throw try leaving(
                        stack.count,
                        here.error(
                            "aliases expand past \(Self.aliasBudget) nodes; refusing what looks like an alias bomb"))
                }
                // The anchor's children are shared, not copied; the node itself is placed at the alias,
                // so an error about where it is used (order, a duplicate id) points there.
                finished = YAMLNode(target.content, at: here, expandedSize: target.expandedSize, isAlias: true)
            case .scalar:
                let value = String(decoding: scalarBytes, as: UTF8.self)
                let node = YAMLNode(.scalar(value, isString: current.is_string != 0), at: here, expandedSize: 1)
                if let anchor { anchors[anchor] = node }
                finished = node
            case .sequenceStart, .mappingStart:
                if stack.count >= Self.maximumDepth { throw tooDeep(at: here) }
                stack.append(Frame(isMapping: kind == .mappingStart, anchor: anchor, location: here))
            case .sequenceEnd, .mappingEnd:
                let frame = stack.removeLast()
                let content: YAMLNode.Content
                if frame.isMapping {
                    var pairs: [(key: YAMLNode, value: YAMLNode)] = []
                    pairs.reserveCapacity(frame.items.count / 2)
                    var index = 0
                    while index + 1 < frame.items.count {
                        pairs.append((frame.items[index], frame.items[index + 1]))
                        index += 2
                    }
                    content = .mapping(pairs)
                } else {
                    content = .sequence(frame.items)
                }
                let node = YAMLNode(content, at: frame.location, expandedSize: frame.size)
                if let anchor = frame.anchor { anchors[anchor] = node }
                finished = node
            default:
                throw here.error("unexpected YAML event inside a node")
            }
            if let node = finished {
                guard !stack.isEmpty else { return node }
                stack[stack.count - 1].items.append(node)
                stack[stack.count - 1].size += node.expandedSize
            }
            try advance()
        }
    }

    /// `error`, found `open` levels inside a node: the rest of the node is passed first, so that its
    /// last event is current, as after any node, and a reader that records the error and goes on
    /// reads on from there (a syntax error on the way is thrown instead).
    private func leaving(_ open: Int, _ error: Diagnostic) throws -> Diagnostic {
        var depth = open
        while depth > 0 {
            try advance()
            try track(&depth)
        }
        return error
    }

    /// Moves past the node starting at the current event, like `node()` but building nothing: for
    /// the parts of a large document a reader has no use for.
    package func skipNode() throws {
        var depth = 0
        while true {
            try track(&depth)
            if depth == 0 { return }
            try advance()
        }
    }

    /// Counts the current event into `depth`, levels below where a walk started, and stops the
    /// walk at the same limit as `node()`.
    private func track(_ depth: inout Int) throws {
        switch kind {
        case .sequenceStart, .mappingStart:
            depth += 1
            if depth > Self.maximumDepth { throw tooDeep(at: position) }
        case .sequenceEnd, .mappingEnd: depth -= 1
        default: break
        }
    }

    /// Too deep a nesting ends the file, not only its document: libyaml's flow scanner costs time in
    /// proportion to the depth for every token, so reading on through 100,000 open brackets to the
    /// document's end would take minutes, and an unclosed one hides every later document anyway.
    private func tooDeep(at place: SourcePosition) -> Diagnostic {
        let error = place.error(
            "nesting deeper than \(Self.maximumDepth) levels; no popgesture document nests like this")
        broken = true
        failure = error
        return error
    }

    private struct Frame {
        var isMapping: Bool
        var anchor: String?
        var location: SourcePosition
        var items: [YAMLNode] = []
        var size = 1
    }

    // MARK: Errors

    private func location(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(path: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private var rereader: InputRereader { InputRereader(path: path, text: text, file: file) }

    private func parserError() -> Diagnostic {
        let p = parser.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "unknown error"
        var message: String
        let mark: yaml_mark_t
        switch p.error {
        case YAML_READER_ERROR:
            // Reader errors carry a byte offset rather than a mark: binary data or a broken encoding.
            // libyaml decodes ahead of the scanner, so its mark is not where the bad byte is.
            message = "not a YAML text file: \(problem) at byte \(p.problem_offset)"
            return rereader.position(ofByte: Int(p.problem_offset), encoding: p.encoding)?.error(message)
                ?? location(p.mark).error(message)
        case YAML_MEMORY_ERROR:
            message = "out of memory while parsing YAML"
            mark = p.mark
        default:
            message = "malformed YAML: \(problem)"
            let context = p.context.map { String(cString: $0) }
            if let context { message += " (\(context))" }
            let hint = SyntaxHint(
                problem: problem, context: context, problemAt: location(p.problem_mark),
                contextAt: p.context == nil ? nil : location(p.context_mark), lines: rereader.lines)
            return location(p.problem_mark).error(message, suggestion: hint.text)
        }
        return location(mark).error(message)
    }
}
