/// Load stage: turns one file's YAML documents into typed documents, one document at a time.
///
/// An invalid document yields a `.failure` and the next document is read; a syntax error ends the
/// file (libyaml cannot resynchronise), after the documents before it were delivered.
public final class TraceFileLoader: IteratorProtocol, Sequence {
    public let path: String
    private var reader: YAMLDocumentReader?
    /// Why the file could not be opened; yielded as the file's one failure.
    package private(set) var openError: Diagnostic?
    private var index = 0
    private var configs: [String: Result<StackConfig, Diagnostic>] = [:]
    /// Starts a sink for a trace whose header (`format` and a stack) came before its events.
    package var sink: ((Trace) -> any TraceEventSink)?
    /// Another tool's file may turn up here (a `*.json` found by walking a folder): without a
    /// popgesture `format` at its root it is `.foreign`, not an error.
    private let mayBeForeign: Bool
    /// The document being read has a root `format` naming a popgesture document.
    private var hasPopgestureFormat = false
    /// Found by walking a folder (not named): a first document that is one of popgesture's own
    /// files that are no input (`OwnFile`) is `.notTrace`, not an error.
    private let walked: Bool
    /// The document being read has a root `format` naming one of those.
    private var ownFile: OwnFile?
    /// Samples kept per document, beyond which a trace whose events go to a sink keeps no events:
    /// a long recording then costs what its sink holds, not its size.
    package let retainedSamples: Int
    /// False for a trace that came from elsewhere (a recorded take): a `config` path in it is an
    /// error, never a file read on this machine.
    public var readsConfigs = true

    /// Checks a `popgesture-config/1` document (`validate .popgesture.yml`), given its root and path.
    /// Run settings belong to the commands (`ConfigFile`, in PopGestureKit), which set this; without it
    /// such a document passes as one the replay passes by.
    package var checkRunSettings: ((YAMLNode, String) throws -> Void)?

    /// With `sink`, each trace document's events go to a sink made from its header as they are read.
    /// `pipelineFrom`: a file of at least this many bytes is scanned on a thread of its own, the
    /// same documents and diagnostics in the same order (`EventPipe`).
    public init(
        path: String, sink: ((Trace) -> any TraceEventSink)? = nil, retainedSamples: Int = 200_000,
        mayBeForeign: Bool = false, walked: Bool = false,
        pipelineFrom: Int? = nil
    ) {
        self.path = path
        self.sink = sink
        self.retainedSamples = retainedSamples
        self.mayBeForeign = mayBeForeign
        self.walked = walked
        do {
            reader = try YAMLDocumentReader(path: path, pipelineFrom: pipelineFrom)
        } catch {
            openError = error as? Diagnostic
        }
    }

    /// Loads YAML text held in memory under a display path (tests, standard input).
    public init(
        text: String, path: String, sink: ((Trace) -> any TraceEventSink)? = nil, retainedSamples: Int = 200_000
    ) {
        self.path = path
        self.sink = sink
        self.retainedSamples = retainedSamples
        mayBeForeign = false
        walked = false
        reader = YAMLDocumentReader(text: text, path: path)
    }

    /// The file's first `limit` bytes, from memory or read by position from a streamed file (see
    /// `YAMLDocumentReader.head`): what a caller looks for in a file's head is found without
    /// opening it again. Nil once the file has ended.
    package func head(limit: Int) -> [UInt8]? {
        reader?.head(limit: limit)
    }

    public func next() -> LoadedDocument? {
        if let openError {
            self.openError = nil
            return .failure(source: path, openError)
        }
        guard let reader else { return nil }
        index += 1
        let source = "\(path)#\(index)"
        hasPopgestureFormat = false
        ownFile = nil
        /// The first document of a file that may be another tool's showed no popgesture `format`.
        var foreign: Bool { mayBeForeign && index == 1 && !hasPopgestureFormat }
        do {
            guard try reader.beginDocument() else {
                self.reader = nil
                if foreign { return .foreign(path: path) }
                if index == 1 {
                    return .failure(
                        source: path,
                        Diagnostic(
                            path: path, message: "contains no trace document",
                            suggestion: "a trace starts with `format: popgesture-trace/1`"))
                }
                return nil
            }
        } catch {
            // libyaml cannot go on after a syntax error: this file ends here.
            self.reader = nil
            return foreign ? .foreign(path: path) : .failure(source: source, asDiagnostic(error, path: path))
        }
        var documentRead = false
        let errors = DocumentErrors()
        do {
            var stream = EventStream(source: source, limit: retainedSamples)
            let root = try readRoot(reader, into: &stream, errors: errors)
            if walked, index == 1, let ownFile {
                self.reader = nil
                return .notTrace(path: path, ownFile)
            }
            if foreign {
                self.reader = nil
                return .foreign(path: path)
            }
            try reader.endDocument()
            documentRead = true
            let several = index > 1 || !reader.atEnd
            let loaded = try decode(
                root, source: source, defaultName: several ? "\(stem(of: path))#\(index)" : stem(of: path),
                stream: stream,
                errors: errors)
            return errors.isEmpty ? loaded : .failure(source: source, errors.combined(path: path))
        } catch {
            if reader.broken || foreign {
                self.reader = nil
            } else if !documentRead {
                reader.skipDocument()
            }
            if foreign { return .foreign(path: path) }
            // The errors found before a fatal one (a syntax error, a wrong format) are reported with it.
            if let collected = error as? DocumentErrors.Collected {
                return .failure(source: source, collected.diagnostic)
            }
            let diagnostic = asDiagnostic(error, path: path)
            return .failure(source: source, errors.isEmpty ? diagnostic : errors.combined(with: diagnostic, path: path))
        }
    }

    /// The document's root; a trace's `events` list is read item by item as it streams past, its
    /// samples straight from libyaml's events, and handed to `stream` instead of kept as nodes.
    private func readRoot(_ reader: YAMLDocumentReader, into stream: inout EventStream, errors: DocumentErrors) throws
        -> YAMLNode
    {
        guard reader.kind == .mappingStart, !reader.hasAnchor else {
            let root = try reader.node()
            if case .mapping(let pairs) = root.content {
                hasPopgestureFormat = pairs.contains(where: Self.namesPopgestureFormat)
                ownFile = pairs.lazy.compactMap(Self.ownFile).first
            }
            return root
        }
        let position = reader.position
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        try reader.advance()
        while reader.kind != .mappingEnd {
            let key = try reader.node()
            try reader.advance()
            // Another tool's JSON may have `events` of its own: only a popgesture trace's are read as they stream.
            if !stream.read, case .scalar("events", _) = key.content, reader.kind == .sequenceStart, !reader.hasAnchor,
                Self.mayBeTrace(pairs), hasPopgestureFormat || !mayBeForeign
            {
                // The keys before `events` are checked first; an error there is recorded (and found
                // again with the whole document, once), and the events are still checked, unreplayed.
                let head = YAMLNode(.mapping(pairs), at: position, expandedSize: 1)
                let source = stream.source
                func decodeHeader() throws -> Trace {
                    try TraceDecoder(path: path, loadConfig: config).decode(
                        head, source: source, defaultName: "", events: [])
                }
                // The header decoded once (its config loaded once): it starts the replay, and the
                // whole document's decode takes it as it is. Only when it fails are the keys checked
                // one by one, to say every bad one, and the first error decoding it said.
                let replayed = errors.isEmpty && sink != nil && Self.hasHeader(pairs)
                var header = replayed ? try? decodeHeader() : nil
                if header == nil {
                    if let fields = errors.attempt(
                        path: path,
                        { try MappingFields(head, "a trace document", known: TraceDecoder.topKeys, errors: errors) })
                    {
                        // Checked now, so that a syntax error later in the events does not hide them.
                        var values: [String: YAMLNode] = [:]
                        for key in StackConfig.keys { values[key] = fields[key] }
                        _ = try TraceDecoder.settings(values, errors: errors, path: path)
                    }
                    if replayed, errors.isEmpty { header = errors.attempt(path: path, decodeHeader) }
                }
                if let header, let sink {
                    stream.header = header
                    stream.sink = sink(header)
                }
                let list = reader.position
                try readEvents(reader, into: &stream, errors: errors)
                stream.read = true
                pairs.append((key, YAMLNode(.sequence([]), at: list, expandedSize: 1)))
            } else {
                if stream.read, case .scalar(let name, _) = key.content,
                    name == "config" || StackConfig.keys.contains(name)
                {
                    stream.headerKeyAfterEvents = true
                }
                pairs.append((key, try reader.node()))
                if Self.namesPopgestureFormat(pairs[pairs.count - 1]) { hasPopgestureFormat = true }
                if let own = Self.ownFile(pairs[pairs.count - 1]) { ownFile = own }
            }
            try reader.advance()
        }
        return YAMLNode(.mapping(pairs), at: position, expandedSize: 2 * pairs.count + 1)
    }

    /// A root `format` naming a popgesture document, known or not (`popgesture-trace/2` is ours, and wrong).
    private static func namesPopgestureFormat(_ pair: (key: YAMLNode, value: YAMLNode)) -> Bool {
        guard case .scalar("format", _) = pair.key.content, case .scalar(let value, _) = pair.value.content else {
            return false
        }
        return value.hasPrefix("popgesture-")
    }

    /// A root `format` naming one of popgesture's own files that are no input (a baseline, a sweep report).
    private static func ownFile(_ pair: (key: YAMLNode, value: YAMLNode)) -> OwnFile? {
        guard case .scalar("format", _) = pair.key.content, case .scalar(let value, _) = pair.value.content else {
            return nil
        }
        return OwnFile(format: value)
    }

    private static func mayBeTrace(_ pairs: [(key: YAMLNode, value: YAMLNode)]) -> Bool {
        for (key, value) in pairs {
            if case .scalar("format", _) = key.content, case .scalar(let format, _) = value.content {
                return format == DocumentFormat.trace.rawValue
            }
        }
        return true
    }

    /// `format` and a stack (or a config supplying one) came before `events`: the replay can start.
    private static func hasHeader(_ pairs: [(key: YAMLNode, value: YAMLNode)]) -> Bool {
        var format = false
        var stack = false
        for (key, _) in pairs {
            guard case .scalar(let name, _) = key.content else { continue }
            if name == "format" { format = true }
            if name == "stack" || name == "config" { stack = true }
        }
        return format && stack
    }

    /// Each event is checked on its own: one in error is recorded and left out, and the rest go on
    /// being checked, but no longer replayed or kept (the document will not be). Only syntax errors
    /// are thrown.
    private func readEvents(_ reader: YAMLDocumentReader, into stream: inout EventStream, errors: DocumentErrors) throws
    {
        var decoder = TraceDecoder(path: path, loadConfig: config)
        decoder.errors = errors
        var order = EventOrderCheck()
        var streamed = StreamedEventReader(path: path)
        try reader.advance()
        while reader.kind != .sequenceEnd {
            let line = reader.line
            let column = reader.column
            let item = try streamed.item(reader)
            let event = errors.attempt(path: path) { () throws -> TraceEvent in
                switch item {
                case .stroke(let stroke):
                    let event = TraceEvent.touch(stroke)
                    try order.check(event, at: line, column, path: path)
                    return event
                case .node(let item, let samples):
                    let event = try decoder.decodeEvent(item, samples: samples)
                    try order.check(event, item)
                    return event
                }
            }
            if let event, errors.isEmpty { stream.add(event) }
            try reader.advance()
        }
    }

    private func decode(
        _ node: YAMLNode, source: String, defaultName: String, stream: EventStream, errors: DocumentErrors
    ) throws -> LoadedDocument {
        // A config file is read when named (`validate .popgesture.yml`); the messages about other
        // documents go on naming the three inputs.
        let isConfig = (try? DocumentFormat.of(node, expecting: [.config])) != nil
        switch try DocumentFormat.of(node, expecting: isConfig ? [.config] : [.trace, .stack, .rules]) {
        case .trace:
            var stream = stream
            var decoder = TraceDecoder(path: path, loadConfig: config)
            decoder.errors = errors
            if !stream.headerKeyAfterEvents { decoder.header = stream.header }
            var trace = try decoder.decode(
                node, source: source, defaultName: defaultName, events: stream.read ? stream.kept : nil)
            trace.eventsKept = !stream.dropped
            if let header = stream.header, !trace.hasSameHeader(as: header) {
                // A header key came after `events`: the sink was started from the wrong header, so
                // the trace goes without it (its consumer starts again from the kept events).
                guard !stream.dropped else {
                    throw node.error(
                        "a key that shapes the replay (`screen`, `layoutDirection`, `barAppearanceManaged`, `initialBarHidden`, `stack` or `config`) comes after an `events` list of more than \(retainedSamples) samples",
                        suggestion: "put those keys before `events`, so a long recording is replayed as it is read")
                }
                stream.sink = nil
            }
            return .trace(trace, fed: stream.sink)
        case .stack:
            _ = try StackConfig(node)
            return .stackConfig(source: source)
        case .config:
            // `validate .popgesture.yml`: checked like any input; a config is no trace.
            try checkRunSettings?(node, path)
            return .stackConfig(source: source)
        case .rules:
            return .rules(try RulesLoader.load(document: node, path: path), source: source)
        }
    }

    /// A config's problems are the referencing trace's: the error points at the `config:` value, so an
    /// editor opens the trace, and names the config and the place in it.
    private func config(_ relative: String, at node: YAMLNode) throws -> StackConfig {
        guard readsConfigs else {
            throw node.error(
                "this trace may not name a `config` file: it came over the network, and its stack must be in the trace itself",
                suggestion: "remove `config` and write `screen` and `stack` in the trace")
        }
        let resolved = resolve(relative, relativeTo: path)
        let result: Result<StackConfig, Diagnostic>
        if let cached = configs[resolved] {
            result = cached
        } else {
            do {
                let reader: YAMLDocumentReader
                do {
                    reader = try YAMLDocumentReader(path: resolved)
                } catch {
                    // Not read at all: the message is the whole story, without a place in the config.
                    throw Diagnostic(
                        message:
                            "cannot read config `\(relative)` (\(resolved)): \(asDiagnostic(error, path: resolved).message)"
                    )
                }
                result = .success(try StackConfig(reading: reader))
            } catch {
                result = .failure(asDiagnostic(error, path: resolved))
            }
            configs[resolved] = result
        }
        do {
            return try result.get()
        } catch {
            // Where in the config, as `path:line:column` or, about the whole file, `path`.
            let place = error.location.map { "\($0.path):\($0.line):\($0.column)" } ?? error.path
            guard !place.isEmpty else { throw node.error(error.message, suggestion: error.suggestion) }
            throw node.error(
                "config `\(relative)` is invalid: \(place): \(error.message)", suggestion: error.suggestion)
        }
    }
}
