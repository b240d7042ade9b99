import PopGestureCore

/// JUnit XML as CI systems read it: a `<testsuite>` per file, a `<testcase>` per trace document.
struct CheckJUnitRenderer: CheckRenderer {
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    static let opening = "<testsuites name=\"popgesture check\">\n"
    static let closing = "</testsuites>\n"

    let console: Console
    /// A shard's output says which shard it is and how many suites it holds, in an instruction after
    /// the suites that JUnit readers skip.
    var mark: ShardMark?
    var suites = 0
    /// A file's test cases wait for its end: the suite's counts come first in the XML.
    var cases = ""
    var tests = 0, failures = 0, errors = 0, skipped = 0
    /// The file's `intent` items, as the suite's properties (only when it has some).
    var intent = IntentTally()
    /// The file's warnings: a property with their count and the text in `system-err`.
    var warnings: [Diagnostic] = []

    mutating func begin() {
        console.out(Self.declaration + Self.opening)
    }

    // Every line inside a suite, as `merge` accepts it too.
    static let suite = JUnitLineShape(
        #"  <testsuite name="{V}" tests="{N}" failures="{N}" errors="{N}" skipped="{N}">"#)
    static let suiteEnd = "  </testsuite>"
    /// A test case's opening, then `caseLine` when it has a line, then `/>` or `>` (a content line
    /// and `caseEnd` follow).
    static let testcase = JUnitLineShape(#"    <testcase name="{V}" classname="{V}" file="{V}""#)
    static let caseLine = JUnitLineShape(#" line="{N}""#)
    static let caseEnd = "    </testcase>"
    static let error = JUnitLineShape(#"      <error message="{V}" type="InputError">{V}</error>"#)
    static let failure = JUnitLineShape(
        #"      <failure message="{V}" type="{T}">{V}</failure>"#, choices: ["GoldenMismatch", "ExpectationFailed"])
    static let skip = JUnitLineShape(#"      <skipped message="{V}"/>"#)
    static let properties = JUnitLineShape("    <properties>")
    static let propertiesEnd = JUnitLineShape("    </properties>")
    static let property = JUnitLineShape(#"      <property name="{V}" value="{V}"/>"#)
    static let systemErr = JUnitLineShape("    <system-err>{V}</system-err>")

    mutating func document(_ document: CheckedDocument) {
        tests += 1
        intent.add(document.intent)
        let name = document.trace.map { "\(document.source) \($0)" } ?? document.source
        // `file` and `line` (as pytest and Gradle write them) let CI put the case at its line.
        let line = (document.failures.first?.location ?? document.location).map { Self.caseLine("\($0.line)") } ?? ""
        cases += Self.testcase(name, document.file, document.file) + line
        var content: String?
        if let error = document.error {
            errors += 1
            content = Self.error(error.message, error.description)
        } else if !document.failures.isEmpty {
            failures += 1
            let first = document.failures[0]
            let lines = document.failures.map { $0.place(path: document.file) + $0.message }
            content = Self.failure(
                lines[0], first.kind == CheckFailure.goldenKind ? "GoldenMismatch" : "ExpectationFailed",
                lines.joined(separator: "\n"))
        } else if !document.known.isEmpty {
            // Accepted by the baseline: not a pass, not a failure of this run.
            skipped += 1
            let lines = document.known.map { $0.place(path: document.file) + $0.message }
            content = Self.skip("known failure (baseline): " + lines[0])
        } else if document.unchecked {
            // CI systems show a skipped test as such: not a pass, not a failure.
            skipped += 1
            content = Self.skip(CheckedDocument.uncheckedReason)
        }
        cases += content.map { ">\n" + $0 + "\n" + Self.caseEnd + "\n" } ?? "/>\n"
    }

    mutating func file(_ file: CheckedFile) {
        // Properties and system-err only when there are some, so that other runs print what they always printed.
        var propertyLines =
            intent.labels > 0 ? intent.fields.map { Self.property("intent.\($0.name)", "\($0.value)") + "\n" } : []
        var systemErr = ""
        if !warnings.isEmpty {
            propertyLines.append(Self.property("popgesture.warnings", "\(warnings.count)") + "\n")
            systemErr = Self.systemErr(warnings.map(\.description).joined(separator: "\n")) + "\n"
        }
        let properties =
            propertyLines.isEmpty
            ? "" : Self.properties() + "\n" + propertyLines.joined() + Self.propertiesEnd() + "\n"
        console.out(
            Self.suite(file.path, "\(tests)", "\(failures)", "\(errors)", "\(skipped)") + "\n" + properties + cases
                + systemErr + Self.suiteEnd + "\n")
        suites += 1
        warnings = []
        cases = ""
        (tests, failures, errors, skipped) = (0, 0, 0, 0)
        intent = IntentTally()
    }

    mutating func end(_ summary: CheckSummary) {
        console.out(Self.closing + (mark?.holding(suites).xmlInstruction ?? ""))
    }

    mutating func warning(_ warning: Diagnostic) {
        warnings.append(warning)
    }
}
