import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// A folder of Tests/Data/conformance: `traces/*.yaml`, `rules/*.yaml` and `expected/NAME.jsonl`, the
/// reference report of every trace document under the preset or rules file NAME.
struct ConformanceSuite: Sendable, CustomStringConvertible {
    let name: String
    let folder: String
    /// Where a NAME that is not a preset is looked up as `NAME.yaml`, in order.
    let rulesFolders: [String]
    /// References that need a part of the SPEC not built yet, with what they wait for.
    var waiting: [String: String] = [:]

    static let root = dataRoot + "/conformance"
    /// Sections 1-8.
    static let core = ConformanceSuite(name: "core", folder: root, rulesFolders: [root + "/rules"])
    /// Sections 9-10; its rules files are its own and the core suite's.
    static let content = ConformanceSuite(
        name: "content", folder: root + "/content", rulesFolders: [root + "/content/rules", root + "/rules"])
    /// Sections 2-4 and 7: `recognizer.arena`, `stackOps: immediate` and the preset `flutter`.
    static let flutter = ConformanceSuite(
        name: "flutter", folder: root + "/flutter", rulesFolders: [root + "/flutter/rules"])
    static let adopted = [core, content, flutter]

    var description: String { name }

    /// Every reference file the suite holds, so a new rules file is picked up without a list.
    var versions: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/expected")) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(".jsonl".count)) }
            .filter { waiting[$0] == nil }.sorted()
    }

    func rulesSpec(_ version: String) -> String {
        if Presets.named(version) != nil { return version }
        let files = rulesFolders.map { $0 + "/\(version).yaml" }
        return files.first { FileManager.default.fileExists(atPath: $0) } ?? files[0]
    }

    /// `traces/*.yaml` in byte order, as the suite's README runs them.
    func traceFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder + "/traces")
            .filter { $0.hasSuffix(".yaml") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { folder + "/traces/" + $0 }
    }
}

struct ConformanceCase: Sendable, CustomTestStringConvertible {
    let suite: ConformanceSuite
    let version: String
    var testDescription: String { "\(suite.name) \(version)" }

    static var all: [ConformanceCase] {
        ConformanceSuite.adopted.flatMap { suite in suite.versions.map { ConformanceCase(suite: suite, version: $0) } }
    }
}

/// The replay must agree with every reference report in Tests/Data/conformance (an independent model of
/// the SPEC). Compared like its compare.py: numbers to 1e-6 relative; free-text `detail` fields and
/// the `source` path are not compared.
@Suite
struct ConformanceTests {
    @Test func everyAdoptedSuiteHasReferenceReports() {
        for suite in ConformanceSuite.adopted {
            #expect(!suite.versions.isEmpty, "\(suite.folder)/expected holds no *.jsonl")
            // A reference left out must exist and say what it waits for, so none is left out silently.
            for (version, reason) in suite.waiting {
                #expect(FileManager.default.fileExists(atPath: suite.folder + "/expected/\(version).jsonl"))
                print("conformance \(suite.name): expected/\(version).jsonl waits for \(reason)")
            }
        }
    }

    @Test(arguments: ConformanceCase.all)
    func agreesWithReference(_ test: ConformanceCase) throws {
        let replay = Replay(rules: try RulesLoader.load(test.suite.rulesSpec(test.version)))
        var reports: [(document: String, line: String)] = []
        for file in try test.suite.traceFiles() {
            var index = 0
            for document in TraceFileLoader(path: file) {
                index += 1
                let place = "\(file.split(separator: "/").last!) document \(index)"
                guard case .trace(let trace, _) = document else {
                    Issue.record("\(place) did not load: \(document)")
                    continue
                }
                reports.append((place, replay.run(trace).jsonLine()))
            }
        }
        let expected = try String(
            contentsOfFile: test.suite.folder + "/expected/\(test.version).jsonl", encoding: .utf8
        )
        .split(separator: "\n").filter { !$0.isEmpty }
        #expect(reports.count == expected.count)
        var disagreements = 0
        for ((place, ours), theirs) in zip(reports, expected) {
            let a = try JSONSerialization.jsonObject(with: Data(ours.utf8))
            let b = try JSONSerialization.jsonObject(with: Data(theirs.utf8))
            var differences: [String] = []
            compareReports(a, b, path: "", into: &differences)
            if !differences.isEmpty {
                disagreements += 1
                if disagreements <= 5 {
                    let name = (b as? [String: Any])?["trace"] as? String ?? "?"
                    Issue.record(
                        "\(test.testDescription): \(place) (\(name)): \(differences.prefix(4).joined(separator: "; "))")
                }
            }
        }
        #expect(
            disagreements == 0, "\(disagreements) of \(expected.count) reports disagree under \(test.testDescription)")
    }
}

/// Every key the reference has must be in ours with an equal value; numbers to 1e-6 relative.
func compareReports(_ a: Any, _ b: Any, path: String, into differences: inout [String]) {
    switch (a, b) {
    case (let x as [String: Any], let y as [String: Any]):
        for (key, value) in y.sorted(by: { $0.key < $1.key }) where key != "detail" && key != "source" {
            guard let mine = x[key] else {
                differences.append("\(path).\(key) missing")
                continue
            }
            compareReports(mine, value, path: path + "." + key, into: &differences)
        }
    case (let x as [Any], let y as [Any]):
        if x.count != y.count {
            differences.append("\(path): \(x.count) items vs \(y.count)")
            return
        }
        for (i, (p, q)) in zip(x, y).enumerated() { compareReports(p, q, path: "\(path)[\(i)]", into: &differences) }
    case (let x as NSNumber, let y as NSNumber):
        // JSON booleans arrive as NSNumber too; their class tells them apart.
        let isBool = { (n: NSNumber) in String(describing: type(of: n)).contains("Boolean") }
        if isBool(x) || isBool(y) {
            if x != y { differences.append("\(path): \(x) vs \(y)") }
        } else if abs(x.doubleValue - y.doubleValue) > 1e-6 * max(1, abs(x.doubleValue), abs(y.doubleValue)) {
            differences.append("\(path): \(x) vs \(y)")
        }
    case (let x as String, let y as String):
        if x != y { differences.append("\(path): \(x) vs \(y)") }
    case (is NSNull, is NSNull):
        break
    default:
        differences.append("\(path): \(a) vs \(b)")
    }
}
