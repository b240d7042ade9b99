/// `{"files": [...], "summary": {...}}`, streamed file by file; keys sorted like every JSON output.
struct CheckJSONRenderer: CheckRenderer {
    let console: Console
    /// A shard's output says which shard it is, between the files and the summary (keys sorted).
    var mark: ShardMark?
    var firstFile = true
    var firstDocument = true
    var inFile = false
    /// The file's warnings, written with its entry's last key.
    var warnings: [Diagnostic] = []

    mutating func begin() { console.out("{\"files\": [") }

    private mutating func openFile() {
        guard !inFile else { return }
        console.out((firstFile ? "" : ", ") + "{\"documents\": [")
        firstFile = false
        firstDocument = true
        inFile = true
    }

    mutating func document(_ d: CheckedDocument) {
        openFile()
        var fields: [String: JSONValue] = [
            "source": .string(d.source), "trace": .optional(d.trace), "rules": .optional(d.rules),
            "status": .string(d.status.rawValue), "passedExpectations": .number(Double(d.passedExpectations)),
            "failures": .array(d.failures.map(\.json)),
            "error": .optional(d.error?.description),
        ]
        if !d.known.isEmpty { fields["known"] = .array(d.known.map(\.json)) }
        // Only for a labelled trace, so that other runs print what they always printed.
        if d.intent.labels > 0 { fields["intent"] = d.intent.json }
        let value = JSONValue.object(fields)
        console.out((firstDocument ? "" : ", ") + value.rendered)
        firstDocument = false
    }

    mutating func file(_ file: CheckedFile) {
        openFile()
        inFile = false
        // `goldenError` only when there is one, so that other runs print what they always printed.
        var error = file.goldenError.map { "\"goldenError\": \(JSONValue.string($0.description).rendered), " } ?? ""
        error += file.goldenRefused.map { "\"goldenRefused\": \(JSONValue.string($0.description).rendered), " } ?? ""
        if !file.baselineFixed.isEmpty {
            // Baseline entries of this file that no longer fail; `fixed` sorts between `documents` and `golden...`.
            let entries = file.baselineFixed.map {
                JSONValue.object([
                    "source": .string($0.source), "kind": .string($0.kind),
                    "expectation": .optional($0.expectation.map(Double.init)),
                ])
            }
            error = "\"fixed\": \(JSONValue.array(entries).rendered), " + error
        }
        // `warnings` only when there are some, so that other runs print what they always printed.
        let listed = warnings.isEmpty ? "" : ", \"warnings\": \(JSONValue.array(warnings.map(Self.json)).rendered)"
        warnings = []
        console.out(
            "], \(error)\"goldenWritten\": \(file.goldenWritten), \"path\": \(JSONValue.string(file.path).rendered)\(listed)}"
        )
    }

    mutating func warning(_ warning: Diagnostic) {
        warnings.append(warning)
    }

    /// `{"column", "kind", "line", "message", "path"}`; the message with its suggestion.
    static func json(_ warning: Diagnostic) -> JSONValue {
        .object([
            "path": .string(warning.path), "kind": .string(warning.kind ?? "warning"),
            "line": .optional(warning.location.map { Double($0.line) }),
            "column": .optional(warning.location.map { Double($0.column) }),
            "message": .string(warning.message + (warning.suggestion.map { " (\($0))" } ?? "")),
        ])
    }

    mutating func end(_ s: CheckSummary) {
        console.out("]" + (mark.map { ", \"shard\": \($0.json.rendered)" } ?? "") + Self.ending(s))
    }

    /// After the files: the summary, as `merge` writes it too.
    static func ending(_ s: CheckSummary) -> String {
        var fields: [String: JSONValue] = [
            "files": .number(Double(s.files)), "traces": .number(Double(s.documents)),
            "passed": .number(Double(s.passed)),
            "failed": .number(Double(s.failed)), "errors": .number(Double(s.errors)),
            "unchecked": .number(Double(s.unchecked)), "goldensWritten": .number(Double(s.goldensWritten)),
            "otherDocuments": .number(Double(s.otherDocuments)),
        ]
        // Only when there are some, so that a run over traces alone prints what it always printed.
        if s.notTraces > 0 { fields["notTraces"] = .number(Double(s.notTraces)) }
        if s.goldensNotWritten > 0 { fields["goldensNotWritten"] = .number(Double(s.goldensNotWritten)) }
        if s.goldensRefused > 0 { fields["goldensRefused"] = .number(Double(s.goldensRefused)) }
        if s.intent.labels > 0 { fields["intent"] = s.intent.json }
        if s.known > 0 { fields["known"] = .number(Double(s.known)) }
        if s.warnings > 0 { fields["warnings"] = .number(Double(s.warnings)) }
        if s.baselineFixed > 0 { fields["fixed"] = .number(Double(s.baselineFixed)) }
        return ", \"summary\": \(JSONValue.object(fields).rendered)}\n"
    }
}
