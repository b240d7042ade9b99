import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// One diagnostic type, printed one way (`Console.report`), like a compiler's.
@Suite struct DiagnosticTests {
    @Test func aDiagnosticPrintsItsPlaceSeverityAndSuggestion() {
        let error = Diagnostic(
            path: "t.yaml", line: 3, column: 11, message: "unknown key `barHiden`",
            suggestion: "did you mean `barHidden`?")
        #expect(error.description == "t.yaml:3:11: error: unknown key `barHiden` (did you mean `barHidden`?)")
        #expect(error.location == SourcePosition(path: "t.yaml", line: 3, column: 11))
        let warning = Diagnostic(
            path: "r.evemu", line: 7, column: 1, message: "finger 1 never lifts", severity: .warning)
        #expect(warning.description == "r.evemu:7:1: warning: finger 1 never lifts")
        let note = Diagnostic(
            path: "t.yaml", line: 1, column: 1, message: "the rules come from this comment", severity: .note)
        #expect(note.description == "t.yaml:1:1: note: the rules come from this comment")
    }

    @Test func aDiagnosticAboutAWholeFileHasNoLineOrColumn() {
        let whole = Diagnostic(path: "missing.yaml", message: "cannot read file: No such file or directory")
        #expect(whole.location == nil)
        #expect(whole.description == "missing.yaml: error: cannot read file: No such file or directory")
        #expect(whole.place == nil)
        let none = Diagnostic(message: "no trace files or folders given")
        #expect(none.place == nil && none.description == "error: no trace files or folders given")
    }
}
