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
    static let topKeys = ["format", "name", "extends", "recognizer", "begin", "mirrorDirection", "mirrorMaxStartX",
                          "locationLimit", "velocity", "completion", "transition", "bar"]

    /// A preset name, else a path to a rules file.
    public static func load(_ spec: String) throws -> Rules {
        if let preset = Presets.named(spec) {
            return try decode(presetTree(preset), name: preset.name)
        }
        var visiting: [String] = []
        let (tree, name) = try fileTree(path: spec, from: nil, visiting: &visiting)
        return try decode(tree, name: name)
    }

    /// The resolved rules as a rules document `--rules` accepts back.
    public static func yaml(for rules: Rules) -> String {
        RulesPrinter.print(rules)
    }

    private static func parseSingle(_ reader: YAMLDocumentReader, what: String) throws -> YAMLNode {
        guard let node = try reader.nextDocument() else {
            throw Diagnostic(path: reader.path, line: 1, column: 1, message: "contains no \(what)")
        }
        return node
    }

    static func presetTree(_ preset: Presets.Preset) throws -> YAMLNode {
        let node = try parseSingle(YAMLDocumentReader(text: preset.document, path: "<preset \(preset.name)>"), what: "rules document")
        guard preset.name != "fd", let fd = Presets.named("fd") else { return node }
        return merge(base: try presetTree(fd), over: node)
    }

    private static func fileTree(path: String, from referrer: YAMLNode?, visiting: inout [String]) throws -> (YAMLNode, String) {
        if visiting.contains(path) {
            let cycle = (visiting + [path]).joined(separator: " -> ")
            throw (referrer?.location ?? SourcePosition(path: path, line: 1, column: 1)).error("`extends` cycle: \(cycle)")
        }
        visiting.append(path)
        defer { visiting.removeLast() }
        let reader: YAMLDocumentReader
        do {
            reader = try YAMLDocumentReader(path: path)
        } catch let error as Diagnostic {
            guard let referrer else {
                let hint = didYouMean(path, in: Presets.names).map { $0 } ?? "presets are \(Presets.names.joined(separator: ", "))"
                throw Diagnostic(path: path, line: 1, column: 1, message: "no preset of that name and \(error.message)", suggestion: hint)
            }
            throw referrer.error("cannot read rules file `\(path)`: \(error.message)")
        }
        return try tree(of: try parseSingle(reader, what: "rules document"), path: path, visiting: &visiting)
    }

    /// A rules document already read (by `validate`, say), resolved and checked.
    static func load(document node: YAMLNode, path: String) throws -> Rules {
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
            } else if target.hasSuffix(".yaml") || target.hasSuffix(".yml") || target.contains("/") {
                base = try fileTree(path: resolve(target, relativeTo: path), from: extends, visiting: &visiting).0
            } else {
                throw extends.error("`extends: \(target)` names no preset; expected one of \(Presets.names.joined(separator: ", ")) or a rules file path",
                                    suggestion: didYouMean(target, in: Presets.names))
            }
        } else {
            base = try presetTree(Presets.named("fd")!)
        }
        return (merge(base: base, over: node), name)
    }

    /// Mappings merge key by key; anything else (lists included) replaces.
    static func merge(base: YAMLNode, over top: YAMLNode) -> YAMLNode {
        guard case .mapping(let basePairs) = base.content, case .mapping(let topPairs) = top.content else { return top }
        var pairs = basePairs
        for (key, value) in topPairs {
            guard case .scalar(let name, _) = key.content,
                  let index = pairs.firstIndex(where: { if case .scalar(name, _) = $0.key.content { true } else { false } }) else {
                pairs.append((key, value))
                continue
            }
            pairs[index] = (key, merge(base: pairs[index].value, over: value))
        }
        return YAMLNode(.mapping(pairs), at: top.location, expandedSize: base.expandedSize + top.expandedSize)
    }

    static func decode(_ tree: YAMLNode, name: String) throws -> Rules {
        let top = try MappingFields(tree, "a rules document", known: topKeys)
        func sub(_ key: String, _ known: [String]) throws -> MappingFields {
            try MappingFields(top.required(key), "`\(key)`", known: known)
        }
        let r = try sub("recognizer", ["region", "edgeWidth", "kind", "hysteresis", "slop", "maxTouches"])
        let recognizer = Rules.Recognizer(
            region: try r.required("region").choice("region", Region.self),
            edgeWidth: try r.required("edgeWidth").nonNegativeNumber("`edgeWidth`"),
            kind: try r.required("kind").choice("recognizer kind", RecognizerKind.self),
            hysteresis: try r.required("hysteresis").nonNegativeNumber("`hysteresis`"),
            slop: try r.required("slop").nonNegativeNumber("`slop`"),
            maxTouches: try r.required("maxTouches").integer("`maxTouches`", minimum: 1))
        var begin: [BeginCheck] = []
        for item in try top.required("begin").expectSequence("`begin`, the list of begin checks") {
            let check = try item.choice("begin check", BeginCheck.self)
            if begin.contains(check) { throw item.error("begin check `\(check.rawValue)` is listed twice") }
            begin.append(check)
        }
        let c = try sub("completion", ["model", "projectionDistance", "projectionCap", "progressThreshold", "strict", "flingVelocity",
                                       "popOnZero", "onCancel"])
        let completion = Rules.Completion(
            model: try c.required("model").choice("completion model", CompletionModelKind.self),
            projectionDistance: try c.required("projectionDistance").nonNegativeNumber("`projectionDistance`"),
            projectionCap: try c.required("projectionCap").nonNegativeNumber("`projectionCap`"),
            progressThreshold: try c.required("progressThreshold").nonNegativeNumber("`progressThreshold`"),
            flingVelocity: try c.required("flingVelocity").nonNegativeNumber("`flingVelocity`"),
            popOnZero: try c.required("popOnZero").bool("`popOnZero`"),
            strict: try c.required("strict").bool("`strict`"),
            onCancel: try c.required("onCancel").choice("onCancel", CancelHandling.self))
        let t = try sub("transition", ["duration", "settle", "progressCap"])
        let capNode = try t.required("progressCap")
        let cap = try capNode.number("`progressCap`")
        guard cap > 0, cap <= 1 else { throw capNode.error("expected `progressCap` in (0, 1], found \(formatNumber(cap))") }
        let transition = Rules.Transition(
            duration: try t.required("duration").nonNegativeNumber("`duration` (ms)"),
            settle: try t.required("settle").choice("settle model", SettleModel.self),
            progressCap: cap)
        let b = try sub("bar", ["inject", "restoreOnDisappear"])
        let bar = Rules.Bar(inject: try b.required("inject").choice("bar injection", BlockInjection.self),
                            restoreOnDisappear: try b.required("restoreOnDisappear").bool("`restoreOnDisappear`"))
        return Rules(
            name: name, recognizer: recognizer, begin: begin,
            mirrorDirection: try top.required("mirrorDirection").bool("`mirrorDirection`"),
            mirrorMaxStartX: try top.required("mirrorMaxStartX").bool("`mirrorMaxStartX`"),
            locationLimit: try top.required("locationLimit").nonNegativeNumber("`locationLimit`"),
            velocity: try top.required("velocity").choice("velocity estimator", VelocityModel.self),
            completion: completion, transition: transition, bar: bar)
    }
}

/// `dir/of/referrer.yaml` + `x.yaml` -> `dir/of/x.yaml`; absolute paths stay.
func resolve(_ path: String, relativeTo referrer: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let slash = referrer.lastIndex(of: "/") else { return path }
    return String(referrer[...slash]) + path
}

/// A file name without its folder and its last extension.
func stem(of path: String) -> String {
    var name = Substring(path)
    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
    if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
    return String(name)
}
