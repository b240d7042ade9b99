import ArgumentParser
import PopGestureKit
import PopGestureOptions

/// `--page` writes the page here; `--serve` hands the same command line to `popgesture-record`,
/// which alone links the HTTP server.
struct RecordCommand: ParsableCommand {
    static let configuration = RecordOptions.configuration

    @OptionGroup var options: RecordOptions

    func run() throws {
        options.colour.apply()
        if options.page {
            try conclude(try options.recorderPage().write(to: options.output.output))
            return
        }
        let own = CommandLine.arguments.dropFirst()
        let arguments = own.firstIndex(of: "record").map { Array(own[($0 + 1)...]) } ?? Array(own)
        try conclude(RecordServerHelper.exec(arguments: arguments))
    }
}
