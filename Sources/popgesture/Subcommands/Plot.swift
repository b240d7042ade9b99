import ArgumentParser
import PopGestureCore
import PopGestureKit
import PopGestureOptions

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract:
            "Read one trace file, replay it, and print an SVG (or write an HTML page): finger, recognizer, pop progress, transitions, bar and content on one time axis.",
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
    @Option(
        parsing: .unconditional, help: ArgumentHelp("Plot only the file's Nth document (from 1).", valueName: "N"),
        transform: ordinal("--document"))
    var document: Int?
    @Option(
        help: ArgumentHelp(
            "A preset (\(Presets.names.joined(separator: ", "))) or a rules file; twice, the two one above the other.",
            discussion: "Without it, the file's `# popgesture-rules: NAME|FILE` comment, else fd."),
        completion: ruleVersions)
    var rules: [String] = []
    @OptionGroup var output: OutputOption
    @OptionGroup var colour: ColourOption

    func validate() throws {
        if rules.count > 2 { throw ValidationError("--rules takes one rule version, or two to compare") }
    }

    func run() throws {
        colour.apply()
        let loaded = try rules.map(loadRules)
        try conclude(
            PlotRun(
                path: trace, rules: RulesChoice(forced: loaded.first), document: document, output: output.output,
                versus: loaded.count == 2 ? loaded[1] : nil
            ).run())
    }
}
