import ArgumentParser
import PopGestureKit
import PopGestureOptions
import PopGestureRecord

/// `popgesture record --serve`'s server, which `popgesture` starts in its own place with the record
/// command's arguments (RecordServerHelper); run alone, it reads the same command line.
@main
struct RecordServe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "popgesture record", abstract: RecordOptions.configuration.abstract,
        discussion: RecordOptions.configuration.discussion)

    @OptionGroup var options: RecordOptions

    static func main() {
        runCommandLine(RecordServe.self, arguments: Array(CommandLine.arguments.dropFirst()))
    }

    func validate() throws {
        guard options.serve else { throw ValidationError("popgesture-record serves only: give --serve") }
    }

    func run() throws {
        options.colour.apply()
        let versions = try (options.rules.isEmpty ? ["fd"] : options.rules).map(loadRules)
        let server = RecordServer(
            host: options.host, port: options.port, out: options.out ?? RecordServer.defaultFolder(), rules: versions,
            page: try options.recorderPage(), requestTimeout: options.requestTimeout)
        let status = server.run()
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}
