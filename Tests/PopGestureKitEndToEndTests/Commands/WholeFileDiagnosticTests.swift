import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// A whole file's problem as each command prints it: no line, no column.
@Suite(.serialized) struct WholeFileDiagnosticTests {

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
                let run = try CLI.run(arguments, in: folder)
                #expect(run.status != 0, "\(arguments)")
                #expect(
                    run.stdout.isEmpty ? run.stderr == stderr : run.stdout.hasPrefix(stderr),
                    "\(arguments): \(run.stdout)\(run.stderr)")
            }
        }
    }
}
