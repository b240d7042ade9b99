import ArgumentParser
import PopGestureKit
import PopGestureOptions

extension CheckRun.Format: ExpressibleByArgument {}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
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
    @Option(
        help: ArgumentHelp(
            "Output format: text, json, junit, html (a static page; each failure with its plot), github (Actions annotations), markdown (tables for $GITHUB_STEP_SUMMARY) or sarif (SARIF 2.1.0, for code scanning); the default is the config file's `reportFormat`, else text.",
            valueName: "text|json|junit|html|github|markdown|sarif"))
    var format: CheckRun.Format?
    @OptionGroup var output: OutputOption
    @Flag(help: "Record each file's golden from this run (only files whose golden would change are written).")
    var updateGoldens = false
    @Flag(help: "Fail a trace file that has no golden.") var requireGoldens = false
    @Flag(
        help:
            "Fail a trace that has neither `expect` items nor a golden (by default it is counted as unchecked), and exit 1 on any warning."
    )
    var strict = false
    @Flag(help: "With --update-goldens: record a golden even when the file's expectations fail.") var force = false
    @Option(
        help: ArgumentHelp(
            "Accept the failures a baseline file records: they are reported as known and do not fail the run; a new one does.",
            discussion:
                "A failure is matched by its trace document (path#N), kind and expect index, not by its message. An entry of a file in the run that no longer fails is reported as fixed.",
            valueName: "FILE"))
    var baseline: String?
    @Option(
        help: ArgumentHelp(
            "Record this run's failures (known ones included) as a baseline file, atomically.", valueName: "FILE"))
    var writeBaseline: String?
    @Flag(
        name: .shortAndLong,
        help: "With text output, follow each failing trace with its explanation (as `explain` prints it).")
    var verbose = false
    @OptionGroup var colour: ColourOption

    func validate() throws {
        if force, !updateGoldens { throw ValidationError("--force is for --update-goldens") }
    }

    func run() throws {
        colour.apply()
        let settings = try input.settings {
            $0.rules = rules.rules
            $0.format = format
            $0.strict = strict
            $0.requireGoldens = requireGoldens
        }
        var run = CheckRun(
            settings: settings, updateGoldens: updateGoldens, force: force, shard: try shard.resolved())
        run.verbose = verbose
        run.baseline = baseline
        run.writeBaseline = writeBaseline
        try conclude(run.run(console: try output.console(), paint: Console.stdoutPaint))
    }
}
