import Foundation
import PackagePlugin

/// What both command plugins do (`swift package popgesture ...` and `swift package
/// --allow-writing-to-package-directory popgesture-write ...`): run the package's `popgesture` with
/// the arguments as given, in the package's folder, so that relative paths and the `.popgesture.yml`
/// it discovers are the package's. popgesture's standard output is the command's (SwiftPM's own lines
/// go to standard error), and a non-zero exit of popgesture is an error of the plugin (swift package
/// then exits 1), which says popgesture's status.
/// This file is shared by the two plugin targets (a symbolic link in PopGestureWriteCommand).
struct PopGestureTool {
    /// The `popgesture` verb declares no permission, so that reading needs no flag; a run that would
    /// write into the package is refused there and left to `popgesture-write`, which declares it.
    let allowsWriting: Bool

    func run(context: PluginContext, arguments: [String]) throws {
        let package = context.package.directoryURL.standardizedFileURL.path
        if !allowsWriting, let write = Self.writeIntoPackage(arguments, package: package) {
            Diagnostics.error(
                "`popgesture \(arguments.joined(separator: " "))` would write into the package (\(write));"
                    + " run it as `swift package --allow-writing-to-package-directory popgesture-write"
                    + " \(arguments.joined(separator: " "))`, or write outside the package")
            return
        }
        let tool = try context.tool(named: "popgesture")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: package, isDirectory: true)
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let status = process.terminationStatus
            let meaning = status == 1 ? "findings" : status == 2 ? "errors" : "status \(status)"
            Diagnostics.error("popgesture exited with \(status) (\(meaning))")
            return
        }
    }

    /// What in `arguments` writes into the package folder, if anything: `--update-goldens`, or an
    /// output path (`-o`, `--output`, `--write-baseline`, `--out`, `record --serve`'s default folder)
    /// inside it. Paths are relative to the package folder, where popgesture runs.
    static func writeIntoPackage(_ arguments: [String], package: String) -> String? {
        let pathOptions = ["-o", "--output", "--write-baseline", "--out"]
        var serves = false
        var out: String?
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" { break }
            if argument == "--update-goldens" { return "--update-goldens records goldens beside the traces" }
            if argument == "--serve" { serves = true }
            var option: String?
            var value: String?
            if pathOptions.contains(argument) {
                option = argument
                value = i + 1 < arguments.count ? arguments[i + 1] : nil
                i += 1
            } else if let equals = argument.firstIndex(of: "="), pathOptions.contains(String(argument[..<equals])) {
                option = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else if argument.hasPrefix("-o"), !argument.hasPrefix("--"), argument.count > 2 {
                option = "-o"
                value = String(argument.dropFirst(2))
            }
            if let option, let value {
                if option == "--out" { out = value }
                if inside(value, package: package) { return "\(option) \(value)" }
            }
            i += 1
        }
        if serves, out == nil { return "record --serve writes its takes to recordings/ by default" }
        return nil
    }

    /// `path`, relative to `package` unless absolute, is in the package folder (`-` is standard output).
    static func inside(_ path: String, package: String) -> Bool {
        guard path != "-" else { return false }
        let absolute = path.hasPrefix("/") ? path : package + "/" + path
        let resolved = URL(fileURLWithPath: absolute).standardizedFileURL.path
        return resolved == package || resolved.hasPrefix(package.hasSuffix("/") ? package : package + "/")
    }
}
