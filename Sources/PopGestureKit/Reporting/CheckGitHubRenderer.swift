import PopGestureCore

/// `check --format github`: one GitHub Actions workflow command per finding, which the runner shows
/// as an annotation at its line of the pull request's diff, and the summary line last.
///
/// `::error file=PATH,line=L,col=C,title=TITLE::MESSAGE`: a failure is an `error`, an input error
/// too (each of a document's errors), a warning a `warning`, an unchecked trace a `notice`.
struct CheckGitHubRenderer: CheckRenderer {
    let console: Console

    mutating func document(_ document: CheckedDocument) {
        if let error = document.error {
            for diagnostic in error.all { emit(diagnostic, title: "input error") }
            return
        }
        for failure in document.failures {
            let location = failure.location
            command(
                "error", file: location?.path ?? document.file, line: location?.line, column: location?.column,
                title: failure.kind == CheckFailure.goldenKind || failure.kind == CheckFailure.uncheckedKind
                    ? failure.heading : "\(failure.heading) (\(failure.kind))",
                message: "\(document.trace ?? "") (\(document.rules ?? "")): \(failure.message)")
        }
        if document.unchecked {
            command(
                "notice", file: document.location?.path ?? document.file, line: document.location?.line,
                column: document.location?.column,
                title: "unchecked trace",
                message: "\(document.trace ?? "") (\(document.rules ?? "")): \(CheckedDocument.uncheckedReason)")
        }
    }

    mutating func file(_ file: CheckedFile) {
        if let error = file.goldenError { emit(error, title: "golden not written") }
        if let refusal = file.goldenRefused { emit(refusal, title: "golden not recorded") }
        for entry in file.baselineFixed {
            emit(CheckTextRenderer.fixed(entry, in: file), title: "fixed since the baseline")
        }
    }

    mutating func warning(_ warning: Diagnostic) {
        emit(warning, title: "warning")
    }

    mutating func end(_ summary: CheckSummary) {
        console.out(CheckTextRenderer.summary(summary) + "\n")
    }

    private func emit(_ diagnostic: Diagnostic, title: String) {
        let kind = diagnostic.severity == .warning ? "warning" : diagnostic.severity == .note ? "notice" : "error"
        let location = diagnostic.location
        command(
            kind, file: diagnostic.path.isEmpty ? nil : diagnostic.path, line: location?.line, column: location?.column,
            title: title,
            message: diagnostic.message + (diagnostic.suggestion.map { " (\($0))" } ?? ""))
    }

    private func command(_ kind: String, file: String?, line: Int?, column: Int?, title: String, message: String) {
        var properties: [String] = []
        if let file { properties.append("file=" + Self.property(file.withoutLeadingDotSlash)) }
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        properties.append("title=" + Self.property(title))
        console.out("::\(kind) \(properties.joined(separator: ","))::\(Self.data(message))\n")
    }

    /// A command's message, escaped as the Actions runner reads it back (`escapeData` in
    /// actions/toolkit's packages/core/src/command.ts): `%` first, so that no escape is escaped twice,
    /// then CR and LF, which would otherwise end the command. Other control characters (an ESC that
    /// would colour the log or a terminal) are shown as `\u{1B}`, as every text output shows them.
    static func data(_ text: String) -> String {
        visible(text, keepingLineBreaks: true).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(
            of: "\r", with: "%0D"
        )
        .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property's value (`escapeProperty` there): also `:` and `,`, which end a property.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
