/// JUnit XML as CI systems read it: a `<testsuite>` per file, a `<testcase>` per trace document.
struct CheckJUnitRenderer: CheckRenderer {
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    static let opening = "<testsuites name=\"popgesture check\">\n"
    static let closing = "</testsuites>\n"

    let console: Console
    /// A shard's output says which shard it is, in an instruction JUnit readers skip.
    var mark: ShardMark?
    /// A file's test cases wait for its end: the suite's counts come first in the XML.
    var cases = ""
    var tests = 0, failures = 0, errors = 0, skipped = 0
    /// The file's `intent` items, as the suite's properties (only when it has some).
    var intent = IntentTally()
    /// The file's warnings: a property with their count and the text in `system-err`.
    var warnings: [Diagnostic] = []

    mutating func begin() {
        console.out(Self.declaration + (mark?.xmlInstruction ?? "") + Self.opening)
    }

    mutating func document(_ document: CheckedDocument) {
        tests += 1
        intent.add(document.intent)
        let name = document.trace.map { "\(document.source) \($0)" } ?? document.source
        // `file` and `line` (as pytest and Gradle write them) let CI put the case at its line.
        let line = (document.failures.first?.location ?? document.location).map { " line=\"\($0.line)\"" } ?? ""
        cases +=
            "    <testcase name=\"\(escape(name))\" classname=\"\(escape(document.file))\" file=\"\(escape(document.file))\"\(line)"
        if let error = document.error {
            errors += 1
            cases +=
                ">\n      <error message=\"\(escape(error.message))\" type=\"InputError\">\(escape(error.description))</error>\n    </testcase>\n"
        } else if !document.failures.isEmpty {
            failures += 1
            let first = document.failures[0]
            let lines = document.failures.map { $0.place(path: document.file) + $0.message }
            cases +=
                ">\n      <failure message=\"\(escape(lines[0]))\" type=\"\(first.kind == CheckFailure.goldenKind ? "GoldenMismatch" : "ExpectationFailed")\">"
            cases += escape(lines.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
        } else if !document.known.isEmpty {
            // Accepted by the baseline: not a pass, not a failure of this run.
            skipped += 1
            let lines = document.known.map { $0.place(path: document.file) + $0.message }
            cases +=
                ">\n      <skipped message=\"\(escape("known failure (baseline): " + lines[0]))\"/>\n    </testcase>\n"
        } else if document.unchecked {
            // CI systems show a skipped test as such: not a pass, not a failure.
            skipped += 1
            cases += ">\n      <skipped message=\"\(escape(CheckedDocument.uncheckedReason))\"/>\n    </testcase>\n"
        } else {
            cases += "/>\n"
        }
    }

    mutating func file(_ file: CheckedFile) {
        // Properties and system-err only when there are some, so that other runs print what they always printed.
        var propertyLines =
            intent.labels > 0
            ? intent.fields.map { "      <property name=\"intent.\($0.name)\" value=\"\($0.value)\"/>\n" } : []
        var systemErr = ""
        if !warnings.isEmpty {
            propertyLines.append("      <property name=\"popgesture.warnings\" value=\"\(warnings.count)\"/>\n")
            systemErr = "    <system-err>\(escape(warnings.map(\.description).joined(separator: "\n")))</system-err>\n"
        }
        let properties =
            propertyLines.isEmpty ? "" : "    <properties>\n" + propertyLines.joined() + "    </properties>\n"
        console.out(
            "  <testsuite name=\"\(escape(file.path))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\">\n"
                + properties + cases + systemErr + "  </testsuite>\n")
        warnings = []
        cases = ""
        (tests, failures, errors, skipped) = (0, 0, 0, 0)
        intent = IntentTally()
    }

    mutating func end(_ summary: CheckSummary) {
        console.out(Self.closing)
    }

    mutating func warning(_ warning: Diagnostic) {
        warnings.append(warning)
    }

    func escape(_ text: String) -> String { xmlEscaped(text) }
}
