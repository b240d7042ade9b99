import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Every error of a document as `validate` and `check` print it, in text and JSON.
@Suite(.serialized) struct DocumentErrorsCommandTests {

    @Test func validateListsEachErrorInTextAndJSON() throws {
        let dir = try CLI.fixture(["t.yaml": Traces.tenMistakes])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try CLI.run(["validate", "t.yaml"], in: dir)
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n")
        #expect(
            lines.count == Traces.tenPlaces.count + 1 && lines.last == "1 document in 1 file: 0 valid, 1 invalid",
            "\(text.stdout)")
        #expect(zip(lines, Traces.tenPlaces).allSatisfy { $0.hasPrefix("t.yaml:\($1.0):\($1.1): error: ") })
        let json = try CLI.run(["validate", "--format", "json", "t.yaml"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let diagnostics = object["diagnostics"] as! [[String: Any]]
        #expect(
            diagnostics.map { [$0["line"] as! Int, $0["column"] as! Int] } == Traces.tenPlaces.map { [$0.0, $0.1] })
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
