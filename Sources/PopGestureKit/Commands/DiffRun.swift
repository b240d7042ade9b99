import PopGestureCore

/// `popgesture diff`: every trace under two rule versions, what changed, and a summary table.
/// Exit 0 no differences, 1 differences, 2 errors, like diff(1).
public struct DiffRun: Sendable {
    public enum Format: String, Sendable, CaseIterable { case text, json }

    public var paths: [String]
    /// `--exclude` and the config file's `exclude`: what a folder walk leaves out.
    public var exclusions = Exclusions()
    /// Where the config file named the paths it gave (`include`), for the error when one leads nowhere.
    public var namedAt: [String: PathNaming] = [:]
    public var base: Rules
    public var head: Rules
    public var format: Format
    public var jobs: Int
    /// Finding no trace file is not an error.
    public var allowEmpty: Bool
    /// `--shard K/N`: only this slice of the files; json says which, for `merge`.
    public var shard: Shard?

    public init(
        paths: [String], base: Rules, head: Rules, format: Format = .text, jobs: Int, allowEmpty: Bool = false,
        shard: Shard? = nil
    ) {
        self.paths = paths
        self.shard = shard
        self.allowEmpty = allowEmpty
        self.base = base
        self.head = head
        self.format = format
        self.jobs = jobs
    }

    /// The run `settings` resolved (the config file and the flags, `RunSettings.resolve`) describe.
    public init(settings: RunSettings, base: Rules, head: Rules, format: Format, shard: Shard? = nil) {
        self.init(
            paths: settings.paths, base: base, head: head, format: format, jobs: settings.jobs,
            allowEmpty: settings.allowEmpty, shard: shard)
        exclusions = settings.exclusions
        namedAt = settings.namedAt
    }

    /// The command line a shard mark records: what must match for shards to merge.
    var described: String {
        describeRun(
            "diff",
            options: [
                "--format \(format)", "--base \(base.name)", "--head \(head.name)", allowEmpty ? "--allow-empty" : nil,
            ],
            paths: paths)
    }

    public func run(console: Console = Console()) -> ExitStatus {
        let rules = (base, head)
        var summary = DiffSummary(base: base.name, head: head.name)
        let driver = BatchDriver(
            paths: paths, jobs: jobs, console: console, allowEmpty: allowEmpty, shard: shard, exclusions: exclusions,
            namedAt: namedAt)
        var renderer: any DiffRenderer =
            switch format {
            case .text: DiffTextRenderer(console: console)
            case .json: DiffJSONRenderer(console: console, mark: driver.mark(run: described))
            }
        renderer.begin()
        func failed(_ diagnostic: Diagnostic) {
            summary.errors += 1
            console.report(diagnostic)
        }
        let tally = driver.run(
            { _, _, produce, _ in
                DiffFileJob(base: rules.0, head: rules.1, produce: produce)
            },
            failed: { failed($0.diagnostic) },
            output: { output in
                switch output {
                case .compared(let trace):
                    summary.add(trace)
                    renderer.add(trace)
                case .failure(let diagnostic): failed(diagnostic)
                case .other: summary.otherDocuments += 1
                }
            })
        summary.notTraces = tally.notTraces.count
        summary.passedOver = tally.notTraces
        renderer.end(summary)
        return console.finish(ExitStatus(errors: summary.errors + tally.runErrors, findings: summary.changed))
    }
}

enum DiffOutput: Sendable {
    case compared(ComparedTrace)
    case failure(Diagnostic)
    case other
}

/// `diff`'s work on one file: each trace replayed under both rule versions while it is read, each
/// side handing its records to the comparison as they close, from the first: no whole report is
/// kept, however long the recording.
struct DiffFileJob: FileJob {
    typealias Output = DiffOutput
    let replays: [Replay]
    private let comparison = ReportComparison()
    let produce: (DiffOutput) -> Void

    init(base: Rules, head: Rules, produce: @escaping (DiffOutput) -> Void) {
        replays = [
            Replay(rules: base, observer: ComparisonFeed(comparison, .base), fromStart: true),
            Replay(rules: head, observer: ComparisonFeed(comparison, .head), fromStart: true),
        ]
        self.produce = produce
    }

    func document(_ result: DocumentResult) {
        switch result {
        case .trace(let trace, let reports):
            produce(
                .compared(
                    ComparedTrace(
                        source: trace.source, trace: trace.name,
                        changes: comparison.changes(base: reports[0].final, head: reports[1].final))))
        case .failure(_, let diagnostic):
            produce(.failure(diagnostic))
        case .other:
            produce(.other)
        }
    }

    func finish() {}
}

/// One side of a diff, watching its replay.
final class ComparisonFeed: ReplayObserver, @unchecked Sendable {
    // Fed by the one thread that reads the file.
    let comparison: ReportComparison
    let side: ReportComparison.Side

    init(_ comparison: ReportComparison, _ side: ReportComparison.Side) {
        self.comparison = comparison
        self.side = side
    }

    /// The base side's replay starts first, both for a document and when a document's replays
    /// start again from its kept events (a header key came after them): what was compared is stale.
    func began(trace: String, source: String, rules: String) {
        if side == .base { comparison.reset() }
    }

    func closed(gesture: GestureRecord) { comparison.add(gesture: gesture, side: side) }
    func closed(transition: TransitionRecord) {}
    func changed(bar entry: BarEntry) { comparison.add(bar: entry, side: side) }
    func found(anomaly: Anomaly) { comparison.add(anomaly: anomaly.kind, side: side) }
    func found(note: Note) { comparison.add(note: note.kind, side: side) }
    func found(detection: Detection) { comparison.add(detection: detection.direction, side: side) }
    func reached(_ t: Double) {}
    func finished(_ report: TraceReport) {}
}
