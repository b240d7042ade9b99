import PopGestureCore

/// `check --format sarif`: SARIF 2.1.0 (OASIS), the format GitHub code scanning and other code
/// review tools import. One run; the tool's rules are one `reportingDescriptor` per expectation kind
/// and one each for a golden mismatch, an unchecked trace, an input error and each warning; every
/// finding is a result at its physical location. Results are streamed as they come (keys sorted, like
/// every JSON output, put `results` before `tool`).
struct CheckSARIFRenderer: CheckRenderer {
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    struct Rule {
        var id: String
        var summary: String
        var level: String
    }

    /// The rules, in a fixed order: a result names its rule by id and index.
    static let rules: [Rule] =
        Expectation.kinds.map {
            Rule(
                id: "expect-\($0)",
                summary: "A `\($0)` item of a trace's `expect` list did not hold (docs/reference/expectations.md).",
                level: "error")
        } + [
            Rule(
                id: "golden-mismatch",
                summary: "The trace's report differs from its golden (<trace file>.golden.jsonl).", level: "error"),
            Rule(
                id: "unchecked-trace",
                summary:
                    "The trace has no `expect` items and no golden, so nothing was checked (an error with --strict).",
                level: "note"),
            Rule(
                id: "input-error", summary: "A document or file could not be read, or breaks the trace format.",
                level: "error"),
            Rule(id: "golden-not-written", summary: "--update-goldens could not write the golden.", level: "error"),
            Rule(
                id: "golden-not-recorded",
                summary:
                    "--update-goldens did not record the golden: the file's expectations fail (--force records it).",
                level: "warning"),
            Rule(
                id: "rules-comment",
                summary:
                    "A comment that looks like `# popgesture-rules:` but is not one: the file is replayed under the default rules.",
                level: "warning"),
            Rule(id: "warning", summary: "Something else in an input worth a look.", level: "warning"),
        ]

    let console: Console
    private var first = true

    init(console: Console) {
        self.console = console
    }

    mutating func begin() {
        var w = JSONWriter(capacity: 256)
        w.open("{")
        w.key("$schema")
        w.string(Self.schema)
        w.key("runs")
        w.open("[")
        w.open("{")
        w.key("columnKind")
        w.string("unicodeCodePoints")
        w.key("results")
        w.open("[")
        console.out(w.bytes)
    }

    mutating func document(_ document: CheckedDocument) {
        if let error = document.error {
            for diagnostic in error.all { result("input-error", diagnostic) }
            return
        }
        for failure in document.failures {
            result(
                Self.rule(for: failure), level: "error", path: failure.location?.path ?? document.file,
                failure.location,
                message: "\(document.trace ?? "") (\(document.rules ?? "")): \(failure.message)")
        }
        // Accepted by the baseline: SARIF's own word for a result a baseline already holds.
        for failure in document.known {
            result(
                Self.rule(for: failure), level: "note", path: failure.location?.path ?? document.file, failure.location,
                message: "\(document.trace ?? "") (\(document.rules ?? "")): \(failure.message)",
                baselineState: "unchanged")
        }
        if document.unchecked {
            result(
                "unchecked-trace", level: "note", path: document.location?.path ?? document.file, document.location,
                message: "\(document.trace ?? "") (\(document.rules ?? "")): \(CheckedDocument.uncheckedReason)")
        }
    }

    static func rule(for failure: CheckFailure) -> String {
        switch failure.kind {
        case CheckFailure.goldenKind: "golden-mismatch"
        case CheckFailure.uncheckedKind: "unchecked-trace"
        default: "expect-\(failure.kind)"
        }
    }

    mutating func file(_ file: CheckedFile) {
        if let error = file.goldenError { result("golden-not-written", error) }
        if let refusal = file.goldenRefused { result("golden-not-recorded", refusal) }
        // A baseline entry no longer failing: absent from this run.
        for entry in file.baselineFixed {
            result(
                entry.expectation == nil
                    ? (entry.kind == CheckFailure.goldenKind ? "golden-mismatch" : "unchecked-trace")
                    : "expect-\(entry.kind)",
                level: "note", path: file.path, nil, message: "fixed since the baseline: \(entry.described)",
                baselineState: "absent")
        }
    }

    mutating func warning(_ warning: Diagnostic) {
        result(warning.kind == RulesChoice.lookalikeKind ? "rules-comment" : "warning", warning)
    }

    mutating func end(_ summary: CheckSummary) {
        let rules = JSONValue.array(
            Self.rules.map {
                .object([
                    "id": .string($0.id), "shortDescription": .object(["text": .string($0.summary)]),
                    "defaultConfiguration": .object(["level": .string($0.level)]),
                ])
            })
        let driver = JSONValue.object([
            "name": .string("popgesture"), "version": .string(toolVersion),
            "informationUri": .string("https://popgesture.dev"), "rules": rules,
        ])
        var w = JSONWriter(capacity: 4096)
        if !first { w.raw("\n") }
        w.close("]")
        w.key("tool")
        w.value(.object(["driver": driver]))
        w.close("}")
        w.close("]")
        w.key("version")
        w.string("2.1.0")
        w.close("}")
        w.raw("\n")
        console.out(w.bytes)
    }

    private mutating func result(_ rule: String, _ diagnostic: Diagnostic) {
        let level = diagnostic.severity == .warning ? "warning" : diagnostic.severity == .note ? "note" : "error"
        result(
            rule, level: level, path: diagnostic.path, diagnostic.location,
            message: diagnostic.message + (diagnostic.suggestion.map { " (\($0))" } ?? ""))
    }

    private mutating func result(
        _ rule: String, level: String, path: String, _ location: SourcePosition?, message: String,
        baselineState: String? = nil
    ) {
        var fields: [String: JSONValue] = [
            "ruleId": .string(rule), "level": .string(level), "message": .object(["text": .string(message)]),
        ]
        if let baselineState { fields["baselineState"] = .string(baselineState) }
        if let index = Self.rules.firstIndex(where: { $0.id == rule }) { fields["ruleIndex"] = .number(Double(index)) }
        if !path.isEmpty {
            var physical: [String: JSONValue] = ["artifactLocation": .object(["uri": .string(Self.uri(path))])]
            if let location {
                physical["region"] = .object([
                    "startLine": .number(Double(location.line)), "startColumn": .number(Double(location.column)),
                ])
            }
            fields["locations"] = .array([.object(["physicalLocation": .object(physical)])])
        }
        // One result a line, so that a diff of two runs' SARIF shows results.
        var w = JSONWriter(capacity: 1024)
        w.raw(first ? "\n" : ",\n")
        w.value(.object(fields))
        console.out(w.bytes)
        first = false
    }

    /// A path as a URI reference (RFC 3986), relative as given (less a leading `./`): every byte but the unreserved
    /// characters and `/` percent-encoded, so that a space or `#` in a file name stays part of it.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.withoutLeadingDotSlash.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
