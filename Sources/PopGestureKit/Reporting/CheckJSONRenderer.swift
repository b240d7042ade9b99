import PopGestureCore

/// `{"files": [...], "summary": {...}}`, streamed file by file; keys sorted like every JSON output.
/// Each piece goes through a `JSONWriter`, which is told where in the object the piece starts.
struct CheckJSONRenderer: CheckRenderer {
    let console: Console
    /// A shard's output says which shard it is and how many file entries it holds, between the files
    /// and the summary (keys sorted).
    var mark: ShardMark?
    var entries = 0
    var firstFile = true
    var firstDocument = true
    var inFile = false
    /// The file's warnings, written with its entry's last key.
    var warnings: [Diagnostic] = []

    /// What every check output starts with: `merge` writes it too, and knows a shard's output by it.
    static let opening: String = {
        var w = JSONWriter(capacity: 16)
        w.open("{")
        w.key("files")
        w.open("[")
        return w.text
    }()

    mutating func begin() { console.out(Self.opening) }

    private mutating func openFile() {
        guard !inFile else { return }
        var w = JSONWriter(capacity: 32)
        if !firstFile { w.raw(", ") }
        w.open("{")
        w.key("documents")
        w.open("[")
        console.out(w.bytes)
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
        var w = JSONWriter(capacity: 1024)
        if !firstDocument { w.raw(", ") }
        w.value(.object(fields))
        console.out(w.bytes)
        firstDocument = false
    }

    mutating func file(_ file: CheckedFile) {
        openFile()
        inFile = false
        entries += 1
        var w = JSONWriter(capacity: 1024)
        w.close("]")
        if !file.baselineFixed.isEmpty {
            // Baseline entries of this file that no longer fail; `fixed` sorts between `documents` and `golden...`.
            w.key("fixed")
            w.value(
                .array(
                    file.baselineFixed.map {
                        .object([
                            "source": .string($0.source), "kind": .string($0.kind),
                            "expectation": .optional($0.expectation.map(Double.init)),
                        ])
                    }))
        }
        // `goldenError` only when there is one, so that other runs print what they always printed.
        if let error = file.goldenError {
            w.key("goldenError")
            w.string(error.description)
        }
        if let refusal = file.goldenRefused {
            w.key("goldenRefused")
            w.string(refusal.description)
        }
        w.key("goldenWritten")
        w.bool(file.goldenWritten)
        w.key("path")
        w.string(file.path)
        // `warnings` only when there are some, so that other runs print what they always printed.
        if !warnings.isEmpty {
            w.key("warnings")
            w.value(.array(warnings.map(Self.json)))
        }
        w.close("}")
        warnings = []
        console.out(w.bytes)
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
        var w = JSONWriter(capacity: 1024)
        w.close("]")
        if let mark {
            w.key("shard")
            w.value(mark.holding(entries).json)
        }
        Self.ending(s, into: &w)
        console.out(w.bytes)
    }

    /// The summary's counts by their JSON keys; `always`: written when zero too (the rest only when
    /// there are some, so that a run without them prints what it always printed). `merge` sums a
    /// run's shards by the same list.
    static var summaryCounts: [(key: String, count: WritableKeyPath<CheckSummary, Int>, always: Bool)] {
        [
            ("errors", \.errors, true), ("failed", \.failed, true), ("files", \.files, true),
            ("fixed", \.baselineFixed, false), ("goldensNotWritten", \.goldensNotWritten, false),
            ("goldensRefused", \.goldensRefused, false), ("goldensWritten", \.goldensWritten, true),
            ("known", \.known, false), ("notTraces", \.notTraces, false), ("otherDocuments", \.otherDocuments, true),
            ("passed", \.passed, true), ("traces", \.documents, true), ("unchecked", \.unchecked, true),
            ("warnings", \.warnings, false),
        ]
    }

    /// After the files (`w` just past their list): the summary and the end, as `merge` writes them too.
    static func ending(_ s: CheckSummary, into w: inout JSONWriter) {
        var fields: [String: JSONValue] = [:]
        for (key, count, always) in summaryCounts where always || s[keyPath: count] > 0 {
            fields[key] = .number(Double(s[keyPath: count]))
        }
        if s.intent.labels > 0 { fields["intent"] = s.intent.json }
        w.key("summary")
        w.value(.object(fields))
        w.close("}")
        w.raw("\n")
    }
}
