import ArgumentParser
import PopGestureKit
import PopGestureOptions

extension ReplayRun.Format: ExpressibleByArgument {}

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
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
    @Option(help: "Output format: text (a timeline) or json (JSON Lines, one report per document).") var format:
        ReplayRun.Format = .text
    @OptionGroup var output: OutputOption
    @OptionGroup var colour: ColourOption

    func run() throws {
        colour.apply()
        let settings = try input.settings { $0.rules = rules.rules }
        let replay = ReplayRun(settings: settings, format: format, shard: try shard.resolved())
        try conclude(replay.run(console: try output.console()))
    }
}
