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
              popgesture record --serve   # record swipes on a phone, each take a labelled trace
            """,
        version: PopGestureVersion.current,
        subcommands: [Check.self, Replay.self, Explain.self, Diff.self, Merge.self, Validate.self, Plot.self, RulesCommand.self, Synth.self,
                      Import.self, Record.self]
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

struct InputOptions: ParsableArguments {
    @Argument(help: "Trace files or directories (searched recursively for *.yaml, *.yml and *.json).",
              completion: traceFiles)
    var paths: [String]

    @Option(help: ArgumentHelp("Files processed at once; the default is this machine's core count.",
                               discussion: "With more jobs than files, a file of 1 MB or more has its YAML scanned on a core of its own beside its replay; the output is the same bytes."))
    var jobs: Int = availableCores

    @Flag(help: "Succeed when the paths hold no trace file (by default that is an error, exit 2).")
    var allowEmpty = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }
}

private let availableCores = Console.availableCores

/// Shell completion of a trace path: YAML and JSON files, and folders.
let traceFiles = CompletionKind.file(extensions: ["yaml", "yml", "json"])
/// Shell completion of a rule version: the presets by name (a rules file is typed as a path).
let ruleVersions = CompletionKind.list(Presets.names)

/// `--color`, for every command: each applies it before printing anything.
struct ColourOption: ParsableArguments {
    @Option(name: .customLong("color"), help: ArgumentHelp(
        "Colour text output and diagnostics: auto, always or never.",
        discussion: "auto colours a terminal, unless TERM is dumb or NO_COLOR is set and not empty.",
        valueName: "auto|always|never"))
    var color: ColourChoice = .auto

    func apply() { Console.useColour(color) }
}

extension ColourChoice: ExpressibleByArgument {}

struct ShardOption: ParsableArguments {
    // Unconditional, so that `--shard -1/2` is read as a bad value, not as a missing one.
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Work on the Kth of N slices of the files (K from 1), for a CI matrix of N jobs.",
        discussion: "Slices are balanced by file size and the same on every machine; `popgesture merge` joins the shards' json or junit outputs into the unsharded run's bytes (text and html output cannot be merged).",
        valueName: "K/N"), transform: { text in
            do { return try Shard(parsing: text) } catch { throw ValidationError((error as? Diagnostic)?.message ?? "\(error)") }
        })
    var shard: Shard?
}

/// `--document N`, `--gesture N`: a whole number from 1. The options read their value
/// unconditionally, so that `-1` is a bad value, not a missing one.
func ordinal(_ flag: String) -> @Sendable (String) throws -> Int {
    { text in
        guard let number = Int(text), number >= 1 else {
            throw ValidationError("\(flag) counts from 1: expected a whole number from 1 (e.g. \(flag) 2), found `\(text)`")
        }
        return number
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
    @OptionGroup var colour: ColourOption

    func run() throws {
        colour.apply()
        try conclude(ValidateRun(paths: input.paths, format: format, jobs: input.jobs, allowEmpty: input.allowEmpty).run())
    }
}

struct RulesOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A preset (\(Presets.names.joined(separator: ", "))) or a rules file.",
        discussion: "Without it, each file's `# popgesture-rules: NAME|FILE` comment, else fd."),
        completion: ruleVersions)
    var rules: String?

    /// Loads `--rules` once; a bad rules file is a usage error (exit 2).
    func choice() throws -> RulesChoice {
        guard let rules else { return RulesChoice(forced: nil) }
        return RulesChoice(forced: try loadRules(rules))
    }
}

/// A command's status becomes the process's: anything but ok ends the run with its code.
func conclude(_ status: ExitStatus) throws {
    if status != .ok { throw ExitCode(status.rawValue) }
}

func loadRules(_ spec: String) throws -> Rules {
    do {
        return try RulesLoader.load(spec)
    } catch {
        Console().err("\(error)\n")
        throw ExitCode(ExitStatus.errors.rawValue)
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
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var shard: ShardOption
    @OptionGroup var rules: RulesOption
    @Option(help: "Output format: text, json, junit or html (a static page; each failure with its plot).") var format: CheckRun.Format = .text
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("With --format html: write the page here instead of standard output.", valueName: "OUT.html"))
    var output: String?
    @Flag(help: "Record each file's golden from this run (only files whose golden would change are written).")
    var updateGoldens = false
    @Flag(help: "Fail a trace file that has no golden.") var requireGoldens = false
    @Flag(help: "Fail a trace that has neither `expect` items nor a golden (by default it is counted as unchecked).")
    var strict = false
    @Flag(help: "With --update-goldens: record a golden even when the file's expectations fail.") var force = false
    @Flag(name: .shortAndLong, help: "With text output, follow each failing trace with its explanation (as `explain` prints it).")
    var verbose = false
    @OptionGroup var colour: ColourOption

    func validate() throws {
        if output != nil, format != .html { throw ValidationError("-o/--output is for --format html; the other formats write to standard output") }
        if force, !updateGoldens { throw ValidationError("--force is for --update-goldens") }
    }

    func run() throws {
        colour.apply()
        var run = CheckRun(paths: input.paths, rules: try rules.choice(), format: format, jobs: input.jobs,
                           updateGoldens: updateGoldens, requireGoldens: requireGoldens, allowEmpty: input.allowEmpty,
                           output: output, strict: strict, force: force, shard: shard.shard)
        run.verbose = verbose
        try conclude(run.run(paint: Console.stdoutPaint))
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
    @OptionGroup var colour: ColourOption

    func run() throws {
        colour.apply()
        try conclude(ReplayRun(paths: input.paths, rules: try rules.choice(), format: format, jobs: input.jobs, allowEmpty: input.allowEmpty,
                               shard: shard.shard).run())
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
    @OptionGroup var colour: ColourOption

    func run() throws {
        colour.apply()
        try conclude(DiffRun(paths: input.paths, base: try loadRules(base), head: try loadRules(head),
                             format: format, jobs: input.jobs, allowEmpty: input.allowEmpty, shard: shard.shard).run())
    }
}

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join the outputs of a run's shards (--shard K/N) into the bytes the run gives unsharded.",
        discussion: """
            Takes every shard's output of one run, in any order: `check --format json`, `check --format \
            junit`, `replay --format json` or `diff --format json`. Text and html output cannot be merged \
            into one run's bytes and are refused. The exit code is the unsharded run's: 0 ok, 1 findings, \
            2 errors; a missing or repeated shard, shards of different runs or commands, or a file in two \
            shards is an error (2). Files come out in path order, as a walk of one folder lists them.

            Examples:
              popgesture merge junit-1.xml junit-2.xml junit-3.xml junit-4.xml > junit.xml
              popgesture merge shards/*.jsonl > reports.jsonl
            """
    )

    @Argument(help: "The shards' output files.", completion: .file(extensions: ["json", "jsonl", "xml"])) var outputs: [String]
    @OptionGroup var colour: ColourOption

    func validate() throws {
        guard !outputs.isEmpty else { throw ValidationError("name the output file of every shard") }
    }

    func run() throws {
        colour.apply()
        try conclude(MergeRun(inputs: outputs).run())
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
    @Option(parsing: .unconditional, help: ArgumentHelp("Plot only the file's Nth document (from 1).", valueName: "N"), transform: ordinal("--document"))
    var document: Int?
    @Option(help: ArgumentHelp(
        "A preset (\(Presets.names.joined(separator: ", "))) or a rules file; twice, the two one above the other.",
        discussion: "Without it, the file's `# popgesture-rules: NAME|FILE` comment, else fd."),
        completion: ruleVersions)
    var rules: [String] = []
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write here instead of standard output: an .svg, or an .html page.", valueName: "OUT.svg|OUT.html"))
    var output: String?
    @OptionGroup var colour: ColourOption

    func validate() throws {
        if rules.count > 2 { throw ValidationError("--rules takes one rule version, or two to compare") }
    }

    func run() throws {
        colour.apply()
        let loaded = try rules.map(loadRules)
        try conclude(PlotRun(path: trace, rules: RulesChoice(forced: loaded.first), document: document, output: output,
                             versus: loaded.count == 2 ? loaded[1] : nil).run())
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
    @Option(parsing: .unconditional, help: ArgumentHelp("Explain only this gesture (from 1).", valueName: "N"), transform: ordinal("--gesture"))
    var gesture: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp("Explain only the file's Nth document (from 1).", valueName: "N"), transform: ordinal("--document"))
    var document: Int?
    @Option(help: ArgumentHelp(
        "A preset (\(Presets.names.joined(separator: ", "))) or a rules file.",
        discussion: "Without it, the file's `# popgesture-rules: NAME|FILE` comment, else fd."),
        completion: ruleVersions)
    var rules: String?
    @OptionGroup var colour: ColourOption

    func run() throws {
        colour.apply()
        try conclude(ExplainRun(path: trace, rules: RulesChoice(forced: try rules.map(loadRules)), document: document,
                                gesture: gesture).run())
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

        func run() throws {
            colour.apply()
            try conclude(RulesRun.list())
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
            try conclude(RulesRun.show(try loadRules(rules)))
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
        try conclude(SynthRun(seed: seed, count: count, perFile: perFile, gestures: gestures, out: out, force: force,
                          dragSpeeds: dragSpeeds, frameRate: frameRate).run())
    }
}

extension ImportFormat: ExpressibleByArgument {}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read raw touch recordings (evemu, libinput record, Android getevent, CSV, UIKit touch logs) and print them as trace documents (or write them with -o).",
        discussion: """
            One trace document per recording (per device in a libinput record of several devices), named \
            after the file, with the screen, the stack (--stack-config, else [root, detail]), an `origin` \
            saying which file, device, axis ranges and mapping it came from, and the strokes. Device units \
            are scaled so each axis's range spans the screen (aspect not kept); times are ms from the \
            recording's first event. CSV times and positions are taken as written; a UIKit log's seconds \
            count from its first row.

            getevent: capture `adb shell 'getevent -lp /dev/input/eventN; getevent -lt /dev/input/eventN'` \
            (the description gives the axis ranges; -t the times, which are required). Without a \
            description pass the ranges with --axis-range and the screen with --screen.

            \(ImportFormat.inferenceRule)

            Standard output receives whole documents only: each is held until it is complete (up to 64 MiB, \
            beyond which -o is required), so a failed import leaves no half trace. Exit 0 when every \
            recording converted cleanly, 1 when it converted with warnings (a finger never lifted, unknown \
            event codes, a recording cut inside a frame, a CSV lift far from the last sample), 2 on an \
            error (the import stops; with -o nothing is written).

            Examples:
              popgesture import recording.evemu > swipe.yaml
              popgesture import --from libinput pad.yml --screen 430x932 -o pad.yaml
              popgesture import swipe.getevent --screen 412x915 -o swipe.yaml
              popgesture import --from getevent raw.txt --screen 412x915 \\
                  --axis-range ABS_MT_POSITION_X=0:1079 \\
                  --axis-range ABS_MT_POSITION_Y=0:2399 --axis-range ABS_MT_SLOT=0:9
              popgesture import --from uikit log.csv --columns x=locationX,y=locationY
              popgesture import taps.csv --stack-config stacks/mail.yaml -o taps.yaml
            """
    )

    @Option(help: ArgumentHelp("The recordings' format (default: inferred per file).", valueName: "evemu|libinput|getevent|csv|uikit"))
    var from: ImportFormat?
    @Argument(help: "Recording files, converted in order into one YAML stream.", completion: .file()) var files: [String]
    @Option(help: ArgumentHelp("The screen the device is scaled onto, in points.", valueName: "WxH"))
    var screen: String?
    @Option(help: ArgumentHelp("A stack-config (format: popgesture-stack/1) giving the stack and screen settings.", valueName: "STACK.yaml"))
    var stackConfig: String?
    @Option(help: ArgumentHelp("CSV and UIKit logs: the header names of the columns t, x, y, finger and phase, where they differ from the format's own (csv: t,x,y,finger,phase; uikit: timestamp,x,y,touch,phase).",
                               valueName: "ROLE=NAME,..."))
    var columns: String?
    @Option(help: ArgumentHelp("getevent: an axis range in device units, over the recording's description or without one (repeat per axis).",
                               valueName: "AXIS=MIN:MAX"))
    var axisRange: [String] = []
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write here, atomically, instead of to standard output.", valueName: "OUT.yaml"))
    var output: String?
    @Flag(help: "Replace the -o file if it exists.") var force = false
    @OptionGroup var colour: ColourOption

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one recording") }
        if let screen, Screen(dimensions: screen) == nil {
            throw ValidationError("--screen takes WIDTHxHEIGHT in points, both > 0, e.g. 390x844; found `\(screen)`")
        }
        do {
            _ = try axisRange.map(AxisRangeArgument.init)
            if let columns { _ = try CSVMapping.csv.renamed(columns) }
        } catch let problem as Diagnostic {
            throw ValidationError(problem.message + (problem.suggestion.map { " (\($0))" } ?? ""))
        }
    }

    func run() throws {
        colour.apply()
        let importer = Importer(format: from, screen: screen.flatMap(Screen.init(dimensions:)), stackConfig: stackConfig,
                                columns: columns, axisRanges: try axisRange.map(AxisRangeArgument.init))
        try conclude(importer.run(files: files, output: output, force: force))
    }
}
