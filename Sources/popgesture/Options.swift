import ArgumentParser
import PopGestureCore
import PopGestureKit
import PopGestureOptions

/// The option groups the subcommands share.

struct InputOptions: ParsableArguments {
    @Argument(
        help: "Trace files or directories (searched recursively for *.yaml, *.yml and *.json); - reads standard input.",
        completion: traceFiles)
    var paths: [String] = []

    @Option(
        help: ArgumentHelp(
            "Files processed at once; the default is the config file's `jobs`, else the cores this process may use.",
            discussion:
                "No more workers run than those cores (taskset, a container's cpuset): replay is CPU-bound, and more would only take turns. With more jobs than files, a file of 1 MB or more has its YAML scanned on a core of its own beside its replay; the output is the same bytes."
        ))
    var jobs: Int?

    @Flag(help: "Succeed when the paths hold no trace file (by default that is an error, exit 2).")
    var allowEmpty = false

    @Option(
        help: ArgumentHelp(
            "Leave out what a folder walk finds that matches this gitignore-style pattern (repeatable; relative to the current folder).",
            valueName: "GLOB"))
    var exclude: [String] = []

    @Option(
        help: ArgumentHelp("Read this config file instead of discovering .popgesture.yml.", valueName: "FILE"),
        completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    @Flag(help: "Do not read a .popgesture.yml.") var noConfig = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if config != nil, noConfig { throw ValidationError("--config and --no-config contradict each other") }
    }

    /// The flags as given, for `RunSettings.resolve`, which alone decides what wins over what.
    var flags: RunFlags {
        RunFlags(
            paths: paths, jobs: jobs, exclude: exclude, config: config, noConfig: noConfig, allowEmpty: allowEmpty)
    }

    /// The run's settings from the config file and the flags (`RunSettings.resolve`); its errors
    /// (a bad config, every error of it at once; no paths at all; a `--rules` that does not load)
    /// exit 2. `adjust` adds the command's own flags that the config may also set.
    func settings(_ adjust: (inout RunFlags) -> Void = { _ in }) throws -> RunSettings {
        var flags = flags
        adjust(&flags)
        do {
            return try RunSettings.resolve(flags, defaultJobs: availableCores)
        } catch {
            Console().err("\(error)\n")
            throw ExitCode(ExitStatus.errors.rawValue)
        }
    }
}

private let availableCores = Console.availableCores

/// Shell completion of a trace path: YAML and JSON files, and folders.
let traceFiles = CompletionKind.file(extensions: ["yaml", "yml", "json"])

/// `--shard K/N`, or `auto`: K/N from the CI's own variables.
enum ShardArgument: ExpressibleByArgument {
    case fixed(Shard)
    case automatic

    init?(argument: String) {
        if argument == "auto" {
            self = .automatic
        } else if let shard = Shard(argument) {
            self = .fixed(shard)
        } else {
            return nil
        }
    }
}

struct ShardOption: ParsableArguments {
    // Unconditional, so that `--shard -1/2` is read as a bad value, not as a missing one.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Work on the Kth of N slices of the files (K from 1), for a CI matrix of N jobs; auto reads K/N from the CI's variables.",
            discussion:
                "Slices are balanced by file size and the same on every machine; `popgesture merge` joins the shards' json or junit outputs into the unsharded run's bytes (text, html, github, markdown and sarif output cannot be merged). auto: GitLab CI_NODE_INDEX/CI_NODE_TOTAL (from 1), Buildkite BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT, CircleCI CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL, Bazel TEST_SHARD_INDEX/TEST_TOTAL_SHARDS (from 0; TEST_SHARD_STATUS_FILE is touched); none set is 1/1, with a note; variables half set, out of range or disagreeing are an error.",
            valueName: "K/N|auto"),
        transform: { text in
            if text == "auto" { return .automatic }
            do { return .fixed(try Shard(parsing: text)) } catch {
                throw ValidationError((error as? Diagnostic)?.message ?? "\(error)")
            }
        })
    var shard: ShardArgument?

    /// The shard, `auto` resolved from the environment (its note said on stderr); an error exits 2.
    func resolved() throws -> Shard? {
        switch shard {
        case nil: return nil
        case .fixed(let shard): return shard
        case .automatic:
            switch Shard.automatic() {
            case .success(let found):
                if let note = found.note { Console().report(note) }
                return found.shard
            case .failure(let problem):
                Console().report(problem)
                throw ExitCode(ExitStatus.errors.rawValue)
            }
        }
    }
}

struct RulesOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A preset (\(Presets.names.joined(separator: ", "))) or a rules file.",
            discussion:
                "Without it, each file's `# popgesture-rules: NAME|FILE` comment, else the config file's `overrides` and `rules`, else fd."
        ),
        completion: ruleVersions)
    var rules: String?
}

/// `--document N`, `--gesture N`: a whole number from 1. The options read their value
/// unconditionally, so that `-1` is a bad value, not a missing one.
func ordinal(_ flag: String) -> @Sendable (String) throws -> Int {
    { text in
        guard let number = Int(text), number >= 1 else {
            throw ValidationError(
                "\(flag) counts from 1: expected a whole number from 1 (e.g. \(flag) 2), found `\(text)`")
        }
        return number
    }
}
