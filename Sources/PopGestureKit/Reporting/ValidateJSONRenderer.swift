import PopGestureCore

/// One JSON object: the counts and every diagnostic with its parts.
struct ValidateJSONRenderer: ValidateRenderer {
    let console: Console
    var diagnostics: [JSONValue] = []

    mutating func add(_ document: InvalidDocument) {
        // Each independent error of the document is a diagnostic of its own.
        let diagnostic = document.diagnostic
        diagnostics += diagnostic.all.map { $0.json(source: document.source) }
        if diagnostic.notShown > 0 {
            diagnostics.append(
                Diagnostic(
                    path: diagnostic.path,
                    message:
                        "\(diagnostic.notShown) more error\(diagnostic.notShown == 1 ? "" : "s") in this document not shown",
                    severity: .note
                ).json(source: document.source))
        }
    }

    mutating func end(_ s: ValidateSummary) {
        var fields: [String: JSONValue] = [
            "files": .number(Double(s.files)), "documents": .number(Double(s.documents)),
            "valid": .number(Double(s.valid)), "invalid": .number(Double(s.invalid)),
            "diagnostics": .array(diagnostics),
        ]
        // Only when there are some, so that a run over traces alone prints what it always printed.
        if s.notTraces > 0 { fields["notTraces"] = .number(Double(s.notTraces)) }
        console.out(JSONValue.object(fields).rendered + "\n")
    }
}

extension Diagnostic {
    func json(source: String) -> JSONValue {
        .object([
            // No place in the file (a note about errors not shown, a file that cannot be read as a
            // whole): null, never a line 0 that no editor can go to.
            "source": .string(source), "path": .string(path), "line": .optional(location.map { Double($0.line) }),
            "column": .optional(location.map { Double($0.column) }), "severity": .string(severity.rawValue),
            "message": .string(message),
            "suggestion": .optional(suggestion), "text": .string(description),
        ])
    }
}
