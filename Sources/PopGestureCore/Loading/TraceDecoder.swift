/// Decodes one trace document's YAML tree into a `Trace`, checking every rule of SPEC section 1.
package struct TraceDecoder {
    package static let topKeys = [
        "format", "name", "config", "screen", "layoutDirection", "barAppearanceManaged",
        "initialBarHidden", "stack", "events", "expect", "origin",
    ]
    package static let eventKinds = ["touch", "push", "pop", "popToRoot", "setStack", "update", "setBarHidden"]

    package let path: String
    package let loadConfig: (String, YAMLNode) throws -> StackConfig
    /// Where independent errors are gathered (the loader's, one per document); without it the
    /// first error is thrown.
    package var errors: DocumentErrors? = nil
    /// The header the loader decoded from these same keys before the events streamed past (none of
    /// them came after `events`): taken as it is instead of loading its config and decoding it again.
    package var header: Trace? = nil

    package struct Settings {
        package var screen = Screen()
        package var layoutDirection = LayoutDirection.ltr
        package var barAppearanceManaged = true
        package var initialBarHidden: Bool?
        package var stack: [ViewControllerSpec]?
    }

    /// Runs `body`, recording its error in `errors` when there are any (nil then), else throwing it.
    package func attempt<T>(_ body: () throws -> T) throws -> T? {
        try DocumentErrors.attempt(errors, path: path, body)
    }

    /// `events`: the document's events when they were already read as they streamed past.
    package func decode(_ node: YAMLNode, source: String, defaultName: String, events streamed: [TraceEvent]? = nil)
        throws
        -> Trace
    {
        let fields = try MappingFields(node, "a trace document", known: Self.topKeys, errors: errors)
        let settings =
            try header.map {
                Settings(
                    screen: $0.screen, layoutDirection: $0.layoutDirection,
                    barAppearanceManaged: $0.barAppearanceManaged, initialBarHidden: $0.initialBarHidden,
                    stack: $0.stack)
            } ?? decodeSettings(fields, of: node)
        let events = try streamed ?? fields["events"].map(decodeEvents) ?? []
        let expectations = try fields["expect"].map(decodeExpectations) ?? []
        let name = try attempt { try fields["name"]?.text("`name`") }
        // `origin` is provenance for people and corpora (recorder, importer, device); the replay never
        // reads it, so only its shape is checked.
        _ = try attempt { () throws -> Void in
            guard let origin = fields["origin"] else { return }
            guard case .mapping = origin.content else {
                throw origin.error(
                    "expected `origin` (where the trace came from) to be a mapping, found \(origin.kindDescription)",
                    suggestion: "write e.g. `origin: {recorder: popgesture-recorder/1, device: iPhone}`")
            }
        }
        if let errors, !errors.isEmpty { throw DocumentErrors.Collected(diagnostic: errors.combined(path: path)) }
        guard let stack = settings.stack else { throw node.error("missing required key `stack` in a trace document") }
        var trace = Trace(
            name: (name ?? nil) ?? defaultName, source: source,
            screen: settings.screen, layoutDirection: settings.layoutDirection,
            barAppearanceManaged: settings.barAppearanceManaged, initialBarHidden: settings.initialBarHidden,
            stack: stack, events: events, expectations: expectations)
        trace.location = node.location
        trace.origin = fields["origin"]
        // Every item decoded (an error would have been thrown), so the items' places line up.
        trace.expectationLocations = try fields["expect"]?.expectSequence("`expect`").map(\.location) ?? []
        return trace
    }

    /// The header's keys, over those of the stack config that `config` names.
    private func decodeSettings(_ fields: MappingFields, of node: YAMLNode) throws -> Settings {
        var merged: [String: YAMLNode] = [:]
        var configFailed = false
        if let configNode = fields["config"] {
            let config = try attempt {
                try loadConfig(try configNode.text("`config` (a stack-config path)"), configNode)
            }
            merged = config?.values ?? [:]
            configFailed = config == nil
        }
        for key in StackConfig.keys { if let value = fields[key] { merged[key] = value } }
        let settings = try Self.settings(merged, errors: errors, path: path)
        if merged["stack"] == nil, !configFailed {
            _ = try attempt { () throws -> Void in
                throw node.error(
                    "missing required key `stack` in a trace document",
                    suggestion: "list the view controllers bottom to top, e.g. `stack: [{id: inbox}, {id: thread}]`")
            }
        }
        return settings
    }

    /// With `errors`, each key is checked on its own and a bad one recorded.
    package static func settings(_ values: [String: YAMLNode], errors: DocumentErrors? = nil, path: String = "") throws
        -> Settings
    {
        var settings = Settings()
        func attempt(_ body: () throws -> Void) throws { _ = try DocumentErrors.attempt(errors, path: path, body) }
        try attempt { try decodeScreen(values, into: &settings) }
        try attempt {
            if let node = values["layoutDirection"] {
                let text = try node.text("`layoutDirection`")
                guard let direction = LayoutDirection(rawValue: text) else {
                    throw node.error(
                        "expected `layoutDirection` to be ltr or rtl, found `\(text)`",
                        suggestion: didYouMean(text, in: ["ltr", "rtl"]))
                }
                settings.layoutDirection = direction
            }
        }
        try attempt {
            if let node = values["barAppearanceManaged"] {
                settings.barAppearanceManaged = try node.bool("`barAppearanceManaged`")
            }
        }
        try attempt {
            if let node = values["initialBarHidden"] { settings.initialBarHidden = try node.bool("`initialBarHidden`") }
        }
        try attempt {
            if let node = values["stack"] {
                settings.stack = try decodeStack(node, what: "`stack`", complete: true, errors: errors, path: path)
            }
        }
        return settings
    }

    private static func decodeScreen(_ values: [String: YAMLNode], into settings: inout Settings) throws {
        if let node = values["screen"] {
            let screen = try MappingFields(node, "`screen`", known: ["width", "height"])
            for key in ["width", "height"] {
                guard let value = screen[key] else { continue }
                let number = try value.number("`screen.\(key)`")
                guard number > 0 else {
                    throw value.error("expected `screen.\(key)` > 0, found \(formatNumber(number))")
                }
                guard TraceLimits.extent.contains(number) else {
                    throw value.error(
                        "expected `screen.\(key)` between 0.001 and 1e9 points, found \(formatNumber(number))")
                }
                if key == "width" { settings.screen.width = number } else { settings.screen.height = number }
            }
        }
    }

    /// A stack entry fills in defaults (`complete`); a `setStack` entry leaves unset keys nil, to keep
    /// a kept instance's values.
    /// With `errors`, each entry is checked on its own.
    package static func decodeStack(
        _ node: YAMLNode, what: String, complete: Bool, errors: DocumentErrors? = nil, path: String = ""
    ) throws -> [ViewControllerSpec] {
        let items = try node.expectSequence(what)
        if items.isEmpty {
            throw node.error(
                "\(what) is empty; expected at least one view controller", suggestion: "e.g. `[{id: inbox}]`")
        }
        var seen: [String: YAMLNode] = [:]
        var specs: [ViewControllerSpec] = []
        for item in items {
            guard
                var spec = try DocumentErrors.attempt(
                    errors, path: path,
                    {
                        try decodeViewController(item, what: "an entry of \(what)", errors: errors)
                    })
            else { continue }
            if let first = seen[spec.id] {
                _ = try DocumentErrors.attempt(errors, path: path) { () throws -> Void in
                    throw item.error(
                        "duplicate id `\(spec.id)` in \(what) (first at line \(first.location.line)); ids must be unique in a stack"
                    )
                }
                continue
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

    package static func decodeViewController(_ node: YAMLNode, what: String, errors: DocumentErrors? = nil) throws
        -> ViewControllerSpec
    {
        let fields = try MappingFields(
            node, what, known: ["id", "barHidden", "popDisabled", "maxStartX", "content"], errors: errors)
        return ViewControllerSpec(
            id: try fields.required("id").text("`id`"),
            barHidden: try fields["barHidden"]?.bool("`barHidden`"),
            popDisabled: try fields["popDisabled"]?.bool("`popDisabled`"),
            // A negative limit means "no limit", like 0 (SPEC section 1).
            maxStartX: try fields["maxStartX"].map { max(try $0.number("`maxStartX`"), 0) },
            content: try fields["content"].map(decodeContent))
    }

    /// With `errors`, each event is checked on its own (an event in error is left out of the order check).
    package func decodeEvents(_ node: YAMLNode) throws -> [TraceEvent] {
        var order = EventOrderCheck()
        return try node.expectSequence("`events`").compactMap { item in
            try attempt {
                let event = try decodeEvent(item)
                try order.check(event, item)
                return event
            }
        }
    }

    private func kindKey(of item: YAMLNode) throws -> String {
        guard case .mapping(let pairs) = item.content else {
            throw item.error(
                "expected an event (a mapping with one of \(Self.eventKinds.joined(separator: ", "))), found \(item.kindDescription)"
            )
        }
        let kinds = pairs.compactMap { pair -> String? in
            if case .scalar(let key, _) = pair.key.content, Self.eventKinds.contains(key) { return key }
            return nil
        }
        if kinds.count > 1 {
            throw item.error(
                "an event has exactly one kind, found `\(kinds[0])` and `\(kinds[1])`",
                suggestion: "split it into two events")
        }
        guard let kind = kinds.first else {
            let unknown = pairs.compactMap { pair -> String? in
                if case .scalar(let key, _) = pair.key.content,
                    !["t", "animated", "samples", "up", "cancel"].contains(key)
                {
                    return key
                }
                return nil
            }
            let hint = unknown.lazy.compactMap { didYouMean($0, in: Self.eventKinds) }.first
            throw item.error(
                "unknown event kind\(unknown.isEmpty ? "" : " `\(unknown[0])`"); expected one of \(Self.eventKinds.joined(separator: ", "))",
                suggestion: hint)
        }
        return kind
    }

    /// `samples`: a stroke's samples when they were read as they streamed past.
    package func decodeEvent(_ item: YAMLNode, samples: Result<[Sample], Diagnostic>? = nil) throws -> TraceEvent {
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
                throw value.error(
                    "expected `\(kind): true`, found \(value.kindDescription)",
                    suggestion: "write `\(kind): true`; to skip the operation, remove the event")
            }
            return TraceEvent(kind == "pop" ? .pop(animated: animated) : .popToRoot(animated: animated), t: t)
        case "setStack":
            return TraceEvent(
                .setStack(try Self.decodeStack(value, what: "`setStack`", complete: false), animated: animated), t: t)
        case "update":
            return TraceEvent(.update(try Self.decodeViewController(value, what: "`update`")), t: t)
        default:
            return TraceEvent(.setBarHidden(try value.bool("`setBarHidden`"), animated: animated), t: t)
        }
    }

    /// With `errors`, the finger, the samples (row by row) and the end are checked apart.
    package func decodeStroke(_ item: YAMLNode, samples preparsed: Result<[Sample], Diagnostic>? = nil) throws -> Stroke
    {
        let fields = try MappingFields(
            item, "a `touch` event", known: ["touch", "samples", "up", "cancel"], errors: errors)
        let finger = try attempt { try fields.required("touch").integer("the finger number `touch`", minimum: 0) }
        let samples = try attempt {
            try preparsed?.get() ?? Self.decodeSamples(try fields.required("samples"), errors: errors, path: path)
        }
        guard let finger, let samples else {
            // What the end can be checked against is missing; the errors are recorded.
            throw DocumentErrors.Collected(diagnostic: errors!.combined(path: path))
        }
        let lastT = samples[samples.count - 1].t
        if fields["up"] != nil, let cancel = fields.keyNode("cancel") {
            throw cancel.error("a stroke ends by `up` or by `cancel`, not both")
        }
        var end = Stroke.End.stillDown
        for key in ["up", "cancel"] {
            guard let node = fields[key] else { continue }
            let t = try node.nonNegativeNumber("`\(key)` (ms)")
            if t < lastT {
                throw node.error(
                    "`\(key): \(formatNumber(t))` is earlier than the last sample (t=\(formatNumber(lastT)))",
                    suggestion: "the lift comes at or after the last sample")
            }
            end = key == "up" ? .up(t) : .cancel(t)
        }
        return Stroke(finger: finger, samples: samples, end: end)
    }

    package static let sampleWhat = (t: "sample time t (ms)", x: "sample x", y: "sample y")

    /// With `errors`, every row is checked; a row out of order is still the one the next is compared
    /// with, so one misplaced row is one error.
    package static func decodeSamples(_ node: YAMLNode, errors: DocumentErrors? = nil, path: String = "") throws
        -> [Sample]
    {
        let rows = try node.expectSequence("`samples`, a list of [t, x, y]")
        guard !rows.isEmpty else { throw emptySamples(at: node.location) }
        var samples: [Sample] = []
        samples.reserveCapacity(rows.count)
        guard let errors else {
            for row in rows { samples.append(try decodeSample(row, after: samples.last)) }
            return samples
        }
        var previous: Sample?
        var failed: Diagnostic?
        for row in rows {
            do {
                let sample = try decodeSample(row, after: nil)
                defer { previous = sample }
                try checkOrder(sample, after: previous, row: row)
                samples.append(sample)
            } catch {
                errors.record(error, path: path)
                failed = failed ?? asDiagnostic(error, path: path)
            }
        }
        if failed != nil { throw DocumentErrors.Collected(diagnostic: errors.combined(path: path)) }
        return samples
    }

    package static func emptySamples(at list: SourcePosition) -> Diagnostic {
        list.error("`samples` is empty; a stroke needs at least its touch-down sample [t, x, y]")
    }

    package static func decodeSample(_ row: YAMLNode, after previous: Sample?) throws -> Sample {
        let values = try row.expectSequence("a sample [t, x, y]")
        guard values.count == 3 else {
            throw row.error("expected a sample [t, x, y] with 3 numbers, found \(values.count)")
        }
        let sample = Sample(
            t: try values[0].nonNegativeNumber(sampleWhat.t), x: try values[1].coordinate(sampleWhat.x),
            y: try values[2].coordinate(sampleWhat.y))
        // An aliased row is out of order where it is used, not where it is written.
        try checkOrder(sample, after: previous, at: row.isAlias ? row.location : values[0].location)
        return sample
    }

    /// A row's order error stands at its time value (at the alias, for an aliased row).
    package static func checkOrder(_ sample: Sample, after previous: Sample?, row: YAMLNode) throws {
        try checkOrder(
            sample, after: previous,
            at: row.isAlias ? row.location : (try? row.expectSequence(""))?.first?.location ?? row.location)
    }

    /// Whether `sample` may follow `previous` in a stroke: later by at least `TraceLimits.sampleStep`.
    package static func follows(_ sample: Sample, _ previous: Sample) -> Bool {
        sample.t > previous.t && sample.t - previous.t >= TraceLimits.sampleStep
    }

    package static func checkOrder(_ sample: Sample, after previous: Sample?, at position: SourcePosition) throws {
        guard let previous, !follows(sample, previous) else { return }
        if sample.t <= previous.t {
            throw position.error(
                "sample time \(formatNumber(sample.t)) is not after the previous sample's \(formatNumber(previous.t)); times must strictly increase within a stroke"
            )
        }
        // Later, but by less than the step.
        throw position.error(
            "sample time \(formatNumber(sample.t)) is less than 1e-6 ms after the previous sample's \(formatNumber(previous.t)); samples of a stroke are at least a nanosecond apart"
        )
    }
}
