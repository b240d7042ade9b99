#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Resolves a rule version, a preset name or a rules file, into validated `Rules` (SPEC section 7).
///
/// `extends` chains merge as YAML trees, mappings key by key and lists replaced, before anything is
/// decoded; so an error in a user's file points at the user's line, whatever it extends.
public enum RulesLoader {
    package static let topKeys = RuleKey.documentKeys + RuleKey.topLevel.map(\.name)

    /// Each sub-mapping's keys, in the table's order (the order an unknown key's message lists them).
    package static let sectionKeys: [String: [String]] = Dictionary(
        uniqueKeysWithValues: RuleKey.topLevel.compactMap { group in
            group.keys[0].section.map { ($0, group.keys.map(\.name)) }
        })

    /// The order the keys are checked in, hence which of two bad values a document's one error names.
    /// It predates the table and differs from its order (the sub-mappings and `begin` before the
    /// top-level scalars, `progressCap` first in `transition`, `strict` after `popOnZero`); it is kept
    /// so that no document's diagnostic changes. Every key of the table is in it once.
    package static let checkOrder: [RuleKey] = {
        let older = [
            "recognizer.region", "recognizer.edgeWidth", "recognizer.kind", "recognizer.hysteresis", "recognizer.slop",
            "recognizer.maxTouches", "recognizer.arena", "recognizer.firstVelocity", "recognizer.systemEdge",
            "stackOps",
            "begin",
            "completion.model", "completion.projectionDistance", "completion.projectionCap",
            "completion.progressThreshold",
            "completion.flingVelocity", "completion.popOnZero", "completion.strict", "completion.onCancel",
            "completion.velocityThreshold", "completion.quickTime", "completion.quickDistance",
            "transition.progressCap", "transition.duration", "transition.settle", "bar.inject",
            "bar.restoreOnDisappear",
            "mirrorDirection", "mirrorMaxStartX", "mirrorProgress", "locationLimit", "velocity",
            "content.policy", "content.ties", "content.hysteresis", "content.deceleration", "detectors",
        ]
        // The cross-platform models' keys come last, in the table's order.
        let paths = older + RuleKey.crossPlatform.map(\.path)
        precondition(paths.sorted() == RuleKey.all.map(\.path).sorted(), "checkOrder must hold every rule key once")
        return paths.map { RuleKey.named($0)! }
    }()

    /// What `decode` starts from and then overwrites key by key, every field: no value here is ever
    /// seen (a field of `Rules` that no table key sets would be, and the preset tests would say so).
    private static let unset = Rules(
        name: "",
        recognizer: .init(
            region: .fullscreen, edgeWidth: 0, kind: .uikit, hysteresis: 0, slop: 0, maxTouches: 1, arena: .contested,
            firstVelocity: false, systemEdge: .none),
        stackOps: .deferred, begin: [], mirrorDirection: false, mirrorMaxStartX: false, mirrorProgress: false,
        locationLimit: 0, velocity: .uikit,
        completion: .init(
            model: .projection, projectionDistance: 0, projectionCap: 0, progressThreshold: 0, flingVelocity: 0,
            popOnZero: false, strict: false, onCancel: .cancel, velocityThreshold: 0, quickTime: 0, quickDistance: 0),
        transition: .init(duration: 0, settle: .uikit, progressCap: 1),
        bar: .init(inject: .none, restoreOnDisappear: false),
        content: .init(policy: .uikit, ties: .content, hysteresis: 0, deceleration: 0.5), detectors: [],
        pan: .init(threshold: 0, maxAngle: 1), activeOffset: .init(x: 0, failY: 0),
        responseDistance: .init(start: -1, end: -1, top: -1, bottom: -1),
        ema: .init(weight: 1, window: 0, perFrame: false), frameClock: .init(rate: 1, phase: 0),
        speedOrDistance: .init(speed: 0, fraction: 0), linearProjection: .init(velocityImpact: 0, cap: -1, fraction: 0),
        spring: .init(
            stiffness: 0, damping: 0, mass: 1, restDisplacement: 0, restSpeed: 0, overshootClamping: false),
        animator: .init(duration: 0))

    /// A preset name, else a path to a rules file (relative to `referrer`'s folder when given: a
    /// trace's `# popgesture-rules:` comment).
    public static func load(_ spec: String, relativeTo referrer: String? = nil) throws -> Rules {
        if let preset = presets[spec] { return preset }
        let (tree, name) = try resolvedTree(spec, relativeTo: referrer)
        return try decode(tree, name: name)
    }

    /// Every preset decoded once per process: they are rules documents, parsed and merged over `fd`
    /// like a user's file, but the same every time (a test holds each to its table).
    private static let presets: [String: Rules] = Dictionary(
        uniqueKeysWithValues: Presets.all.compactMap { preset in
            (try? resolvedTree(preset.name)).flatMap { tree in
                (try? decode(tree.0, name: tree.1)).map { (preset.name, $0) }
            }
        })

    /// `load`, for a spec named at `place` (a trace's `# popgesture-rules:` comment, a config file's
    /// `rules:`): a problem with the named file as a whole (it cannot be read, it is no rules
    /// document) or with the name (no such preset) is reported there, `naming` then its message,
    /// since that is what a person fixes; a problem inside the file stays at its own line.
    package static func load(
        _ spec: String, relativeTo referrer: String, namedAt place: SourcePosition, naming: String
    ) throws -> Rules {
        do {
            return try load(spec, relativeTo: referrer)
        } catch let error as Diagnostic where error.place == nil {
            throw place.error("\(naming): \(error.message)", suggestion: error.suggestion)
        }
    }

    /// A rule version's merged tree, undecoded, and its name.
    package static func resolvedTree(_ spec: String, relativeTo referrer: String? = nil) throws -> (YAMLNode, String) {
        if let preset = Presets.named(spec) {
            return (try presetTree(preset), preset.name)
        }
        let path = referrer.map { resolve(spec, relativeTo: $0) } ?? spec
        if !RegularFile.exists(path), !looksLikePath(spec) {
            // Most likely a misspelt preset: no file position, and the nearest preset.
            throw Diagnostic(
                message: "unknown preset or file `\(spec)`",
                suggestion: didYouMean(spec, in: Presets.names)
                    ?? "presets are \(Presets.names.joined(separator: ", "))")
        }
        var visiting: [String] = []
        return try fileTree(path: path, from: nil, visiting: &visiting)
    }

    /// `base` with the keys of `overlay` (a partial rules mapping) set, merged as `extends` merges
    /// and checked as a rules document is (`sweep`'s versions).
    package static func load(base: (tree: YAMLNode, name: String), overlay: YAMLNode) throws -> Rules {
        try decode(merge(base: base.tree, over: overlay), name: base.name)
    }

    /// A name only a rules file could have: a folder in it, or a YAML extension.
    package static func looksLikePath(_ spec: String) -> Bool {
        spec.hasSuffix(".yaml") || spec.hasSuffix(".yml") || spec.contains("/")
    }

    /// The resolved rules as a rules document `--rules` accepts back.
    public static func yaml(for rules: Rules) -> String {
        RulesPrinter.print(rules)
    }

    private static func parseSingle(_ reader: YAMLDocumentReader, what: String) throws -> YAMLNode {
        guard let node = try reader.nextDocument() else {
            throw Diagnostic(path: reader.path, message: "contains no \(what)")
        }
        return node
    }

    package static func presetTree(_ preset: Presets.Preset) throws -> YAMLNode {
        let node = try parseSingle(
            YAMLDocumentReader(text: preset.document, path: "<preset \(preset.name)>"), what: "rules document")
        guard preset.name != "fd", let fd = Presets.named("fd") else { return node }
        return merge(base: try presetTree(fd), over: node)
    }

    private static func fileTree(path: String, from referrer: YAMLNode?, visiting: inout [String]) throws -> (
        YAMLNode, String
    ) {
        if visiting.contains(path) {
            let cycle = (visiting + [path]).joined(separator: " -> ")
            throw referrer?.location.error("`extends` cycle: \(cycle)")
                ?? Diagnostic(path: path, message: "`extends` cycle: \(cycle)")
        }
        visiting.append(path)
        defer { visiting.removeLast() }
        let reader: YAMLDocumentReader
        do {
            reader = try YAMLDocumentReader(path: path)
        } catch let error as Diagnostic {
            // Named on the command line: the file's own error, at its start.
            guard let referrer else { throw error }
            throw referrer.error("cannot read rules file `\(path)`: \(error.message)")
        }
        return try tree(of: try parseSingle(reader, what: "rules document"), path: path, visiting: &visiting)
    }

    /// A rules document already read (by `validate`, say), resolved and checked.
    package static func load(document node: YAMLNode, path: String) throws -> Rules {
        var visiting = [path]
        let (tree, name) = try tree(of: node, path: path, visiting: &visiting)
        return try decode(tree, name: name)
    }

    private static func tree(of node: YAMLNode, path: String, visiting: inout [String]) throws -> (YAMLNode, String) {
        _ = try DocumentFormat.of(node, expecting: [.rules])
        let fields = try MappingFields(node, "a rules document", known: topKeys)
        let name = try fields["name"]?.text("`name`") ?? stem(of: path)
        let base: YAMLNode
        if let extends = fields["extends"] {
            let target = try extends.text("`extends` (a preset or a rules file)")
            if let preset = Presets.named(target) {
                base = try presetTree(preset)
            } else if looksLikePath(target) {
                base = try fileTree(path: resolve(target, relativeTo: path), from: extends, visiting: &visiting).0
            } else {
                throw extends.error(
                    "`extends: \(target)` names no preset; expected one of \(Presets.names.joined(separator: ", ")) or a rules file path",
                    suggestion: didYouMean(target, in: Presets.names))
            }
        } else {
            base = try presetTree(Presets.named("fd")!)
        }
        return (merge(base: base, over: node), name)
    }

    /// Mappings merge key by key; anything else (lists included) replaces.
    package static func merge(base: YAMLNode, over top: YAMLNode) -> YAMLNode {
        guard case .mapping(let basePairs) = base.content, case .mapping(let topPairs) = top.content else { return top }
        var pairs = basePairs
        for (key, value) in topPairs {
            guard case .scalar(let name, _) = key.content,
                let index = pairs.firstIndex(where: {
                    if case .scalar(name, _) = $0.key.content { true } else { false }
                })
            else {
                pairs.append((key, value))
                continue
            }
            pairs[index] = (key, merge(base: pairs[index].value, over: value))
        }
        return YAMLNode(.mapping(pairs), at: top.location, expandedSize: base.expandedSize + top.expandedSize)
    }

    /// Checks every rule key of a resolved tree (a document merged over what it extends, so every key
    /// is there) against its type in the table, and decodes it.
    package static func decode(_ tree: YAMLNode, name: String) throws -> Rules {
        let top = try MappingFields(tree, "a rules document", known: topKeys)
        var sections: [String: MappingFields] = [:]
        var rules = unset
        for key in checkOrder {
            let node: YAMLNode
            if let section = key.section {
                // A sub-mapping's own keys are checked when its first key is: an unknown key there is
                // reported before a bad value of a later section, and after one of an earlier section.
                if sections[section] == nil {
                    sections[section] = try MappingFields(
                        top.required(section), "`\(section)`", known: sectionKeys[section]!)
                }
                node = try sections[section]!.required(key.name)
            } else {
                node = try top.required(key.path)
            }
            key.set(&rules, try value(of: node, as: key))
        }
        rules.name = name
        return rules
    }

    /// A value checked against its key's type; every message names the key as the table labels it.
    private static func value(of node: YAMLNode, as key: RuleKey) throws -> RuleValue {
        switch key.type {
        case .choice(let names):
            return .name(try node.choice(key.label, among: names))
        case .nonNegativeNumber:
            return .number(try node.nonNegativeNumber(key.label))
        case .positiveNumber(let maximum):
            let value = try node.number(key.label)
            guard value > 0, value <= maximum else {
                throw node.error("expected \(key.label) in (0, \(formatNumber(maximum))], found \(formatNumber(value))")
            }
            return .number(value)
        case .fraction:
            let value = try node.number(key.label)
            guard value > 0, value < 1 else {
                throw node.error("expected \(key.label) in (0, 1), found \(formatNumber(value))")
            }
            return .number(value)
        case .bound:
            let value = try node.number(key.label)
            guard value >= 0 || value == -1 else {
                throw node.error("expected \(key.label) to be >= 0, or -1 for no bound, found \(formatNumber(value))")
            }
            return .number(value == 0 ? 0 : value)
        case .integer(let minimum):
            return .integer(try node.integer(key.label, minimum: minimum))
        case .bool:
            return .bool(try node.bool(key.label))
        case .uniqueList(let names):
            var items: [String] = []
            for item in try node.expectSequence("`\(key.name)`, the list of \(key.label)s") {
                let name = try item.choice(key.label, among: names)
                if items.contains(name) { throw item.error("\(key.label) `\(name)` is listed twice") }
                items.append(name)
            }
            return .names(items)
        case .detectors:
            return .detectors(try node.expectSequence("`detectors`, a list of detectors").map(decodeDetector))
        }
    }

    /// One detector of `detectors`: its kind first, then the keys that kind takes.
    private static func decodeDetector(_ node: YAMLNode) throws -> DetectorRule {
        let fields = try MappingFields(node, "a detector", known: ["kind", "name", "minMoveDistance", "compare"])
        var detector = DetectorRule(kind: try fields.required("kind").choice("detector kind", DetectorRule.Kind.self))
        detector.name = try fields["name"]?.text("a detector's `name`")
        if let distance = fields["minMoveDistance"] {
            detector.minMoveDistance = try distance.nonNegativeNumber("`minMoveDistance`")
        }
        if let compare = fields["compare"] {
            detector.compare = try compare.choice("compare", DetectorRule.Compare.self)
        }
        return detector
    }
}

/// `dir/of/referrer.yaml` + `x.yaml` -> `dir/of/x.yaml`; absolute paths stay.
package func resolve(_ path: String, relativeTo referrer: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let slash = referrer.lastIndex(of: "/") else { return path }
    return String(referrer[...slash]) + path
}

/// A file name without its folder and its last extension.
package func stem(of path: String) -> String {
    var name = Substring(path)
    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
    if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
    return String(name)
}
