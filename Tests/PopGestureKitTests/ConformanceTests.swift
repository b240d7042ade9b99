import Foundation
import Testing
@testable import PopGestureKit

/// The replay must agree with every reference report in shared/conformance (an independent model of
/// the SPEC): 85 trace files under 6 presets and 3 rules files. Compared like its compare.py: numbers
/// to 1e-6 relative; free-text `detail` fields and the `source` path are not compared.
@Suite struct ConformanceTests {
    static let root = sharedRoot + "/conformance"
    static let ruleVersions = ["fd", "fd-1.1", "uikit", "tz", "cupertino", "edge30", "mix1", "mix2", "mix3"]

    static func traceFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root + "/traces")
            .filter { $0.hasSuffix(".yaml") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { root + "/traces/" + $0 }
    }

    @Test(arguments: ruleVersions)
    func agreesWithReference(_ version: String) throws {
        let spec = Presets.named(version) != nil ? version : Self.root + "/rules/\(version).yaml"
        let replay = Replay(rules: try RulesLoader.load(spec))
        var reports: [String] = []
        for file in try Self.traceFiles() {
            for document in TraceFileLoader(path: file) {
                guard case .trace(let trace) = document else {
                    Issue.record("\(file) did not load: \(document)")
                    continue
                }
                reports.append(replay.run(trace).jsonLine())
            }
        }
        let expected = try String(contentsOfFile: Self.root + "/expected/\(version).jsonl", encoding: .utf8)
            .split(separator: "\n").filter { !$0.isEmpty }
        #expect(reports.count == expected.count)
        var disagreements = 0
        for (ours, theirs) in zip(reports, expected) {
            let a = try JSONSerialization.jsonObject(with: Data(ours.utf8))
            let b = try JSONSerialization.jsonObject(with: Data(theirs.utf8))
            var differences: [String] = []
            compare(a, b, path: "", into: &differences)
            if !differences.isEmpty {
                disagreements += 1
                if disagreements <= 5 {
                    let name = (b as? [String: Any])?["trace"] as? String ?? "?"
                    Issue.record("\(version) \(name): \(differences.prefix(4).joined(separator: "; "))")
                }
            }
        }
        #expect(disagreements == 0, "\(disagreements) of \(expected.count) reports disagree under \(version)")
    }
}

/// Every key the reference has must be in ours with an equal value; numbers to 1e-6 relative.
private func compare(_ a: Any, _ b: Any, path: String, into differences: inout [String]) {
    switch (a, b) {
    case (let x as [String: Any], let y as [String: Any]):
        for (key, value) in y where key != "detail" && key != "source" {
            guard let mine = x[key] else {
                differences.append("\(path).\(key) missing")
                continue
            }
            compare(mine, value, path: path + "." + key, into: &differences)
        }
    case (let x as [Any], let y as [Any]):
        if x.count != y.count {
            differences.append("\(path): \(x.count) items vs \(y.count)")
            return
        }
        for (i, (p, q)) in zip(x, y).enumerated() { compare(p, q, path: "\(path)[\(i)]", into: &differences) }
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
