import PopGestureCore

/// One `path:line:column: error: ...` line per invalid document on stdout (what was asked for),
/// then a summary line.
struct ValidateTextRenderer: ValidateRenderer {
    let console: Console
    /// `--color` on standard output.
    var paint = Console.stdoutPaint

    mutating func add(_ document: InvalidDocument) {
        console.out(document.diagnostic.rendered(paint) + "\n")
    }

    mutating func end(_ s: ValidateSummary) {
        console.out(
            "\(counted(s.documents, "document")) in \(counted(s.files, "file")): \(s.valid) valid, \(s.invalid) invalid\(notTracesClause(s.passedOver))\n"
        )
    }
}
