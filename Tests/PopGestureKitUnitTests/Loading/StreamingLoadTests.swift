import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// A trace replayed while it is read must give the report of the same trace loaded whole, whatever
/// the order of its keys.
@Suite struct StreamingLoadTests {
    static let events = """
        events:
        - touch: 1
          samples: [[0, 30, 400], [16, 42, 401], [33, 80, 402], [50, 140, 402]]
          up: 60
        - {t: 400, push: {id: settings, barHidden: true}}
        - touch: 2
          samples: [[900, 200, 300], [916, 212, 301], [950, 230, 302]]
          cancel: 960
        """

    /// The first document of `yaml`, replayed under `rules` while it is read, as the batch driver does.
    static func streamed(_ yaml: String, rules: String = "fd", retainedSamples: Int = 200_000) throws -> (
        documents: [LoadedDocument], replays: [Replay]
    ) {
        let replays = [Replay(rules: try RulesLoader.load(rules))]
        return (
            Array(
                TraceFileLoader(
                    text: yaml, path: "s.yaml", sink: Replay.sink(replays), retainedSamples: retainedSamples)), replays
        )
    }

    @Test(arguments: [
        // The header first: the replay starts at `events` and runs as they are read.
        "format: popgesture-trace/1\nname: a\nscreen: {width: 320}\nstack: [{id: inbox}, {id: thread}]\n\(events)\nexpect: [{gesture: 1, outcome: began}]\n",
        // Keys that shape the replay after `events`: it runs again from the kept events.
        "format: popgesture-trace/1\nstack: [{id: inbox}, {id: thread}]\n\(events)\nscreen: {width: 320}\nname: a\nexpect: [{gesture: 1, outcome: began}]\n",
        // No stack before `events`: the events are kept and replayed at the end.
        "format: popgesture-trace/1\n\(events)\nname: a\nstack: [{id: inbox}, {id: thread}]\nscreen: {width: 320}\nexpect: [{gesture: 1, outcome: began}]\n",
    ])
    func streamedReportEqualsWholeReport(_ yaml: String) throws {
        let (documents, replays) = try Self.streamed(yaml)
        guard let (trace, reports) = replayed(documents.first, under: replays) else {
            Issue.record("expected a replayed trace, got \(documents)")
            return
        }
        let whole = Replay(rules: try RulesLoader.load("fd")).run(try loadTrace(yaml, path: "s.yaml"))
        #expect(reports == [whole])
        #expect(trace.screen.width == 320 && reports[0].trace == "a")
        #expect(reports[0].gestures.count == 2 && reports[0].expectations.passed == 1)
    }

    /// The header the loader decoded before the events is the whole document's (issue 36: it was
    /// decoded again, its config loaded again): given it, the decoder takes its screen and stack as
    /// they are and never asks for the config the document names; without it, it loads the config.
    @Test func aHeaderDecodedBeforeTheEventsIsTakenAsItIs() throws {
        let yaml = "format: popgesture-trace/1\nconfig: s.yaml\n\(Self.events)\n"
        let node = try #require(try YAMLDocumentReader(text: yaml, path: "t.yaml").nextDocument())
        let stackYAML = "format: popgesture-stack/1\nscreen: {width: 320}\nstack: [{id: inbox}, {id: thread}]\n"
        let loads = Collected()
        let loadConfig: (String, YAMLNode) throws -> StackConfig = { path, _ in
            loads.add(path)
            return try StackConfig(reading: YAMLDocumentReader(text: stackYAML, path: path))
        }
        var header = Trace(
            name: "", source: "t.yaml", screen: Screen(width: 500), layoutDirection: .rtl, barAppearanceManaged: false,
            initialBarHidden: true, stack: [ViewControllerSpec(id: "a"), ViewControllerSpec(id: "b")], events: [],
            expectations: [])
        header.location = node.location
        var decoder = TraceDecoder(path: "t.yaml", loadConfig: loadConfig)
        decoder.header = header
        let taken = try decoder.decode(node, source: "t.yaml", defaultName: "n", events: [])
        #expect(loads.paths.isEmpty)
        #expect(taken.hasSameHeader(as: header) && taken.name == "n")
        decoder.header = nil
        let decoded = try decoder.decode(node, source: "t.yaml", defaultName: "n", events: [])
        #expect(loads.paths == ["s.yaml"])
        #expect(decoded.screen.width == 320 && decoded.stack.map(\.id) == ["inbox", "thread"])
    }

    /// A long recording's first strokes are kept for a replay again: each keeps its own samples and
    /// no room to spare, whatever room reading them took.
    @Test func keptStrokesHoldExactlyTheirSamples() throws {
        let rows = (0..<37).map { "[\(1000 + $0 * 8), \(30 + $0), 400]" }.joined(separator: ", ")
        let yaml =
            "format: popgesture-trace/1\nstack: [{id: inbox}, {id: thread}]\n\(Self.events)\n- touch: 3\n  samples: [\(rows)]\n  up: 1300\n"
        guard case .trace(let trace, _)? = try Self.streamed(yaml).documents.first else {
            Issue.record("expected a trace")
            return
        }
        let strokes = trace.events.compactMap { if case .touch(let stroke) = $0.kind { stroke } else { nil } }
        #expect(strokes.map(\.samples.count) == [4, 3, 37])
        // An array's capacity is what the allocator gave, which glibc's malloc rounds up by less than
        // 48 bytes (16-byte alignment, and a free chunk's remainder too small to split off, under 32),
        // so at most 2 samples of 24 bytes past the count, depending on the heap the other tests left.
        // The reading buffer (64 reserved) or a grown array (37 rows in a capacity of 64) is far past.
        for stroke in strokes {
            #expect(
                stroke.samples.capacity >= stroke.samples.count
                    && stroke.samples.capacity <= stroke.samples.count + 2,
                "\(stroke.samples.count) samples in a capacity of \(stroke.samples.capacity)")
        }
        #expect(strokes[2].samples[36] == Sample(t: 1288, x: 66, y: 400))
    }

    @Test func lateHeaderKeyAfterALongEventListIsAnError() throws {
        let yaml =
            "format: popgesture-trace/1\nstack: [{id: inbox}, {id: thread}]\n\(Self.events)\nscreen: {width: 320}\n"
        let documents = try Self.streamed(yaml, retainedSamples: 3).documents
        guard case .failure(_, let diagnostic) = documents.first else {
            Issue.record("expected an error, got \(documents)")
            return
        }
        #expect(diagnostic.place?.line == 1 && diagnostic.place?.column == 1)
        #expect(diagnostic.message.contains("comes after an `events` list of more than 3 samples"))
        #expect(
            diagnostic.suggestion == "put those keys before `events`, so a long recording is replayed as it is read")
        // Under the bound it replays again and is right.
        let fine = try Self.streamed(yaml, retainedSamples: 100)
        guard let (trace, _) = replayed(fine.documents.first, under: fine.replays) else {
            Issue.record("expected a replayed trace")
            return
        }
        #expect(trace.screen.width == 320)
    }

    @Test func streamedTracesKeepNoEventsPastTheBound() throws {
        let yaml = "format: popgesture-trace/1\nstack: [{id: inbox}, {id: thread}]\n\(Self.events)\n"
        let (documents, replays) = try Self.streamed(yaml, retainedSamples: 3)
        guard let (trace, reports) = replayed(documents.first, under: replays) else {
            Issue.record("expected a replayed trace")
            return
        }
        #expect(trace.events.isEmpty)
        #expect(reports[0].gestures.count == 2)
        // Swipe back, the push, then the second swipe pops `settings` and is cancelled.
        #expect(reports[0].transitions.map(\.kind) == [.interactivePop, .push, .interactivePop])
        #expect(reports[0].gestures[1].pop?.result == .cancelled)
    }
}

private final class Collected: @unchecked Sendable {
    private(set) var paths: [String] = []
    func add(_ path: String) { paths.append(path) }
}
