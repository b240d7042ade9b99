import Foundation
import Testing

/// The layout docs/ARCHITECTURE.md describes, checked: no source file grows past 400 lines (past that a
/// file holds more than one idea), and PopGestureCore, upstream of the renderers, neither depends on
/// nor imports them, nor makes words for people.
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
    /// belong to Reporting. Nothing in PopGestureCore may call them (the compiler refuses the module
    /// boundary; this names the line when a copy of them creeps in).
    @Test func theReplayAndWhatFeedsItMakeNoWordsForPeople() throws {
        let files = Self.swiftFiles(under: "Sources/PopGestureCore")
        #expect(files.count > 40, "PopGestureCore's sources were not found under \(packageRoot)/Sources")
        for file in files {
            let code = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            for line in code where line.contains("Readable.") {
                Issue.record(
                    "\(file.dropFirst(packageRoot.count + 1)) rounds for people: `\(line.trimmingCharacters(in: .whitespaces))`; keep the number and word it in Reporting"
                )
            }
        }
    }

    /// The places in `code` where a finding's `detail` or a bar entry's `cause` is given a string
    /// literal, interpolated or not: the replay records facts (`AnomalyFact`, `NoteFact`, `BarCause`)
    /// and `FindingWording` words them.
    static func sentencesForRecords(in code: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\b(detail|cause):\s*""#)
        let range = NSRange(code.startIndex..., in: code)
        return pattern.matches(in: code, range: range).map { String(code[Range($0.range, in: code)!]) }
    }

    @Test func theReplayRecordsFactsNotSentences() throws {
        let files = Self.swiftFiles(under: "Sources/PopGestureCore")
        #expect(files.count > 40, "PopGestureCore's sources were not found under \(packageRoot)/Sources")
        for file in files {
            for found in Self.sentencesForRecords(in: try String(contentsOfFile: file, encoding: .utf8)) {
                Issue.record(
                    "\(file.dropFirst(packageRoot.count + 1)) writes a sentence into a record: `\(found)`; record the facts and word them in Reporting/FindingWording.swift"
                )
            }
        }
        let sentences = Self.sentencesForRecords(
            in: #"""
                Finding(kind: .barFlicker, t: t, detail: "bar changed \(changes) times")
                BarEntry(t: 0, hidden: true, animated: false, cause:
                    "initial")
                Finding(t: t, .barFlicker(changes: changes)); let d = detail(x); BarEntry(cause: .app)
                """#)
        #expect(sentences.map { $0.filter { !$0.isWhitespace } } == [#"detail:""#, #"cause:""#])
    }

    /// The one target PopGestureCore may depend on: words for people can only be made downstream when
    /// the core cannot see the code that makes them.
    static let coreDependencies: Set<String> = ["CYaml"]

    /// Every target of a manifest and the names its `dependencies:` list quotes (a product's name and
    /// package both), read up to the bracket that closes the list.
    static func targets(ofManifest manifest: String) -> [String: Set<String>] {
        let declaration = /\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/
        let text = Array(manifest)
        var targets: [String: Set<String>] = [:]
        for match in manifest.matches(of: declaration) {
            var at = manifest.distance(from: manifest.startIndex, to: match.range.upperBound)
            // The target's own arguments end where its parenthesis closes.
            var depth = 1
            var arguments = ""
            while depth > 0, at < text.count {
                if text[at] == "(" { depth += 1 }
                if text[at] == ")" { depth -= 1 }
                arguments.append(text[at])
                at += 1
            }
            var dependencies: Set<String> = []
            if let list = arguments.firstMatch(of: /dependencies:\s*\[/) {
                var level = 1
                var quoted: String?
                for character in arguments[list.range.upperBound...] {
                    if var word = quoted {
                        if character == "\"" {
                            dependencies.insert(word)
                            quoted = nil
                        } else {
                            word.append(character)
                            quoted = word
                        }
                    } else if character == "\"" {
                        quoted = ""
                    } else if character == "[" {
                        level += 1
                    } else if character == "]" {
                        level -= 1
                        if level == 0 { break }
                    }
                }
            }
            targets[String(match.output.1)] = dependencies
        }
        return targets
    }

    /// What is wrong with PopGestureCore's declaration in `manifest`, one sentence each.
    static func coreTargetProblems(manifest: String) -> [String] {
        let targets = targets(ofManifest: manifest)
        guard let core = targets["PopGestureCore"] else { return ["Package.swift declares no PopGestureCore target"] }
        return core.subtracting(coreDependencies).sorted().map {
            "PopGestureCore depends on \($0); it may depend on \(coreDependencies.sorted().joined(separator: ", ")) only"
        }
    }

    /// The modules of this package that a PopGestureCore file `imports` and may not: every target of the
    /// manifest but the core's own dependencies.
    static func forbiddenImports(in code: String, targets: Set<String>) -> [String] {
        code.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                words[..<at].allSatisfy({ $0.hasPrefix("@") || ["internal", "public", "package"].contains($0) })
            else { return nil }
            let module = String(words[at + 1].split(separator: ".")[0])
            return targets.contains(module) && !coreDependencies.contains(module) ? module : nil
        }
    }

    @Test func theCoreTargetDependsOnLibyamlOnly() throws {
        let manifest = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        #expect(Self.coreTargetProblems(manifest: manifest) == [])
        // The check reads the real list: a Kit dependency added to the core's target is caught.
        let widened = manifest.replacingOccurrences(
            of: "name: \"PopGestureCore\",\n            dependencies: [\"CYaml\"]",
            with: "name: \"PopGestureCore\",\n            dependencies: [\"CYaml\", \"PopGestureKit\"]")
        #expect(widened != manifest, "PopGestureCore's target is no longer written as this test expects")
        #expect(
            Self.coreTargetProblems(manifest: widened) == [
                "PopGestureCore depends on PopGestureKit; it may depend on CYaml only"
            ])
        #expect(Self.targets(ofManifest: manifest)["PopGestureKit"] == ["PopGestureCore"])
    }

    @Test func noCoreFileImportsTheKit() throws {
        let manifest = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        let targets = Set(Self.targets(ofManifest: manifest).keys)
        #expect(targets.isSuperset(of: ["CYaml", "PopGestureCore", "PopGestureKit", "PopGestureRecord", "popgesture"]))
        let files = Self.swiftFiles(under: "Sources/PopGestureCore")
        #expect(files.count > 40, "PopGestureCore's sources were not found under \(packageRoot)/Sources")
        for file in files {
            let code = try String(contentsOfFile: file, encoding: .utf8)
            for module in Self.forbiddenImports(in: code, targets: targets) {
                Issue.record("\(file.dropFirst(packageRoot.count + 1)) imports \(module), downstream of PopGestureCore")
            }
        }
        #expect(
            Self.forbiddenImports(
                in:
                    "import Foundation\ninternal import CYaml\n@testable import PopGestureKit\n    import PopGestureRecord\n",
                targets: targets) == ["PopGestureKit", "PopGestureRecord"])
    }
}
