import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// The captured bytes `ReferenceOutputTests` compares are the process's: the same command through the binary prints the same.
@Suite(.serialized) struct ReferenceOutputProcessTests {

    /// The captured bytes are the process's: the same command through the binary prints the same.
    @Test func aCapturedRunPrintsWhatTheProcessPrints() throws {
        let capture = ConsoleCapture()
        let status = CheckRun(
            paths: [packageRoot + "/Tests/References/inputs"], rules: RulesChoice(forced: nil),
            format: .json, jobs: 1
        ).run(console: Console(capturingInto: capture))
        let process = try CLI.run(
            ["check", "--format", "json", "Tests/References/inputs"], in: packageRoot)
        #expect(status.rawValue == process.status)
        #expect(capture.output.replacingOccurrences(of: packageRoot + "/", with: "") == process.stdout)
        #expect(capture.errors.replacingOccurrences(of: packageRoot + "/", with: "") == process.stderr)
    }
}
