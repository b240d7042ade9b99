import Foundation
import PopGestureCore
import PopGestureKit

/// The rules loader and the stack-config loader over any bytes: a rules file either fails with a
/// diagnostic or loads to rules that print as a rules document loading back to the same rules; the
/// same bytes as `import --stack-config` fail with an error naming the file, or are taken.
final class RulesTarget: FuzzTarget {
    let input = ScratchFile("rules.yaml")
    let printed = ScratchFile("printed.yaml")
    var scratchFiles: [ScratchFile] { [input, printed] }

    func run(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        input.write(data, size)
        do {
            let rules = try RulesLoader.load(input.path)
            printed.write(RulesLoader.yaml(for: rules))
            do {
                let again = try RulesLoader.load(printed.path)
                if again != rules {
                    fatalError(
                        "printed rules load back different:\n\(RulesLoader.yaml(for: rules))\n\(RulesLoader.yaml(for: again))"
                    )
                }
            } catch {
                fatalError("printed rules do not load back (\(error)):\n\(RulesLoader.yaml(for: rules))")
            }
        } catch {
            if !(error is Diagnostic) { fatalError("the rules loader threw what is not a diagnostic: \(error)") }
        }
        let capture = ConsoleCapture()
        if Importer(stackConfig: input.path).run(files: [], console: Console(capturingInto: capture)) == .errors {
            requireNamedError(capture.errors, path: input.path, lines: lineCount(data, size), "a stack config")
        }
    }
}
