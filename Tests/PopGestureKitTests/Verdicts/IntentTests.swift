import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `{gesture: N, intent: back|stay}` (SPEC section 6): loading, verdicts, the tally and the messages.
@Suite struct IntentTests {
    @Test func loadsBothLabels() throws {
        let trace = try loadTrace(
            """
            format: popgesture-trace/1
            stack: [{id: a}, {id: b}]
            expect:
              - {gesture: 1, intent: back}
              - {gesture: 2, intent: stay}
            """)
        #expect(trace.expectations == [.intent(gesture: 1, intent: .back), .intent(gesture: 2, intent: .stay)])
    }

    @Test func badLabelsAreErrorsAtTheValue() {
        let header = "format: popgesture-trace/1\nstack: [{id: a}]\nexpect:\n"
        let unknown = loadError(header + "  - {gesture: 1, intent: bak}\n")
        #expect(unknown?.place?.line == 4 && unknown?.place?.column == 26)
        #expect(unknown?.message == "unknown intent `bak`; expected one of back, stay")
        #expect(unknown?.suggestion == "did you mean `back`?")
        let mixed = loadError(header + "  - {gesture: 1, intent: back, pop: completed}\n")
        #expect(mixed?.message == "`pop` does not go with `intent` in one expect item")
        let alone = loadError(header + "  - {intent: stay}\n")
        #expect(alone?.message == "`intent` needs `gesture: N` in the same expect item")
        let zero = loadError(header + "  - {gesture: 0, intent: stay}\n")
        #expect(zero != nil)
    }

    /// Five gestures on a stack of five, W = 390, rules fd (fullscreen, hysteresis 10, projection).
    /// 1: 30 -> 250 in 48 ms: recognized at t=16 (d.x = 20), origin x = 40, p = 210/390 = 0.538 >
    ///    min(187.5/390, 0.5) = 0.481 with a positive velocity throughout: completed.
    /// 2: 30 -> 52 over 300 ms: recognized at t=100 (d.x = 15, origin x = 40), p = 12/390 = 0.031; the uikit velocity
    ///    is at most 150 pt/s = 0.385 W/s, so p + avgV * 0.35 < 0.031 + 0.135 = 0.166 (avgA <= 0 as
    ///    the velocity only falls): cancelled.
    /// 3: as 1: completed. 4 and 5: 100 -> 80, T.x = -10: refused(wrongDirection), no pop.
    static let fiveGestures = """
        format: popgesture-trace/1
        stack: [{id: a}, {id: b}, {id: c}, {id: d}, {id: e}]
        events:
          - {touch: 1, samples: [[0, 30, 400], [16, 50, 400], [32, 150, 400], [48, 250, 400]], up: 60}
          - {touch: 1, samples: [[1000, 30, 400], [1100, 45, 400], [1200, 50, 400], [1300, 52, 400]], up: 1400}
          - {touch: 1, samples: [[3000, 30, 400], [3016, 50, 400], [3032, 150, 400], [3048, 250, 400]], up: 3060}
          - {touch: 1, samples: [[4000, 100, 400], [4016, 80, 400]], up: 4030}
          - {touch: 1, samples: [[5000, 100, 400], [5016, 80, 400]], up: 5030}
        expect:
          - {gesture: 1, intent: back}
          - {gesture: 2, intent: back}
          - {gesture: 3, intent: stay}
          - {gesture: 4, intent: stay}
          - {gesture: 5, intent: back}
          - {gesture: 9, intent: stay}
          - {final: {stack: [a, b, c]}}
        """

    @Test func tallyAndMessagesWithAndWithoutRecords() throws {
        let trace = try loadTrace(Self.fiveGestures)
        let rules = try RulesLoader.load("fd")
        for keepsRecords in [true, false] {
            let report = Replay(rules: rules, keepsRecords: keepsRecords).run(trace)
            let results = report.expectations
            // Passed: 1 (back, completed), 4 (stay, refused), final. Failed: 2, 3, 5, 9.
            #expect(results.passed == 3 && results.failed == 4)
            var tally = IntentTally()
            tally.back = 3
            tally.missedBack = 2
            tally.stay = 3
            tally.falsePop = 2
            #expect(results.intent == tally)
            #expect(results.failures.map(\.index) == [1, 2, 4, 5])
            let messages = results.failures.map(\.message)
            #expect(
                messages[0].hasPrefix(
                    "expect[1]: gesture 2: missed back: labelled back, but the pop cancelled by projection"))
            #expect(
                messages[1].hasPrefix(
                    "expect[2]: gesture 3: false pop: labelled stay, but the pop completed by projection"))
            #expect(
                messages[2].hasPrefix(
                    "expect[4]: gesture 5: missed back: labelled back, but the gesture refused(wrongDirection) and started no pop"
                ))
            #expect(messages[3] == "expect[5]: false pop: gesture 9 expected, but the trace has 5 gestures")
            if keepsRecords {
                // With the report at hand, the pop's terms say why, as for `pop` items.
                #expect(messages[0].contains(": progress 0.031") && messages[0].contains("projection model"))
                #expect(messages[1].contains(": progress 0.538"))
            }
        }
    }
}

/// `check` counts missed backs and false pops apart in every format; without labels nothing changes.
@Suite(.serialized) struct CheckIntentTests {
    /// IntentTests' five gestures (backs 3, missed 2, stays 3, false pops 2) and the command-line
    /// swipe labelled back, which completes (backs 1, missed 0).
    static func fixture() throws -> String {
        try CommandLineTests.fixture([
            "a.yaml": IntentTests.fiveGestures,
            "b.yaml": CommandLineTests.swipe(expect: "- {gesture: 1, intent: back}"),
            "c.yaml": CommandLineTests.swipe(expect: CommandLineTests.passingExpectations),
        ])
    }

    @Test func textSummaryLine() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CommandLineTests.run(["check", "a.yaml", "b.yaml", "c.yaml"], in: dir)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.last
                == "3 traces in 3 files: 2 passed, 1 failed, 0 errors; intent: 4 backs (2 missed), 3 stays (2 false pops)"
        )
        #expect(
            lines.filter { $0.contains(": missed back: ") }.count == 2
                && lines.filter { $0.contains(": false pop: ") }.count == 2)
        let unlabelled = try CommandLineTests.run(["check", "c.yaml"], in: dir)
        #expect(unlabelled.stdout == "1 trace in 1 file: 1 passed, 0 failed, 0 errors\n")
    }

    @Test func jsonJUnitAndHTML() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = try CommandLineTests.run(["check", "--format", "json", "a.yaml", "b.yaml", "c.yaml"], in: dir)
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
            try CommandLineTests.run(["check", "--format", "junit", "a.yaml", "c.yaml"], in: dir).stdout)
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
            try CommandLineTests.run(["check", "--format", "html", "a.yaml", "b.yaml"], in: dir).stdout)
        let summaryLine = try #require(
            html.indices(named: "p").first { html.elements[$0].attributes["class"] == "summary" })
        #expect(
            html.children(of: summaryLine).suffix(2).map { [$0.attributes["class"], $0.text] } == [
                ["failed", "4 backs, 2 missed"], ["failed", "3 stays, 2 false pops"],
            ])
    }
}
