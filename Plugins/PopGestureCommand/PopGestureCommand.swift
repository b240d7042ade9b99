import PackagePlugin

/// `swift package popgesture ARGUMENTS...`: popgesture run in the package's folder, reading only.
@main
struct PopGestureCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try PopGestureTool(allowsWriting: false).run(context: context, arguments: arguments)
    }
}
