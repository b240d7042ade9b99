import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// What the command line tells a user before any run: each command's help, with examples, and the
/// shell completion scripts.
@Suite(.serialized) struct HelpAndCompletionTests {

    /// Each command's help shows how it is called, by example.
    @Test(arguments: [
        ["check"], ["replay"], ["explain"], ["diff"], ["validate"], ["plot"], ["synth"], ["import"], ["record"],
        ["rules", "list"], ["rules", "show"],
    ])
    func everyCommandsHelpHasExamples(_ command: [String]) throws {
        let help = try CLI.run(command + ["--help"], in: NSTemporaryDirectory())
        #expect(help.stdout.contains("Example"), "\(help.stdout)")
        #expect(help.stdout.contains("  popgesture \(command.joined(separator: " "))"), "\(help.stdout)")
    }

    /// The presets by name for every rule-version option, and YAML and JSON files (and folders) for
    /// trace arguments; the preset names come from the library's table.
    @Test(arguments: [
        (
            "bash",
            [
                "-W 'fd'$'\\n''fd-1.1'$'\\n''uikit'$'\\n''tz'$'\\n''cupertino'$'\\n''flutter'$'\\n''edge30'$'\\n''lh'$'\\n''swipetransition'$'\\n''sloppyswiper'$'\\n''telegram'$'\\n''framework7'$'\\n''ionic'$'\\n''react-navigation'$'\\n''react-navigation-8'$'\\n''rn-screens-fullscreen'",
                "-o plusdirs -fX '!*.@(yaml|yml|json)'",
            ]
        ),
        (
            "zsh",
            [
                "('fd' 'fd-1.1' 'uikit' 'tz' 'cupertino' 'flutter' 'edge30' 'lh' 'swipetransition' 'sloppyswiper' 'telegram' 'framework7' 'ionic' 'react-navigation' 'react-navigation-8' 'rn-screens-fullscreen')",
                "_files -g '\\''*.yaml *.yml *.json'\\''",
            ]
        ),
        (
            "fish",
            [
                "-l 'rules'",
                "-rfka 'fd fd-1.1 uikit tz cupertino flutter edge30 lh swipetransition sloppyswiper telegram framework7 ionic react-navigation react-navigation-8 rn-screens-fullscreen'",
                "set -l exts \\'yaml\\' \\'yml\\' \\'json\\'",
            ]
        ),
    ])
    func completionScriptsCompleteTracesAndPresets(_ shell: String, _ fragments: [String]) throws {
        #expect(
            Presets.names == [
                "fd", "fd-1.1", "uikit", "tz", "cupertino", "flutter", "edge30", "lh", "swipetransition",
                "sloppyswiper", "telegram", "framework7", "ionic", "react-navigation", "react-navigation-8",
                "rn-screens-fullscreen",
            ])
        let script = try CLI.run(["--generate-completion-script", shell], in: NSTemporaryDirectory())
        #expect(script.status == 0)
        for fragment in fragments {
            #expect(script.stdout.contains(fragment), "\(shell): no \(fragment)")
        }
        // --rules of check, replay and plot, --base and --head of diff, and rules show.
        let presetLists =
            script.stdout.components(
                separatedBy: shell == "zsh"
                    ? "'react-navigation-8' 'rn-screens-fullscreen'"
                    : shell == "fish" ? "react-navigation-8 rn-screens-fullscreen'" : "'rn-screens-fullscreen'"
            ).count - 1
        #expect(presetLists >= 6, "\(shell): \(presetLists)")
    }
}
