import Foundation
import Testing

/// Every ```` ```console ```` block of the documentation, run: README.md, CHANGELOG.md, every `.md`
/// file under docs/ (recursively) and the corpus's READMEs under traces/. Each `$ popgesture ...` line
/// runs with the built binary, its output compared with the lines under it, so no page can drift from
/// the tool, and a number about the bundled corpus stated in a console block is checked on every run.
///
/// A block runs in a fresh folder where `traces` links to the bundled corpus; an HTML comment
/// `<!-- console-setup: COMMAND -->` just before a block runs first there (it writes the files a
/// block names that the repository does not hold). In the expected text a line `...` stands for any
/// number of lines, and `...` inside a line for any text. A failure names its page and line:
/// `docs/CI.md line 12`.
@Suite struct ReadmeConsoleTests {
    struct Block {
        var line: Int
        var setup: String?
        var commands: [(command: String, expected: [String])]
    }

    /// The pages whose console blocks run, relative to the package root, in a fixed order: the README,
    /// the changelog, then every Markdown file under docs/ and traces/ in path order.
    static func pages() -> [String] {
        var pages = ["README.md"]
        if FileManager.default.fileExists(atPath: packageRoot + "/CHANGELOG.md") { pages.append("CHANGELOG.md") }
        for folder in ["docs", "traces"] {
            let found = FileManager.default.enumerator(atPath: packageRoot + "/" + folder)?.compactMap {
                ($0 as? String).flatMap { $0.hasSuffix(".md") ? folder + "/" + $0 : nil }
            }
            pages += (found ?? []).sorted()
        }
        return pages
    }

    static func blocks(_ readme: String) -> [Block] {
        let lines = readme.components(separatedBy: "\n")
        var blocks: [Block] = []
        var i = 0
        while i < lines.count {
            guard lines[i] == "```console" else {
                i += 1
                continue
            }
            var block = Block(line: i + 1, commands: [])
            if i > 0, lines[i - 1].hasPrefix("<!-- console-setup: "), lines[i - 1].hasSuffix(" -->") {
                block.setup = String(lines[i - 1].dropFirst("<!-- console-setup: ".count).dropLast(" -->".count))
            }
            i += 1
            while i < lines.count, lines[i] != "```" {
                if lines[i].hasPrefix("$ ") {
                    block.commands.append((String(lines[i].dropFirst(2)), []))
                } else if !block.commands.isEmpty {
                    block.commands[block.commands.count - 1].expected.append(lines[i])
                }
                i += 1
            }
            blocks.append(block)
            i += 1
        }
        return blocks
    }

    /// `expected` against `actual`, with `...` lines and `...` inside lines as wildcards.
    static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "..." {
            var rest = actual
            while true {
                if matches(expected.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let line = actual.first, lineMatches(first, line) else { return false }
        return matches(expected.dropFirst(), actual.dropFirst())
    }

    static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        let parts = pattern.components(separatedBy: "...")
        guard parts.count > 1 else { return pattern == line }
        guard line.hasPrefix(parts[0]) else { return false }
        var rest = line.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.hasSuffix(parts.last!) && rest.count >= parts.last!.count
    }

    @Test func theConsoleExamplesAreWhatTheToolPrints() throws {
        for page in Self.pages() {
            let text = try String(contentsOfFile: packageRoot + "/" + page, encoding: .utf8)
            let blocks = Self.blocks(text)
            if page == "README.md" {
                // Counted for the README alone: it is the page a newcomer runs, and a count over every
                // page would hide a README that lost its examples behind the guides' blocks (and the
                // pages under docs/ come and go). Ten is well under what it holds.
                #expect(blocks.count >= 10, "README.md: its console blocks were not found")
            }
            for block in blocks {
                try Self.run(block, of: page)
            }
        }
    }

    /// Runs one block's setup and commands in a fresh folder and compares what each command prints.
    static func run(_ block: Block, of page: String) throws {
        let binaryFolder = (CLI.binary as NSString).deletingLastPathComponent
        let dir = try CLI.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/traces", withDestinationPath: packageRoot + "/traces")
        let path = ["PATH": binaryFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        if let setup = block.setup {
            let ran = try CLI.run(["-c", setup], in: dir, environment: path, shell: true)
            #expect(ran.status == 0, "\(page) line \(block.line - 1): the setup failed: \(ran.stderr)")
        }
        for (command, expected) in block.commands {
            #expect(command.hasPrefix("popgesture "), "\(page) line \(block.line): only popgesture commands are run")
            let run = try CLI.run(
                ["-c", command], in: dir, environment: path.merging(["NO_COLOR": "1"]) { $1 }, shell: true)
            var actual = (run.stdout + run.stderr).components(separatedBy: "\n")
            if actual.last == "" { actual.removeLast() }
            let trimmed = expected.map {
                $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            }
            actual = actual.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            #expect(
                Self.matches(trimmed[...], actual[...]),
                "\(page) line \(block.line): `\(command)` printed:\n\(actual.joined(separator: "\n"))")
        }
    }

    @Test func everyDocumentationPageIsFound() {
        let pages = Self.pages()
        #expect(pages.first == "README.md")
        #expect(pages.contains("docs/CHOICES.md"), "docs/ was not walked: \(pages)")
        #expect(pages.contains("traces/README.md"), "traces/ was not walked: \(pages)")
    }

    @Test func wildcardsMatchWhatTheySay() {
        #expect(Self.matches(["a", "...", "d"], ["a", "b", "c", "d"]))
        #expect(Self.matches(["a", "...", "d"], ["a", "d"]))
        #expect(!Self.matches(["a", "...", "d"], ["a", "b"]))
        #expect(Self.lineMatches("{\"x\": [...], ...}", "{\"x\": [1, 2], \"y\": 3}"))
        #expect(!Self.lineMatches("a...b", "ab c"))
        #expect(!Self.lineMatches("exact", "exact "))
    }
}
