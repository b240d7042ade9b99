import PopGestureCore

/// `check --format markdown`: a summary table and a table of the failures and input errors, each at
/// its place, for `$GITHUB_STEP_SUMMARY` or a pull request comment (GitHub Flavored Markdown). The
/// rows wait for the end, so that the summary comes first.
struct CheckMarkdownRenderer: CheckRenderer {
    let console: Console
    private var rows: [String] = []

    init(console: Console) {
        self.console = console
    }

    mutating func document(_ document: CheckedDocument) {
        if let error = document.error {
            for diagnostic in error.all {
                let place = diagnostic.location.map { "\($0.path):\($0.line):\($0.column)" } ?? diagnostic.path
                row(
                    place, document.trace ?? "", document.rules ?? "", "input error",
                    diagnostic.message + (diagnostic.suggestion.map { " (\($0))" } ?? ""))
            }
            return
        }
        for failure in document.failures {
            let place = failure.location.map { "\($0.path):\($0.line):\($0.column)" } ?? document.file
            row(place, document.trace ?? "", document.rules ?? "", failure.heading, failure.message)
        }
    }

    mutating func warning(_ warning: Diagnostic) {
        let place = warning.location.map { "\($0.path):\($0.line):\($0.column)" } ?? warning.path
        row(place, "", "", "warning", warning.message + (warning.suggestion.map { " (\($0))" } ?? ""))
    }

    mutating func file(_ file: CheckedFile) {
        if let error = file.goldenError { row(error.path, "", "", "golden not written", error.message) }
    }

    private mutating func row(_ cells: String...) {
        rows.append("| " + cells.map(Self.cell).joined(separator: " | ") + " |")
    }

    mutating func end(_ s: CheckSummary) {
        var text = "## popgesture check\n\n"
        text += (s.failed + s.errors == 0 ? "Passed: " : "Failed: ") + Self.cell(CheckTextRenderer.summary(s)) + "\n\n"
        text += "| traces | files | passed | failed | unchecked | errors |\n|---:|---:|---:|---:|---:|---:|\n"
        text += "| \(s.documents) | \(s.files) | \(s.passed) | \(s.failed) | \(s.unchecked) | \(s.errors) |\n"
        if s.known + s.baselineFixed > 0 { text += "\nBaseline: \(s.known) known, \(s.baselineFixed) fixed.\n" }
        if !rows.isEmpty {
            text += "\n| place | trace | rules | what | message |\n|---|---|---|---|---|\n"
            text += rows.joined(separator: "\n") + "\n"
        }
        console.out(text)
    }

    /// Text as a table cell shows it: every character Markdown would read as formatting, a link, HTML
    /// or a cell boundary is backslash-escaped (GFM escapes any ASCII punctuation so), and line breaks
    /// become `<br>`, since a cell is one line.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "#", "!":
                out.append("\\")
                out.append(character)
            case "\r\n", "\n", "\r":
                out += "<br>"
            default:
                out.append(character)
            }
        }
        return out
    }
}
