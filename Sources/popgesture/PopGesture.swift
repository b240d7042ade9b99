import ArgumentParser
import PopGestureKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct PopGesture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "popgesture",
        abstract: "Replays recorded iOS swipe-back traces through models of FDFullscreenPopGesture, UIKit and peer libraries.",
        discussion: """
            Exit codes, for every command: 0 ok, 1 findings (invalid documents, failed expectations, \
            differences), 2 errors (unreadable input, usage).
            """,
        version: "0.1.0",
        subcommands: [Validate.self, Replay.self]
    )

    /// Usage errors exit 2 like every other error, not ArgumentParser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                Console().err(fullMessage(for: error) + "\n")
                Glibc.exit(ExitStatus.errors.rawValue)
            }
            exit(withError: error)
        }
    }
}

struct InputOptions: ParsableArguments {
    @Argument(help: "Trace files or directories (searched recursively for *.yaml and *.yml).")
    var paths: [String]

    @Option(help: "Files processed at once (default: the number of cores).")
    var jobs: Int = availableCores

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }
}

private let availableCores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

extension ValidateRun.Format: ExpressibleByArgument {}
extension ReplayRun.Format: ExpressibleByArgument {}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check trace, stack-config and rules files against the trace format.",
        discussion: """
            Prints one `path:line:column: error: ...` line per invalid document and a summary.

            Examples:
              popgesture validate traces/
              popgesture validate --format json swipe.yaml
            """
    )

    @OptionGroup var input: InputOptions
    @Option(help: "Output format: text or json.") var format: ValidateRun.Format = .text

    func run() throws {
        let status = ValidateRun(paths: input.paths, format: format, jobs: input.jobs).run()
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay traces and print each report.",
        discussion: """
            Examples:
              popgesture replay swipe.yaml
              popgesture replay --rules cupertino --format json traces/ > reports.jsonl
            """
    )

    @OptionGroup var input: InputOptions
    @Option(help: "A preset (fd, fd-1.1, uikit, tz, cupertino, edge30) or a rules file.") var rules: String = "fd"
    @Option(help: "Output format: text (a timeline) or json (JSON Lines, one report per document).") var format: ReplayRun.Format = .text

    func run() throws {
        let loaded: Rules
        do {
            loaded = try RulesLoader.load(rules)
        } catch {
            Console().err("\(error)\n")
            throw ExitCode(ExitStatus.errors.rawValue)
        }
        let status = ReplayRun(paths: input.paths, rules: loaded, format: format, jobs: input.jobs).run()
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}
