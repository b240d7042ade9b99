import ArgumentParser
import PopGestureCore
import PopGestureKit
import PopGestureOptions

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
