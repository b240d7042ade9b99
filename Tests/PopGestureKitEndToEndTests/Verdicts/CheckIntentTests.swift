import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `check` counts missed backs and false pops apart in every format; without labels nothing changes.
@Suite(.serialized) struct CheckIntentTests {
    /// IntentTests' five gestures (backs 3, missed 2, stays 3, false pops 2) and the command-line
    /// swipe labelled back, which completes (backs 1, missed 0).
    static func fixture() throws -> String {
        try CLI.fixture([
            "a.yaml": Traces.fiveGestures,
            "b.yaml": CLI.swipe(expect: "- {gesture: 1, intent: back}"),
            "c.yaml": CLI.swipe(expect: CLI.passingExpectations),
        ])
    }

    @Test func textSummaryLine() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["check", "a.yaml", "b.yaml", "c.yaml"], in: dir)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.last
                == "3 traces in 3 files: 2 passed, 1 failed, 0 errors; intent: 4 backs (2 missed), 3 stays (2 false pops)"
        )
        #expect(
            lines.filter { $0.contains(": missed back: ") }.count == 2
                && lines.filter { $0.contains(": false pop: ") }.count == 2)
        let unlabelled = try CLI.run(["check", "c.yaml"], in: dir)
        #expect(unlabelled.stdout == "1 trace in 1 file: 1 passed, 0 failed, 0 errors\n")
    }

    @Test func jsonJunitAndHTML() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = try CLI.run(["check", "--format", "json", "a.yaml", "b.yaml", "c.yaml"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let summary = object?["summary"] as? [String: Any]
        #expect(summary?["intent"] as? [String: Int] == ["back": 4, "missedBack": 2, "stay": 3, "falsePop": 2])
        let files = object?["files"] as? [[String: Any]] ?? []
        let documents = files.map { (($0["documents"] as? [[String: Any]]) ?? [])[0] }
        #expect(
            documents.map { $0["intent"] as? [String: Int] } == [
                ["back": 3, "missedBack": 2, "stay": 3, "falsePop": 2],
                ["back": 1, "missedBack": 0, "stay": 0, "falsePop": 0], nil,
            ])

        let junit = try XMLElements(
            try CLI.run(["check", "--format", "junit", "a.yaml", "c.yaml"], in: dir).stdout)
        let suites = junit.indices(named: "testsuite")
        #expect(
            suites.map { junit.elements[$0].attributes } == [
                ["name": "a.yaml", "tests": "1", "failures": "1", "errors": "0", "skipped": "0"],
                ["name": "c.yaml", "tests": "1", "failures": "0", "errors": "0", "skipped": "0"],
            ])
        // The tally is a property of a.yaml's suite, before its test case; c.yaml has no labels, no properties.
        #expect(junit.children(of: suites[0]).map(\.name) == ["properties", "testcase"])
        #expect(junit.children(of: suites[1]).map(\.name) == ["testcase"])
        #expect(
            junit.children(of: junit.indices(named: "properties")[0]).map(\.attributes) == [
                ["name": "intent.back", "value": "3"], ["name": "intent.falsePop", "value": "2"],
                ["name": "intent.missedBack", "value": "2"], ["name": "intent.stay", "value": "3"],
            ])

        let html = try XMLElements(
            try CLI.run(["check", "--format", "html", "a.yaml", "b.yaml"], in: dir).stdout)
        let summaryLine = try #require(
            html.indices(named: "p").first { html.elements[$0].attributes["class"] == "summary" })
        #expect(
            html.children(of: summaryLine).suffix(2).map { [$0.attributes["class"], $0.text] } == [
                ["failed", "4 backs, 2 missed"], ["failed", "3 stays, 2 false pops"],
            ])
    }
}
