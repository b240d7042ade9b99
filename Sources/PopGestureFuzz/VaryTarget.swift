import Foundation
import PopGestureCore
import PopGestureKit

/// `sweep --vary` over any text, one argument a line (at most four, so that the three-key limit is
/// both met and passed), on no traces (`--allow-empty`): the grid (every version merged over fd and
/// checked as a rules document) is refused with an error and no output, or the sweep's JSON is
/// valid and its text table holds no control character from the input.
final class VaryTarget: FuzzTarget {
    var scratchFiles: [ScratchFile] { [] }

    func run(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        guard let data, size > 0 else { return }
        let bytes = UnsafeBufferPointer(start: data, count: size)
        // An argument cannot hold a NUL.
        guard !bytes.contains(0) else { return }
        let vary = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .prefix(4).map(String.init)
        for format in [SweepRun.Format.json, .text] {
            let capture = ConsoleCapture()
            let status = SweepRun(paths: [], vary: vary, format: format, jobs: 1, allowEmpty: true).run(
                console: Console(capturingInto: capture))
            let output = capture.output
            if status == .errors {
                if !output.isEmpty || !capture.errors.contains("error: ") {
                    fatalError(
                        "sweep refused --vary with output or without an error: \(capture.errors.prefix(2000)) \(output.prefix(2000))"
                    )
                }
                continue
            }
            switch format {
            case .json: requireJSON(output, "sweep's JSON")
            default:
                if output.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F }) {
                    fatalError("sweep's text holds a control character from --vary:\n\(output.prefix(4000))")
                }
            }
        }
    }
}
