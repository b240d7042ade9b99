import Foundation
import Testing

/// What the test targets share to run the built binary and to make fixture folders: the unit suites
/// use its traces and folders (never `run` on the binary: that is the end-to-end target's), the
/// end-to-end suites all of it. One file, linked into both targets' Helpers/.
enum CLI {
    /// Beside the test bundle (`swift build` puts every product in one folder).
    static let binary: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "popgesture"
        ).path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : packageRoot + "/.build/debug/popgesture"
    }()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `shell`: run `/bin/sh` with `arguments` instead of the binary (for a ulimit around it).
    static func run(
        _ arguments: [String], in directory: String, environment: [String: String] = [:], shell: Bool = false
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell ? "/bin/sh" : binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so a large output cannot fill the pipe and block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A fresh folder holding the given files.
    static func fixture(_ files: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "popgesture-e2e-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, content) in files {
            let path = directory + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try content.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// A swipe from x = 30 that ends at x = 140 within 50 ms: under fd it begins at the 16 ms move
    /// (|dx| = 12 >= 10, T.x = 2) and completes by projection; under cupertino it is refused
    /// outsideEdge (30 > 20).
    static func swipe(expect: String = "") -> String {
        """
        format: popgesture-trace/1
        name: swipe
        stack: [{id: inbox}, {id: thread, barHidden: true}]
        events:
        - touch: 1
          samples: [[0, 30, 400], [16, 42, 401], [33, 80, 402], [50, 140, 402]]
          up: 60
        expect:\(expect.isEmpty ? " []" : "\n" + expect)
        """
    }

    static let passingExpectations = """
        - {gesture: 1, outcome: began}
        - {gesture: 1, pop: completed}
        - {final: {stack: [inbox], barHidden: false}}
        - {anomalies: []}
        - {bar: [[16, false]]}
        """

    /// `swipe` with expectations that all pass: a trace for runs that must succeed.
    static let trace = swipe(expect: passingExpectations)
}
