/// What one YAML document of an input file turned out to be.
public enum LoadedDocument: Sendable {
    case trace(Trace)
    /// A trace replayed under the loader's rule versions while it was read, one report per version.
    /// Its `events` are empty when they were streamed into the replays rather than kept.
    case replayed(Trace, [TraceReport])
    /// Rules and stack-config documents live beside traces (`traces/rules/`, `traces/stacks/`);
    /// `validate` checks them, the replay passes them by.
    case rules(Rules, source: String)
    case stackConfig(source: String)
    case failure(source: String, Diagnostic)

    /// A trace document with its reports under `replays`, replaying it here if the loader did not.
    public func replayed(under replays: [Replay]) -> (trace: Trace, reports: [TraceReport])? {
        switch self {
        case .replayed(let trace, let reports): (trace, reports)
        case .trace(let trace): (trace, replays.map { $0.run(trace) })
        case .rules, .stackConfig, .failure: nil
        }
    }

    public var source: String {
        switch self {
        case .trace(let trace), .replayed(let trace, _): trace.source
        case .rules(_, let source), .stackConfig(let source), .failure(let source, _): source
        }
    }
}

/// Load stage: turns one file's YAML documents into typed documents, one document at a time.
///
/// An invalid document yields a `.failure` and the next document is read; a syntax error ends the
/// file (libyaml cannot resynchronise), after the documents before it were delivered.
public final class TraceFileLoader: IteratorProtocol, Sequence {
    public let path: String
    private var reader: YAMLDocumentReader?
    private var openError: Diagnostic?
    private var index = 0
    private var configs: [String: Result<StackConfig, Diagnostic>] = [:]
    private let replays: [Replay]
    /// Samples kept per document, beyond which a trace being replayed as it is read keeps no events:
    /// a long recording then costs what its replay holds, not its size.
    let retainedSamples: Int

    /// With `replays`, each trace document is replayed under them as it is read (`.replayed`).
    public init(path: String, replays: [Replay] = [], retainedSamples: Int = 200_000) {
        self.path = path
        self.replays = replays
        self.retainedSamples = retainedSamples
        do {
            reader = try YAMLDocumentReader(path: path)
        } catch {
            openError = error as? Diagnostic
        }
    }

    /// Loads YAML text held in memory under a display path (tests, standard input).
    public init(text: String, path: String, replays: [Replay] = [], retainedSamples: Int = 200_000) {
        self.path = path
        self.replays = replays
        self.retainedSamples = retainedSamples
        reader = YAMLDocumentReader(text: text, path: path)
    }

    public func next() -> LoadedDocument? {
        if let openError {
            self.openError = nil
            return .failure(source: path, openError)
        }
        guard let reader else { return nil }
        index += 1
        let source = "\(path)#\(index)"
        do {
            guard try reader.beginDocument() else {
                self.reader = nil
                if index == 1 {
                    return .failure(source: path, Diagnostic(path: path, line: 1, column: 1,
                        message: "contains no trace document", suggestion: "a trace starts with `format: popgesture-trace/1`"))
                }
                return nil
            }
        } catch {
            // libyaml cannot go on after a syntax error: this file ends here.
            self.reader = nil
            return .failure(source: source, asDiagnostic(error, path: path))
        }
        var documentRead = false
        do {
            var stream = EventStream(source: source, limit: retainedSamples)
            let root = try readRoot(reader, into: &stream)
            try reader.endDocument()
            documentRead = true
            let several = index > 1 || !reader.atEnd
            return try decode(root, source: source, defaultName: several ? "\(stem(of: path))#\(index)" : stem(of: path), stream: stream)
        } catch {
            if reader.broken {
                self.reader = nil
            } else if !documentRead {
                reader.skipDocument()
            }
            return .failure(source: source, asDiagnostic(error, path: path))
        }
    }

    /// A trace's events as they stream past: kept (up to a bound when replays consume them) and fed
    /// to the replays once the header they need has been read.
    struct EventStream {
        let source: String
        let limit: Int
        var read = false
        var kept: [TraceEvent] = []
        var keptSamples = 0
        /// Some events were fed to the sessions and not kept.
        var dropped = false
        var sessions: [ReplaySession] = []
        /// The header the sessions were started with.
        var header: Trace?

        mutating func add(_ event: TraceEvent) {
            for i in sessions.indices { sessions[i].feed(event) }
            if !dropped {
                kept.append(event)
                if case .touch(let stroke) = event.kind { keptSamples += stroke.samples.count }
                if !sessions.isEmpty, keptSamples > limit {
                    kept = []
                    dropped = true
                }
            }
        }
    }

    /// The document's root; a trace's `events` list is read item by item as it streams past, its
    /// samples straight from libyaml's events, and handed to `stream` instead of kept as nodes.
    private func readRoot(_ reader: YAMLDocumentReader, into stream: inout EventStream) throws -> YAMLNode {
        guard reader.kind == .mappingStart, !reader.hasAnchor else { return try reader.node() }
        let position = reader.position
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        try reader.advance()
        while reader.kind != .mappingEnd {
            let key = try reader.node()
            try reader.advance()
            if !stream.read, case .scalar("events", _) = key.content, reader.kind == .sequenceStart, !reader.hasAnchor,
               Self.mayBeTrace(pairs) {
                // The keys before `events` are checked first, so errors come in document order.
                let head = YAMLNode(.mapping(pairs), at: position, expandedSize: 1)
                _ = try MappingFields(head, "a trace document", known: TraceDecoder.topKeys)
                if !replays.isEmpty, Self.hasHeader(pairs) {
                    let header = try TraceDecoder(path: path, loadConfig: config).decode(head, source: stream.source, defaultName: "", events: [])
                    stream.header = header
                    stream.sessions = replays.map { ReplaySession(trace: header, rules: $0.rules, keepsRecords: $0.keepsRecords) }
                }
                let list = reader.position
                try readEvents(reader, into: &stream)
                stream.read = true
                pairs.append((key, YAMLNode(.sequence([]), at: list, expandedSize: 1)))
            } else {
                pairs.append((key, try reader.node()))
            }
            try reader.advance()
        }
        return YAMLNode(.mapping(pairs), at: position, expandedSize: 2 * pairs.count + 1)
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
        var format = false, stack = false
        for (key, _) in pairs {
            guard case .scalar(let name, _) = key.content else { continue }
            if name == "format" { format = true }
            if name == "stack" || name == "config" { stack = true }
        }
        return format && stack
    }

    private func readEvents(_ reader: YAMLDocumentReader, into stream: inout EventStream) throws {
        let decoder = TraceDecoder(path: path, loadConfig: config)
        var order = EventOrderCheck()
        try reader.advance()
        while reader.kind != .sequenceEnd {
            let line = reader.line, column = reader.column
            switch try readEventItem(reader) {
            case .stroke(let stroke):
                let event = TraceEvent.touch(stroke)
                try order.check(event, at: line, column, path: path)
                stream.add(event)
            case .node(let item, let samples):
                let event = try decoder.decodeEvent(item, samples: samples)
                try order.check(event, item)
                stream.add(event)
            }
            try reader.advance()
        }
    }

    enum EventItem {
        /// A plain, valid stroke, decoded straight from the events.
        case stroke(Stroke)
        /// Anything else, as nodes, for the decoder and its messages; samples already read.
        case node(YAMLNode, Result<[Sample], Diagnostic>?)
    }

    /// One event. The common stroke, `{touch: N, samples: [...], up|cancel: T}` with plain scalars and
    /// nothing wrong, is decoded straight from the events; anything else (other kinds, anchors,
    /// quoted or odd values, any error) becomes a small node mapping, rebuilt from what was read so
    /// far, and goes through the decoder, so its errors are the node path's.
    private func readEventItem(_ reader: YAMLDocumentReader) throws -> EventItem {
        guard reader.kind == .mappingStart, !reader.hasAnchor else { return .node(try reader.node(), nil) }
        let position = reader.position
        var plains: [PlainScalar] = []
        var samplesKey: (line: Int, column: Int)?
        var samplesList: YAMLNode?
        var samples: Result<[Sample], Diagnostic>?
        var pairs: [(key: YAMLNode, value: YAMLNode)]?
        func scalarNode(_ text: String, _ line: Int, _ column: Int) -> YAMLNode {
            YAMLNode(.scalar(text, isString: false), at: SourcePosition(path: path, line: line, column: column), expandedSize: 1)
        }
        /// Switches to nodes: what was read so far becomes nodes, in document order.
        func nodes() -> [(key: YAMLNode, value: YAMLNode)] {
            if let pairs { return pairs }
            var built: [(key: YAMLNode, value: YAMLNode, line: Int, column: Int)] = plains.map {
                (scalarNode($0.key, $0.keyLine, $0.keyColumn), scalarNode($0.text, $0.line, $0.column), $0.keyLine, $0.keyColumn)
            }
            if let samplesKey, let samplesList {
                built.append((scalarNode("samples", samplesKey.line, samplesKey.column), samplesList, samplesKey.line, samplesKey.column))
            }
            built.sort { ($0.line, $0.column) < ($1.line, $1.column) }
            return built.map { ($0.key, $0.value) }
        }
        try reader.advance()
        while reader.kind != .mappingEnd {
            let keyLine = reader.line, keyColumn = reader.column
            var fastKey: String?
            if pairs == nil, reader.kind == .scalar, reader.isPlainScalar, !reader.hasAnchor {
                for name: StaticString in ["touch", "up", "cancel", "samples"] where reader.scalarEquals(name) {
                    let key = name.description
                    let seen = plains.contains { $0.key == key } || (key == "samples" && samplesKey != nil)
                    if !seen { fastKey = key }
                }
            }
            if let key = fastKey {
                try reader.advance()
                if key == "samples", reader.kind == .sequenceStart, !reader.hasAnchor {
                    samplesKey = (keyLine, keyColumn)
                    let list = YAMLNode(.sequence([]), at: reader.position, expandedSize: 1)
                    samplesList = list
                    samples = try readSamples(reader, list: list)
                } else if key != "samples", reader.kind == .scalar, reader.isPlainScalar, !reader.hasAnchor {
                    plains.append(PlainScalar(key: key, keyLine: keyLine, keyColumn: keyColumn,
                                        text: String(decoding: reader.scalarBytes, as: UTF8.self), line: reader.line, column: reader.column))
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
        var finger: Int?, up: Double?, cancel: Double?
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
    private func readSamples(_ reader: YAMLDocumentReader, list: YAMLNode) throws -> Result<[Sample], Diagnostic> {
        var samples: [Sample] = []
        var failure: Diagnostic?
        try reader.advance()
        while reader.kind != .sequenceEnd {
            if failure != nil {
                _ = try reader.node()
            } else if reader.kind == .sequenceStart, !reader.hasAnchor {
                let rowLine = reader.line, rowColumn = reader.column
                var values = (0.0, 0.0, 0.0)
                var slow: [Int: YAMLNode] = [:]
                var tLine = 0, tColumn = 0
                var count = 0
                try reader.advance()
                while reader.kind != .sequenceEnd {
                    if count == 0 { (tLine, tColumn) = (reader.line, reader.column) }
                    if count < 3, reader.kind == .scalar, reader.isPlainScalar, !reader.hasAnchor,
                       let value = parseDecimal(bytes: reader.scalarBytes), value.isFinite, count > 0 || value >= 0 {
                        let clean = value == 0 ? 0 : value
                        switch count {
                        case 0: values.0 = clean
                        case 1: values.1 = clean
                        default: values.2 = clean
                        }
                    } else {
                        slow[count] = try reader.node()
                    }
                    count += 1
                    try reader.advance()
                }
                do {
                    guard count == 3 else {
                        throw Diagnostic(path: path, line: rowLine, column: rowColumn,
                                         message: "expected a sample [t, x, y] with 3 numbers, found \(count)")
                    }
                    let sample = Sample(t: try slow[0]?.nonNegativeNumber(TraceDecoder.sampleWhat.t) ?? values.0,
                                        x: try slow[1]?.number(TraceDecoder.sampleWhat.x) ?? values.1,
                                        y: try slow[2]?.number(TraceDecoder.sampleWhat.y) ?? values.2)
                    try TraceDecoder.checkOrder(sample, after: samples.last,
                                                at: SourcePosition(path: path, line: tLine, column: tColumn))
                    samples.append(sample)
                } catch {
                    failure = asDiagnostic(error, path: path)
                }
            } else {
                do {
                    let row = try reader.node()
                    samples.append(try TraceDecoder.decodeSample(row, after: samples.last))
                } catch let error as Diagnostic where !reader.broken {
                    failure = error
                }
            }
            try reader.advance()
        }
        if let failure { return .failure(failure) }
        if samples.isEmpty { return .failure(TraceDecoder.emptySamples(list)) }
        return .success(samples)
    }

    private func decode(_ node: YAMLNode, source: String, defaultName: String, stream: EventStream) throws -> LoadedDocument {
        switch try DocumentFormat.of(node, expecting: [.trace, .stack, .rules]) {
        case .trace:
            var stream = stream
            let decoder = TraceDecoder(path: path, loadConfig: config)
            var trace = try decoder.decode(node, source: source, defaultName: defaultName, events: stream.read ? stream.kept : nil)
            trace.eventsKept = !stream.dropped
            guard !replays.isEmpty else { return .trace(trace) }
            if let header = stream.header, !trace.hasSameHeader(as: header) {
                // A header key came after `events`: replay again from the kept events, if they were kept.
                guard !stream.dropped else {
                    throw node.error("a key that shapes the replay (`screen`, `layoutDirection`, `barAppearanceManaged`, `initialBarHidden`, `stack` or `config`) comes after an `events` list of more than \(retainedSamples) samples",
                                     suggestion: "put those keys before `events`, so a long recording is replayed as it is read")
                }
                stream.sessions = []
            }
            guard !stream.sessions.isEmpty else {
                return .replayed(trace, replays.map { $0.run(trace) })
            }
            return .replayed(trace, stream.sessions.map { session in
                var session = session
                return session.finish(name: trace.name, expectations: trace.expectations)
            })
        case .stack:
            _ = try StackConfig(node)
            return .stackConfig(source: source)
        case .rules:
            return .rules(try RulesLoader.load(document: node, path: path), source: source)
        }
    }

    private func config(_ relative: String, at node: YAMLNode) throws -> StackConfig {
        let resolved = resolve(relative, relativeTo: path)
        if let cached = configs[resolved] { return try cached.get() }
        let result: Result<StackConfig, Diagnostic>
        do {
            result = .success(try readConfig(resolved, named: relative, at: node))
        } catch {
            result = .failure(asDiagnostic(error, path: resolved))
        }
        configs[resolved] = result
        return try result.get()
    }

    private func readConfig(_ resolved: String, named relative: String, at node: YAMLNode) throws -> StackConfig {
        let reader: YAMLDocumentReader
        do {
            reader = try YAMLDocumentReader(path: resolved)
        } catch let error as Diagnostic {
            throw node.error("cannot read config `\(relative)` (\(resolved)): \(error.message)")
        }
        guard let document = try reader.nextDocument() else {
            throw Diagnostic(path: resolved, line: 1, column: 1, message: "contains no stack-config document")
        }
        _ = try DocumentFormat.of(document, expecting: [.stack])
        return try StackConfig(document)
    }
}

/// A stack-config document (`format: popgesture-stack/1`): the five keys several traces share.
struct StackConfig {
    static let keys = ["screen", "layoutDirection", "barAppearanceManaged", "initialBarHidden", "stack"]
    let values: [String: YAMLNode]

    init(_ node: YAMLNode) throws {
        let fields = try MappingFields(node, "a stack-config document", known: ["format", "name"] + Self.keys)
        var values: [String: YAMLNode] = [:]
        for key in Self.keys { values[key] = fields[key] }
        self.values = values
        // Checked here, once, so that an error points into the config file itself.
        _ = try TraceDecoder.settings(values)
    }
}

/// Decodes one trace document's YAML tree into a `Trace`, checking every rule of SPEC section 1.
struct TraceDecoder {
    static let topKeys = ["format", "name", "config", "screen", "layoutDirection", "barAppearanceManaged",
                          "initialBarHidden", "stack", "events", "expect"]
    static let eventKinds = ["touch", "push", "pop", "popToRoot", "setStack", "update", "setBarHidden"]
    static let refusalReasons = BeginCheck.allCases.map(\.reason) + ["tooManyTouches", "outsideEdge"]
    static let unrecognizedReasons = ["touchEnded", "touchCancelled", "traceEnded"]

    let path: String
    let loadConfig: (String, YAMLNode) throws -> StackConfig

    struct Settings {
        var screen = Screen()
        var layoutDirection = LayoutDirection.ltr
        var barAppearanceManaged = true
        var initialBarHidden: Bool?
        var stack: [ViewControllerSpec]?
    }

    /// `events`: the document's events when they were already read as they streamed past.
    func decode(_ node: YAMLNode, source: String, defaultName: String, events streamed: [TraceEvent]? = nil) throws -> Trace {
        let fields = try MappingFields(node, "a trace document", known: Self.topKeys)
        var merged: [String: YAMLNode] = [:]
        if let configNode = fields["config"] {
            let config = try loadConfig(try configNode.text("`config` (a stack-config path)"), configNode)
            merged = config.values
        }
        for key in StackConfig.keys { if let value = fields[key] { merged[key] = value } }
        let settings = try Self.settings(merged)
        guard let stack = settings.stack else {
            throw node.error("missing required key `stack` in a trace document",
                             suggestion: "list the view controllers bottom to top, e.g. `stack: [{id: inbox}, {id: thread}]`")
        }
        let events = try streamed ?? fields["events"].map(decodeEvents) ?? []
        let expectations = try fields["expect"].map(decodeExpectations) ?? []
        return Trace(
            name: try fields["name"]?.text("`name`") ?? defaultName, source: source,
            screen: settings.screen, layoutDirection: settings.layoutDirection,
            barAppearanceManaged: settings.barAppearanceManaged, initialBarHidden: settings.initialBarHidden,
            stack: stack, events: events, expectations: expectations)
    }

    static func settings(_ values: [String: YAMLNode]) throws -> Settings {
        var settings = Settings()
        if let node = values["screen"] {
            let screen = try MappingFields(node, "`screen`", known: ["width", "height"])
            for key in ["width", "height"] {
                guard let value = screen[key] else { continue }
                let number = try value.number("`screen.\(key)`")
                guard number > 0 else { throw value.error("expected `screen.\(key)` > 0, found \(formatNumber(number))") }
                if key == "width" { settings.screen.width = number } else { settings.screen.height = number }
            }
        }
        if let node = values["layoutDirection"] {
            let text = try node.text("`layoutDirection`")
            guard let direction = LayoutDirection(rawValue: text) else {
                throw node.error("expected `layoutDirection` to be ltr or rtl, found `\(text)`", suggestion: didYouMean(text, in: ["ltr", "rtl"]))
            }
            settings.layoutDirection = direction
        }
        if let node = values["barAppearanceManaged"] { settings.barAppearanceManaged = try node.bool("`barAppearanceManaged`") }
        if let node = values["initialBarHidden"] { settings.initialBarHidden = try node.bool("`initialBarHidden`") }
        if let node = values["stack"] {
            settings.stack = try decodeStack(node, what: "`stack`", complete: true)
        }
        return settings
    }

    /// A stack entry fills in defaults (`complete`); a `setStack` entry leaves unset keys nil, to keep
    /// a kept instance's values.
    static func decodeStack(_ node: YAMLNode, what: String, complete: Bool) throws -> [ViewControllerSpec] {
        let items = try node.expectSequence(what)
        if items.isEmpty {
            throw node.error("\(what) is empty; expected at least one view controller", suggestion: "e.g. `[{id: inbox}]`")
        }
        var seen: [String: YAMLNode] = [:]
        var specs: [ViewControllerSpec] = []
        for item in items {
            var spec = try decodeViewController(item, what: "an entry of \(what)")
            if let first = seen[spec.id] {
                throw item.error("duplicate id `\(spec.id)` in \(what) (first at line \(first.location.line)); ids must be unique in a stack")
            }
            seen[spec.id] = item
            if complete {
                spec.barHidden = spec.barHidden ?? false
                spec.popDisabled = spec.popDisabled ?? false
                spec.maxStartX = spec.maxStartX ?? 0
            }
            specs.append(spec)
        }
        return specs
    }

    static func decodeViewController(_ node: YAMLNode, what: String) throws -> ViewControllerSpec {
        let fields = try MappingFields(node, what, known: ["id", "barHidden", "popDisabled", "maxStartX"])
        return ViewControllerSpec(
            id: try fields.required("id").text("`id`"),
            barHidden: try fields["barHidden"]?.bool("`barHidden`"),
            popDisabled: try fields["popDisabled"]?.bool("`popDisabled`"),
            // A negative limit means "no limit", like 0 (SPEC section 1).
            maxStartX: try fields["maxStartX"].map { max(try $0.number("`maxStartX`"), 0) })
    }

    func decodeEvents(_ node: YAMLNode) throws -> [TraceEvent] {
        var order = EventOrderCheck()
        return try node.expectSequence("`events`").map { item in
            let event = try decodeEvent(item)
            try order.check(event, item)
            return event
        }
    }

    private func kindKey(of item: YAMLNode) throws -> String {
        guard case .mapping(let pairs) = item.content else {
            throw item.error("expected an event (a mapping with one of \(Self.eventKinds.joined(separator: ", "))), found \(item.kindDescription)")
        }
        let kinds = pairs.compactMap { pair -> String? in
            if case .scalar(let key, _) = pair.key.content, Self.eventKinds.contains(key) { return key }
            return nil
        }
        if kinds.count > 1 {
            throw item.error("an event has exactly one kind, found `\(kinds[0])` and `\(kinds[1])`", suggestion: "split it into two events")
        }
        guard let kind = kinds.first else {
            let unknown = pairs.compactMap { pair -> String? in
                if case .scalar(let key, _) = pair.key.content, !["t", "animated", "samples", "up", "cancel"].contains(key) { return key }
                return nil
            }
            let hint = unknown.lazy.compactMap { didYouMean($0, in: Self.eventKinds) }.first
            throw item.error("unknown event kind\(unknown.isEmpty ? "" : " `\(unknown[0])`"); expected one of \(Self.eventKinds.joined(separator: ", "))", suggestion: hint)
        }
        return kind
    }

    /// `samples`: a stroke's samples when they were read as they streamed past.
    func decodeEvent(_ item: YAMLNode, samples: Result<[Sample], Diagnostic>? = nil) throws -> TraceEvent {
        let kind = try kindKey(of: item)
        if kind == "touch" { return .touch(try decodeStroke(item, samples: samples)) }
        let known = kind == "update" ? ["t", kind] : ["t", kind, "animated"]
        let fields = try MappingFields(item, "\(kind == "update" ? "an" : "a") `\(kind)` event", known: known)
        let t = try fields.required("t").nonNegativeNumber("`t` (ms)")
        let animated = try fields["animated"]?.bool("`animated`") ?? true
        let value = try fields.required(kind)
        switch kind {
        case "push":
            var spec = try Self.decodeViewController(value, what: "the pushed view controller")
            spec.barHidden = spec.barHidden ?? false
            spec.popDisabled = spec.popDisabled ?? false
            spec.maxStartX = spec.maxStartX ?? 0
            return TraceEvent(.push(spec, animated: animated), t: t)
        case "pop", "popToRoot":
            // `true` in any of YAML 1.2's spellings (`True`, `TRUE`); anything else is refused.
            guard (try? value.bool(kind)) == true else {
                throw value.error("expected `\(kind): true`, found \(value.kindDescription)", suggestion: "write `\(kind): true`; to skip the operation, remove the event")
            }
            return TraceEvent(kind == "pop" ? .pop(animated: animated) : .popToRoot(animated: animated), t: t)
        case "setStack":
            return TraceEvent(.setStack(try Self.decodeStack(value, what: "`setStack`", complete: false), animated: animated), t: t)
        case "update":
            return TraceEvent(.update(try Self.decodeViewController(value, what: "`update`")), t: t)
        default:
            return TraceEvent(.setBarHidden(try value.bool("`setBarHidden`"), animated: animated), t: t)
        }
    }

    func decodeStroke(_ item: YAMLNode, samples preparsed: Result<[Sample], Diagnostic>? = nil) throws -> Stroke {
        let fields = try MappingFields(item, "a `touch` event", known: ["touch", "samples", "up", "cancel"])
        let finger = try fields.required("touch").integer("the finger number `touch`", minimum: 0)
        let samplesNode = try fields.required("samples")
        let samples = try preparsed?.get() ?? Self.decodeSamples(samplesNode)
        let lastT = samples[samples.count - 1].t
        if fields["up"] != nil, let cancel = fields.keyNode("cancel") {
            throw cancel.error("a stroke ends by `up` or by `cancel`, not both")
        }
        var end = Stroke.End.stillDown
        for key in ["up", "cancel"] {
            guard let node = fields[key] else { continue }
            let t = try node.nonNegativeNumber("`\(key)` (ms)")
            if t < lastT {
                throw node.error("`\(key): \(formatNumber(t))` is earlier than the last sample (t=\(formatNumber(lastT)))", suggestion: "the lift comes at or after the last sample")
            }
            end = key == "up" ? .up(t) : .cancel(t)
        }
        return Stroke(finger: finger, samples: samples, end: end)
    }

    static let sampleWhat = (t: "sample time t (ms)", x: "sample x", y: "sample y")

    static func decodeSamples(_ node: YAMLNode) throws -> [Sample] {
        let rows = try node.expectSequence("`samples`, a list of [t, x, y]")
        guard !rows.isEmpty else { throw emptySamples(node) }
        var samples: [Sample] = []
        samples.reserveCapacity(rows.count)
        for row in rows { samples.append(try decodeSample(row, after: samples.last)) }
        return samples
    }

    static func emptySamples(_ node: YAMLNode) -> Diagnostic {
        node.error("`samples` is empty; a stroke needs at least its touch-down sample [t, x, y]")
    }

    static func decodeSample(_ row: YAMLNode, after previous: Sample?) throws -> Sample {
        let values = try row.expectSequence("a sample [t, x, y]")
        guard values.count == 3 else {
            throw row.error("expected a sample [t, x, y] with 3 numbers, found \(values.count)")
        }
        let sample = Sample(t: try values[0].nonNegativeNumber(sampleWhat.t), x: try values[1].number(sampleWhat.x),
                            y: try values[2].number(sampleWhat.y))
        // An aliased row is out of order where it is used, not where it is written.
        try checkOrder(sample, after: previous, at: row.isAlias ? row.location : values[0].location)
        return sample
    }

    static func checkOrder(_ sample: Sample, after previous: Sample?, at position: SourcePosition) throws {
        if let previous, sample.t <= previous.t {
            throw position.error("sample time \(formatNumber(sample.t)) is not after the previous sample's \(formatNumber(previous.t)); times must strictly increase within a stroke")
        }
    }

    func decodeExpectations(_ node: YAMLNode) throws -> [Expectation] {
        try node.expectSequence("`expect`, a list of expectations").map(decodeExpectation)
    }

    private func decodeExpectation(_ item: YAMLNode) throws -> Expectation {
        let fields = try MappingFields(item, "an `expect` item", known: ["gesture", "outcome", "reason", "pop", "final", "anomalies", "bar"])
        if let gestureNode = fields["gesture"] {
            let gesture = try gestureNode.integer("`gesture` (its number, from 1)", minimum: 1)
            if let popNode = fields["pop"] {
                if let extra = fields.entries.first(where: { !["gesture", "pop"].contains($0.key) }) {
                    throw extra.keyNode.error("`\(extra.key)` does not go with `pop` in one expect item", suggestion: "write a separate item `{gesture: \(gesture), outcome: ...}`")
                }
                return .pop(gesture: gesture, result: try popNode.choice("pop result", PopResult.self))
            }
            guard let outcomeNode = fields["outcome"] else {
                throw item.error("an expect item with `gesture` needs `outcome` or `pop`")
            }
            let outcome = try outcomeNode.choice("outcome", GestureOutcome.self)
            if let extra = fields.entries.first(where: { !["gesture", "outcome", "reason"].contains($0.key) }) {
                throw extra.keyNode.error("`\(extra.key)` does not go with `outcome` in one expect item")
            }
            var reason: String?
            if let reasonNode = fields["reason"] {
                let text = try reasonNode.text("`reason`")
                let allowed = outcome == .unrecognized ? Self.unrecognizedReasons : outcome == .refused ? Self.refusalReasons : []
                guard allowed.contains(text) else {
                    let list = allowed.isEmpty ? "none (a gesture that began has no reason)" : allowed.joined(separator: ", ")
                    throw reasonNode.error("`\(text)` is not a reason for outcome \(outcome.rawValue); expected \(list)", suggestion: didYouMean(text, in: allowed))
                }
                reason = text
            }
            return .outcome(gesture: gesture, outcome: outcome, reason: reason)
        }
        guard fields.entries.count == 1, let only = fields.entries.first else {
            throw item.error("expected one of `{gesture: N, outcome: ...}`, `{gesture: N, pop: ...}`, `{final: ...}`, `{anomalies: [...]}`, `{bar: [...]}` per expect item")
        }
        switch only.key {
        case "final":
            let f = try MappingFields(only.value, "`final`", known: ["stack", "barHidden"])
            return .final(stack: try f["stack"].map { try $0.expectSequence("`final.stack`").map { try $0.text("a view controller id") } },
                          barHidden: try f["barHidden"]?.bool("`final.barHidden`"))
        case "anomalies":
            return .anomalies(try only.value.expectSequence("`anomalies`").map { try $0.choice("anomaly kind", AnomalyKind.self) })
        case "bar":
            return .bar(try only.value.expectSequence("`bar`, a list of [t, hidden]").map { entry in
                let pair = try entry.expectSequence("a bar entry [t, hidden]")
                guard pair.count == 2 else { throw entry.error("expected a bar entry [t, hidden], found \(pair.count) values") }
                return Expectation.BarPoint(t: try pair[0].nonNegativeNumber("bar entry time t"), hidden: try pair[1].bool("bar entry hidden"))
            })
        default:
            throw only.keyNode.error("`\(only.key)` needs `gesture: N` in the same expect item")
        }
    }
}

/// Events in start-time order, and no finger down in two strokes at once (SPEC section 1).
struct EventOrderCheck {
    private var previous: (t: Double, line: Int)?
    /// The end of each finger's latest stroke; nil = still down at the end of the trace.
    private var fingerFree: [Int: (end: Double?, line: Int)] = [:]

    mutating func check(_ event: TraceEvent, _ item: YAMLNode) throws {
        try check(event, at: item.location.line, item.location.column, path: item.location.path)
    }

    /// `line` and `column` are the event's; the position is only built for an error.
    mutating func check(_ event: TraceEvent, at line: Int, _ column: Int, path: String) throws {
        if let previous, event.t < previous.t {
            throw Diagnostic(path: path, line: line, column: column, message: "event starts at t=\(formatNumber(event.t)), before the event at line \(previous.line) (t=\(formatNumber(previous.t))); events must be ordered by start time")
        }
        previous = (event.t, line)
        guard case .touch(let stroke) = event.kind else { return }
        if let busy = fingerFree[stroke.finger], busy.end.map({ event.t < $0 }) ?? true {
            let until = busy.end.map { "until t=\(formatNumber($0))" } ?? "to the end of the trace"
            throw Diagnostic(path: path, line: line, column: column,
                             message: "finger \(stroke.finger) touches down at t=\(formatNumber(event.t)) while its stroke from line \(busy.line) is still down (\(until))",
                             suggestion: "give the stroke an `up` before this one starts, or use another finger number")
        }
        switch stroke.end {
        case .up(let t), .cancel(let t): fingerFree[stroke.finger] = (t, line)
        case .stillDown: fingerFree[stroke.finger] = (nil, line)
        }
    }
}
