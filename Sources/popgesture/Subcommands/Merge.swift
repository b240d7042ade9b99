import ArgumentParser
import PopGestureKit
import PopGestureOptions

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the outputs of a run's shards (--shard K/N) into the bytes the run gives unsharded.",
        discussion: """
            Takes every shard's output of one run, in any order: `check --format json`, `check --format \
            junit`, `replay --format json`, `diff --format json` or `sweep --format json`. Text, html, svg, github, markdown and sarif output cannot be merged \
            into one run's bytes and are refused. The exit code is the unsharded run's: 0 ok, 1 findings, \
            2 errors; a missing or repeated shard, shards of different runs or commands, or a file in two \
            shards is an error (2). Files come out in path order, as a walk of one folder lists them.

            Examples:
              popgesture merge junit-1.xml junit-2.xml junit-3.xml junit-4.xml > junit.xml
              popgesture merge shards/*.jsonl > reports.jsonl
            """
    )

    @Argument(help: "The shards' output files.", completion: .file(extensions: ["json", "jsonl", "xml"])) var outputs:
        [String]
    @OptionGroup var output: OutputOption
    @OptionGroup var colour: ColourOption

    func validate() throws {
        guard !outputs.isEmpty else { throw ValidationError("name the output file of every shard") }
    }

    func run() throws {
        colour.apply()
        try conclude(MergeRun(inputs: outputs).run(console: try output.console()))
    }
}
