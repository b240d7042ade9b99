import PopGestureCore

/// The tool's version: `--version`, and the outputs that name their tool (SARIF's driver).
public let toolVersion = "0.1.0"

/// One output format of one command: it is given the command's results in input order, on the
/// thread that emits them, and writes them as they come, then a summary (SwiftLint's `Reporter`:
/// one type per format over the same results).
protocol Renderer {
    associatedtype Item
    associatedtype Summary
    mutating func begin()
    mutating func add(_ item: Item)
    mutating func end(_ summary: Summary)
}

extension Renderer {
    mutating func begin() {}
}
