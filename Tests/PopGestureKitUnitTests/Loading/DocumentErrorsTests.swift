import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Every independent error of a document (`DocumentErrors`), each at its place, also when the events
/// stream to a replay; the limit on how many are shown; and a bad config blamed on the line naming it.
@Suite(.serialized) struct DocumentErrorsTests {

    @Test func everyIndependentErrorOfADocumentIsReported() throws {
        let streamed = TraceFileLoader(
            text: Traces.tenMistakes, path: "t.yaml", sink: Replay.sink([Replay(rules: try RulesLoader.load("fd"))]))
        for documents in [loadDocuments(Traces.tenMistakes), Array(streamed)] {
            guard documents.count == 1, case .failure(let source, let error) = documents[0] else {
                Issue.record("expected one failure, got \(documents)")
                continue
            }
            #expect(source == "t.yaml#1")
            let places = error.all.map { $0.place.map { [$0.line, $0.column] } }
            #expect(places == Traces.tenPlaces.map { [$0.0, $0.1] }, "\(error)")
            #expect(error.notShown == 0)
            #expect(error.all[2].message.hasPrefix("unknown key `stak` in a trace document"))
            // The second stroke's second row is out of order; the third, compared with it, is not.
            #expect(error.all[8].message.hasPrefix("sample time 1090 is not after the previous sample's 1100"))
            #expect(error.description.split(separator: "\n").count == Traces.tenPlaces.count)
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
}
