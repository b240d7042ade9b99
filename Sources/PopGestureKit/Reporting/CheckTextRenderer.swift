import PopGestureCore

/// One line per finding, a summary line last; colour only when asked (`--color`).
struct CheckTextRenderer: CheckRenderer {
    let console: Console
    let paint: Paint

    mutating func document(_ document: CheckedDocument) {
        if let error = document.error {
            console.out(error.rendered(paint) + "\n")
            return
        }
        for failure in document.failures {
            console.out(
                lineStart(failure.place(path: document.file))
                    + "\(paint("error:", "1;31")) \(visible(document.located(failure)))\n")
        }
        if document.unchecked {
            console.out(
                "\(paint("UNCHECKED", "33")) \(visible(document.source)) \(visible(document.trace ?? "")) (\(visible(document.rules ?? ""))): \(CheckedDocument.uncheckedReason)\n"
            )
        }
        if let explanation = document.explanation {
            // Indented under its failures, so the next FAIL line still stands out.
            console.out(
                explanation.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
                    $0.isEmpty ? "\n" : "    \($0)\n"
                }.joined() + "\n")
        }
    }

    mutating func file(_ file: CheckedFile) {
        if file.goldenWritten { console.out("wrote \(visible(Golden.path(for: file.path)))\n") }
        if let error = file.goldenError { console.out(error.rendered(paint) + "\n") }
        for entry in file.baselineFixed { console.out(Self.fixed(entry, in: file).rendered(paint) + "\n") }
    }

    /// A baseline entry that no longer fails, as a note at its file.
    static func fixed(_ entry: Baseline.Entry, in file: CheckedFile) -> Diagnostic {
        Diagnostic(
            path: file.path, message: "fixed since the baseline: \(entry.described)",
            suggestion: "write the baseline again (--write-baseline) to drop it", severity: .note)
    }

    mutating func end(_ s: CheckSummary) {
        console.out(Self.summary(s, paint: paint) + "\n")
    }

    /// `N traces in M files: ...`, the line every human-readable format ends with.
    static func summary(_ s: CheckSummary, paint: Paint = Paint(false)) -> String {
        var line = "\(s.documents) trace\(s.documents == 1 ? "" : "s") in \(s.files) file\(s.files == 1 ? "" : "s"): "
        // Green only when all is well; otherwise plain, not wrapped in codes that change nothing.
        line += "\(s.failed + s.errors == 0 ? paint("\(s.passed) passed", "32") : "\(s.passed) passed"), "
        // Only when there are some, so that a run over checked traces prints what it always printed.
        if s.unchecked > 0 { line += "\(paint("\(s.unchecked) unchecked", "33")), " }
        line += "\(s.failed) failed, "
        if s.known > 0 { line += "\(s.known) known (baseline), " }
        line += "\(s.errors) error\(s.errors == 1 ? "" : "s")"
        if s.goldensWritten > 0 { line += ", \(s.goldensWritten) golden\(s.goldensWritten == 1 ? "" : "s") written" }
        if s.goldensNotWritten > 0 {
            line += ", \(s.goldensNotWritten) golden\(s.goldensNotWritten == 1 ? "" : "s") not written"
        }
        if s.goldensRefused > 0 {
            line += ", \(counted(s.goldensRefused, "golden")) refused (expectations fail; --force records)"
        }
        if s.warnings > 0 { line += ", \(counted(s.warnings, "warning"))" }
        if s.baselineFixed > 0 {
            line += "; \(s.baselineFixed) baseline entr\(s.baselineFixed == 1 ? "y" : "ies") fixed"
        }
        if s.otherDocuments > 0 {
            line +=
                "; \(s.otherDocuments) rules or stack-config document\(s.otherDocuments == 1 ? "" : "s") validated, not replayed"
        }
        if s.intent.labels > 0 { line += "; intent: " + s.intent.summaryText }
        return line + notTracesClause(s.passedOver)
    }
}
