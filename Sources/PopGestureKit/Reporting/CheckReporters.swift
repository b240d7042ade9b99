import Foundation

/// One reporter per `check` output format over the same results; each writes a file's results as
/// soon as they are in, so output starts before the run ends.
protocol CheckReporter {
    mutating func begin()
    mutating func file(_ file: CheckedFile)
    mutating func end(_ summary: CheckSummary)
}

/// One line per finding, a summary line last; colour only when asked (a terminal without NO_COLOR).
struct TextCheckReporter: CheckReporter {
    let console: Console
    let colour: Bool

    func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    mutating func begin() {}

    mutating func file(_ file: CheckedFile) {
        for document in file.documents {
            if let error = document.error {
                console.out(paint(error.description, "1;31") + "\n")
                continue
            }
            for failure in document.failures {
                console.out("\(paint("FAIL", "31")) \(document.source) \(document.trace ?? "") (\(document.rules ?? "")): \(failure)\n")
            }
        }
        if file.goldenWritten { console.out("wrote \(Golden.path(for: file.path))\n") }
    }

    mutating func end(_ s: CheckSummary) {
        var line = "\(s.documents) trace\(s.documents == 1 ? "" : "s") in \(s.files) file\(s.files == 1 ? "" : "s"): "
        line += "\(paint("\(s.passed) passed", s.failed + s.errors == 0 ? "32" : "0")), \(s.failed) failed, \(s.errors) error\(s.errors == 1 ? "" : "s")"
        if s.goldensWritten > 0 { line += ", \(s.goldensWritten) golden\(s.goldensWritten == 1 ? "" : "s") written" }
        console.out(line + "\n")
    }
}

/// `{"files": [...], "summary": {...}}`, streamed file by file; keys sorted like every JSON output.
struct JSONCheckReporter: CheckReporter {
    let console: Console
    var first = true

    mutating func begin() { console.out("{\"files\": [") }

    mutating func file(_ file: CheckedFile) {
        let value = JSONValue.object([
            "path": .string(file.path),
            "goldenWritten": .bool(file.goldenWritten),
            "documents": .array(file.documents.map { d in
                .object([
                    "source": .string(d.source), "trace": .optional(d.trace), "rules": .optional(d.rules),
                    "status": .string(d.status), "passedExpectations": .number(Double(d.passedExpectations)),
                    "failures": .array(d.failures.map(JSONValue.string)),
                    "error": .optional(d.error?.description),
                ])
            }),
        ])
        console.out((first ? "" : ", ") + value.rendered)
        first = false
    }

    mutating func end(_ s: CheckSummary) {
        let summary = JSONValue.object([
            "files": .number(Double(s.files)), "traces": .number(Double(s.documents)), "passed": .number(Double(s.passed)),
            "failed": .number(Double(s.failed)), "errors": .number(Double(s.errors)), "goldensWritten": .number(Double(s.goldensWritten)),
        ])
        console.out("], \"summary\": \(summary.rendered)}\n")
    }
}

/// JUnit XML as CI systems read it: a `<testsuite>` per file, a `<testcase>` per trace document.
struct JUnitCheckReporter: CheckReporter {
    let console: Console

    mutating func begin() {
        console.out("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"popgesture check\">\n")
    }

    mutating func file(_ file: CheckedFile) {
        let failures = file.documents.filter { $0.status == "failed" }.count
        let errors = file.documents.filter { $0.status == "error" }.count
        var xml = "  <testsuite name=\"\(escape(file.path))\" tests=\"\(file.documents.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">\n"
        for document in file.documents {
            let name = document.trace.map { "\(document.source) \($0)" } ?? document.source
            xml += "    <testcase name=\"\(escape(name))\" classname=\"\(escape(file.path))\""
            if let error = document.error {
                xml += ">\n      <error message=\"\(escape(error.message))\" type=\"InputError\">\(escape(error.description))</error>\n    </testcase>\n"
            } else if !document.failures.isEmpty {
                let first = document.failures[0]
                xml += ">\n      <failure message=\"\(escape(first))\" type=\"\(first.hasPrefix("golden") ? "GoldenMismatch" : "ExpectationFailed")\">"
                xml += escape(document.failures.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        console.out(xml + "  </testsuite>\n")
    }

    mutating func end(_ summary: CheckSummary) {
        console.out("</testsuites>\n")
    }

    /// XML 1.0 allows no control characters but tab and newline; they become U+FFFD.
    func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
