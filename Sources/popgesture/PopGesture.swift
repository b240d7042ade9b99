import ArgumentParser
import PopGestureKit

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

    /// Usage errors exit 2 like every other error, not ArgumentParser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
            end(.ok)
        } catch let code as ExitCode {
            end(ExitStatus(rawValue: code.rawValue) ?? .errors)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                Console().err(fullMessage(for: error) + "\n")
                exit(withError: ExitCode(ExitStatus.errors.rawValue))
            }
            exit(withError: error)
        }
    }

    /// Standard output is flushed and closed before the process ends: output lost on the way (a full
    /// disk, `> /dev/full`) makes the run an error, said on stderr, whatever it found.
    static func end(_ status: ExitStatus) -> Never {
        exit(withError: ExitCode(Console.closeOutput(status).rawValue))
    }
}

/// A command's status becomes the process's: anything but ok ends the run with its code.
func conclude(_ status: ExitStatus) throws {
    if status != .ok { throw ExitCode(status.rawValue) }
}
