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
        var errors = 0
        forEachInOrder(InputFiles.expand(paths), jobs: jobs, work: { path in
            var rendered: [(text: String, error: Diagnostic?)] = []
            func failed(_ source: String, _ diagnostic: Diagnostic) {
                let text = format == .json ? TraceReport.errorJSON(source: source, diagnostic).rendered + "\n" : ""
                rendered.append((text, diagnostic))
            }
            let replay: Replay
            do {
                replay = Replay(rules: try choice.rules(for: path))
            } catch {
                failed(path, asDiagnostic(error, path: path))
                return rendered
            }
            for document in TraceFileLoader(path: path) {
                switch document {
                case .trace(let trace):
                    let report = replay.run(trace)
                    rendered.append((format == .json ? report.jsonLine() + "\n" : TextTimeline.render(report), nil))
                case .failure(let source, let diagnostic):
                    failed(source, diagnostic)
                case .rules, .stackConfig:
                    continue
                }
            }
            return rendered
        }, emit: { documents in
            for (text, error) in documents {
                console.out(text)
                if let error {
                    errors += 1
                    console.err(error.description + "\n")
                }
            }
        })
        console.flush()
        return errors > 0 ? .errors : .ok
    }
}
