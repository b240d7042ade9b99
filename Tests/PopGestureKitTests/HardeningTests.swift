import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import PopGestureKit

/// Issue 13's findings, one test (or a few) per item: pathological inputs, file kinds, links,
/// write failures, signals, empty matches and misspelt directives. The end-to-end ones run the
/// built binary under `timeout`, so that a regression that blocks fails instead of hanging CI.
@Suite(.serialized) struct HardeningTests {
    /// The binary, killed after `seconds` (status 124 then).
    static func run(_ arguments: [String], in directory: String, seconds: Int = 30,
                    environment: [String: String] = [:]) throws -> CommandLineTests.Run {
        try CommandLineTests.run(["-c", "exec timeout \(seconds) \"$0\" \"$@\"", CommandLineTests.binary] + arguments,
                                 in: directory, environment: environment, shell: true)
    }

    static let trace = CommandLineTests.swipe(expect: CommandLineTests.passingExpectations)

    // MARK: 1. Deep flow nesting

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
        // depth on every token.
        let clock = ContinuousClock()
        var documents: [LoadedDocument] = []
        let elapsed = clock.measure { documents = loadDocuments(yaml) }
        #expect(elapsed < .seconds(2), "\(elapsed)")
        guard documents.count == 1, case .failure(_, let error) = documents[0] else {
            Issue.record("expected one error, got \(documents)")
            return
        }
        checkError(error, path: "t.yaml", at: 1, column, ["nesting deeper than 256 levels"])
    }

    @Test func aDocumentAfterTooDeepANestingIsNotRead() {
        // Closed, so libyaml could read on; the file ends at the error all the same.
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let documents = loadDocuments("format: popgesture-trace/1\nstack: \(deep)\n---\n" + Self.trace)
        #expect(documents.count == 1, "\(documents)")
        if case .failure(_, let error)? = documents.first { checkError(error, path: "t.yaml", at: 2, 264, ["nesting deeper"]) }
    }

    @Test func skippingAnInvalidDocumentStopsAtTheSameDepth() {
        // The first event's error skips the rest of the document, which nests too deep.
        let deep = String(repeating: "[", count: 50_000)
        let clock = ContinuousClock()
        var documents: [LoadedDocument] = []
        let elapsed = clock.measure {
            documents = loadDocuments("format: popgesture-trace/1\nstack: [{id: a}]\nevents:\n- {t: -1, pop: true}\n- \(deep)\n")
        }
        #expect(elapsed < .seconds(2), "\(elapsed)")
        #expect(documents.count == 1)
    }
}
