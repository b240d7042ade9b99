import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

#if canImport(Glibc)
    import Glibc
#endif

/// diff and validate in flat memory: a diff streamed record by record says what the diff of the two
/// whole reports says, and validate keeps no more of a long recording's events than a replay does.
@Suite struct StreamedDiffAndValidateTests {
    // Issue 13, item 7. diff and validate in flat memory

    /// A diff streamed record by record (each replay hands over its records from the first, so
    /// neither report is ever whole) says exactly what the diff of the two whole reports says: over
    /// the corpus, and for a document whose header key after its events makes both replays start
    /// again from the kept events.
    @Test(arguments: [("fd", "cupertino"), ("fd", "edge30"), ("fd-1.1", "uikit"), ("tz", "fd")])
    func aStreamedDiffSaysWhatTheWholeReportsSay(_ base: String, _ head: String) throws {
        let rules = (try RulesLoader.load(base), try RulesLoader.load(head))
        let whole = [Replay(rules: rules.0), Replay(rules: rules.1)]
        let restarted = CLI.trace.replacingOccurrences(of: "expect:", with: "screen: {width: 100}\nexpect:")
        func streamed(_ loader: (((Trace) -> any TraceEventSink)?) -> TraceFileLoader) -> [[ReportChange]] {
            var compared: [[ReportChange]] = []
            let job = DiffFileJob(base: rules.0, head: rules.1) { output in
                if case .compared(let trace) = output { compared.append(trace.changes.all) }
            }
            for document in loader(Replay.sink(job.replays)) {
                switch document {
                case .trace(let trace, let fed):
                    job.document(.trace(trace, reports: Replay.reports(of: trace, fed: fed, under: job.replays)))
                case .failure(let source, let diagnostic): job.document(.failure(source: source, diagnostic))
                default: break
                }
            }
            job.finish()
            return compared
        }
        func expected(_ loader: TraceFileLoader) -> [[ReportChange]] {
            loader.compactMap { replayed($0, under: whole) }.map {
                ReportDiff.changes(base: $0.reports[0], head: $0.reports[1])
            }
        }
        var traces = 0
        for path in InputFiles.expand(
            [packageRoot + "/traces", dataRoot + "/conformance"])
        {
            let changes = streamed { TraceFileLoader(path: path, sink: $0) }
            #expect(changes == expected(TraceFileLoader(path: path)), "\(path)")
            traces += changes.count
        }
        #expect(traces > 100)
        let text = restarted + "\n---\n" + CLI.swipe() + "\n---\n" + restarted
        #expect(
            streamed { TraceFileLoader(text: text, path: "t.yaml", sink: $0) }
                == expected(TraceFileLoader(text: text, path: "t.yaml")))
        #expect(expected(TraceFileLoader(text: text, path: "t.yaml")).count == 3)
    }

    /// validate keeps no more of a long recording's events than a replay does: it used to keep them
    /// all (489 MB for a 77 MB recording). Past the bound the events are dropped, and the checks
    /// that replay makes of a header key after them are made too.
    @Test func validateKeepsNoEventsOfALongRecording() throws {
        var events = ""
        for i in 0..<40 {
            events +=
                "- touch: 1\n  samples: [[\(i * 100), 10, 10], [\(i * 100 + 16), 40, 10]]\n  up: \(i * 100 + 20)\n"
        }
        let header = "format: popgesture-trace/1\nstack: [{id: a}, {id: b}]\nevents:\n"
        var kept: [Bool] = []
        var outputs: [InvalidDocument?] = []
        let job = try ValidateFileJob(path: "t.yaml", rules: RulesChoice(forced: nil)) { outputs.append($0) }
        for document in TraceFileLoader(
            text: header + events + "---\n" + header + events + "screen: {width: 320}\n",
            path: "t.yaml", sink: { _ in DiscardedEvents() }, retainedSamples: 10)
        {
            if case .trace(let trace, _) = document { kept.append(trace.eventsKept) }
            switch document {
            case .trace(let trace, _): job.document(.trace(trace, reports: []))
            case .failure(let source, let diagnostic): job.document(.failure(source: source, diagnostic))
            default: break
            }
        }
        #expect(kept == [false])
        #expect(outputs.count == 2 && outputs[0] == nil)
        #expect(
            outputs[1]?.diagnostic.message.contains("a key that shapes the replay") == true,
            "\(String(describing: outputs[1]))")
    }
}
