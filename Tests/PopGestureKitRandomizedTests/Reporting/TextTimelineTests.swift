import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `replay --format text` writes the timeline while the replay runs, from records the replay hands
/// over as they close. Whatever the moment a line goes out, the lines must be those of the timeline
/// rendered from the whole report, in the same order.
@Suite struct TextTimelineTests {
    /// The text a writer gives for `trace`, its replay committed from the start (as if the loader had
    /// dropped the events at once).
    static func streamed(_ trace: Trace, _ rules: Rules, bufferedLines: Int) -> String {
        var out = ""
        let writer = TimelineWriter(bufferedLines: bufferedLines) { out += $0 }
        // Committed from the start, as if the loader had dropped the events at once: every record goes to the writer.
        let report = Replay(rules: rules, observer: writer, fromStart: true).run(trace)
        #expect(writer.endDocument())
        // Verdicts are those of the whole report; failures are worded from it (as `replay` does
        // when the events are at hand), the summary's words being shorter.
        let whole = Replay(rules: rules).run(trace)
        #expect(
            report.final == whole.final
                && report.expectations.failures.map(\.index) == whole.expectations.failures.map(\.index))
        return out + TextTimeline.footer(whole)
    }

    /// A synthesized recording's text and the trace it loads to.
    static func synthesizedRecording(seed: UInt64, gestures: Int) -> (yaml: String, trace: Trace)? {
        var synthesizer = TraceSynthesizer(seed: seed, gestures: gestures)
        var yaml = ""
        synthesizer.document(0, opensFile: true) { yaml += $0 }
        guard case .trace(let trace, _) = TraceFileLoader(text: yaml, path: "long.yaml").next() else { return nil }
        return (yaml, trace)
    }

    /// Lines without the time column's alignment, which differs once lines go out as they happen.
    static func unaligned(_ text: String) -> [Substring] {
        text.split(separator: "\n").map { $0.drop { $0 == " " } }
    }

    /// The bundled corpus, the conformance traces and the recordings.
    static func corpusTraces() -> [Trace] {
        let data = [
            dataRoot + "/conformance/traces", dataRoot + "/recordings/evemu-touchscreens.yaml",
            dataRoot + "/recordings/raw/expected",
        ]
        return InputFiles.expand([packageRoot + "/traces"] + data).flatMap { path in
            TraceFileLoader(path: path).compactMap { document -> Trace? in
                if case .trace(let trace, _) = document { return trace }
                return nil
            }
        }
    }

    /// Every bundled, conformance and recorded trace, and 300 random ones.
    static func tracesToCompare(seed: UInt64) -> [Trace] {
        var generator = RandomTraceGenerator(random: SeededRandom(seed: seed))
        let traces = corpusTraces() + (0..<300).map { generator.trace($0) }
        #expect(traces.count > 500)
        return traces
    }

    @Test(arguments: Presets.names)
    func streamedLinesAreTheWholeReportsLines(_ preset: String) throws {
        let rules = try RulesLoader.load(preset)
        for trace in Self.tracesToCompare(seed: 0x7E47) {
            let whole = TextTimeline.render(Replay(rules: rules).run(trace))
            // Buffered whole: byte for byte the same.
            #expect(Self.streamed(trace, rules, bufferedLines: 100_000) == whole, "\(trace.source)")
            // Every line out as soon as nothing can precede it.
            let live = Self.streamed(trace, rules, bufferedLines: 0)
            #expect(
                Self.unaligned(live) == Self.unaligned(whole),
                "\(trace.source) under \(preset):\n\(live)\n---\n\(whole)")
        }
    }

    /// Rules with detectors, whose runs of detections the timeline groups into one line per drag.
    static let detectorRules =
        [
            packageRoot + "/traces/rules/scroll-detector.yaml",
            packageRoot + "/traces/rules/scroll-detector-dragstart.yaml",
        ]
        + ["mix5", "mix6", "mix7", "mix8"].map { dataRoot + "/conformance/content/rules/\($0).yaml" }

    @Test(arguments: detectorRules)
    func streamedDetectionRunsAreTheWholeReportsRuns(_ rulesFile: String) throws {
        let rules = try RulesLoader.load(rulesFile)
        var runs = 0
        for trace in Self.corpusTraces() {
            let whole = TextTimeline.render(Replay(rules: rules).run(trace))
            runs += whole.split(separator: "\n").filter { $0.contains("detection ") }.count
            #expect(Self.streamed(trace, rules, bufferedLines: 100_000) == whole, "\(trace.source)")
            let live = Self.streamed(trace, rules, bufferedLines: 0)
            #expect(
                Self.unaligned(live) == Self.unaligned(whole),
                "\(trace.source) under \(rulesFile):\n\(live)\n---\n\(whole)")
        }
        #expect(runs > 0, "no detection line was compared")
    }

    /// Four taps, the name after the events.
    static let lateName = """
        format: popgesture-trace/1
        stack: [{id: inbox}, {id: thread}]
        events:
        - {touch: 1, samples: [[0, 200, 300]], up: 10}
        - {touch: 1, samples: [[50, 200, 300]], up: 60}
        - {touch: 1, samples: [[5000, 200, 300]], up: 5010}
        - {touch: 1, samples: [[12000, 200, 300]], up: 12010}
        name: taps
        """

    /// Past the buffer, the header is written before the name is known and times are aligned to the
    /// widest buffered one; the name comes last.
    @Test func aLongTimelineGoesOutBeforeItsName() throws {
        let documents = Array(TraceFileLoader(text: Self.lateName, path: "late.yaml"))
        guard case .trace(var trace, _) = documents.first else {
            Issue.record("expected a trace, got \(documents)")
            return
        }
        // As the loader starts it, from the keys before `events`.
        let named = trace.name
        trace.name = ""
        var out = ""
        let writer = TimelineWriter(bufferedLines: 2) { out += $0 }
        var session = ReplaySession(trace: trace, replay: Replay(rules: try RulesLoader.load("fd"), observer: writer))
        session.commit()
        for event in trace.events { session.feed(event) }
        _ = session.finish(name: named, expectations: [])
        // A tap is a gesture that ends unrecognized (SPEC section 3); each line can go out once its
        // finger lifts. The third line overflows the buffer of two: those three are aligned to "50".
        let tap = "unrecognized(touchEnded), finger 1 down at (200, 300)"
        #expect(
            out == """
                late.yaml#1 (rules fd)
                   0 ms  bar         shown by initial
                   0 ms  gesture 1   \(tap) t=0
                  50 ms  gesture 2   \(tap) t=50
                  5000 ms  gesture 3   \(tap) t=5000
                  12000 ms  gesture 4   \(tap) t=12000
                  trace: taps

                """)
    }

    /// A document found invalid after lines went out says so on standard output; one found invalid
    /// while its lines were still buffered leaves nothing.
    @Test func anInvalidDocumentCutsItsTimelineShort() throws {
        var out = ""
        let writer = TimelineWriter(bufferedLines: 1) { out += $0 }
        writer.began(trace: "a", source: "a.yaml#1", rules: "fd")
        writer.changed(bar: BarEntry(t: 0, hidden: false, animated: false, cause: .initial))
        writer.reached(5)
        #expect(out == "")
        writer.abandon()
        #expect(out == "")

        writer.began(trace: "b", source: "a.yaml#2", rules: "fd")
        writer.changed(bar: BarEntry(t: 0, hidden: false, animated: false, cause: .initial))
        writer.found(note: Finding(t: 3, .popAtRoot(.pop)))
        writer.reached(5)
        #expect(
            out == "a.yaml#2 b (rules fd)\n  0 ms  bar         shown by initial\n  3 ms  note        popAtRoot: pop\n")
        writer.abandon()
        #expect(out.hasSuffix("\n  stopped: the document is invalid (the error follows on standard error)\n"))
        #expect(!writer.endDocument())
    }
}

/// Through the loader: a synthesized recording long enough that the loader stops keeping its
/// events, so the writer commits mid-document and streams the rest.
@Suite struct StreamedRecordingTests {
    @Test func aLongRecordingStreamsTheLinesOfItsWholeReport() throws {
        let rules = try RulesLoader.load("fd")
        guard let (yaml, trace) = TextTimelineTests.synthesizedRecording(seed: 11, gestures: 600) else {
            Issue.record("the synthesized recording did not load")
            return
        }
        let whole = TextTimeline.render(Replay(rules: rules).run(trace))

        var out = ""
        var writes = 0
        let writer = TimelineWriter(bufferedLines: 100) {
            out += $0
            writes += 1
        }
        let replay = Replay(rules: rules, observer: writer)
        let documents = Array(
            TraceFileLoader(text: yaml, path: "long.yaml", sink: Replay.sink([replay]), retainedSamples: 1_000))
        guard let (streamed, reports) = replayed(documents.first, under: [replay]) else {
            Issue.record("expected a replayed trace, got \(documents)")
            return
        }
        // The events were dropped, so the writer was committed and went live past 100 lines.
        #expect(!streamed.eventsKept && streamed.events.isEmpty)
        #expect(whole.split(separator: "\n").count > 500)
        // Laid out whole, a document is one write; live, the first lines went out before the end.
        #expect(writes >= 2)
        #expect(out.split(separator: "\n").first == whole.split(separator: "\n").first)
        #expect(writer.endDocument())
        let live = out + TextTimeline.footer(reports[0])
        #expect(TextTimelineTests.unaligned(live) == TextTimelineTests.unaligned(whole))
    }
}
