import ArgumentParser
import PopGestureKit

@main
struct PopGesture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "popgesture",
        abstract: "Replays recorded iOS swipe-back traces through models of FDFullscreenPopGesture, UIKit and peer libraries.",
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
            """,
        version: toolVersion,
        subcommands: [Check.self, Replay.self, Explain.self, Diff.self, Merge.self, Validate.self, Plot.self, RulesCommand.self, Synth.self,
                      Import.self]
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

extension ValidateRun.Format: ExpressibleByArgument {}
extension ReplayRun.Format: ExpressibleByArgument {}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read trace, stack-config and rules files without replaying them; print each error and a summary.",
        discussion: """
            Prints one `path:line:column: error: ...` line per error (every independent error of a \
            document, up to 20) and a summary. Exit 0 when every document is valid, 1 when one is not, \
            2 when a file cannot be read.

            Examples:
              popgesture validate traces/
              popgesture validate --format json swipe.yaml
            """
    )

    @OptionGroup var input: InputOptions
    @Option(help: "Output format: text or json.") var format: ValidateRun.Format = .text
    @OptionGroup var output: OutputOption
    @OptionGroup var colour: ColourOption

    func run() throws {
        colour.apply()
        let settings = try input.settings()
        var validate = ValidateRun(paths: settings.paths, format: format, jobs: settings.jobs, allowEmpty: input.allowEmpty)
        validate.exclusions = settings.exclusions
        try output.apply()
        let status = validate.run()
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}

extension CheckRun.Format: ExpressibleByArgument {}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read traces, replay them, and print each failed expectation or golden difference and a summary.",
        discussion: """
            A golden is <trace file>.golden.jsonl beside the trace: one report per document. A trace \
            with no `expect` items and no golden is unchecked: counted as such (JUnit: skipped), and \
            failed with --strict. --update-goldens does not record the golden of a file whose \
            expectations fail, unless --force.
            Exit 0 when everything passes, 1 when an expectation or golden fails, 2 on input errors.

            Examples:
              popgesture check swipe.yaml
              popgesture check traces/ --require-goldens --format junit > junit.xml
              popgesture check traces/fd --rules fd-1.1
              popgesture check traces/ --update-goldens
              popgesture check traces/ --format html -o report.html   # failures first, each with its plot
              popgesture check traces/ --shard 2/4 --format junit > junit-2.xml   # one job of four in CI
              popgesture check traces/ --format github          # annotations on a pull request's lines
              popgesture check traces/ --format sarif -o popgesture.sarif
              popgesture check traces/ --write-baseline baseline.json   # accept today's failures...
              popgesture check traces/ --baseline baseline.json         # ...and fail only on new ones
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var shard: ShardOption
    @OptionGroup var rules: RulesOption
    @Option(help: ArgumentHelp(
        "Output format: text, json, junit, html (a static page; each failure with its plot), github (Actions annotations), markdown (tables for $GITHUB_STEP_SUMMARY) or sarif (SARIF 2.1.0, for code scanning); the default is the config file's `reportFormat`, else text.",
        valueName: "text|json|junit|html|github|markdown|sarif"))
    var format: CheckRun.Format?
    @OptionGroup var output: OutputOption
    @Flag(help: "Record each file's golden from this run (only files whose golden would change are written).")
    var updateGoldens = false
    @Flag(help: "Fail a trace file that has no golden.") var requireGoldens = false
    @Flag(help: "Fail a trace that has neither `expect` items nor a golden (by default it is counted as unchecked), and exit 1 on any warning.")
    var strict = false
    @Flag(help: "With --update-goldens: record a golden even when the file's expectations fail.") var force = false
    @Option(help: ArgumentHelp(
        "Accept the failures a baseline file records: they are reported as known and do not fail the run; a new one does.",
        discussion: "A failure is matched by its trace document (path#N), kind and expect index, not by its message. An entry of a file in the run that no longer fails is reported as fixed.",
        valueName: "FILE"))
    var baseline: String?
    @Option(help: ArgumentHelp("Record this run's failures (known ones included) as a baseline file, atomically.", valueName: "FILE"))
    var writeBaseline: String?
    @Flag(name: .shortAndLong, help: "With text output, follow each failing trace with its explanation (as `explain` prints it).")
    var verbose = false
    @OptionGroup var colour: ColourOption

    func validate() throws {
        if force, !updateGoldens { throw ValidationError("--force is for --update-goldens") }
    }

    func run() throws {
        colour.apply()
        let settings = try input.settings()
        let config = settings.config
        var run = CheckRun(paths: settings.paths, rules: try rules.choice(config: config),
                           format: format ?? config?.reportFormat.flatMap(CheckRun.Format.init) ?? .text, jobs: settings.jobs,
                           updateGoldens: updateGoldens, requireGoldens: requireGoldens || config?.requireGoldens == true,
                           allowEmpty: input.allowEmpty, strict: strict || config?.strict == true, force: force, shard: try shard.resolved())
        run.exclusions = settings.exclusions
        run.verbose = verbose
        run.baseline = baseline
        run.writeBaseline = writeBaseline
        try output.apply()
        let status = run.run(paint: Console.stdoutPaint)
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read traces, replay them, and print each report: a text timeline or JSON Lines.",
        discussion: """
            Exit codes as for check: 0 when every trace's expectations hold (or it has none), 1 when \
            one fails (the report says which), 2 on input errors.

            Examples:
              popgesture replay swipe.yaml
              popgesture replay --rules cupertino --format json traces/ > reports.jsonl
              popgesture replay --format json --shard 1/2 traces/ > reports-1.jsonl
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var shard: ShardOption
    @OptionGroup var rules: RulesOption
    @Option(help: "Output format: text (a timeline) or json (JSON Lines, one report per document).") var format: ReplayRun.Format = .text
    @OptionGroup var output: OutputOption
    @OptionGroup var colour: ColourOption

    func run() throws {
        colour.apply()
        let settings = try input.settings()
        var replay = ReplayRun(paths: settings.paths, rules: try rules.choice(config: settings.config), format: format, jobs: settings.jobs,
                               allowEmpty: input.allowEmpty, shard: try shard.resolved())
        replay.exclusions = settings.exclusions
        try output.apply()
        let status = replay.run()
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}

extension DiffRun.Format: ExpressibleByArgument {}

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read traces, replay each under two rule versions, and print what changed and a summary.",
        discussion: """
            Exit 0 when nothing changed, 1 when something did, 2 on errors, like diff(1).

            Examples:
              popgesture diff --base fd-1.1 --head fd traces/
              popgesture diff --base fd --head traces/rules/fd-rtl-fix.yaml traces/rtl/
              popgesture diff --base fd-1.1 --head fd --format json --shard 3/4 traces/ > diff-3.json
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var shard: ShardOption
    @Option(help: "The rule version before: a preset or a rules file.", completion: ruleVersions) var base: String
    @Option(help: "The rule version after: a preset or a rules file.", completion: ruleVersions) var head: String
    @Option(help: "Output format: text or json.") var format: DiffRun.Format = .text
    @OptionGroup var output: OutputOption
    @OptionGroup var colour: ColourOption

    func run() throws {
        colour.apply()
        let settings = try input.settings()
        var diff = DiffRun(paths: settings.paths, base: try loadRules(base), head: try loadRules(head),
                           format: format, jobs: settings.jobs, allowEmpty: input.allowEmpty, shard: try shard.resolved())
        diff.exclusions = settings.exclusions
        try output.apply()
        let status = diff.run()
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join the outputs of a run's shards (--shard K/N) into the bytes the run gives unsharded.",
        discussion: """
            Takes every shard's output of one run, in any order: `check --format json`, `check --format \
            junit`, `replay --format json` or `diff --format json`. Text, html, github, markdown and sarif output cannot be merged \
            into one run's bytes and are refused. The exit code is the unsharded run's: 0 ok, 1 findings, \
            2 errors; a missing or repeated shard, shards of different runs or commands, or a file in two \
            shards is an error (2). Files come out in path order, as a walk of one folder lists them.

            Examples:
              popgesture merge junit-1.xml junit-2.xml junit-3.xml junit-4.xml > junit.xml
              popgesture merge shards/*.jsonl > reports.jsonl
            """
    )

    @Argument(help: "The shards' output files.", completion: .file(extensions: ["json", "jsonl", "xml"])) var outputs: [String]
    @OptionGroup var output: OutputOption
    @OptionGroup var colour: ColourOption

    func validate() throws {
        guard !outputs.isEmpty else { throw ValidationError("name the output file of every shard") }
    }

    func run() throws {
        colour.apply()
        try output.apply()
        let status = MergeRun(inputs: outputs).run()
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read one trace file, replay it, and print an SVG (or write an HTML page): finger, recognizer, pop progress, transitions, bar and content on one time axis.",
        discussion: """
            One self-contained SVG per trace document (no scripts, fonts or other files; the same bytes \
            on every run). A file of several documents needs --document N for standard output or an \
            .svg file (-o NAME.svg writes NAME-N.svg for each); -o NAME.html puts them all on one page.

            Examples:
              popgesture plot traces/example/cancelled-swipe.yaml > swipe.svg
              popgesture plot traces/pop/projection.yaml --rules fd-1.1 -o projection.svg
              popgesture plot traces/content/tz-waits.yaml -o tz-waits.html
              popgesture plot --rules fd-1.1 --rules fd traces/pop/projection.yaml -o both.svg
            """
    )

    @Argument(help: "A trace file.", completion: traceFiles) var trace: String
    @Option(help: ArgumentHelp("Plot only the file's Nth document (from 1).", valueName: "N")) var document: Int?
    @Option(help: ArgumentHelp(
        "A preset (\(Presets.names.joined(separator: ", "))) or a rules file; twice, the two one above the other.",
        discussion: "Without it, the file's `# popgesture-rules: NAME|FILE` comment, else fd."),
        completion: ruleVersions)
    var rules: [String] = []
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write here instead of standard output: an .svg, or an .html page.", valueName: "OUT.svg|OUT.html"))
    var output: String?
    @OptionGroup var colour: ColourOption

    func validate() throws {
        if let document, document < 1 { throw ValidationError("--document counts from 1") }
        if rules.count > 2 { throw ValidationError("--rules takes one rule version, or two to compare") }
    }

    func run() throws {
        colour.apply()
        let loaded = try rules.map(loadRules)
        let status = PlotRun(path: trace, rules: RulesChoice(forced: loaded.first), document: document, output: output,
                             versus: loaded.count == 2 ? loaded[1] : nil).run()
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read one trace file, replay it, and print each gesture step by step: why it was recognized or refused, and why its pop completed or cancelled.",
        discussion: """
            Reads one trace file; prints, for each gesture, every sample of its tracked finger with its \
            d = p - p0, velocity, the pop's progress and what it did to the projection statistics (taken, \
            or skipped and why; the acceleration clamp when it bites), the recognition and each begin \
            check with the value it tested and the limit, the completion model's terms, the settle's \
            formula, the content under the finger and the bar entries and anomalies of the pop. Numbers \
            are rounded for reading (0.1 ms, 0.1 pt, 0.001 of a width); `replay --format json` has them exact.

            Exit 0, or 1 when the trace's expectations fail (the failures end its explanation), 2 on input errors.

            Examples:
              popgesture explain traces/example/cancelled-swipe.yaml
              popgesture explain traces/pop/projection.yaml --gesture 2 --rules fd-1.1
              popgesture explain recording.yaml --document 3
            """
    )

    @Argument(help: ArgumentHelp("A trace file.", valueName: "trace"), completion: traceFiles) var trace: String
    @Option(help: ArgumentHelp("Explain only this gesture (from 1).", valueName: "N")) var gesture: Int?
    @Option(help: ArgumentHelp("Explain only the file's Nth document (from 1).", valueName: "N")) var document: Int?
    @Option(help: ArgumentHelp(
        "A preset (\(Presets.names.joined(separator: ", "))) or a rules file.",
        discussion: "Without it, the file's `# popgesture-rules: NAME|FILE` comment, else fd."),
        completion: ruleVersions)
    var rules: String?
    @OptionGroup var colour: ColourOption

    func validate() throws {
        if let gesture, gesture < 1 { throw ValidationError("--gesture counts from 1") }
        if let document, document < 1 { throw ValidationError("--document counts from 1") }
    }

    func run() throws {
        colour.apply()
        let status = ExplainRun(path: trace, rules: RulesChoice(forced: try rules.map(loadRules)), document: document,
                                gesture: gesture).run()
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Print the presets, or read a preset or rules file and print it fully resolved.",
        subcommands: [List.self, Show.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the built-in presets, one line each: name and what it models.",
            discussion: "Example:\n  popgesture rules list")

        @OptionGroup var colour: ColourOption

        func run() {
            colour.apply()
            let width = Presets.names.map(\.count).max() ?? 0
            for preset in Presets.all {
                Console().out(preset.name + String(repeating: " ", count: width - preset.name.count) + "  " + preset.summary + "\n")
            }
            Console().flush()
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read a preset or rules file and print it with every key resolved, as YAML that --rules accepts.",
            discussion: "Examples:\n  popgesture rules show fd\n  popgesture rules show traces/rules/fd-edge40.yaml")

        @Argument(help: "A preset name or a rules file.", completion: .list(Presets.names)) var rules: String
        @OptionGroup var colour: ColourOption

        func run() throws {
            colour.apply()
            Console().out(RulesLoader.yaml(for: try loadRules(rules)))
            Console().flush()
        }
    }
}

struct Synth: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a deterministic corpus of realistic traces into a folder (benchmarks, fuzzing), or drags to standard output; print what it wrote.",
        discussion: """
            An existing file of the corpus stops it before anything is written (exit 2), unless --force.

            Examples:
              popgesture synth --seed 1 --count 2000 --out /tmp/corpus
              popgesture synth --seed 2 --count 1 --gestures 2000000 --out /tmp/big   # one long recording
              popgesture synth --drag-speeds 150 250 350 --frame-rate 60 > drags.yaml   # drags over a list
            """
    )

    @Option(help: "Random seed; the same seed gives the same bytes.") var seed: UInt64 = 1
    @Option(help: "Trace documents to write.") var count: Int = 100
    @Option(help: "Documents per file.") var perFile: Int = 1
    @Option(help: "Gestures and operations per document.") var gestures: Int = 40
    @Option(help: "Output folder (created if missing).") var out: String?
    @Option(parsing: .upToNextOption, help: ArgumentHelp(
        "Instead of a corpus: drags up a vertical list at these speeds (pt/s), one document each, on standard output.",
        discussion: "For the scroll-direction detector's blind spot: replay them under a rules file with `detectors`."))
    var dragSpeeds: [Double] = []
    @Option(help: "With --drag-speeds: touch samples per second.") var frameRate: Double = 60
    @Flag(help: "Replace files of the corpus that already exist in --out.") var force = false
    @OptionGroup var colour: ColourOption

    func validate() throws {
        guard count >= 1, perFile >= 1, gestures >= 1 else { throw ValidationError("--count, --per-file and --gestures must be at least 1") }
        if dragSpeeds.isEmpty, out == nil { throw ValidationError("--out is required (or --drag-speeds)") }
        guard dragSpeeds.allSatisfy({ $0 > 0 && $0.isFinite }), frameRate > 0, frameRate <= 1000 else {
            throw ValidationError("--drag-speeds must be positive and --frame-rate in (0, 1000]")
        }
    }

    func run() throws {
        colour.apply()
        if !dragSpeeds.isEmpty {
            Console().out(DragSynthesizer(speeds: dragSpeeds, frameRate: frameRate).text())
            Console().flush()
            return
        }
        guard let out else { return }
        var synthesizer = TraceSynthesizer(seed: seed, gestures: gestures)
        let files: [String]
        do {
            files = try synthesizer.writeCorpus(count: count, perFile: perFile, into: out, force: force)
        } catch {
            Console().report(error as? Diagnostic ?? Diagnostic(path: out, message: "\(error)"))
            throw ExitCode(ExitStatus.errors.rawValue)
        }
        Console().out("wrote \(count) document\(count == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s") to \(out)\n")
        Console().flush()
    }
}

extension ImportFormat: ExpressibleByArgument {}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read raw touch recordings (evemu, libinput record, CSV) and print them as trace documents (or write them with -o).",
        discussion: """
            One trace document per recording (per device in a libinput record of several devices), named \
            after the file, with the screen, the stack (--stack-config, else [root, detail]) and the \
            strokes. Device units are scaled so each axis's range spans the screen (aspect not kept); \
            times are ms from the recording's first event. CSV times and positions are taken as written.

            \(ImportFormat.inferenceRule)

            Exit 0 when every recording converted cleanly, 1 when it converted with warnings (a finger \
            never lifted, unknown event codes, a recording cut inside a frame), 2 on an error (the import \
            stops; with -o nothing is written).

            Examples:
              popgesture import recording.evemu > swipe.yaml
              popgesture import --from libinput pad.yml --screen 430x932 -o pad.yaml
              popgesture import taps.csv --stack-config stacks/mail.yaml -o taps.yaml
            """
    )

    @Option(help: ArgumentHelp("The recordings' format (default: inferred per file).", valueName: "evemu|libinput|csv"))
    var from: ImportFormat?
    @Argument(help: "Recording files, converted in order into one YAML stream.", completion: .file()) var files: [String]
    @Option(help: ArgumentHelp("The screen the device is scaled onto, in points.", valueName: "WxH"))
    var screen: String?
    @Option(help: ArgumentHelp("A stack-config (format: popgesture-stack/1) giving the stack and screen settings.", valueName: "STACK.yaml"))
    var stackConfig: String?
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write here, atomically, instead of to standard output.", valueName: "OUT.yaml"))
    var output: String?
    @Flag(help: "Replace the -o file if it exists.") var force = false
    @OptionGroup var colour: ColourOption

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one recording") }
        if let screen, Screen(dimensions: screen) == nil {
            throw ValidationError("--screen takes WIDTHxHEIGHT in points, both > 0, e.g. 390x844; found `\(screen)`")
        }
    }

    func run() throws {
        colour.apply()
        let importer = Importer(format: from, screen: screen.flatMap(Screen.init(dimensions:)), stackConfig: stackConfig)
        let status = importer.run(files: files, output: output, force: force)
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}
