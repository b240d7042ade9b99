import Foundation
import Testing

/// The layout docs/ARCHITECTURE.md describes, checked: no source file grows past 400 lines (past that a
/// file holds more than one idea), and the stages upstream of the verdicts make no words for people.
@Suite struct StructureTests {
    static func swiftFiles(under folder: String) -> [String] {
        let root = packageRoot + "/" + folder
        let names = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { root + "/" + $0 }
    }

    @Test func noSourceFileIsLongerThan400Lines() throws {
        let files = Self.swiftFiles(under: "Sources")
        #expect(files.count > 50, "the sources were not found under \(packageRoot)/Sources")
        for file in files {
            let lines =
                try String(contentsOfFile: file, encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false
                ).count - 1
            #expect(
                lines <= 400,
                "\(file.dropFirst(packageRoot.count + 1)) has \(lines) lines; split it along its ideas (see docs/ARCHITECTURE.md)"
            )
        }
    }

    /// Replay keeps numbers and enums; `Readable` (rounding for people) and the evidence's sentences
    /// belong to Reporting. Model, Loading and Replay must not call them.
    @Test func theReplayAndWhatFeedsItMakeNoWordsForPeople() throws {
        for folder in ["Model", "Loading", "Replay"] {
            for file in Self.swiftFiles(under: "Sources/PopGestureKit/" + folder) {
                let code = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
                    .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                for line in code where line.contains("Readable.") {
                    Issue.record(
                        "\(file.dropFirst(packageRoot.count + 1)) rounds for people: `\(line.trimmingCharacters(in: .whitespaces))`; keep the number and word it in Reporting"
                    )
                }
            }
        }
    }
}
