import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// docs/reference is the definition users read of what popgesture computes, so nothing the tool
/// reads or writes may be missing from it: every rule key, trace key, JSON field, anomaly kind and
/// reason, written in backticks; the preset table agrees with the presets cell by cell; and no file
/// of the repository links outside it.
@Suite struct ReferenceDocsTests {
    static let folder = packageRoot + "/docs/reference"

    static func page(_ name: String) throws -> String {
        try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }

    /// Every `word` written in backticks on the reference's pages.
    static let codeWords: Set<String> = {
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var words: Set<String> = []
        for name in pages where name.hasSuffix(".md") {
            guard let text = try? page(name) else { continue }
            for part in text.components(separatedBy: "`").enumerated() where part.offset % 2 == 1 {
                words.insert(part.element)
                // `key: value` and `{kind: x}` spellings name the key too.
                for piece in part.element.components(separatedBy: CharacterSet(charactersIn: " {}[],:\"")) {
                    words.insert(piece)
                }
            }
        }
        return words
    }()

    static func missing(_ words: some Sequence<String>) -> [String] {
        words.filter { !codeWords.contains($0) }.sorted()
    }

    @Test func everyRuleKeyIsInTheRulesPage() throws {
        let rules = try Self.page("rules.md")
        let absent = (RuleKey.all.map(\.path) + RuleKey.documentKeys).filter { !rules.contains("`\($0)`") }
        #expect(absent.isEmpty, "rules.md lacks \(absent)")
    }

    /// The tables `| key | PRESET | ... |` of rules.md (the first `| key | fd | ...`; the presets of
    /// FDFullscreenPopGesture's peers in one of their own, so that a table's columns stay few):
    /// together they have a column for every preset, each once; each has a row for every key, each
    /// cell what `rules show PRESET` prints for the key.
    @Test func thePresetTablesAreThePresets() throws {
        let lines = try Self.page("rules.md").components(separatedBy: "\n")
        let headers = lines.indices.filter { lines[$0].hasPrefix("| key | ") }
        #expect(
            lines.first { $0.hasPrefix("| key | ") }?.hasPrefix("| key | fd |") == true,
            "rules.md has no `| key | fd | ...` table first")
        func cells(_ line: String) -> [String] {
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        var columns: [String] = []
        for header in headers {
            let presets = Array(cells(lines[header]).dropFirst())
            columns += presets
            let resolved = try presets.map { try RulesLoader.load($0) }
            var rows: [String: [String]] = [:]
            for line in lines[(header + 2)...].prefix(while: { $0.hasPrefix("|") }) {
                let row = cells(line)
                rows[row[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Array(row.dropFirst())
            }
            for key in RuleKey.all {
                guard let row = rows[key.path] else {
                    Issue.record("the preset table of \(presets) has no row for `\(key.path)`")
                    continue
                }
                for (column, rules) in resolved.enumerated() {
                    let printed = RulesPrinter.text(key.get(rules))
                    #expect(
                        row.count > column && row[column] == printed,
                        "`\(key.path)` under \(presets[column]): the table says \(row.count > column ? row[column] : "nothing"), the preset is \(printed)"
                    )
                }
            }
            #expect(
                rows.count == RuleKey.all.count,
                "rows for keys that do not exist: \(Set(rows.keys).subtracting(RuleKey.all.map(\.path)))")
        }
        #expect(
            columns.sorted() == Presets.names.sorted(), "the tables' columns \(columns), the presets \(Presets.names)")
    }

    @Test func everyTraceKeyIsInTheReference() {
        let viewController = ["id", "barHidden", "popDisabled", "maxStartX", "content"]
        let event = ["t", "animated", "samples", "up", "cancel"]
        let keys =
            TraceDecoder.topKeys + TraceDecoder.eventKinds + TraceDecoder.regionKeys + StackConfig.keys + viewController
            + event + Expectation.kinds
        #expect(Self.missing(keys).isEmpty, "docs/reference lacks \(Self.missing(keys))")
    }

    @Test func everyWordOfTheVocabularyIsInTheReference() {
        let words =
            GestureOutcome.allCases.map(\.rawValue) + GestureReason.allCases.map(\.rawValue)
            + PopResult.allCases.map(\.rawValue) + PopDecider.allCases.map(\.rawValue)
            + ["push", "pop", "popToRoot", "setStack", "interactivePop"] + AnomalyKind.allCases.map(\.rawValue)
            + NoteKind.allCases.map(\.rawValue) + ContentResult.allCases.map(\.rawValue)
            + ContentPolicy.allCases.map(\.rawValue) + ContentTies.allCases.map(\.rawValue)
            + Intent.allCases.map(\.rawValue) + ScrollDirection.allCases.map(\.rawValue)
        #expect(Self.missing(words).isEmpty, "docs/reference lacks \(Self.missing(words))")
    }

    /// Every property any schema names: the fields of every JSON output and every key of the inputs.
    @Test func everyJSONFieldIsInTheReference() throws {
        var names: Set<String> = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] { names.formUnion(properties.keys) }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        let schemas = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/schemas")
        for name in schemas where name.hasSuffix(".schema.json") {
            walk(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: packageRoot + "/schemas/" + name))))
        }
        #expect(names.count > 100, "the schemas' properties were not found")
        #expect(Self.missing(names).isEmpty, "docs/reference lacks \(Self.missing(names))")
    }

    /// No tracked text file names a place outside the repository: a clone is all a reader has.
    @Test func noFileLinksOutsideTheRepository() throws {
        // Spelled in two pieces so that this file does not name the place it looks for.
        let steering = ".." + "/shared"
        let run = try CLI.run(
            [
                "-c", "git ls-files -z | xargs -0 grep -l -I -F -e \"$0\" -e \"$1\" -- || true", steering,
                "SPEC" + ".md",
            ],
            in: packageRoot, shell: true)
        // The one place that names the steering folder on purpose: make sync-shared's default.
        let files = run.stdout.split(separator: "\n").map(String.init).filter { $0 != "Makefile" }
        #expect(files.isEmpty, "these files point outside the repository: \(files)")
    }
}
