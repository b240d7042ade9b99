import Foundation

/// One renderer per `check` output format over the same results; each writes a file's results as
/// soon as they are in, so output starts before the run ends.
protocol CheckReporter: Renderer where Item == CheckOutput, Summary == CheckSummary {
    /// A document's result, in order; its file's `file` call follows its last document.
    mutating func document(_ document: CheckedDocument)
    mutating func file(_ file: CheckedFile)
    /// A warning about an input that was still used (also on stderr, like every diagnostic).
    mutating func warning(_ warning: Diagnostic)
}

extension CheckReporter {
    /// Most formats leave warnings to stderr; the annotation formats carry them too.
    mutating func warning(_ warning: Diagnostic) {}

    mutating func add(_ item: CheckOutput) {
        switch item {
        case .document(let document): self.document(document)
        case .fileEnd(let file): self.file(file)
        }
    }
}

/// One line per finding, a summary line last; colour only when asked (`--color`).
struct TextCheckReporter: CheckReporter {
    let console: Console
    let paint: Paint

    mutating func document(_ document: CheckedDocument) {
        if let error = document.error {
            console.out(error.rendered(paint) + "\n")
            return
        }
        for failure in document.failures {
            console.out(
                failure.place(path: document.file) + "\(paint("error:", "1;31")) \(document.located(failure))\n")
        }
        if document.unchecked {
            console.out(
                "\(paint("UNCHECKED", "33")) \(document.source) \(document.trace ?? "") (\(document.rules ?? "")): \(CheckedDocument.uncheckedReason)\n"
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
        if file.goldenWritten { console.out("wrote \(Golden.path(for: file.path))\n") }
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
        return line + notTracesClause(s.notTraces)
    }
}

/// `{"files": [...], "summary": {...}}`, streamed file by file; keys sorted like every JSON output.
struct JSONCheckReporter: CheckReporter {
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
        entries += 1
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
        console.out("]" + (mark.map { ", \"shard\": \($0.holding(entries).json.rendered)" } ?? "") + Self.ending(s))
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

/// JUnit XML as CI systems read it: a `<testsuite>` per file, a `<testcase>` per trace document.
struct JUnitCheckReporter: CheckReporter {
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

    func escape(_ text: String) -> String { xmlEscaped(text) }
}
