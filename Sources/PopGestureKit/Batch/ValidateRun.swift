/// `popgesture validate`: loads every document and reports each input error like a compiler.
public struct ValidateRun {
    public enum Format: String, Sendable, CaseIterable { case text, json }

    public var paths: [String]
    public var format: Format
    public var jobs: Int

    public init(paths: [String], format: Format = .text, jobs: Int) {
        self.paths = paths
        self.format = format
        self.jobs = jobs
    }

    public func run(console: Console = Console()) -> ExitStatus {
        let driver = BatchDriver(paths: paths, jobs: jobs, console: console)
        var summary = ValidateSummary(files: driver.files.count)
        var renderer: any ValidateRenderer = switch format {
        case .text: ValidateTextRenderer(console: console)
        case .json: ValidateJSONRenderer(console: console)
        }
        renderer.begin()
        driver.run({ _, produce in ValidateFileJob(produce: produce) }, emit: { item in
            guard case .output(let problem) = item else { return }
            summary.documents += 1
            guard let problem else { return }
            summary.invalid += 1
            renderer.add(problem)
        })
        renderer.end(summary)
        console.flush()
        return ExitStatus(errors: 0, findings: summary.invalid)
    }
}

/// An invalid document: where it is and what is wrong.
struct InvalidDocument: Sendable {
    var source: String
    var diagnostic: Diagnostic
}

/// `validate`'s work on one file: load only; nil for each valid document.
struct ValidateFileJob: FileJob {
    typealias Output = InvalidDocument?
    let replays: [Replay] = []
    let produce: (InvalidDocument?) -> Void

    func document(_ result: DocumentResult) {
        if case .failure(let source, let diagnostic) = result {
            produce(InvalidDocument(source: source, diagnostic: diagnostic))
        } else {
            produce(nil)
        }
    }

    func finish() {}
}

public struct ValidateSummary: Sendable {
    var files: Int
    var documents = 0
    var invalid = 0
    var valid: Int { documents - invalid }
}
