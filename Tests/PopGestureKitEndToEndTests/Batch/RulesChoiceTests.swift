import Foundation
import Testing

@testable import PopGestureKit

#if canImport(Glibc)
    import Glibc
#endif

/// The rule version a file is replayed under (`--rules`, `# popgesture-rules:`): names that name
/// nothing, said where they are; validate refusing what replay refuses; comments that only look
/// like rules comments are warnings.
@Suite(.serialized) struct RulesChoiceTests {
    // Issue 13, item 12. Rule versions that name nothing

    @Test(arguments: [
        (["check", "--rules", "fd11", "a.yaml"], "error: unknown preset or file `fd11` (did you mean `fd-1.1`?)\n"),
        (
            ["replay", "--rules", "rules/missing.yaml", "a.yaml"],
            "rules/missing.yaml: error: cannot read file: No such file or directory\n"
        ),
        (
            ["diff", "--base", "fd", "--head", "cupertin", "a.yaml"],
            "error: unknown preset or file `cupertin` (did you mean `cupertino`?)\n"
        ),
        (
            ["rules", "show", "nothing-like-it"],
            "error: unknown preset or file `nothing-like-it` (presets are fd, fd-1.1, uikit, tz, cupertino, flutter, edge30, lh, swipetransition, sloppyswiper, telegram, framework7, ionic, react-navigation, react-navigation-8, rn-screens-fullscreen)\n"
        ),
    ])
    func aRuleVersionThatNamesNothingSaysWhat(_ arguments: [String], _ message: String) throws {
        let dir = try HardeningTests.fixture(["a.yaml": CLI.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try HardeningTests.run(arguments, in: dir)
        #expect(run.status == 2)
        #expect(run.stderr == message)
    }

    @Test func aRulesCommentThatNamesNothingSaysWhatWhereItIs() throws {
        let dir = try HardeningTests.fixture([
            "a.yaml": "# a swipe\n# popgesture-rules: fd11\n" + CLI.trace,
            "b.yaml": "# popgesture-rules: ../rules/missing.yaml\n" + CLI.trace,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try HardeningTests.run(["check", "a.yaml", "b.yaml"], in: dir)
        #expect(run.status == 2)
        #expect(
            run.stdout == """
                a.yaml:2:1: error: `# popgesture-rules: fd11`: unknown preset or file `fd11` (did you mean `fd-1.1`?)
                b.yaml:1:1: error: `# popgesture-rules: ../rules/missing.yaml`: cannot read file: No such file or directory
                2 traces in 2 files: 0 passed, 0 failed, 2 errors

                """)
    }

    // Issue 13, item 8. validate refuses what replay refuses at load

    @Test func validateReportsARulesCommentThatReplayRefuses() throws {
        let dir = try HardeningTests.fixture([
            "a.yaml": "# popgesture-rules: rules/missing.yaml\n" + CLI.trace,
            "b.yaml": "# popgesture-rules: fd11\n" + CLI.trace, "c.yaml": CLI.trace,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let replay = try HardeningTests.run(["replay", "a.yaml", "b.yaml"], in: dir)
        #expect(replay.status == 2)
        let validate = try HardeningTests.run(["validate", "a.yaml", "b.yaml", "c.yaml"], in: dir)
        #expect(validate.status == 1)
        #expect(
            validate.stdout == """
                a.yaml:1:1: error: `# popgesture-rules: rules/missing.yaml`: cannot read file: No such file or directory
                b.yaml:1:1: error: `# popgesture-rules: fd11`: unknown preset or file `fd11` (did you mean `fd-1.1`?)
                3 documents in 3 files: 1 valid, 2 invalid

                """)
        // Every diagnostic of validate is one replay gives too.
        for line in validate.stdout.split(separator: "\n").dropLast() {
            #expect(replay.stderr.contains(line), "\(line)")
        }
    }

    // Issue 13, item 12. Comments that look like rules comments

    @Test(arguments: [
        ("# popgesture-rule: fd11", "# popgesture-rules: fd11"),
        ("# popgesture-rules fd-1.1", "# popgesture-rules: fd-1.1"),
        ("#Popgesture-Rules: cupertino", "# popgesture-rules: cupertino"),
        ("# popgesture rules: uikit", "# popgesture-rules: uikit"),
    ])
    func aCommentThatLooksLikeARulesCommentIsAWarning(_ comment: String, _ meant: String) throws {
        let dir = try HardeningTests.fixture(["a.yaml": "# a swipe back\n\(comment)\n" + CLI.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let shown = comment.dropFirst().drop { $0 == " " }
        let warning =
            "a.yaml:2:1: warning: `# \(shown)` is not a rules comment; the file is replayed under fd (did you mean `\(meant)`?)\n"
        for command in [["check"], ["replay"], ["validate"]] {
            let run = try HardeningTests.run(command + ["a.yaml"], in: dir)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(run.stderr.hasPrefix(warning), "\(command): \(run.stderr)")
        }
        // --rules chooses for every file: the comment would not count either way.
        #expect(try HardeningTests.run(["check", "--rules", "fd", "a.yaml"], in: dir).stderr.isEmpty)
    }

    @Test func commentsThatOnlyMentionPopgestureAreNotWarnedAbout() throws {
        let dir = try HardeningTests.fixture([
            "a.yaml": "# popgesture: a trace of a cancelled swipe\n# yaml-language-server: $schema=x\n"
                + CLI.trace
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try HardeningTests.run(["check", "a.yaml"], in: dir).stderr.isEmpty)
    }
}
