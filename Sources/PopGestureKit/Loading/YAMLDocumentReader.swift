internal import CYaml
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads YAML documents one at a time through libyaml's event API.
///
/// Only the current document is held in memory, so a file of ten thousand traces costs one trace.
/// After a syntax error libyaml cannot go on, so the reader reports the error once and then ends.
final class YAMLDocumentReader {
    /// Alias expansions past this many nodes in one document are an alias bomb, not a trace.
    static let aliasBudget = 1_000_000
    /// Deeper than any trace, rules or stack document; keeps a pathological file from exhausting the stack.
    static let maximumDepth = 256

    let path: String
    // libyaml keeps a pointer to the parser inside the parser, so it must never move.
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private var file: UnsafeMutablePointer<FILE>?
    private var text: UnsafeMutableBufferPointer<UInt8>?
    private var finished = false
    /// An error met while looking past the last document; thrown by the next read.
    private var pendingError: Diagnostic?
    private(set) var documentsRead = 0

    /// Opens a file for streaming; throws when it cannot be read.
    init(path: String) throws {
        self.path = path
        var info = stat()
        if stat(path, &info) != 0 {
            throw Diagnostic(path: path, line: 1, column: 1, message: "cannot read file: \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw Diagnostic(path: path, line: 1, column: 1, message: "is a directory, expected a YAML file",
                             suggestion: "pass the directory to `validate`, `check` or `replay`, which read the *.yaml files inside")
        }
        guard let handle = fopen(path, "rb") else {
            throw Diagnostic(path: path, line: 1, column: 1, message: "cannot read file: \(String(cString: strerror(errno)))")
        }
        file = handle
        parser = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            fclose(handle)
            parser.deallocate()
            throw Diagnostic(path: path, line: 1, column: 1, message: "out of memory starting the YAML parser")
        }
        yaml_parser_set_input_file(parser, handle)
    }

    /// Reads YAML held in memory (built-in presets, tests).
    init(text source: String, path: String) {
        self.path = path
        let bytes = Array(source.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = buffer.initialize(from: bytes)
        text = buffer
        parser = .allocate(capacity: 1)
        yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, buffer.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        if let file { fclose(file) }
        text?.deallocate()
    }

    /// The next document's root node, or nil after the last one.
    func nextDocument() throws -> YAMLNode? {
        if let pendingError {
            self.pendingError = nil
            finished = true
            throw pendingError
        }
        guard !finished else { return nil }
        do {
            guard let node = try readDocument() else {
                finished = true
                return nil
            }
            documentsRead += 1
            lookPastDocument()
            return node
        } catch {
            finished = true
            throw error
        }
    }

    /// True once the stream is known to hold no document after the ones read: a document's default
    /// name depends on whether its file holds several.
    var atEnd: Bool { finished && pendingError == nil }

    /// Reads the one event after a document's end: stream end or the next document's start.
    private func lookPastDocument() {
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer { event.deallocate() }
        do {
            try parseEvent(event)
            if event.pointee.type == YAML_STREAM_END_EVENT { finished = true }
            yaml_event_delete(event)
        } catch let error as Diagnostic {
            pendingError = error
        } catch {}
    }

    private func location(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(path: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func parseEvent(_ event: UnsafeMutablePointer<yaml_event_t>) throws {
        guard yaml_parser_parse(parser, event) == 1 else { throw parserError() }
    }

    private func parserError() -> Diagnostic {
        let p = parser.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "unknown error"
        var message: String
        let mark: yaml_mark_t
        switch p.error {
        case YAML_READER_ERROR:
            // Reader errors carry a byte offset rather than a mark: binary data or a broken encoding.
            message = "not a YAML text file: \(problem) at byte \(p.problem_offset)"
            mark = p.mark
        case YAML_MEMORY_ERROR:
            message = "out of memory while parsing YAML"
            mark = p.mark
        default:
            message = "malformed YAML: \(problem)"
            if let context = p.context { message += " (\(String(cString: context)))" }
            mark = p.problem_mark
        }
        return location(mark).error(message)
    }

    private struct Frame {
        var isMapping: Bool
        var anchor: String?
        var location: SourcePosition
        var items: [YAMLNode] = []
        var size = 1
    }

    private func readDocument() throws -> YAMLNode? {
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer { event.deallocate() }
        var anchors: [String: YAMLNode] = [:]
        var aliasExpansion = 0
        var stack: [Frame] = []
        var root: YAMLNode?

        func attach(_ node: YAMLNode) {
            if stack.isEmpty {
                root = node
            } else {
                stack[stack.count - 1].items.append(node)
                stack[stack.count - 1].size += node.expandedSize
            }
        }

        while true {
            try parseEvent(event)
            defer { yaml_event_delete(event) }
            let e = event.pointee
            let here = location(e.start_mark)
            switch e.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_START_EVENT:
                continue
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_DOCUMENT_END_EVENT:
                return root
            case YAML_ALIAS_EVENT:
                let name = string(e.data.alias.anchor)
                guard let target = anchors[name] else {
                    throw here.error("unknown alias `*\(name)`", suggestion: "define `&\(name)` before using it")
                }
                aliasExpansion += target.expandedSize
                if aliasExpansion > Self.aliasBudget {
                    throw here.error("aliases expand past \(Self.aliasBudget) nodes; refusing what looks like an alias bomb")
                }
                attach(target)
            case YAML_SCALAR_EVENT:
                let s = e.data.scalar
                let value = String(decoding: UnsafeBufferPointer(start: s.value, count: Int(s.length)), as: UTF8.self)
                let tag = s.tag.map { String(cString: $0) }
                let isString = s.style != YAML_PLAIN_SCALAR_STYLE || tag == "tag:yaml.org,2002:str"
                let node = YAMLNode(.scalar(value, isString: isString), at: here, expandedSize: 1)
                if let anchor = s.anchor { anchors[String(cString: anchor)] = node }
                attach(node)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                if stack.count >= Self.maximumDepth {
                    throw here.error("nesting deeper than \(Self.maximumDepth) levels; no popgesture document nests like this")
                }
                let isMapping = e.type == YAML_MAPPING_START_EVENT
                let anchor = isMapping ? e.data.mapping_start.anchor : e.data.sequence_start.anchor
                stack.append(Frame(isMapping: isMapping, anchor: anchor.map { String(cString: $0) }, location: here))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
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
                attach(node)
            default:
                continue
            }
        }
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
