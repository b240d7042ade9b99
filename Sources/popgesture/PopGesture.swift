import ArgumentParser
import PopGestureKit
import PopGestureOptions

@main
struct PopGesture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "popgesture",
        abstract:
            "Replays recorded iOS swipe-back traces through models of FDFullscreenPopGesture, UIKit and peer libraries.",
        discussion: """
            Exit codes, for every command: 0 ok, 1 findings (invalid documents, failed expectations, \
            differences), 2 errors (unreadable input, usage).

            Shell completion (trace paths, preset names): \
            popgesture --generate-completion-script bash|zsh|fish; see the README for where to put it.

            Examples:
              popgesture check traces/
              popgesture replay traces/example/cancelled-swipe.yaml
              popgesture explain traces/example/cancelled-swipe.yaml
              popgesture diff --base fd-1.1 --head fd traces/
              popgesture sweep --vary completion.projectionDistance=120..240/20 traces/intent/
              popgesture record --serve   # record swipes on a phone, each take a labelled trace
            """,
        version: PopGestureVersion.current,
        subcommands: [
            CheckCommand.self, ReplayCommand.self, ExplainCommand.self, DiffCommand.self, SweepCommand.self,
            MergeCommand.self,
            ValidateCommand.self, PlotCommand.self, RulesCommand.self, SynthCommand.self, ImportCommand.self,
            RecordCommand.self,
        ]
    )

    static func main() {
        runCommandLine(PopGesture.self, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}

/// A command's status becomes the process's: anything but ok ends the run with its code.
func conclude(_ status: ExitStatus) throws {
    if status != .ok { throw ExitCode(status.rawValue) }
}
