import ArgumentParser
import Foundation
import PopGestureCore
import PopGestureKit

extension RecorderScenario: ExpressibleByArgument {}

/// `popgesture record`'s options, here so that `popgesture-record`, which serves for
/// `record --serve`, reads the same command line the same way as `popgesture` validated it.
public struct RecordOptions: ParsableArguments {
    public static let configuration = CommandConfiguration(
        commandName: "record",
        abstract:
            "Record real swipes on a phone: serve a recording page, write each labelled take as a trace, answer its verdict.",
        discussion: """
            --serve prints one address per network address of this machine, each \
            http://HOST:PORT/?token=TOKEN (a new random token each run). Open one on a phone on the same \
            network: the page prompts one take at a time ("Swipe back", or the scenario's own gesture), \
            and sends a take 500 ms after the last finger lifts. Each take that loads is written as \
            OUT/take-NNNN.yaml (never over a file, numbered on from those there) with \
            `expect: [{gesture: 1, intent: back|stay}]` from its prompt; the page and the terminal show \
            its verdict under each --rules version. Ctrl-C (or SIGTERM) ends the run with one summary \
            line per rule version, `fd: T takes, M missed backs, F false pops`, and exit 0; only \
            complete take files are left.
            --page writes the same page for use without a server: its Download button saves the takes \
            so far as one multi-document takes.yaml.
            Then: popgesture check OUT/ (each take passes or fails by its intent).

            Scenarios: \(RecorderScenario.names.joined(separator: ", ")).

            Examples:
              popgesture record --serve
              popgesture record --serve --out takes/ --rules fd uikit
              popgesture record --serve --scenario carousel rows --prompts back,stay,back
              popgesture record --serve --stack-config traces/stacks/mail.yaml
              popgesture record --page -o recorder.html
            """
    )

    @Flag(help: "Serve the recording page and receive takes until Ctrl-C.") public var serve = false
    @Flag(help: "Write the recording page (for use without a server) to -o or standard output.") public var page = false
    @Option(help: "The port to listen on; 0 picks a free one (the printed address says which).")
    public var port: UInt16 = 8347
    @Option(help: ArgumentHelp("The IPv4 address to listen on; 0.0.0.0 is every interface.", valueName: "ADDRESS"))
    public var host = "0.0.0.0"
    @Option(
        help: ArgumentHelp(
            "The folder the takes go to (created when missing); default recordings/ and today's date.",
            valueName: "FOLDER"))
    public var out: String?
    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Rule versions each take is judged under: presets or rules files (default fd).", valueName: "R"),
        completion: ruleVersions)
    public var rules: [String] = []
    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("The scenarios the takes use, in turn (default all).", valueName: "NAME"))
    public var scenario: [RecorderScenario] = []
    @Option(
        help: ArgumentHelp(
            "A fixed sequence of prompts, repeated, e.g. back,stay,back (default: mixed).", valueName: "LIST"))
    var prompts: String?
    @Option(
        help: ArgumentHelp(
            "Draw your own screen instead of the scenarios: the top view controller of this popgesture-stack/1 "
                + "document, scaled to the phone; each take carries its stack, scaled alike.",
            valueName: "SCREEN.yaml"))
    public var stackConfig: String?
    /// Seconds a client has to send a request's head, from its connection's first wait for it; a
    /// phone sends one in milliseconds.
    @Option(
        help: ArgumentHelp(
            "Seconds a client has to send each request's head (idle keep-alive time included) before it is cut off.",
            valueName: "SECONDS"))
    public var requestTimeout: Double = 20
    /// With `--page`: the page's file, through the destination every command's `-o` writes to.
    @OptionGroup public var output: OutputOption
    @OptionGroup public var colour: ColourOption

    public init() {}

    public func validate() throws {
        guard serve != page else {
            throw ValidationError("give one of --serve (the server) or --page (the page alone)")
        }
        if page, out != nil || !rules.isEmpty {
            throw ValidationError("--out and --rules are for --serve; --page writes only the page")
        }
        if serve, output.output != nil {
            throw ValidationError("-o/--output is for --page; --serve writes takes to --out")
        }
        guard requestTimeout.isFinite, requestTimeout > 0, requestTimeout <= 86_400 else {
            throw ValidationError("--request-timeout takes seconds above 0 and at most 86400 (a day), e.g. 20")
        }
        _ = try promptList()
        if stackConfig != nil, !scenario.isEmpty {
            throw ValidationError("--scenario picks the built-in screens and --stack-config draws yours: give one")
        }
    }

    public func promptList() throws -> [Intent] {
        guard let prompts else { return [] }
        return try prompts.split(separator: ",", omittingEmptySubsequences: false).map { word in
            let trimmed = word.trimmingCharacters(in: .whitespaces)
            guard let intent = Intent(rawValue: trimmed) else {
                throw ValidationError(
                    "--prompts takes back and stay separated by commas, e.g. back,stay,back; found `\(trimmed)`")
            }
            return intent
        }
    }

    /// The page both modes serve or write.
    public func recorderPage() throws -> RecorderPage {
        var page = RecorderPage(scenarios: scenario, prompts: try promptList(), served: serve)
        do {
            page.screen = try stackConfig.map(RecorderScreen.load)
        } catch {
            Console().err("\(error)\n")
            throw ExitCode(ExitStatus.errors.rawValue)
        }
        return page
    }
}
