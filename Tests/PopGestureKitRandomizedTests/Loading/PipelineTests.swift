import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// The scan on a thread of its own (`EventPipe`, issue 20) gives what the serial path gives, byte
/// for byte: every document's report or diagnostic, in the same order, also when the file breaks or
/// the reader stops early.
@Suite(.serialized) struct PipelineTests {
    /// A file's documents, replayed under fd, as the lines `replay --format json` and its errors
    /// would show; `pipelined` scans whatever the file's size.
    static func outcome(_ path: String, pipelined: Bool, mayBeForeign: Bool = false) throws -> [String] {
        let replays = [Replay(rules: try RulesLoader.load("fd"))]
        let loader = TraceFileLoader(
            path: path, sink: Replay.sink(replays), mayBeForeign: mayBeForeign, pipelineFrom: pipelined ? 0 : nil)
        var lines: [String] = []
        for document in loader {
            switch document {
            case .trace(let trace, let fed):
                lines.append(Replay.reports(of: trace, fed: fed, under: replays)[0].jsonLine())
            case .failure(let source, let diagnostic):
                lines.append("\(source): \(diagnostic)")
            case .rules(_, let source), .stackConfig(let source):
                lines.append("other \(source)")
            case .foreign(let path):
                lines.append("not a trace \(path)")
            case .notTrace(let path, let own):
                lines.append("popgesture's \(own.noun) \(path)")
            }
        }
        return lines
    }

    static func expectSame(
        _ path: String, mayBeForeign: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let serial = try outcome(path, pipelined: false, mayBeForeign: mayBeForeign)
        let pipelined = try outcome(path, pipelined: true, mayBeForeign: mayBeForeign)
        #expect(!serial.isEmpty, sourceLocation: sourceLocation)
        #expect(pipelined == serial, "\(path)", sourceLocation: sourceLocation)
    }

    @Test func theCorpusReadsTheSame() throws {
        let folders = [
            packageRoot + "/traces", dataRoot + "/conformance/traces", dataRoot + "/conformance/content/traces",
        ]
        let files = InputFiles.expand(folders)
        #expect(files.count > 50)
        for file in files { try Self.expectSame(file) }
    }

    static func folder() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "popgesture-pipe-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomTracesReadTheSame(_ seed: UInt64) throws {
        // Documents long enough that the ring of batches goes round many times, several to a file.
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var synthesizer = TraceSynthesizer(seed: seed, gestures: 400 * Int(seed))
        for file in try synthesizer.writeCorpus(count: 4, perFile: 2, into: directory) { try Self.expectSame(file) }
    }

    /// A long trace, and the same bytes broken after many batches of events.
    @Test func brokenFilesFailAtTheSamePlace() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var synthesizer = TraceSynthesizer(seed: 9, gestures: 3000)
        let file = try synthesizer.writeCorpus(count: 3, perFile: 3, into: directory)[0]
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let second = text.range(of: "\n---\n")!.upperBound
        let middle = text.index(second, offsetBy: text.distance(from: second, to: text.endIndex) / 2)
        let stroke = text.range(of: "\n- touch: ", range: middle..<text.endIndex)!.lowerBound
        let variants: [(String, String)] = [
            // A syntax error in the second document, half way through its events.
            ("syntax", String(text[..<middle]) + "\n  - {touch: [1\n" + String(text[middle...])),
            // Cut short inside a flow sequence.
            ("cut", String(text[..<text.range(of: "samples: [[", range: middle..<text.endIndex)!.upperBound])),
            // A bad value half way through the events: the document fails, the next one is read.
            ("value", String(text[..<stroke]) + "\n- {t: -1, pop: true}" + String(text[stroke...])),
            // Nesting past the depth limit, after many events.
            (
                "deep",
                String(text[..<second]) + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\n"
            ),
        ]
        for (name, content) in variants {
            let path = directory + "/\(name).yaml"
            try content.write(toFile: path, atomically: true, encoding: .utf8)
            let lines = try Self.outcome(path, pipelined: false)
            #expect(lines.contains { $0.contains("error: ") }, "\(name): \(lines.map { String($0.prefix(160)) })")
            try Self.expectSame(path)
        }
    }

    /// Another tool's large JSON ends the reading at its first document: the scan stops with it.
    @Test func aReaderThatStopsEarlyStopsTheScan() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/data.json"
        let items = (0..<200_000).map { "[\($0), \($0 * 2)]" }.joined(separator: ", ")
        try "{\"rows\": [\(items)]}\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Self.outcome(path, pipelined: true, mayBeForeign: true) == ["not a trace \(path)"])
        try Self.expectSame(path, mayBeForeign: true)
        // Dropped after its first few events: the reader's deinit stops the scan and waits for it.
        for _ in 0..<20 {
            let reader = try YAMLDocumentReader(path: path, pipelineFrom: 0)
            try reader.advance()
            try reader.advance()
        }
    }
}
