import Foundation
import Testing

@testable import PopGestureKit

/// `popgesture synth`: it never overwrites a corpus unless forced, and names every document apart.
@Suite(.serialized) struct SynthCommandTests {

    @Test func synthRefusesToOverwriteUnlessForced() throws {
        let dir = try CLI.fixture(["keep/synth-000001.yaml": "mine\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let refused = try CLI.run(["synth", "--count", "3", "--out", "keep"], in: dir)
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "keep/synth-000001.yaml: error: already exists; synth does not overwrite files (pass --force to replace the corpus's files, or choose another --out)\n",
            "\(refused.stderr)")
        // Nothing of the corpus was written, and the file is untouched.
        #expect(!FileManager.default.fileExists(atPath: dir + "/keep/synth-000000.yaml"))
        #expect(try String(contentsOfFile: dir + "/keep/synth-000001.yaml", encoding: .utf8) == "mine\n")
        let forced = try CLI.run(["synth", "--count", "3", "--out", "keep", "--force"], in: dir)
        #expect(forced.status == 0 && forced.stdout == "wrote 3 documents in 3 files to keep\n")
        #expect(
            try String(contentsOfFile: dir + "/keep/synth-000001.yaml", encoding: .utf8).hasPrefix(
                "format: popgesture-trace/1"))
    }

    /// A batch report must tell a corpus's traces apart: each document is named by its place in the
    /// corpus (synth-0 ... synth-4 over files of two), never by its place in its file.
    @Test func synthNamesEveryDocumentOfACorpusApart() throws {
        let dir = try CLI.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["synth", "--count", "5", "--per-file", "2", "--gestures", "2", "--out", "c"], in: dir)
        #expect(run.status == 0 && run.stdout == "wrote 5 documents in 3 files to c\n")
        var names: [String] = []
        for file in ["c/synth-000000.yaml", "c/synth-000001.yaml", "c/synth-000002.yaml"] {
            for document in loadDocuments(try String(contentsOfFile: dir + "/" + file, encoding: .utf8), path: file) {
                if case .trace(let trace, _) = document { names.append(trace.name) }
            }
        }
        #expect(names == ["synth-0", "synth-1", "synth-2", "synth-3", "synth-4"])
    }
}
