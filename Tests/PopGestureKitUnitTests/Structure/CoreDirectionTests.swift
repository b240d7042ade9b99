import Foundation
import Testing

/// PopGestureCore's folders depend one way, each on those before it only:
/// Encoding <- Support <- Model <- Loading <- Verdicts <- Replay. The replay judges a trace's
/// expectations as it finishes, so Verdicts (the check, and the evidence it reads) come before it and
/// know only the records; the loader knows the model, never the replay. A file that names a type
/// declared in a later folder fails here (docs/ARCHITECTURE.md, "Targets and folders").
@Suite struct CoreDirectionTests {
    static let order = ["Encoding", "Support", "Model", "Loading", "Verdicts", "Replay"]
    static let core = packageRoot + "/Sources/PopGestureCore"

    /// Top-level declarations only: a type nested in another (`Rules.Recognizer`) is that type's.
    static let topLevel = try! NSRegularExpression(
        pattern:
            #"^(?:(?:public|package|internal|fileprivate|private|final|indirect|@\w+(?:\([^)]*\))?)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z][A-Za-z0-9_]*)"#,
        options: .anchorsMatchLines)
    static let anyLevel = try! NSRegularExpression(
        pattern: #"\b(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z][A-Za-z0-9_]*)"#)

    static func names(_ pattern: NSRegularExpression, in text: String) -> Set<String> {
        Set(
            pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                String(text[Range($0.range(at: 1), in: text)!])
            })
    }

    /// The code of a file without its comments, where words about other parts are welcome.
    static func code(_ text: String) -> String {
        text.components(separatedBy: "\n").map { line in
            line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
        }.joined(separator: "\n")
    }

    /// `files`: folder -> [(file name, text)]. Returns "Folder/File.swift names Type (Later)" lines.
    static func violations(_ files: [String: [(String, String)]]) -> [String] {
        var declared: [String: Set<String>] = [:]
        for (folder, texts) in files {
            declared[folder] = texts.reduce(into: []) { $0.formUnion(names(topLevel, in: $1.1)) }
        }
        var found: [String] = []
        for (index, folder) in order.enumerated() {
            for (name, text) in files[folder] ?? [] {
                let own = names(anyLevel, in: text)
                let body = code(text)
                for later in order.dropFirst(index + 1) {
                    for type in (declared[later] ?? []).subtracting(own).sorted()
                    where body.range(of: #"(?<![.\w])"# + type + #"\b"#, options: .regularExpression) != nil {
                        found.append("\(folder)/\(name) names \(type) (\(later))")
                    }
                }
            }
        }
        return found
    }

    static func coreFiles() throws -> [String: [(String, String)]] {
        var files: [String: [(String, String)]] = [:]
        for folder in try FileManager.default.contentsOfDirectory(atPath: core) {
            let names = try FileManager.default.contentsOfDirectory(atPath: core + "/" + folder)
            files[folder] = try names.filter { $0.hasSuffix(".swift") }.sorted().map {
                ($0, try String(contentsOfFile: core + "/\(folder)/\($0)", encoding: .utf8))
            }
        }
        return files
    }

    @Test func everyFolderHasItsPlace() throws {
        let folders = Set(try Self.coreFiles().keys)
        #expect(folders == Set(Self.order), "place a new folder in CoreDirectionTests.order: \(folders)")
    }

    @Test func noFileNamesATypeOfALaterFolder() throws {
        let found = Self.violations(try Self.coreFiles())
        #expect(found.isEmpty, "references that run back up:\n\(found.joined(separator: "\n"))")
    }

    /// The check on a small tree: a model file naming a replay type is caught; a nested type of the
    /// same name, and a word in a comment, are not.
    @Test func aReferenceBackUpIsCaught() {
        let files: [String: [(String, String)]] = [
            "Model": [
                ("A.swift", "struct Rules {\n    struct Recognizer {}\n    var r: Recognizer\n}\n"),
                ("B.swift", "// the Replay runs it\nstruct Report {\n    var session: ReplaySession\n}\n"),
            ],
            "Replay": [("C.swift", "struct ReplaySession {}\nstruct Recognizer {}\n")],
        ]
        #expect(Self.violations(files) == ["Model/B.swift names ReplaySession (Replay)"])
    }
}
