import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// The scan on a core of its own, seen from the command line: the same bytes with or without a spare core.
@Suite(.serialized) struct PipelineCommandTests {

    @Test func oneLongRecordingGivesTheSameOutputWithOrWithoutASpareCore() throws {
        let directory = try CLI.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var synthesizer = TraceSynthesizer(seed: 4, gestures: 12_000)
        let file = try synthesizer.writeCorpus(count: 1, perFile: 1, into: directory)[0]
        #expect(
            (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0) > BatchDriver.pipelineThreshold
        )
        for arguments in [
            ["replay", "--format", "json"], ["replay"], ["check", "--format", "json"], ["validate"],
            ["diff", "--base", "fd", "--head", "cupertino", "--format", "json"],
        ] {
            let serial = try CLI.run(arguments + ["--jobs", "1", file], in: directory)
            let pipelined = try CLI.run(arguments + ["--jobs", "2", file], in: directory)
            #expect(pipelined.stdout == serial.stdout, "\(arguments)")
            #expect(pipelined.stderr == serial.stderr, "\(arguments)")
            #expect(pipelined.status == serial.status, "\(arguments)")
        }
    }
}
