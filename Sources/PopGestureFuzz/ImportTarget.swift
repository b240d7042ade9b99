import Foundation
import PopGestureCore
import PopGestureKit

/// `import --from FORMAT` over any bytes: the run ends with an error that names the file (and a line
/// inside it), or warnings, or nothing; and whatever it wrote, error or not, is whole trace
/// documents that load back without an error.
final class ImportTarget: FuzzTarget {
    let format: ImportFormat
    let input: ScratchFile
    let imported = ScratchFile("imported.yaml")
    var scratchFiles: [ScratchFile] { [input, imported] }

    init(format: ImportFormat) {
        self.format = format
        input = ScratchFile("recording.\(format.rawValue)")
    }

    func run(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        input.write(data, size)
        let capture = ConsoleCapture()
        // Odd sizes hold documents to a few kilobytes: standard output's limit and its error.
        let limit = size % 2 == 1 ? 4096 : Importer.standardOutputLimit
        let status = Importer(format: format).run(
            files: [input.path], standardOutputLimit: limit, console: Console(capturingInto: capture))
        switch status {
        case .errors:
            requireNamedError(
                capture.errors, path: input.path, lines: lineCount(data, size), "import --from \(format.rawValue)")
        case .findings:
            if !capture.errors.contains("warning:") {
                fatalError("import exited 1 without a warning: \(capture.errors.prefix(2000))")
            }
        case .ok:
            if capture.errors.contains("error:") {
                fatalError("import exited 0 after an error: \(capture.errors.prefix(2000))")
            }
        }
        let output = capture.output
        guard !output.isEmpty else { return }
        imported.write(output)
        for document in TraceFileLoader(path: imported.path) {
            if case .failure(_, let diagnostic) = document {
                fatalError(
                    "import --from \(format.rawValue) wrote a trace that does not load: \(diagnostic)\n\(output.prefix(4000))"
                )
            }
        }
    }
}
