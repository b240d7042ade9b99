import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Plain `[t, x, y]` rows are read in runs straight from a batch of events (`SampleRows`); any other
/// row is read one event at a time. Whichever way a row is read, and wherever a batch of 256 events
/// ends, the samples and the errors must be the same.
@Suite struct SampleRowsTests {
    static let header = "format: popgesture-trace/1\nstack: [{id: a}, {id: b}]\nevents:\n"

    /// One stroke of `rows`, a row a line from line 7 on; `anchored` puts an anchor on the stroke's
    /// mapping, which sends the whole stroke through the node path (same lines and columns).
    static func stroke(_ rows: [String], anchored: Bool = false) -> String {
        header + "- \(anchored ? "&s" : "")\n  touch: 1\n  samples:\n" + rows.map { "  - \($0)\n" }.joined()
    }

    static func samples(_ document: LoadedDocument?) -> [Sample]? {
        guard case .trace(let trace, _)? = document, case .touch(let stroke)? = trace.events.first?.kind else {
            return nil
        }
        return stroke.samples
    }

    @Test func rowsAcrossManyBatchesAreReadAsWritten() throws {
        // 1,000 rows are 5,000 events: about twenty batches, with rows cut at their every offset.
        let rows = (0..<1000).map { i in
            switch i % 4 {
            case 0: "[\(i * 8), \(i), 400]"
            case 1: "[\(i * 8).5, -0, 1.25e2]"
            case 2: "[\(i * 8), -\(i).75, +3]"
            default: "[\(i * 8)e0, 0.001, -1000000000]"
            }
        }
        let read = try #require(Self.samples(loadDocuments(Self.stroke(rows)).first))
        #expect(read.count == 1000)
        for (i, sample) in read.enumerated() {
            let expected: Sample =
                switch i % 4 {
                case 0: Sample(t: Double(i * 8), x: Double(i), y: 400)
                case 1: Sample(t: Double(i * 8) + 0.5, x: 0, y: 125)
                case 2: Sample(t: Double(i * 8), x: -(Double(i) + 0.75), y: 3)
                default: Sample(t: Double(i * 8), x: 0.001, y: -1e9)
                }
            #expect(sample == expected, "row \(i)")
        }
        // -0 is read as 0: reports print no -0.
        #expect(read[1].x.sign == .plus)
    }

    @Test func oddRowsInALongStrokeAreReportedWhereTheyAre() throws {
        var rows = (0..<1000).map { "[\($0 * 8), 30, 400]" }
        rows[600] = "[4000, 30, 400]"  // before row 599's 4792: line 7 + 600
        rows[800] = "[6400, '30', 400]"  // a quoted x: `  - [6400, ` is 11 characters
        rows[900] = "[7200, 30, 1e10]"  // y out of range: `  - [7200, 30, ` is 15 characters
        let documents = loadDocuments(Self.stroke(rows))
        guard case .failure(_, let error)? = documents.first else {
            Issue.record("expected an error, got \(documents)")
            return
        }
        let all = [error] + error.further
        #expect(all.count == 3, "\(error)")
        guard all.count == 3 else { return }
        checkError(all[0], path: "t.yaml", at: 607, 6, ["sample time 4000 is not after the previous sample's 4792"])
        checkError(
            all[1], path: "t.yaml", at: 807, 12, ["expected sample x to be a number", "found the string \"30\""])
        checkError(all[2], path: "t.yaml", at: 907, 16, ["expected sample y within ±1e9 points, found 10000000000"])
    }

    @Test func randomRowsReadAsTheNodePathReadsThem() {
        var random = SeededRandom(seed: 29)
        var loaded = 0
        var refused = 0
        for round in 0..<40 {
            // Even rounds are all plain rows, so that some strokes load and their samples are compared.
            let odd = round % 2 == 1
            var t = 0
            let rows = (0..<(100 + Int(random.next() % 600))).map { _ -> String in
                t += 1 + Int(random.next() % 20)
                let x = "\(Int(random.next() % 800)).\(random.next() % 100)"
                switch odd ? random.next() % 100 : 99 {
                case 0: return "[\(t - 40), \(x), 5]"  // out of order
                case 1: return "[\(t), '\(x)', 5]"  // a string
                case 2: return "[\(t), \(x)]"  // two numbers
                case 3: return "[\(t), \(x), 2e9]"  // out of range
                case 4: return "[\(t), &v \(x), 5]"  // an anchor
                case 5: return "[\(t), \(x), 5, 6]"  // four numbers
                case 6: return "[\(t), -0.0, 0x10]"  // hex is not a YAML 1.2 number
                default: return "[\(t), \(x), \(random.next() % 900)]"
                }
            }
            let streamed = loadDocuments(Self.stroke(rows))
            let nodes = loadDocuments(Self.stroke(rows, anchored: true))
            switch (streamed.first, nodes.first) {
            case (.trace?, .trace?):
                loaded += 1
                #expect(Self.samples(streamed.first) == Self.samples(nodes.first), "round \(round)")
            case (.failure(_, let a)?, .failure(_, let b)?):
                refused += 1
                #expect(([a] + a.further).map(\.description) == ([b] + b.further).map(\.description), "round \(round)")
            default:
                Issue.record(
                    "round \(round): \(String(describing: streamed.first)) against \(String(describing: nodes.first))")
            }
        }
        #expect(loaded == 20 && refused == 20)
    }
}
