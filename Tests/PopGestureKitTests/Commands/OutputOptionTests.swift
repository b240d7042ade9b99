import Foundation
import Testing

/// `-o FILE` is one option group and one destination for every command that writes a file: the file
/// holds the bytes standard output would have had, and standard output says `wrote FILE` once per
/// file, its name escaped as every name from outside is (a newline as `\u{A}`, so that the line
/// cannot be split into a forged one). Plot's several documents are several files, each said alike.
@Suite(.serialized) struct OutputOptionTests {
    static let csv = "t,x,y,finger\n0,1,1,0\n5,2,1,0\n"

    static func fixture() throws -> String {
        try CommandLineTests.fixture([
            "t.yaml": CommandLineTests.swipe(expect: CommandLineTests.passingExpectations), "r.csv": csv,
            "two.yaml": CommandLineTests.swipe() + "\n---\n" + CommandLineTests.swipe(),
        ])
    }

    /// Each command's arguments without `-o`; the name it is given has a newline in it.
    static let commands: [[String]] = [
        ["check", "t.yaml"], ["check", "--format", "json", "t.yaml"], ["replay", "t.yaml"],
        ["diff", "--base", "fd-1.1", "--head", "fd", "t.yaml"], ["validate", "t.yaml"],
        ["sweep", "--vary", "maxStartX=0,40", "t.yaml"], ["plot", "t.yaml"], ["import", "r.csv"],
        ["record", "--page"],
    ]

    @Test(arguments: commands)
    func writesTheStandardOutputBytesAndSaysSoOnce(_ arguments: [String]) throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plain = try CommandLineTests.run(arguments, in: dir)
        let name = "out\nput"
        let written = try CommandLineTests.run(arguments + ["-o", name], in: dir)
        #expect(written.status == plain.status, "\(arguments): \(written.stderr)")
        #expect(written.stdout == "wrote out\\u{A}put\n", "\(arguments)")
        #expect(try String(contentsOfFile: dir + "/" + name, encoding: .utf8) == plain.stdout, "\(arguments)")
        #expect(HardeningTests.temporaryFiles(in: dir).isEmpty, "\(arguments)")
    }

    @Test func plotWritesEachDocumentAndSaysEachFile() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CommandLineTests.run(["plot", "two.yaml", "-o", "p\n.svg"], in: dir)
        #expect(run.status == 0 && run.stdout == "wrote p\\u{A}-1.svg\nwrote p\\u{A}-2.svg\n", "\(run.stdout)")
        for n in [1, 2] {
            let alone = try CommandLineTests.run(["plot", "two.yaml", "--document", "\(n)"], in: dir)
            #expect(try String(contentsOfFile: dir + "/p\n-\(n).svg", encoding: .utf8) == alone.stdout)
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/p\n.svg"))
        let page = try CommandLineTests.run(["plot", "two.yaml", "-o", "p.html"], in: dir)
        #expect(page.status == 0 && page.stdout == "wrote p.html\n")
    }

    @Test func recordPageSaysWhatToDoWithThePageOnStandardError() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CommandLineTests.run(["record", "--page", "-o", "page.html"], in: dir)
        #expect(run.status == 0 && run.stdout == "wrote page.html\n")
        #expect(
            run.stderr
                == "page.html: note: open it in a phone's browser; its Download button saves the takes as takes.yaml\n")
    }

    /// Synth writes a corpus into `--out`'s folder through the same destination, quietly, and sums it
    /// up in one line whose folder name is escaped alike.
    @Test func synthSumsItsFilesUpWithTheFolderEscaped() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CommandLineTests.run(["synth", "--count", "3", "--gestures", "2", "--out", "c\nd"], in: dir)
        #expect(run.status == 0 && run.stdout == "wrote 3 documents in 3 files to c\\u{A}d\n", "\(run.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/c\nd").count == 3)
    }

    /// The option's help is the same text for every command that has it.
    @Test func everyCommandHasTheOneOption() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var helps: Set<String> = []
        for command in ["check", "replay", "diff", "sweep", "merge", "validate", "plot", "import", "record"] {
            let help = try CommandLineTests.run([command, "--help"], in: dir).stdout
            let line = help.split(separator: "\n").first { $0.contains("-o, --output <FILE>") }
            #expect(line != nil, "\(command) has no -o, --output <FILE>")
            helps.insert(line.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")
        }
        #expect(helps.count == 1, "\(helps)")
    }
}
