import Foundation
internal import PopGestureCore
internal import PopGestureKit

extension ReplayContext {
    /// `popgesture plot`'s SVG of this document under this rule version. A trace loaded from a string
    /// is written to a private temporary folder for the plot, under its own file name, and that
    /// folder's path is put back to the name it was given.
    func svg() throws -> String {
        switch trace.origin {
        case .file(let path):
            return try plot(path)
        case .text(let yaml, let path):
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "popgesture-plot-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            defer { try? FileManager.default.removeItem(at: folder) }
            let name = (path as NSString).lastPathComponent
            let file = folder.appendingPathComponent(name.isEmpty ? "trace.yaml" : name).path
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: file))
            return try plot(file).replacingOccurrences(of: file, with: path)
        }
    }

    private func plot(_ path: String) throws -> String {
        let capture = ConsoleCapture()
        let status = PlotRun(path: path, rules: RulesChoice(forced: rules), document: documentIndex).run(
            console: Console(capturingInto: capture))
        guard status == .ok else {
            throw PopGestureError(message: capture.errors.trimmingCharacters(in: .whitespacesAndNewlines), path: path)
        }
        return capture.output
    }
}
