import ArgumentParser
import PopGestureCore
import PopGestureKit
import PopGestureOptions

extension SweepRun.Format: ExpressibleByArgument {}

struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract:
            "Read traces once, replay them under a grid of rule values, and rank the versions by missed backs and false pops.",
        discussion: """
            KEY is a rule key (`popgesture rules show` lists them; list keys such as begin and \
            detectors cannot be swept: write rules files and use diff) or maxStartX, the traces' own \
            per-screen limit, which then replaces every view controller's, or rules, whole rule versions \
            (presets or rules files), each then the base of its versions. VALUES is a list a,b,c or \
            an inclusive range FROM..TO/STEP. Up to three --vary; the grid is their product, at most \
            10,000 versions, each checked like a rules file before any trace is read. Every version \
            starts from --rules (default fd) for every file: a file whose `# popgesture-rules:` \
            comment names another version is swept from it all the same (one warning lists them). \
            Each file is parsed once whatever the number of versions. A missed back is an \
            `intent: back` label whose pop did not complete; a false pop an `intent: stay` label \
            whose pop did. svg draws one key as a chart, two as heat maps; three have no picture.
            With --shard K/N, `merge` joins the shards' json into the unsharded bytes (counts summed \
            per version, flips in file order).
            Exit 0 when every version passes, 1 when some version has a failed expectation, missed \
            back or false pop, 2 on errors (a bad --vary, a trace that fails to load).

            Examples:
              popgesture sweep --vary completion.projectionDistance=120..240/20 traces/intent/
              popgesture sweep --vary maxStartX=0,40,80,120 --vary content.policy=uikit,edgeYields traces/
              popgesture sweep --vary rules=fd,uikit,ionic,react-navigation,rn-screens-fullscreen traces/intent/
              popgesture sweep --vary completion.projectionDistance=100..250/10 --format svg -o sweep.svg traces/intent/
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var shard: ShardOption
    @Option(
        help: ArgumentHelp("The base every version starts from: a preset or a rules file.", valueName: "BASE"),
        completion: ruleVersions)
    var rules: String = "fd"
    @Option(
        help: ArgumentHelp(
            "A key and its values: KEY=a,b,c or KEY=FROM..TO/STEP (up to three).", valueName: "KEY=VALUES"))
    var vary: [String] = []
    @Option(
        help:
            "Output format: text (a table, the best, the flips), json, svg (a picture) or html (all three on one page)."
    )
    var format: SweepRun.Format = .text
    @OptionGroup var output: OutputOption
    @Option(help: ArgumentHelp("Versions listed under best in text and html.", valueName: "N")) var top: Int = 5
    @Option(
        help: ArgumentHelp(
            "Which flips to list: labelled (gestures with an intent label) or all.", valueName: "labelled|all"))
    var flips: String = "labelled"
    @OptionGroup var colour: ColourOption

    func validate() throws {
        if vary.isEmpty {
            throw ValidationError(
                "give at least one --vary KEY=VALUES (e.g. --vary completion.projectionDistance=120..240/20)")
        }
        if !["labelled", "all"].contains(flips) {
            throw ValidationError("--flips takes labelled or all, not `\(flips)`")
        }
        if top < 0 { throw ValidationError("--top takes a number >= 0") }
    }

    func run() throws {
        colour.apply()
        let settings = try input.settings()
        var sweep = SweepRun(
            paths: settings.paths, base: rules, vary: vary, format: format, jobs: settings.jobs,
            top: top, flipsAll: flips == "all", allowEmpty: input.allowEmpty, shard: try shard.resolved())
        sweep.exclusions = settings.exclusions
        try conclude(sweep.run(console: try output.console()))
    }
}
