import Foundation
import Testing

@testable import PopGestureKit

/// The hostile trace of `EscapingTests` (`<script>`, `]]>`, `"`, `&`, `%0A`, a newline and `::` in
/// its name, ids and file name) through the formats CI systems read: each is read back the way its
/// reader reads it (the Actions runner's workflow-command parser, a Markdown table row, a JSON
/// parser and a URI decoder), and gives back exactly what the trace said, with nothing the input
/// could turn into a command, a table cell or markup of its own.
@Suite(.serialized) struct CIFormatEscapingTests {
    /// The message every format carries for the failed item, up to the model's numbers.
    static let message = "\(EscapingTests.name) (fd): expect[0]: gesture 1: expected pop cancelled, got completed"

    /// A workflow command as the Actions runner parses it (`ActionCommand.TryParseV2`): `::NAME
    /// PROPS::DATA` on one line, properties split at `,` and `=`, `%0D`, `%0A`, `%3A`, `%2C` and then
    /// `%25` unescaped in properties, `%0D`, `%0A` and `%25` in the data.
    static func command(_ line: String) -> (name: String, properties: [String: String], data: String)? {
        guard line.hasPrefix("::"),
            let end = line.range(of: "::", range: line.index(line.startIndex, offsetBy: 2)..<line.endIndex)
        else { return nil }
        let head = line[line.index(line.startIndex, offsetBy: 2)..<end.lowerBound]
        let name = head.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        var properties: [String: String] = [:]
        if let space = head.firstIndex(of: " ") {
            for pair in head[head.index(after: space)...].split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { return nil }
                properties[parts[0]] = unescape(parts[1], ["%0D": "\r", "%0A": "\n", "%3A": ":", "%2C": ","])
            }
        }
        return (name, properties, unescape(String(line[end.upperBound...]), ["%0D": "\r", "%0A": "\n"]))
    }

    static func unescape(_ text: String, _ pairs: KeyValuePairs<String, String>) -> String {
        var result = text
        for (escaped, plain) in pairs { result = result.replacingOccurrences(of: escaped, with: plain) }
        return result.replacingOccurrences(of: "%25", with: "%")
    }

    @Test func githubAnnotationsKeepEveryValueInItsField() throws {
        let output = try EscapingTests.output(["check", "--format", "github", EscapingTests.file])
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // One command, then the summary: the name's newline and `::error` did not start a second one.
        #expect(lines.filter { $0.hasPrefix("::") }.count == 1)
        #expect(lines.dropFirst() == ["1 trace in 1 file: 0 passed, 1 failed, 0 errors", ""])
        let command = try #require(Self.command(lines[0]))
        #expect(command.name == "error")
        #expect(
            command.properties == [
                "file": EscapingTests.file, "line": "9", "col": "3", "title": "expectation failed (pop)",
            ])
        #expect(command.data.hasPrefix(Self.message), "\(command.data)")
    }

    /// A row of a Markdown table split at its unescaped pipes, each cell read back: `<br>` is the
    /// line break, and a backslash escapes the character after it.
    static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in row {
            if escaped {
                cell.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
        }
        cells.append(cell)
        return cells.dropFirst().dropLast().map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "<br>", with: "\n")
        }
    }

    @Test func markdownRowHasNoMarkupFromTheInput() throws {
        let output = try EscapingTests.output(["check", "--format", "markdown", EscapingTests.file])
        let rows = output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| h ") }
        try #require(rows.count == 1, "\(output)")
        // Every `<` but the line break's is escaped, so no tag from the input reaches the page.
        let withoutBreaks = rows[0].replacingOccurrences(of: "<br>", with: "")
        for index in withoutBreaks.indices where withoutBreaks[index] == "<" {
            #expect(index > withoutBreaks.startIndex && withoutBreaks[withoutBreaks.index(before: index)] == "\\")
        }
        let cells = Self.cells(rows[0])
        #expect(cells.count == 5)
        #expect(cells.prefix(4) == ["\(EscapingTests.file):9:3", EscapingTests.name, "fd", "expectation failed"])
        #expect(cells[4].hasPrefix("expect[0]: gesture 1: expected pop cancelled, got completed"), "\(cells[4])")
    }

    @Test func sarifCarriesTheTextAndAFileURI() throws {
        let output = try EscapingTests.output(["check", "--format", "sarif", EscapingTests.file])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        try #require(results.count == 1)
        let text = try #require((results[0]["message"] as? [String: Any])?["text"] as? String)
        #expect(text.hasPrefix(Self.message), "\(text)")
        let location = try #require(
            (results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
        // A URI reference: no space, quote, angle bracket or `&` left as it is, and decoded it is the file.
        #expect(!uri.contains { " \"<>&\n".contains($0) }, "\(uri)")
        #expect(uri.removingPercentEncoding == EscapingTests.file)
        let region = try #require(location["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 9 && region["startColumn"] as? Int == 3)
    }

    /// Issue 40's traces: a key holding a newline and `::add-mask::`, a file name holding a newline
    /// and `::warning::` (a trace cut short inside `stack: [`), and the same with ANSI escapes
    /// (ESC `[2J`, which clears a terminal, and ESC `]0;` which retitles it) in a key and a file name.
    static let hostileInputs = [
        "t/a.yaml": "format: popgesture-trace/1\nstack: [{id: a}, {id: b}]\n\"k\\n::add-mask::s\": 1\nevents: []\n",
        "t/x\n::warning::y.yaml": "format: popgesture-trace/1\nstack: [\n",
        "t/e.yaml": "format: popgesture-trace/1\nstack: [{id: a}, {id: b}]\n\"k\\e[2J\\e]0;t\\a\": 1\nevents: []\n",
        "t/\u{1B}[31mred\r.yaml": "format: popgesture-trace/1\nstack: [\n",
        "::notice::top.yaml": "format: popgesture-trace/1\nstack: [\n",
    ]

    /// Under `--format github` no line of either stream but the tool's own commands starts with
    /// `::` (the runner reads both), and in text output neither stream gets a line break, carriage
    /// return or escape from the input: the four diagnostics are each on one line, the bytes shown as
    /// `\u{..}`.
    @Test func diagnosticsCarryNoCommandOrControlFromTheInput() throws {
        let dir = try CLI.fixture(Self.hostileInputs)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // In input order: the folder's files sorted by name, then the file named on the command line.
        let expected = [
            "t/\\u{1B}[31mred\\u{D}.yaml:3:1: error: malformed YAML",
            "t/a.yaml:3:1: error: unknown key `k\\u{A}::add-mask::s` in a trace document",
            "t/e.yaml:3:1: error: unknown key `k\\u{1B}[2J\\u{1B}]0;t\\u{7}` in a trace document",
            "t/x\\u{A}::warning::y.yaml:3:1: error: malformed YAML",
            "./::notice::top.yaml:3:1: error: malformed YAML",
        ]
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        for format in ["github", "text"] {
            let run = try CLI.run(
                ["check", "--no-config", "--format", format, "t", "::notice::top.yaml"], in: dir)
            #expect(run.status == 2, "\(format): \(run.stderr)")
            for (stream, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
                #expect(!text.contains("\u{1B}") && !text.contains("\r"), "\(format) \(stream): \(text)")
                for line in lines(text) where line.drop(while: { $0 == " " }).hasPrefix("::") {
                    #expect(format == "github" && stream == "stdout", "\(format) \(stream): \(line)")
                    let command = try #require(Self.command(line), "\(line)")
                    #expect(command.name == "error" && command.properties["title"] == "input error", "\(line)")
                }
            }
            // Each diagnostic on a line of its own: on stderr beside github's commands, on stdout
            // before the summary in text.
            let diagnostics = lines(format == "github" ? run.stderr : run.stdout)
            let summary = "5 traces in 5 files: 0 passed, 0 failed, 5 errors"
            #expect(
                diagnostics.dropFirst(5) == (format == "github" ? [""] : [summary, ""]), "\(format): \(diagnostics)")
            #expect(zip(diagnostics, expected).allSatisfy { $0.hasPrefix($1) }, "\(format): \(diagnostics)")
            if format == "github" {
                // Stdout's commands carry the file names and key, their line breaks escaped as the
                // runner reads them back (into the text the input had), other controls as `\u{..}`.
                let commands = lines(run.stdout).compactMap(Self.command)
                #expect(
                    commands.map { $0.properties["file"] } == [
                        "t/\\u{1B}[31mred\r.yaml", "t/a.yaml", "t/e.yaml", "t/x\n::warning::y.yaml",
                        "::notice::top.yaml",
                    ])
                #expect(commands[1].data.hasPrefix("unknown key `k\n::add-mask::s` in a trace document"))
                #expect(commands[2].data.hasPrefix("unknown key `k\\u{1B}[2J\\u{1B}]0;t\\u{7}` in a trace document"))
            }
        }
    }
}
