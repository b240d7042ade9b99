/// `popgesture replay`: the report of every trace document, as JSON Lines or a text timeline.
public struct ReplayRun {
    public enum Format: String, Sendable, CaseIterable { case text, json }

    public var paths: [String]
    public var rules: RulesChoice
    public var format: Format
    public var jobs: Int

    public init(paths: [String], rules: RulesChoice, format: Format, jobs: Int) {
        self.paths = paths
        self.rules = rules
        self.format = format
        self.jobs = jobs
    }

    public func run(console: Console = Console()) -> ExitStatus {
        let format = format, choice = rules
        var errors = 0, others = 0
        forEachInOrder(InputFiles.expand(paths), jobs: jobs, work: { path, produce in
            // The writers, which write through `produce`, live only as long as this call.
            withoutActuallyEscaping(produce) { produce in
                func failed(_ source: String, _ diagnostic: Diagnostic) {
                    let text = format == .json ? TraceReport.errorJSON(source: source, diagnostic).rendered + "\n" : ""
                    produce((text, diagnostic))
                }
                let rules: Rules
                do {
                    rules = try choice.rules(for: path)
                } catch {
                    failed(path, asDiagnostic(error, path: path))
                    return
                }
                // A document's output comes from its whole report, or, for a long recording whose
                // replay stopped keeping records, from the records it handed over as they closed.
                let output = Output(format) { produce(($0, nil)) }
                let replay = Replay(rules: rules, observer: output.observer)
                for document in TraceFileLoader(path: path, replays: [replay]) {
                    if let (trace, reports) = document.replayed(under: [replay]) {
                        let report = reports[0]
                        switch output {
                        case .text(let timeline):
                            // An observed timeline is out already; the final state and verdicts follow.
                            produce((timeline.endDocument() ? TextTimeline.footer(report) : TextTimeline.render(report), nil))
                        case .json(let lines):
                            if !lines.isObserving {
                                produce((report.jsonLine() + "\n", nil))
                            } else if !lines.writeLine(report) {
                                produce(("", Diagnostic(path: path, line: 1, column: 1,
                                    message: "the report of \(trace.source) could not be read back from its temporary file; its line is incomplete")))
                            }
                        }
                    } else if case .failure(let source, let diagnostic) = document {
                        output.abandon()
                        failed(source, diagnostic)
                    } else {
                        // A rules or stack-config document: no report, but counted and said.
                        produce(nil)
                    }
                }
            }
        }, emit: { (output: (text: String, error: Diagnostic?)?) in
            guard let document = output else {
                others += 1
                return
            }
            console.out(document.text)
            if let error = document.error {
                errors += 1
                console.err(error.description + "\n")
            }
        })
        if others > 0 {
            console.err("note: \(others) rules or stack-config document\(others == 1 ? "" : "s") validated, not replayed\n")
        }
        console.flush()
        return errors > 0 ? .errors : .ok
    }

    /// Where a document's records go as the replay hands them over.
    private enum Output {
        case text(TimelineWriter)
        case json(JSONLineWriter)

        init(_ format: Format, write: @escaping (String) -> Void) {
            switch format {
            case .text: self = .text(TimelineWriter(write: write))
            case .json: self = .json(JSONLineWriter(write: write))
            }
        }

        var observer: any ReplayObserver {
            switch self {
            case .text(let writer): writer
            case .json(let writer): writer
            }
        }

        func abandon() {
            switch self {
            case .text(let writer): writer.abandon()
            case .json(let writer): writer.discard()
            }
        }
    }
}
