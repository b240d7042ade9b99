import Foundation
import Testing

@testable import PopGestureKit

/// `--color`: the choice against the terminal and NO_COLOR/TERM, and the escape codes in real output.
@Suite(.serialized) struct ColourTests {

    @Test(
        arguments: [
            // choice, terminal, environment, coloured
            (ColourChoice.auto, true, [:], true),
            (.auto, false, [:], false),
            // no-color.org: only a NO_COLOR that is present and not empty turns colour off.
            (.auto, true, ["NO_COLOR": ""], true),
            (.auto, true, ["NO_COLOR": "1"], false),
            (.auto, true, ["TERM": "dumb"], false),
            (.auto, true, ["TERM": "xterm-256color"], true),
            (.always, false, ["NO_COLOR": "1", "TERM": "dumb"], true),
            (.never, true, [:], false),
        ] as [(ColourChoice, Bool, [String: String], Bool)])
    func colourFollowsTheChoiceTheTerminalAndTheEnvironment(
        _ choice: ColourChoice, _ terminal: Bool, _ environment: [String: String], _ coloured: Bool
    ) {
        #expect(choice.enabled(isTerminal: terminal, environment: environment) == coloured)
    }

    @Test func colourCodesAreWholeAndOnlyWhereAsked() throws {
        let dir = try CLI.fixture([
            "a.yaml": CLI.swipe(expect: "- {gesture: 1, pop: cancelled}"), "bad.yaml": "format: popgesture-trace/1\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let always = try CLI.run(["check", "--color", "always", "a.yaml"], in: dir)
        #expect(
            always.stdout.hasPrefix(
                "a.yaml:9:3: \u{1B}[1;31merror:\u{1B}[0m expectation failed: swipe (fd): expect[0]"),
            "\(always.stdout.debugDescription)")
        // With failures, "0 passed" is plain: no reset wrapped around it as if it were a colour.
        #expect(
            always.stdout.hasSuffix("\n1 trace in 1 file: 0 passed, 1 failed, 0 errors\n"),
            "\(always.stdout.debugDescription)")
        let error = try CLI.run(["validate", "--color", "always", "bad.yaml"], in: dir)
        #expect(
            error.stdout.hasPrefix("bad.yaml:1:1: \u{1B}[1;31merror:\u{1B}[0m missing required key `stack`"),
            "\(error.stdout.debugDescription)")
        let unreadable = try CLI.run(["check", "--color", "always", "--format", "json", "missing.yaml"], in: dir)
        // A path that leads nowhere is the run's error (issue 40), coloured like any other.
        #expect(
            unreadable.stderr.hasPrefix("missing.yaml: \u{1B}[1;31merror:\u{1B}[0m no such file or folder\n"),
            "\(unreadable.stderr.debugDescription)")
        // Every escape sequence opened is a real SGR code, and each is reset.
        for text in [always.stdout, error.stdout, unreadable.stderr] {
            #expect(!text.contains("\u{1B}[0m\u{1B}[0m") && !text.contains("\u{1B}[m") && !text.contains("\u{1B}[0m0"))
            #expect(
                text.components(separatedBy: "\u{1B}[0m").count == text.components(separatedBy: "\u{1B}[").count / 2 + 1
            )
        }
        // A pipe gets none by default, with NO_COLOR empty too; --color never, none anywhere.
        for arguments in [["check", "a.yaml", "bad.yaml"], ["check", "--color", "never", "a.yaml", "bad.yaml"]] {
            let plain = try CLI.run(arguments, in: dir, environment: ["NO_COLOR": ""])
            #expect(!plain.stdout.contains("\u{1B}") && !plain.stderr.contains("\u{1B}"))
        }
        let passing = try CLI.fixture(["a.yaml": CLI.swipe(expect: CLI.passingExpectations)])
        defer { try? FileManager.default.removeItem(atPath: passing) }
        let green = try CLI.run(["check", "--color", "always", "a.yaml"], in: passing)
        #expect(green.stdout == "1 trace in 1 file: \u{1B}[32m1 passed\u{1B}[0m, 0 failed, 0 errors\n")
    }

    @Test(arguments: ["check", "replay", "explain", "diff", "validate", "plot", "synth", "import", "record"])
    func everyCommandTakesColor(_ command: String) throws {
        let help = try CLI.run([command, "--help"], in: NSTemporaryDirectory())
        #expect(help.stdout.contains("--color <auto|always|never>"), "\(help.stdout)")
    }
}
