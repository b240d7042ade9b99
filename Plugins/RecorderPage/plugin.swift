import Foundation
import PackagePlugin

/// Builds the recorder page's files (`Sources/PopGestureKit/Record/Page/`: HTML, CSS, JavaScript, kept
/// as what they are so that they are read, formatted and tested as such) into a Swift file the Kit
/// compiles, `RecorderPageFiles`, one string each: the binary needs no file beside it at run time.
/// The work is a shell script run by `/bin/sh`, so the plugin needs no tool built for it.
@main
struct RecorderPage: BuildToolPlugin {
    static let files = ["recorder.html", "recorder.css", "take.js", "recorder.js"]

    // From the package's folder: a target's own URL needs tools version 6.1, the package's is 6.0.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let page = root.appending(path: "Sources/PopGestureKit/Record/Page")
        let inputs = Self.files.map { page.appending(path: $0) }
        let script = root.appending(path: "Plugins/RecorderPage/embed.sh")
        let output = context.pluginWorkDirectoryURL.appending(path: "RecorderPageFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the recorder page",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path(percentEncoded: false), output.path(percentEncoded: false)]
                    + inputs.map { $0.path(percentEncoded: false) },
                inputFiles: inputs + [script],
                outputFiles: [output])
        ]
    }
}
