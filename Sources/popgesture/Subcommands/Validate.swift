import ArgumentParser
import PopGestureKit
import PopGestureOptions

extension ValidateRun.Format: ExpressibleByArgument {}

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
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
        let validate = ValidateRun(settings: try input.settings(), format: format)
        try conclude(validate.run(console: try output.console()))
    }
}
