import Foundation
import PopGestureCore
import PopGestureKit

/// A `.popgesture.yml` over any bytes: the config loader fails with an error naming the file at a
/// line inside it, or loads a config that `RunSettings.resolve` makes a run's settings of; the loader that
/// meets the same file among the inputs (`validate .popgesture.yml`, through `checkRunSettings`)
/// agrees on whether its first document is a valid config.
final class ConfigTarget: FuzzTarget {
    let input = ScratchFile(".popgesture.yml")
    var scratchFiles: [ScratchFile] { [input] }

    func run(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        input.write(data, size)
        let lines = lineCount(data, size)
        let loaded: Bool
        do {
            let flags = RunFlags(paths: ["."], exclude: ["*.tmp"], config: input.path)
            _ = try RunSettings.resolve(flags, defaultJobs: 1)
            loaded = true
        } catch let diagnostic as Diagnostic {
            requireNamedError(diagnostic.description, path: input.path, lines: lines, "the config loader")
            loaded = false
        } catch {
            fatalError("the config loader threw what is not a diagnostic: \(error)")
        }
        let loader = TraceFileLoader(path: input.path)
        loader.checkRunSettings = ConfigFile.check
        guard let first = loader.next() else { fatalError("the loader gave nothing for \(size) bytes") }
        switch first {
        case .failure(_, let diagnostic):
            requireNamedError(diagnostic.description, path: input.path, lines: lines, "the loader on a config")
            if loaded { fatalError("a config that loads is refused among the inputs: \(diagnostic)") }
        case .stackConfig:
            // A config, or a stack config, passed by as a document that is no trace.
            break
        case .trace, .rules:
            // Another kind of document: the config loader must have refused it.
            if loaded { fatalError("a config that loads is read among the inputs as another document") }
        case .foreign, .notTrace:
            fatalError("a file named on the command line was taken for another tool's or popgesture's output")
        }
        while loader.next() != nil {}
    }
}
