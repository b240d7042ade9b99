import PopGestureCore

/// `popgesture validate`: loads every document and reports each input error like a compiler; a
/// file's `# popgesture-rules:` comment is checked as `replay` would load it.
public struct ValidateRun {
    public enum Format: String, Sendable, CaseIterable { case text, json }

    public var paths: [String]
    /// `--exclude` and the config file's `exclude`: what a folder walk leaves out.
    public var exclusions = Exclusions()
    /// Where the config file named the paths it gave (`include`), for the error when one leads nowhere.
    public var namedAt: [String: PathNaming] = [:]
    public var format: Format
    public var jobs: Int
    /// Finding no trace file is not an error.
    public var allowEmpty: Bool

    public init(paths: [String], format: Format = .text, jobs: Int, allowEmpty: Bool = false) {
        self.paths = paths
        self.format = format
        self.jobs = jobs
        self.allowEmpty = allowEmpty
    }

    /// The run `settings` resolved (the config file and the flags, `RunSettings.resolve`) describe.
    public init(settings: RunSettings, format: Format) {
        self.init(paths: settings.paths, format: format, jobs: settings.jobs, allowEmpty: settings.allowEmpty)
        exclusions = settings.exclusions
        namedAt = settings.namedAt
    }

    public func run(console: Console = Console()) -> ExitStatus {
        let driver = BatchDriver(
            paths: paths, jobs: jobs, console: console, allowEmpty: allowEmpty, exclusions: exclusions,
            namedAt: namedAt)
        var summary = ValidateSummary(files: driver.files.count)
        var renderer: any ValidateRenderer =
            switch format {
            case .text: ValidateTextRenderer(console: console)
            case .json: ValidateJSONRenderer(console: console)
            }
        renderer.begin()
        let choice = RulesChoice(forced: nil)
        func invalid(_ problem: InvalidDocument) {
            summary.documents += 1
            summary.invalid += 1
            renderer.add(problem)
        }
        let tally = driver.run(
            { path, head, produce, warn in
                try ValidateFileJob(path: path, head: head, rules: choice, produce: produce, warn: warn)
            },
            failed: { failed in
                // Not a finding about a document when unreadable: the run could not look at one.
                if failed.unreadable { summary.unreadable += 1 }
                invalid(InvalidDocument(source: failed.path, diagnostic: failed.diagnostic))
            },
            output: { problem in
                summary.documents += 1
                if let problem {
                    summary.invalid += 1
                    renderer.add(problem)
                }
            })
        summary.files -= tally.notTraces.count
        summary.notTraces = tally.notTraces.count
        summary.passedOver = tally.notTraces
        renderer.end(summary)
        return console.finish(ExitStatus(errors: summary.unreadable + tally.runErrors, findings: summary.invalid))
    }
}

/// `validate`'s work on one file: load only; nil for each valid document.
struct ValidateFileJob: FileJob {
    typealias Output = InvalidDocument?
    let replays: [Replay] = []
    let produce: (InvalidDocument?) -> Void
    /// The file's rule version: a take timed by a coarse clock is warned about under its estimator.
    let rules: Rules
    let warn: (Diagnostic) -> Void

    /// Throws what replay would refuse the file for before reading a document: its rules comment.
    init(
        path: String, head: [UInt8]? = nil, rules: RulesChoice, produce: @escaping (InvalidDocument?) -> Void,
        warn: @escaping (Diagnostic) -> Void = { _ in }
    ) throws {
        self.rules = try rules.rules(for: path, head: head, warn: warn)
        self.produce = produce
        self.warn = warn
    }

    func document(_ result: DocumentResult) {
        if case .trace(let trace, _) = result, let warning = RecordedClock.warning(for: trace, rules: rules) {
            warn(warning)
        }
        if case .failure(let source, let diagnostic) = result {
            produce(InvalidDocument(source: source, diagnostic: diagnostic))
        } else {
            produce(nil)
        }
    }

    func finish() {}
}
