import ArgumentParser
import PopGestureCore
import PopGestureKit
import PopGestureOptions

extension DiffRun.Format: ExpressibleByArgument {}

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
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
        let diff = DiffRun(
            settings: settings, base: try loadRules(base), head: try loadRules(head), format: format,
            shard: try shard.resolved())
        try conclude(diff.run(console: try output.console()))
    }
}
