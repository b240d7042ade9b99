/// The `format` strings that say what a YAML document is.
public enum DocumentFormat: String, Sendable, CaseIterable {
    case trace = "popgesture-trace/1"
    case stack = "popgesture-stack/1"
    case rules = "popgesture-rules/1"
    case config = "popgesture-config/1"

    package var noun: String {
        switch self {
        case .trace: "trace document"
        case .stack: "stack-config document"
        case .rules: "rules document"
        case .config: "config document"
        }
    }

    /// Reads `format` before anything else, so a rules file handed over as a trace is named as one
    /// instead of drowning in unknown-key errors.
    package static func of(_ node: YAMLNode, expecting expected: [DocumentFormat]) throws -> DocumentFormat {
        let wanted = expected.map { "`format: \($0.rawValue)`" }.joined(separator: " or ")
        guard case .mapping(let pairs) = node.content else {
            throw node.error(
                "expected a \(expected[0].noun) (a mapping starting with \(wanted)), found \(node.kindDescription)")
        }
        guard
            let value = pairs.first(where: { if case .scalar("format", _) = $0.key.content { true } else { false } })?
                .value
        else {
            throw node.error("missing required key `format`; expected \(wanted)")
        }
        let text = try value.text("`format`")
        if let own = OwnFile(format: text) {
            throw value.error(
                "this is a popgesture \(own.noun), not \(expected.contains(.trace) ? "a trace" : "a \(expected[0].noun)")",
                suggestion: own.hint)
        }
        guard let format = DocumentFormat(rawValue: text) else {
            throw value.error(
                "unknown format `\(text)`; expected \(wanted)",
                suggestion: didYouMean(text, in: DocumentFormat.allCases.map(\.rawValue)))
        }
        guard expected.contains(format) else {
            let hint =
                switch format {
                case .rules: "pass a rules file with `--rules`"
                case .stack: "a stack-config is named by a trace's `config:` key"
                case .config: "a config file is read from `.popgesture.yml` or named by `--config`"
                case .trace:
                    expected.contains(.stack)
                        ? "a trace's `config:` names a stack-config document, not another trace"
                        : "a trace is an input file; `--rules` and `extends` take a preset name or a rules file"
                }
            throw value.error("this is a \(format.noun), expected \(wanted)", suggestion: hint)
        }
        return format
    }
}

/// popgesture's own files that are no input to a replay: what a run leaves beside its traces (a
/// baseline, a sweep report). A walk passes over one, counted apart from other tools' files; named as
/// an input, one is an error that says what it is. (Rules, stack-config and config documents are
/// inputs: validated where they are met, not replayed.)
public struct OwnFile: Sendable, Equatable {
    /// What people call it: "baseline", "sweep report".
    public let noun: String
    /// Where such a file is read instead.
    package let hint: String

    /// Each kind's `format` prefix, its noun and where it belongs (`Baseline.format` and
    /// `SweepJSONRenderer.format` in the Kit write them; `InputFilesTests` holds the two to this table).
    package static let kinds: [(prefix: String, noun: String, hint: String)] = [
        ("popgesture-baseline/", "baseline", "a baseline is read by `check --baseline`"),
        (
            "popgesture-sweep/", "sweep report",
            "a sweep report is `sweep --format json`'s output; `merge` reads its shards"
        ),
    ]

    /// The kind a root `format` names, if it is one of these.
    package init?(format: String) {
        guard let kind = Self.kinds.first(where: { format.hasPrefix($0.prefix) }) else { return nil }
        noun = kind.noun
        hint = kind.hint
    }
}
