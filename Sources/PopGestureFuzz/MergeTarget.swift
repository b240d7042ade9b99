import Foundation
import FoundationXML
import PopGestureCore
import PopGestureKit

/// `merge` over any bytes as a shard's output (the seeds are whole runs as shard 1/1): a refusal
/// with an error and no output, or output that is what it claims to be: JSON for check and diff,
/// JSON Lines for replay, XML for JUnit.
final class MergeTarget: FuzzTarget {
    let input = ScratchFile("shard.out")
    var scratchFiles: [ScratchFile] { [input] }

    func run(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        input.write(data, size)
        let capture = ConsoleCapture()
        let status = MergeRun(inputs: [input.path]).run(console: Console(capturingInto: capture))
        let output = capture.output
        if output.isEmpty {
            if status != .errors || !capture.errors.contains("error:") {
                fatalError("merge wrote nothing and exited \(status.rawValue) with: \(capture.errors.prefix(2000))")
            }
            return
        }
        if output.hasPrefix("<?xml") {
            let parser = XMLParser(data: Data(output.utf8))
            if !parser.parse() {
                fatalError(
                    "merge wrote JUnit that is not XML (\(String(describing: parser.parserError))): \(output.prefix(4000))"
                )
            }
        } else if output.hasPrefix("{\"files\": [") || output.hasPrefix("{\"base\": ") {
            requireJSON(output, "merge's output")
        } else {
            guard output.hasSuffix("\n") else {
                fatalError("merge's JSON Lines do not end a line: \(output.suffix(2000))")
            }
            for line in output.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                requireJSON(String(line), "a line of merge's output")
            }
        }
    }
}
