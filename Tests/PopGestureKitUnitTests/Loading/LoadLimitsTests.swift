import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

#if canImport(Glibc)
    import Glibc
#endif

/// Inputs at the loader's limits, refused at once and at their place: flow nesting past 256 levels
/// (libyaml's scanner pays for depth on every token), and finite numbers whose replay would print
/// inf or nan in JSON.
@Suite struct LoadLimitsTests {
    // Issue 13, item 1. Deep flow nesting

    /// `unit` 100,000 times, then as many `closing` (the nesting closed); the error's column.
    @Test(arguments: [
        ("[", "", 257),
        ("[", "]", 257),
        // A trace's root mapping is read apart: its values' 256 levels start at the second `{`.
        ("{", "", 258),
        ("{a: ", "", 4 * 257 + 1),
    ])
    func deepNestingEndsTheFileAtOnce(_ unit: String, _ closing: String, _ column: Int) {
        let yaml = String(repeating: unit, count: 100_000) + String(repeating: closing, count: 100_000)
        // Reading on to the document's end took 23 to 50 s: libyaml's flow scanner pays for the
        // depth on every token. Stopping at the limit takes 0.04 s; the bound is far from both, so a
        // loaded CI machine or a sanitizer build does not fail it and the old behaviour still would.
        let clock = ContinuousClock()
        var documents: [LoadedDocument] = []
        let elapsed = clock.measure { documents = loadDocuments(yaml) }
        #expect(elapsed < .seconds(10), "\(elapsed)")
        guard documents.count == 1, case .failure(_, let error) = documents[0] else {
            Issue.record("expected one error, got \(documents)")
            return
        }
        checkError(error, path: "t.yaml", at: 1, column, ["nesting deeper than 256 levels"])
    }

    @Test func aDocumentAfterTooDeepANestingIsNotRead() {
        // Closed, so libyaml could read on; the file ends at the error all the same.
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let documents = loadDocuments("format: popgesture-trace/1\nstack: \(deep)\n---\n" + CLI.trace)
        #expect(documents.count == 1, "\(documents)")
        if case .failure(_, let error)? = documents.first {
            checkError(error, path: "t.yaml", at: 2, 264, ["nesting deeper"])
        }
    }

    @Test func skippingAnInvalidDocumentStopsAtTheSameDepth() {
        // The first event's error skips the rest of the document, which nests too deep.
        let deep = String(repeating: "[", count: 50_000)
        let clock = ContinuousClock()
        var documents: [LoadedDocument] = []
        let elapsed = clock.measure {
            documents = loadDocuments(
                "format: popgesture-trace/1\nstack: [{id: a}]\nevents:\n- {t: -1, pop: true}\n- \(deep)\n")
        }
        #expect(elapsed < .seconds(2), "\(elapsed)")
        #expect(documents.count == 1)
    }

    // Issue 13, item 6. Numbers that would make JSON print nan or inf

    /// Finite inputs whose replay printed `inf` (the differences of positions near ±1e308 overflow,
    /// progress divides by a subnormal width, `last2` divides by a subnormal gap) are refused at load.
    @Test(arguments: [
        (
            "  samples: [[0, -1e308, 400], [16, 1e308, 401], [33, 1.5e308, 402]]\n  up: 40\n", "", 5, 17,
            "expected sample x within ±1e9 points, found -1e+308"
        ),
        (
            "  samples: [[0, 0, 400], [16, 20, 401], [33, 10, 402], [50, 5, 400]]\n  up: 60\n",
            "screen: {width: 1e-320}\n", 2, 17,
            "expected `screen.width` between 0.001 and 1e9 points, found 1e-320"
        ),
        (
            "  samples: [[0, 10, 400], [1e-300, 1e9, 401]]\n  up: 40\n", "", 5, 28,
            "sample time 1e-300 is less than 1e-6 ms after the previous sample's 0; samples of a stroke are at least a nanosecond apart"
        ),
        ("  samples: [[0, 10, 1000000000.5]]\n", "", 5, 21, "expected sample y within ±1e9 points, found 1000000000.5"),
    ])
    func numbersThatWouldOverflowAreRefusedAtLoad(
        _ stroke: String, _ header: String, _ line: Int, _ column: Int, _ message: String
    ) {
        let yaml = "format: popgesture-trace/1\n\(header)stack: [{id: a}, {id: b}]\nevents:\n- touch: 1\n" + stroke
        // The stroke is read straight from the events; the same stroke as nodes (an anchor) says the same.
        for text in [yaml, yaml.replacingOccurrences(of: "- touch: 1", with: "- &s\n  touch: 1")] {
            guard let error = loadError(text) else { continue }
            checkError(error, path: "t.yaml", at: line + (text == yaml || line < 5 ? 0 : 1), column, [message])
        }
    }

    @Test func theLimitsThemselvesLoadAndReplayToFiniteJSON() throws {
        let trace = try loadTrace(
            """
            format: popgesture-trace/1
            screen: {width: 0.001, height: 1e9}
            stack: [{id: a}, {id: b, content: [{id: s, kind: scroll, frame: [0, 0, 1e9, 1e9], axis: horizontal, offset: 1e9, maxOffset: 1e9}]}]
            events:
            - touch: 1
              samples: [[0, -1e9, 400], [0.000001, 1e9, 401], [0.000002, -1e9, 1e9], [20, 1e9, -1e9]]
              up: 20
            """)
        for preset in Presets.names {
            let report = Replay(rules: try RulesLoader.load(preset)).run(trace)
            expectStrictJSON(report.jsonLine(), "the limits under \(preset)")
        }
    }
}
