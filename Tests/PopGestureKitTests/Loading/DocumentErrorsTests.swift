import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Every independent error of a document (`DocumentErrors`), each at its place, also when the events
/// stream to a replay; the limit on how many are shown; and a bad config blamed on the line naming it.
@Suite(.serialized) struct DocumentErrorsTests {
    typealias CLI = CommandLineTests

    /// Ten mistakes in different keys, entries, samples, events and expect items: each reported at
    /// its place, in document order, whether the events stream to a replay or not.
    static let tenMistakes = """
        format: popgesture-trace/1
        screen: {width: 0, height: 844}
        layoutDirection: sideways
        stak: []
        stack:
          - {id: inbox, barHiden: true}
          - {id: thread, popDisabled: maybe}
        events:
          - touch: 1
            samples: [[0, 30, 400], [16, "42", 401], [33, 80, 402], [50, 140, 402]]
            up: 60
          - {t: 900, push: {id: settings}, animated: sure}
          - {t: 1000, poop: true}
          - touch: 2
            samples: [[1100, 30, 400], [1090, 40, 400], [1120, 50, 400]]
        expect:
          - {gesture: 1, outcome: begun}
          - {final: {barHidden: 3}}
        """

    static let tenPlaces = [
        (2, 17), (3, 18), (4, 1), (6, 17), (7, 31), (10, 34), (12, 46), (13, 5), (15, 33), (17, 27), (18, 25),
    ]

    @Test func everyIndependentErrorOfADocumentIsReported() throws {
        let streamed = TraceFileLoader(
            text: Self.tenMistakes, path: "t.yaml", sink: Replay.sink([Replay(rules: try RulesLoader.load("fd"))]))
        for documents in [loadDocuments(Self.tenMistakes), Array(streamed)] {
            guard documents.count == 1, case .failure(let source, let error) = documents[0] else {
                Issue.record("expected one failure, got \(documents)")
                continue
            }
            #expect(source == "t.yaml#1")
            let places = error.all.map { $0.place.map { [$0.line, $0.column] } }
            #expect(places == Self.tenPlaces.map { [$0.0, $0.1] }, "\(error)")
            #expect(error.notShown == 0)
            #expect(error.all[2].message.hasPrefix("unknown key `stak` in a trace document"))
            // The second stroke's second row is out of order; the third, compared with it, is not.
            #expect(error.all[8].message.hasPrefix("sample time 1090 is not after the previous sample's 1100"))
            #expect(error.description.split(separator: "\n").count == Self.tenPlaces.count)
        }
    }

    /// Found by the fuzz target: an alias to nothing inside an anchored row was recorded, and the
    /// reading went on from inside the row, until a list's end was taken for a node and crashed.
    @Test func anErrorInsideARowLeavesTheReaderAfterTheRow() throws {
        let yaml =
            "format: popgesture-trace/1\nstack: [{id: a}, {id: b}]\nevents:\n- touch: 1\n  samples: [&r [*nope, 1, 2], [16, 1, 1], [-3, 1, 1]]\n  up: 20\n"
        let streamed = TraceFileLoader(
            text: yaml, path: "t.yaml", sink: Replay.sink([Replay(rules: try RulesLoader.load("fd"))]))
        for documents in [loadDocuments(yaml), Array(streamed)] {
            guard documents.count == 1, case .failure(_, let error) = documents[0] else {
                Issue.record("expected one failure, got \(documents)")
                continue
            }
            // Both rows' errors: the reader went on after the first row, not inside it.
            #expect(
                error.all.map(\.description) == [
                    "t.yaml:5:17: error: unknown alias `*nope` (define `&nope` before using it)",
                    "t.yaml:5:44: error: expected sample time t (ms) to be >= 0, found -3",
                ], "\(error)")
        }
    }

    @Test func errorsPastTheLimitAreCountedAndASyntaxErrorIsAlwaysShown() {
        // 30 bad sample rows, a bad event, then a list never closed: libyaml stops there.
        let rows = (1...30).map { "      - [-\($0), 0, 0]" }.joined(separator: "\n")
        let yaml =
            "format: popgesture-trace/1\nstack: [{id: a}]\nevents:\n  - touch: 1\n    samples:\n\(rows)\n  - {t: 5, pop: maybe}\n  - [\n"
        guard let error = loadError(yaml) else { return }
        let all = error.all
        #expect(all.count == DocumentErrors.limit + 1)
        #expect(all.first?.description == "t.yaml:6:10: error: expected sample time t (ms) to be >= 0, found -1")
        #expect(all[19].place?.line == 25 && all.last?.message.hasPrefix("malformed YAML") == true, "\(error)")
        // 30 rows and the event, 20 shown.
        #expect(error.notShown == 11)
        #expect(error.description.hasSuffix("\nt.yaml: note: 11 more errors in this document not shown"))
    }

    @Test func errorsBeforeASyntaxErrorAreReportedWithIt() {
        guard
            let error = loadError(
                "format: popgesture-trace/1\nlayoutDirection: up\nstack: [{id: a}]\nevents:\n  - {t: 1, pop: yes}\n  - [\n"
            )
        else { return }
        #expect(error.all.map(\.place?.line) == [2, 5, 7], "\(error)")
        #expect(error.all.last?.message.contains("malformed YAML") == true)
    }

    @Test func validateListsEachErrorInTextAndJSON() throws {
        let dir = try CLI.fixture(["t.yaml": Self.tenMistakes])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try CLI.run(["validate", "t.yaml"], in: dir)
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n")
        #expect(
            lines.count == Self.tenPlaces.count + 1 && lines.last == "1 document in 1 file: 0 valid, 1 invalid",
            "\(text.stdout)")
        #expect(zip(lines, Self.tenPlaces).allSatisfy { $0.hasPrefix("t.yaml:\($1.0):\($1.1): error: ") })
        let json = try CLI.run(["validate", "--format", "json", "t.yaml"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let diagnostics = object["diagnostics"] as! [[String: Any]]
        #expect(diagnostics.map { [$0["line"] as! Int, $0["column"] as! Int] } == Self.tenPlaces.map { [$0.0, $0.1] })
        #expect(
            diagnostics.allSatisfy {
                ($0["text"] as! String).split(separator: "\n").count == 1 && $0["source"] as? String == "t.yaml#1"
            })
        #expect(object["invalid"] as? Int == 1)
    }

    /// The note that counts errors past the limit is about no place: its line and column are null in
    /// JSON (schemas/validate.schema.json), not 0, which no editor can go to.
    @Test func theNoteCountingErrorsNotShownHasNoPlaceInJSON() throws {
        let rows = (1...25).map { "      - [-\($0), 0, 0]" }.joined(separator: "\n")
        let dir = try CLI.fixture([
            "t.yaml": "format: popgesture-trace/1\nstack: [{id: a}]\nevents:\n  - touch: 1\n    samples:\n\(rows)\n"
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = try CLI.run(["validate", "--format", "json", "t.yaml"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let diagnostics = object["diagnostics"] as! [[String: Any]]
        // 25 bad rows: 20 shown at their lines (6 to 25), then the note for the other 5.
        #expect(diagnostics.count == 21)
        #expect(diagnostics.prefix(20).map { $0["line"] as? Int } == (6...25).map { $0 })
        let note = try #require(diagnostics.last)
        #expect(
            note["severity"] as? String == "note"
                && note["message"] as? String == "5 more errors in this document not shown")
        #expect(note["line"] is NSNull && note["column"] is NSNull, "\(note)")
    }

    @Test func aBadConfigIsBlamedOnTheConfigLineInEveryFormat() throws {
        let dir = try CLI.fixture([
            "stacks/bad.yaml": "format: popgesture-stack/1\nstack: [{id: a, barHiden: true}]\n",
            "t.yaml": "format: popgesture-trace/1\nname: x\nconfig: stacks/bad.yaml\nevents: []\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let expected =
            "t.yaml:3:9: error: config `stacks/bad.yaml` is invalid: stacks/bad.yaml:2:17: unknown key `barHiden` in an entry of `stack`; "
            + "expected one of `id`, `barHidden`, `popDisabled`, `maxStartX`, `content` (did you mean `barHidden`?)"
        let check = try CLI.run(["check", "t.yaml"], in: dir)
        #expect(check.status == 2 && check.stdout.hasPrefix(expected + "\n"), "\(check.stdout)")
        let validate = try CLI.run(["validate", "t.yaml"], in: dir)
        #expect(validate.stdout.hasPrefix(expected + "\n"), "\(validate.stdout)")
        let replay = try CLI.run(["replay", "t.yaml"], in: dir)
        #expect(replay.stderr == expected + "\n", "\(replay.stderr)")
    }
}
