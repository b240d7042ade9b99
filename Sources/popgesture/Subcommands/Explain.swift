import ArgumentParser
import PopGestureCore
import PopGestureKit
import PopGestureOptions

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract:
            "Read one trace file, replay it, and print each gesture step by step: why it was recognized or refused, and why its pop completed or cancelled.",
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
    @Option(
        parsing: .unconditional, help: ArgumentHelp("Explain only this gesture (from 1).", valueName: "N"),
        transform: ordinal("--gesture"))
    var gesture: Int?
    @Option(
        parsing: .unconditional, help: ArgumentHelp("Explain only the file's Nth document (from 1).", valueName: "N"),
        transform: ordinal("--document"))
    var document: Int?
    @Option(
        help: ArgumentHelp(
            "A preset (\(Presets.names.joined(separator: ", "))) or a rules file.",
            discussion: "Without it, the file's `# popgesture-rules: NAME|FILE` comment, else fd."),
        completion: ruleVersions)
    var rules: String?
    @OptionGroup var colour: ColourOption

    func run() throws {
        colour.apply()
        try conclude(
            ExplainRun(
                path: trace, rules: RulesChoice(forced: try rules.map(loadRules)), document: document,
                gesture: gesture
            ).run())
    }
}
