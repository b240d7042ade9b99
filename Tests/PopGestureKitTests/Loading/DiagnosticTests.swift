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

    /// What is said of a whole file has no place, not line 1, column 1: an empty file, a folder, a
    /// file that cannot be read, a FIFO. Each printed as the command prints it, written out by hand.
    @Test func aWholeFilesProblemIsSaidWithoutALine() throws {
        try withFolder(["empty.yaml": "", "dir/x.yaml": "", "empty.evemu": ""]) { folder in
            for (arguments, stderr) in [
                (
                    ["validate", "empty.yaml"],
                    "empty.yaml: error: contains no trace document (a trace starts with `format: popgesture-trace/1`)\n"
                ),
                (
                    ["replay", "--rules", "dir", "empty.yaml"],
                    "dir: error: is a directory, expected a YAML file (pass the directory to `validate`, `check` or `replay`, which read the *.yaml files inside)\n"
                ),
                (
                    ["replay", "--rules", "nope.yaml", "empty.yaml"],
                    "nope.yaml: error: cannot read file: No such file or directory\n"
                ),
                (
                    ["import", "--from", "evemu", "empty.evemu"],
                    "empty.evemu: error: the file is empty; expected an evemu recording\n"
                ),
            ] {
                let run = try CommandLineTests.run(arguments, in: folder)
                #expect(run.status != 0, "\(arguments)")
                #expect(
                    run.stdout.isEmpty ? run.stderr == stderr : run.stdout.hasPrefix(stderr),
                    "\(arguments): \(run.stdout)\(run.stderr)")
            }
        }
    }
}
