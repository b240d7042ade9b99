import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `replay --format json` writes each document's line from records handed over as they close,
/// keeping each array in a log that goes to disk past a block. The bytes must be those of the line
/// written from the whole report.
@Suite struct JSONLineWriterTests {
    /// The line a writer with `blockSize`-byte blocks gives for `trace`, its replay committed from
    /// the start (as if the loader had dropped the events at once).
    static func streamedLine(_ trace: Trace, _ rules: Rules, blockSize: Int) -> String {
        var out = ""
        let writer = JSONLineWriter(blockSize: blockSize) { out += $0 }
        var report = Replay(rules: rules, observer: writer, fromStart: true).run(trace)
        // Verdicts are those of the whole report; its failures' wording is the longer one.
        let whole = Replay(rules: rules).run(trace)
        #expect(report.expectations.failures.map(\.index) == whole.expectations.failures.map(\.index))
        report.expectations = whole.expectations
        #expect(writer.isObserving)
        #expect(writer.writeLine(report))
        #expect(!writer.isObserving)
        return out
    }

    @Test(arguments: Presets.names)
    func streamedLineIsTheWholeReportsLine(_ preset: String) throws {
        let rules = try RulesLoader.load(preset)
        for trace in TextTimelineTests.tracesToCompare(seed: 0x150E) {
            let whole = Replay(rules: rules).run(trace).jsonLine() + "\n"
            // Blocks of 7 bytes: every array that is not empty goes through the temporary file.
            #expect(Self.streamedLine(trace, rules, blockSize: 7) == whole, "\(trace.source) under \(preset)")
            #expect(Self.streamedLine(trace, rules, blockSize: 1 << 20) == whole, "\(trace.source) under \(preset)")
        }
    }

    /// A block of a log may end inside a character: ids and names beyond ASCII still come out whole.
    @Test func charactersCutByABlockComeOutWhole() throws {
        let swipe = Stroke(
            finger: 1,
            samples: [Sample(t: 0, x: 30, y: 400), Sample(t: 16, x: 42, y: 401), Sample(t: 33, x: 140, y: 402)],
            end: .up(40))
        let trace = Trace(
            name: "réglages → 設定", source: "t#1",
            stack: [ViewControllerSpec(id: "réglages"), ViewControllerSpec(id: "設定", barHidden: true)],
            events: [
                .touch(swipe),
                TraceEvent(
                    .push(
                        ViewControllerSpec(id: "écran 🙂", barHidden: false, popDisabled: false, maxStartX: 0),
                        animated: true), t: 900),
            ])
        for rules in [try RulesLoader.load("fd"), try RulesLoader.load("cupertino")] {
            let whole = Replay(rules: rules).run(trace).jsonLine() + "\n"
            for blockSize in [1, 2, 3, 5, 7] {
                #expect(
                    Self.streamedLine(trace, rules, blockSize: blockSize) == whole,
                    "blocks of \(blockSize) under \(rules.name)")
            }
        }
    }

    @Test func aLongRecordingThroughTheLoader() throws {
        let rules = try RulesLoader.load("fd")
        guard let (yaml, trace) = TextTimelineTests.synthesizedRecording(seed: 12, gestures: 400) else {
            Issue.record("the synthesized recording did not load")
            return
        }
        var out = ""
        let writer = JSONLineWriter(blockSize: 512) { out += $0 }
        let replay = Replay(rules: rules, observer: writer)
        guard
            let (streamed, reports) = replayed(
                TraceFileLoader(text: yaml, path: "long.yaml", sink: Replay.sink([replay]), retainedSamples: 1_000)
                    .next(), under: [replay])
        else {
            Issue.record("expected a replayed trace")
            return
        }
        #expect(!streamed.eventsKept && reports[0].gestures.isEmpty && writer.isObserving)
        #expect(writer.writeLine(reports[0]))
        let whole = Replay(rules: rules).run(trace).jsonLine() + "\n"
        #expect(whole.utf8.count > 50_000)
        #expect(out == whole)
    }

    /// `replay --format json` hands every record to the writer from the first, so no document keeps
    /// its records; a failed expectation's words still say why, from a replay again with records.
    @Test func aFailedExpectationKeepsItsWordsInReplaysJSON() throws {
        let yaml = CLI.swipe(expect: "- {gesture: 1, pop: cancelled}")
        let dir = try CLI.fixture(["a.yaml": yaml])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rules = try RulesLoader.load("fd")
        let capture = ConsoleCapture()
        let status = ReplayRun(paths: [dir + "/a.yaml"], rules: RulesChoice(forced: rules), format: .json, jobs: 1)
            .run(console: Console(capturingInto: capture))
        #expect(status == .findings)
        // The swipe completes by projection under fd (CLI.swipe); from the summary a
        // replay without records keeps, the message would end at "by projection".
        #expect(capture.output.contains("gesture 1: expected pop cancelled, got completed by projection: progress"))
        guard case .trace(let trace, _)? = TraceFileLoader(text: yaml, path: dir + "/a.yaml").next() else {
            Issue.record("the swipe did not load")
            return
        }
        #expect(capture.output == Replay(rules: rules).run(trace).jsonLine() + "\n")
    }

    @Test func byteLogsReadBackAcrossBlocks() {
        let log = RecordLog<UInt8>(blockSize: 4)
        let text = Array("the quick brown fox jumps over the lazy dog".utf8)
        text.withUnsafeBufferPointer { bytes in
            log.append(contentsOf: UnsafeBufferPointer(rebasing: bytes.prefix(10)))
            log.append(contentsOf: UnsafeBufferPointer(rebasing: bytes.dropFirst(10)))
        }
        #expect(log.count == text.count)
        var read: [UInt8] = []
        var blocks = 0
        #expect(
            log.forEachBlock {
                read += $0
                blocks += 1
            })
        #expect(read == text)
        // Ten full blocks of four from the file, then the three bytes still in memory.
        #expect(blocks == 11)
        // Reading back leaves the log appendable at its end.
        log.append(0x21)
        #expect(log[text.count] == 0x21 && log[0] == UInt8(ascii: "t") && log[41] == UInt8(ascii: "o"))
    }

    /// A `JSONValue` is written by the one writer: keys sorted (by their characters, so `B` before
    /// `a`), a run-time key escaped like a string, control characters as `\u00XX` in lower case,
    /// quotes and backslashes escaped, other characters (é) as their UTF-8 bytes.
    @Test func valuesGoThroughTheWriter() {
        let value = JSONValue.object([
            "b": .array([.number(1.5), .null, .bool(true), .number(-0.0)]),
            "a\"k": .string("x\u{1}\u{1F}\n\t\"\\é"), "B": .object([:]),
        ])
        #expect(value.rendered == #"{"B": {}, "a\"k": "x\u0001\u001f\n\t\"\\é", "b": [1.5, null, true, 0]}"#)
    }

    /// What is drained is the value so far; the next token is still separated from it.
    @Test func aDrainedWriterKeepsItsPlace() {
        var w = JSONWriter(capacity: 4)
        var out: [UInt8] = []
        w.open("{")
        w.key("list")
        w.open("[")
        w.int(1)
        w.drain { out += $0 }
        w.int(22)
        w.close("]")
        w.key(string: "k\"")
        w.string(nil)
        w.close("}")
        w.drain { out += $0 }
        #expect(String(decoding: out, as: UTF8.self) == #"{"list": [1, 22], "k\"": null}"#)
        #expect(w.bytes.isEmpty)
    }
}
