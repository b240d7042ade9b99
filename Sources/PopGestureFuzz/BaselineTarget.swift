import Foundation
import PopGestureCore
import PopGestureKit

/// A baseline (`check --baseline`) over any bytes: refused with an error naming the file at a line
/// inside it, or loaded into entries that, written again as `check --write-baseline` writes them,
/// are valid JSON and load back to the same entries.
final class BaselineTarget: FuzzTarget {
    let input = ScratchFile("baseline.json")
    let written = ScratchFile("written.json")
    var scratchFiles: [ScratchFile] { [input, written] }

    func run(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        input.write(data, size)
        let baseline: Baseline
        do {
            baseline = try Baseline.load(input.path)
        } catch let diagnostic as Diagnostic {
            requireNamedError(
                diagnostic.description, path: input.path, lines: lineCount(data, size), "the baseline loader")
            return
        } catch {
            fatalError("the baseline loader threw what is not a diagnostic: \(error)")
        }
        let text = baseline.rendered(traces: [:])
        requireJSON(text, "a baseline written again")
        written.write(text)
        do {
            let again = try Baseline.load(written.path)
            if Set(again.entries) != Set(baseline.entries) {
                fatalError("a baseline written again loads back different:\n\(text.prefix(4000))")
            }
        } catch {
            fatalError("a baseline written again does not load back (\(error)):\n\(text.prefix(4000))")
        }
    }
}
