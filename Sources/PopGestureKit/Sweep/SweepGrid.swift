import Foundation
import PopGestureCore

/// `sweep`'s grid: the keys given by `--vary`, their values, and every version (BASE with one value
/// of each key set), each merged as `extends` merges and checked as a rules document is, before any
/// trace is read. The last `--vary` varies fastest.
struct SweepGrid: Sendable {
    /// A key `sweep` can vary: a rule key of the table, the one trace key, or the rule version itself.
    struct Key: Sendable {
        let path: String
        /// Nil for `maxStartX`, the trace key, and for `rules`.
        let rule: RuleKey?

        /// `rules`: each value is a whole rule version (a preset or a rules file) in place of BASE.
        var isVersion: Bool { path == SweepGrid.versionKey }
    }

    /// One version of the grid.
    struct Version: Sendable {
        /// One per key, in key order.
        let values: [SweepValue]
        let rules: Rules
        /// Set when `maxStartX` is swept.
        let maxStartX: Double?
        /// How many keys have another value than BASE's (`maxStartX` always does: it replaces the
        /// traces' own).
        let differing: Int
    }

    static let traceKey = "maxStartX"
    /// `--vary rules=fd,ionic,...`: the presets or rules files compared, each the base of its versions.
    static let versionKey = "rules"
    static let maxVersions = 10_000
    static let maxKeys = 3

    let base: Rules
    let keys: [Key]
    let values: [[SweepValue]]
    let versions: [Version]

    /// `base`: a preset or rules file; `vary`: each `KEY=VALUES` as given.
    init(base spec: String, vary: [String]) throws {
        let baseTree = try RulesLoader.resolvedTree(spec)
        base = try RulesLoader.decode(baseTree.0, name: baseTree.1)
        guard !vary.isEmpty else {
            throw Diagnostic(
                message: "nothing to sweep: give at least one --vary KEY=VALUES",
                suggestion: "e.g. --vary completion.projectionDistance=120..240/20")
        }
        guard vary.count <= Self.maxKeys else {
            throw Diagnostic(
                message: "\(vary.count) --vary options; at most \(Self.maxKeys) keys can be swept at once",
                suggestion: "sweep fewer keys, or write rules files and compare them with `diff`")
        }
        var keys: [Key] = []
        var values: [[SweepValue]] = []
        for argument in vary {
            guard let equals = argument.firstIndex(of: "=") else {
                throw Diagnostic(
                    message: "--vary `\(argument)`: expected KEY=VALUES", suggestion: "e.g. --vary maxStartX=0,40,80")
            }
            let key = try Self.key(String(argument[..<equals]))
            if keys.contains(where: { $0.path == key.path }) {
                throw Diagnostic(
                    message: "--vary `\(key.path)` is given twice; each key is swept once",
                    suggestion: "list all its values in one --vary")
            }
            keys.append(key)
            values.append(try SweepValue.parse(String(argument[argument.index(after: equals)...]), for: key))
        }
        let count = values.reduce(1) { $0 * $1.count }
        guard count <= Self.maxVersions else {
            throw Diagnostic(
                message:
                    "the grid has \(count) versions (\(values.map { String($0.count) }.joined(separator: " x "))); at most \(Self.maxVersions) can be swept",
                suggestion: "use fewer values or a larger STEP")
        }
        self.keys = keys
        self.values = values
        // Each version named by `rules` is read and checked once, whatever the other keys.
        var trees: [String: Named] = [:]
        if let k = keys.firstIndex(where: \.isVersion) {
            for case .word(let spec) in values[k] {
                do {
                    let tree = try RulesLoader.resolvedTree(spec)
                    trees[spec] = Named(tree: tree, rules: try RulesLoader.decode(tree.0, name: tree.1))
                } catch let error as Diagnostic {
                    throw Diagnostic(
                        path: error.path, line: error.line, column: error.column,
                        message: error.line == 0
                            ? "--vary \(Self.versionKey)=\(spec): \(error.message)" : error.message,
                        suggestion: error.suggestion)
                }
            }
        }
        var versions: [Version] = []
        versions.reserveCapacity(count)
        for index in 0..<count {
            var rest = index
            var chosen = [SweepValue](repeating: .bool(false), count: keys.count)
            for k in keys.indices.reversed() {
                chosen[k] = values[k][rest % values[k].count]
                rest /= values[k].count
            }
            versions.append(try Self.version(chosen, keys: keys, base: baseTree, baseRules: base, trees: trees))
        }
        self.versions = versions
    }

    /// A key of the rule-key table or `maxStartX`; list keys are refused, unknown ones get the nearest.
    static func key(_ path: String) throws -> Key {
        if path == traceKey || path == versionKey { return Key(path: path, rule: nil) }
        if let rule = RuleKey.named(path) {
            switch rule.type {
            case .uniqueList, .detectors:
                throw Diagnostic(
                    message: "--vary `\(path)`: a list key cannot be swept",
                    suggestion: "write a rules file per list and compare them with `popgesture diff`")
            default:
                return Key(path: path, rule: rule)
            }
        }
        let paths = RuleKey.all.map(\.path) + [traceKey, versionKey]
        // `projectionDistance` for `completion.projectionDistance`: the section was left out.
        let suggestion =
            RuleKey.all.first { $0.name == path }.map { "did you mean `\($0.path)`?" } ?? didYouMean(path, in: paths)
        throw Diagnostic(
            message:
                "--vary: unknown key `\(path)`; expected a rule key (`popgesture rules show` lists them), `\(traceKey)` or `\(versionKey)`",
            suggestion: suggestion)
    }

    /// A rule version `rules` names: its merged tree and its rules.
    struct Named {
        let tree: (YAMLNode, String)
        let rules: Rules
    }

    private static func version(
        _ values: [SweepValue], keys: [Key], base baseTree: (YAMLNode, String), baseRules: Rules,
        trees: [String: Named]
    ) throws -> Version {
        var maxStartX: Double?
        // `rules` replaces BASE: the other keys are set on the version it names.
        var base = baseTree
        var versionBase = baseRules
        var versionDiffers = false
        for (key, value) in zip(keys, values) where key.isVersion {
            if case .word(let spec) = value, let named = trees[spec] {
                base = named.tree
                versionBase = named.rules
                versionDiffers = named.rules.name != baseRules.name
            }
        }
        // The overlay a rules file would hold, `completion: {projectionDistance: 160}`, read by libyaml.
        var lines: [String] = []
        var sections: [String: Int] = [:]
        for (key, value) in zip(keys, values) {
            guard let rule = key.rule else {
                if case .number(let number) = value { maxStartX = number }
                continue
            }
            guard let section = rule.section else {
                lines.append("\(rule.path): \(value.yaml)")
                continue
            }
            if let line = sections[section] {
                lines[line].insert(
                    contentsOf: ", \(rule.name): \(value.yaml)", at: lines[line].index(before: lines[line].endIndex))
            } else {
                sections[section] = lines.count
                lines.append("\(section): {\(rule.name): \(value.yaml)}")
            }
        }
        let text = lines.map { $0 + "\n" }.joined()
        var rules = versionBase
        do {
            // Only maxStartX or rules swept: the overlay is empty and every version is its base.
            if let overlay = try YAMLDocumentReader(text: text, path: "<sweep>").nextDocument() {
                rules = try RulesLoader.load(base: (base.0, base.1), overlay: overlay)
            }
        } catch let error as Diagnostic {
            let given = zip(keys, values).map { "\($0.path)=\($1.text)" }.joined(separator: " ")
            throw Diagnostic(message: "--vary \(given): \(error.message)", suggestion: error.suggestion)
        }
        let differing = keys.filter { key in
            if key.isVersion { return versionDiffers }
            return key.rule.map { $0.get(rules) != $0.get(baseRules) } ?? true
        }.count
        return Version(values: values, rules: rules, maxStartX: maxStartX, differing: differing)
    }
}
