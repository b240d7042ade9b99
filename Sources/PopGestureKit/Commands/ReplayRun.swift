import PopGestureCore

/// `popgesture replay`: the report of every trace document, as JSON Lines or a text timeline. Exits
/// like `check`: 1 when a trace's expectations fail (the report says which), 2 on input errors.
public struct ReplayRun {
    public enum Format: String, Sendable, CaseIterable { case text, json }

    public var paths: [String]
    /// `--exclude` and the config file's `exclude`: what a folder walk leaves out.
    public var exclusions = Exclusions()
    /// Where the config file named the paths it gave (`include`), for the error when one leads nowhere.
    public var namedAt: [String: PathNaming] = [:]
    public var rules: RulesChoice
    public var format: Format
    public var jobs: Int
    /// Finding no trace file is not an error.
    public var allowEmpty: Bool
    /// `--shard K/N`: only this slice of the files; json says which on a first line, for `merge`.
    public var shard: Shard?

    public init(
        paths: [String], rules: RulesChoice, format: Format, jobs: Int, allowEmpty: Bool = false, shard: Shard? = nil
    ) {
        self.paths = paths
        self.shard = shard
        self.allowEmpty = allowEmpty
        self.rules = rules
        self.format = format
        self.jobs = jobs
    }

    /// The run `settings` resolved (the config file and the flags, `RunSettings.resolve`) describe.
    public init(settings: RunSettings, format: Format, shard: Shard? = nil) {
        self.init(
            paths: settings.paths, rules: settings.rules, format: format, jobs: settings.jobs,
            allowEmpty: settings.allowEmpty, shard: shard)
        exclusions = settings.exclusions
        namedAt = settings.namedAt
    }

    /// The command line a shard mark records: what must match for shards to merge.
    var described: String {
        describeRun(
            "replay",
            options: [
                "--format \(format)", rules.forced.map { "--rules \($0.name)" }, allowEmpty ? "--allow-empty" : nil,
            ],
            paths: paths)
    }

    public func run(console: Console = Console()) -> ExitStatus {
        let format = format
        let choice = rules
        let driver = BatchDriver(
            paths: paths, jobs: jobs, console: console, allowEmpty: allowEmpty, shard: shard, exclusions: exclusions,
            namedAt: namedAt)
        var errors = 0
        // JSON lines written, for a shard's mark: a line may come in many pieces (a long recording's
        // records), and only its last piece ends in its newline, the only one (JSON escapes the others).
        var lines = 0
        var otherDocuments = 0
        var failedTraces = 0
        func failed(_ source: String, _ diagnostic: Diagnostic) {
            errors += 1
            if format == .json {
                console.out(TraceReport.errorJSON(source: source, diagnostic).rendered + "\n")
                lines += 1
            }
            console.report(diagnostic)
        }
        let tally = driver.run(
            { path, head, produce, warn in
                try ReplayFileJob(
                    rules: try choice.rules(for: path, head: head, warn: warn), format: format, path: path,
                    produce: produce)
            },
            failed: { failed($0.path, $0.diagnostic) },
            output: { output in
                switch output {
                case .text(let text):
                    console.out(text)
                    if format == .json && text.utf8.last == UInt8(ascii: "\n") { lines += 1 }
                case .failure(let source, let diagnostic): failed(source, diagnostic)
                case .other: otherDocuments += 1
                case .expectationsFailed: failedTraces += 1
                }
            })
        // Last, with the count of the lines before it (ShardMark).
        if format == .json, let mark = driver.mark(run: described) {
            console.out(JSONValue.object(["shard": mark.holding(lines).json]).rendered + "\n")
        }
        if otherDocuments > 0 {
            console.err("note: \(counted(otherDocuments, "rules or stack-config document")) validated, not replayed\n")
        }
        for phrase in tally.notTraces.phrases { console.err("note: \(phrase)\n") }
        // The reports say which expectations failed; the note says why the exit status is 1.
        if failedTraces > 0 { console.err("note: \(counted(failedTraces, "trace")) with failed expectations\n") }
        return console.finish(ExitStatus(errors: errors + tally.runErrors, findings: failedTraces))
    }
}

enum ReplayOutput: Sendable {
    case text(String)
    /// A document that could not be replayed: an error line in JSON, the diagnostic on stderr.
    case failure(source: String, Diagnostic)
    /// A rules or stack-config document: no report, but counted and said.
    case other
    /// After a trace's output: some of its expectations failed (a finding, exit 1, as in `check`).
    case expectationsFailed
}

/// `replay`'s work on one file. A document's output comes from its whole report, or, for a long
/// recording whose replay stopped keeping records, from the records it handed over as they closed.
struct ReplayFileJob: FileJob {
    typealias Output = ReplayOutput
    let replays: [Replay]
    private let output: RecordWriter
    private let produce: (ReplayOutput) -> Void
    private let path: String

    init(rules: Rules, format: ReplayRun.Format, path: String, produce: @escaping (ReplayOutput) -> Void) throws {
        self.produce = produce
        self.path = path
        output = RecordWriter(format) { produce(.text($0)) }
        // JSON's arrays go to their logs from the first record, so no document keeps its records; a
        // failure's detailed words come from a replay again with records (`reworded`). The text
        // timeline keeps them until the loader commits, since its layout depends on that moment.
        replays = [Replay(rules: rules, observer: output.observer, fromStart: format == .json)]
    }

    mutating func document(_ result: DocumentResult) {
        switch result {
        case .trace(let trace, let reports):
            let report = reports[0]
            switch output {
            case .text(let timeline):
                // An observed timeline is out already; the final state and verdicts follow.
                produce(.text(timeline.endDocument() ? TextTimeline.footer(report) : TextTimeline.render(report)))
            case .json(let lines):
                if let whole = replays[0].reworded(report, of: trace) {
                    lines.discard()
                    produce(.text(whole.jsonLine() + "\n"))
                } else if !lines.isObserving {
                    produce(.text(report.jsonLine() + "\n"))
                } else if !lines.writeLine(report) {
                    produce(
                        .failure(
                            source: trace.source,
                            Diagnostic(
                                path: path,
                                message:
                                    "the report of \(trace.source) could not be read back from its temporary file; its line is incomplete"
                            )))
                }
            }
            if report.expectations.failed > 0 { produce(.expectationsFailed) }
        case .failure(let source, let diagnostic):
            output.abandon()
            produce(.failure(source: source, diagnostic))
        case .other:
            produce(.other)
        }
    }

    func finish() {}

    /// Where a document's records go as the replay hands them over.
    private enum RecordWriter {
        case text(TimelineWriter)
        case json(JSONLineWriter)

        init(_ format: ReplayRun.Format, write: @escaping (String) -> Void) {
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
