import Foundation

/// The package's folder, found from this file by looking for Package.swift, so tests run from any
/// checkout and any current folder.
let packageRoot: String = {
    var path = #filePath
    repeat {
        path = String(path[..<path.lastIndex(of: "/")!])
    } while !path.isEmpty && !FileManager.default.fileExists(atPath: path + "/Package.swift")
    return path
}()

/// A trace of the bundled corpus (traces/), by its path there.
func bundled(_ path: String) -> String { packageRoot + "/traces/" + path }

/// A trace of this suite's own (Tests/PopGestureTests/Traces/).
func fixture(_ name: String) -> String { packageRoot + "/Tests/PopGestureTests/Traces/" + name }

/// The built `popgesture` (make test and swift build put it in .build/debug), run with `arguments`:
/// its standard output and exit status.
func popgesture(_ arguments: [String]) throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: packageRoot + "/.build/debug/popgesture")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}

/// What the README's worked example says `check` prints for the failing pop (after the place).
let failingPopMessage =
    "gesture 1: expected pop completed, got cancelled by projection: progress 0.046, release velocity 128 pt/s, projection model: p 0.046 + avgV 0.405 x 0.35 + avgA -5 x 0.35^2 / 2 = -0.118 <= threshold min(187.5 / 390, 0.5) = 0.481 (n 5, moved); settles in uikit: min(D 350, r 0.046 x W 390 / |velocity| 128 x 1000 = 140.6) = 140.6 ms"
