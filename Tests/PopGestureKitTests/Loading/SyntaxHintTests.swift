import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// libyaml's syntax errors with a hint in the user's words (`SyntaxHint`), from text in memory and
/// from a file read again for the hint.
@Suite(.serialized) struct SyntaxHintTests {
    @Test(
        arguments: [
            // A tab in the indentation: libyaml sees a character that cannot start a token.
            (
                "format: popgesture-trace/1\nstack:\n\t- {id: a}\n", 3, 1,
                "found character that cannot start any token",
                "a tab indents line 3; YAML indents with spaces only"
            ),
            // The `[` of line 2 is never closed; libyaml notices on line 3.
            (
                "format: popgesture-trace/1\nstack: [{id: a}, {id: b}\nevents: []\n", 3, 1,
                "did not find expected ',' or ']'",
                "the `[` opened at line 2, column 8 is not closed; close it with `]`, or separate its items with `,`"
            ),
            // A file that ends inside `stack: [`: libyaml's context is the flow *node* it expected, at
            // the end of the file, not a bracket; the hint names the `[` that is open (issue 40 said a
            // `{` at line 3, column 1, which does not exist).
            (
                "format: popgesture-trace/1\nstack: [\n", 3, 1,
                "did not find expected node content",
                "the `[` opened at line 2, column 8 is not closed; close it with `]`, or separate its items with `,`"
            ),
            // The innermost of two: `{` inside `[`, a `]` and `#` inside quotes and a comment passed over.
            (
                "format: popgesture-trace/1\nname: \"a ] b\" # [x\nstack: [{id: 'q]', barHidden: true},\n  {id: b, barHidden:\n",
                5, 1,
                "did not find expected node content",
                "the `{` opened at line 4, column 3 is not closed; close it with `}`, or separate its items with `,`"
            ),
            (
                "format: popgesture-trace/1\nscreen: {width: 390, height: 844\nstack: [{id: a}]\n", 3, 6,
                "did not find expected ',' or '}'",
                "the `{` opened at line 2, column 9 is not closed; close it with `}`, or separate its items with `,`"
            ),
            // `up:120` is one plain scalar, a key without its colon on the next line.
            (
                "format: popgesture-trace/1\nstack: [{id: a}]\nevents:\n  - touch: 1\n    samples: [[0, 1, 2]]\n    up:120\n",
                7, 1,
                "could not find expected ':'", "a space is missing after `:` on line 6: write `up: 120`, not `up:120`"
            ),
            (
                "format:popgesture-trace/1\nstack: [{id: a}]\n", 2, 6, "mapping values are not allowed in this context",
                "a space is missing after `:` on line 1: write `format: popgesture-trace/1`, not `format:popgesture-trace/1`"
            ),
        ] as [(String, Int, Int, String, String)])
    func syntaxErrorsGetAHint(_ yaml: String, _ line: Int, _ column: Int, _ problem: String, _ hint: String) throws {
        // Both ways in: text in memory, and a file read again from its start for the hint.
        let dir = try CommandLineTests.fixture(["a.yaml": yaml])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for documents in [loadDocuments(yaml, path: "a.yaml"), Array(TraceFileLoader(path: dir + "/a.yaml"))] {
            guard case .failure(_, let error)? = documents.first else {
                Issue.record("expected a syntax error, got \(documents)")
                continue
            }
            #expect(error.place?.line == line && error.place?.column == column, "\(error)")
            #expect(error.message.contains(problem), "\(error)")
            #expect(error.suggestion == hint, "\(error)")
        }
    }

    @Test func aTabInsideAValueIsNotCalledIndentation() {
        let error = loadError("format: popgesture-trace/1\nstack: [{id: a},\t@b]\n")
        #expect(
            error?.suggestion == nil || error?.suggestion?.contains("indents") == false, "\(String(describing: error))")
    }
}
