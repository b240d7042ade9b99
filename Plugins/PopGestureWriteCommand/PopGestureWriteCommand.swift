import PackagePlugin

/// `swift package --allow-writing-to-package-directory popgesture-write ARGUMENTS...`: popgesture run
/// in the package's folder, free to write there (`check --update-goldens`, `--write-baseline`, `-o`).
@main
struct PopGestureWriteCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try PopGestureTool(allowsWriting: true).run(context: context, arguments: arguments)
    }
}
