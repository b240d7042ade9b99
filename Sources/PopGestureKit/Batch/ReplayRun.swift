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
            // The text writer, which writes through `produce`, lives only as long as this call.
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
                // Text is written while the replay runs, from records it no longer keeps; JSON needs the
                // whole report.
                let writer = format == .text ? TimelineWriter { produce(($0, nil)) } : nil
                let replay = writer.map { Replay(rules: rules, observer: $0) } ?? Replay(rules: rules)
                for document in TraceFileLoader(path: path, replays: [replay]) {
                    if let (trace, reports) = document.replayed(under: [replay]) {
                        // The writer has written the timeline; the final state and verdicts follow.
                        produce((writer == nil ? reports[0].jsonLine() + "\n" : TextTimeline.footer(replay.wordedFailures(reports[0], of: trace)), nil))
                    } else if case .failure(let source, let diagnostic) = document {
                        writer?.abandon()
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
}
