import Foundation
import PopGestureCore

/// `popgesture check`: replays every trace document, evaluates its `expect` items and compares it with
/// its golden; exit 0 all pass, 1 any failure, 2 any input error (the rest still run).
public struct CheckRun: Sendable {
    public enum Format: String, Sendable, CaseIterable { case text, json, junit, html, github, markdown, sarif }

    public var paths: [String]
    /// `--exclude` and the config file's `exclude`: what a folder walk leaves out.
    public var exclusions = Exclusions()
    /// Where the config file named the paths it gave (`include`), for the error when one leads nowhere.
    public var namedAt: [String: PathNaming] = [:]
    public var rules: RulesChoice
    public var format: Format
    public var jobs: Int
    public var updateGoldens: Bool
    public var requireGoldens: Bool
    /// A trace with no `expect` items and no golden fails instead of counting as unchecked, and a
    /// warning makes the run exit 1.
    public var strict: Bool
    /// --update-goldens records a file's golden even when some of its traces' expectations fail.
    public var force: Bool
    /// Finding no trace file is not an error.
    public var allowEmpty: Bool
    /// Text format: each failing trace document is followed by its explanation (`explain`).
    public var verbose = false
    /// `--shard K/N`: only this slice of the files; json and junit say which, for `merge`.
    public var shard: Shard?
    /// `--baseline FILE`: its failures are known (counted apart, not failing the run).
    public var baseline: String?
    /// `--write-baseline FILE`: this run's failures, recorded as a baseline.
    public var writeBaseline: String?

    public init(
        paths: [String], rules: RulesChoice, format: Format = .text, jobs: Int,
        updateGoldens: Bool = false, requireGoldens: Bool = false, allowEmpty: Bool = false,
        strict: Bool = false, force: Bool = false, shard: Shard? = nil
    ) {
        self.strict = strict
        self.force = force
        self.shard = shard
        self.paths = paths
        self.allowEmpty = allowEmpty
        self.rules = rules
        self.format = format
        self.jobs = jobs
        self.updateGoldens = updateGoldens
        self.requireGoldens = requireGoldens
    }

    /// The run `settings` resolved (the config file and the flags, `RunSettings.resolve`) describe.
    public init(settings: RunSettings, updateGoldens: Bool = false, force: Bool = false, shard: Shard? = nil) {
        self.init(
            paths: settings.paths, rules: settings.rules, format: settings.format, jobs: settings.jobs,
            updateGoldens: updateGoldens, requireGoldens: settings.requireGoldens, allowEmpty: settings.allowEmpty,
            strict: settings.strict, force: force, shard: shard)
        exclusions = settings.exclusions
        namedAt = settings.namedAt
    }

    /// The command line a shard mark records: what must match for shards to merge.
    var described: String {
        describeRun(
            "check",
            options: [
                "--format \(format)", rules.forced.map { "--rules \($0.name)" },
                updateGoldens ? "--update-goldens" : nil, force ? "--force" : nil,
                requireGoldens ? "--require-goldens" : nil, strict ? "--strict" : nil,
                allowEmpty ? "--allow-empty" : nil, baseline.map { "--baseline \($0)" },
            ], paths: paths)
    }

    /// `paint`: colour for the text format (`Console.stdoutPaint` under `--color`).
    public func run(console: Console = Console(), paint: Paint = Paint(false)) -> ExitStatus {
        var page: String?
        let accepted: Baseline?
        do {
            accepted = try baseline.map(Baseline.load)
        } catch {
            console.report(asDiagnostic(error, path: baseline ?? ""))
            return console.finish(.errors)
        }
        var recorded = Baseline()
        var traces: [Baseline.Entry: String] = [:]
        let driver = BatchDriver(
            paths: paths, jobs: jobs, console: console, allowEmpty: allowEmpty, shard: shard, exclusions: exclusions,
            namedAt: namedAt)
        let mark = driver.mark(run: described, strict: strict)
        var renderer: any CheckRenderer =
            switch format {
            case .text: CheckTextRenderer(console: console, paint: paint)
            case .json: CheckJSONRenderer(console: console, mark: mark)
            case .junit: CheckJUnitRenderer(console: console, mark: mark)
            case .html: CheckHTMLRenderer(title: "popgesture check \(paths.joined(separator: " "))") { page = $0 }
            case .github: CheckGitHubRenderer(console: console)
            case .markdown: CheckMarkdownRenderer(console: console)
            case .sarif: CheckSARIFRenderer(console: console)
            }
        var summary = CheckSummary()
        renderer.begin()
        let check = self
        func add(_ output: CheckOutput) {
            switch output {
            case .document(let document):
                summary.add(document)
                for failure in document.failures + document.known {
                    let entry = Baseline.Entry(failure, source: document.source)
                    recorded.add(entry)
                    traces[entry] = document.trace
                }
                // Text shows the error in its place; the other formats keep stdout machine-readable.
                if let error = document.error, format != .text { console.report(error) }
            case .fileEnd(let file):
                summary.add(file)
                if let error = file.goldenError, format != .text { console.report(error) }
                if let refusal = file.goldenRefused { console.report(refusal) }
            }
            renderer.add(output)
        }
        let tally = driver.run(
            { path, head, produce, warn in
                try CheckFileJob(check: check, baseline: accepted, path: path, head: head, produce: produce, warn: warn)
            },
            failed: { failed in
                // One document, its error; a job that finished says its file's end itself.
                add(.document(CheckedDocument(source: failed.path, error: failed.diagnostic)))
                var file = CheckedFile(path: failed.path)
                file.documents = 1
                add(.fileEnd(file))
            },
            warned: { renderer.warning($0) },
            output: add)
        summary.notTraces = tally.notTraces.count
        summary.passedOver = tally.notTraces
        summary.warnings = tally.warnings
        renderer.end(summary)
        if let page { console.out(page) }
        if let writeBaseline {
            var file = AtomicFile(path: writeBaseline, what: "the baseline")
            file.write(recorded.rendered(traces: traces))
            do {
                try file.commit()
                console.report(
                    Diagnostic(
                        path: writeBaseline,
                        message: "wrote the baseline: \(counted(recorded.entries.count, "failure"))", severity: .note))
            } catch {
                console.report(asDiagnostic(error, path: writeBaseline))
                summary.errors += 1
            }
        }
        return console.finish(
            ExitStatus(
                errors: summary.errors + summary.goldensNotWritten + tally.runErrors,
                findings: summary.failed + (strict ? summary.warnings : 0)))
    }
}

/// `check`'s work on one file: each document's verdicts, and its golden compared or recorded
/// beside the documents, line by line, so neither is held whole.
struct CheckFileJob: FileJob {
    typealias Output = CheckOutput
    let replays: [Replay]
    private let replay: Replay
    private let rules: Rules
    /// `html` shows each failure's plot.
    private let plotsFailures: Bool
    /// `--verbose` text explains each failure.
    private let explainsFailures: Bool
    private let produce: (CheckOutput) -> Void
    private let requireGoldens: Bool
    private let strict: Bool
    private let force: Bool
    /// Traces whose expectations fail while their golden is being recorded: the golden would
    /// enshrine a behaviour the trace itself says is wrong.
    private var failingWhileRecording: [String] = []
    private let path: String
    private let goldenPath: String
    private var file: CheckedFile
    // Recording reads the golden in place itself; comparing reads it here. Either way it is closed
    // when the file is done, whatever was read of it.
    private var stored: GoldenLines
    private var recorder: GoldenRecorder?
    private var pending: CheckedDocument?
    private var compared = 0
    /// `--baseline`: the accepted failures, and those of them met failing again in this file.
    private let baseline: Baseline?
    private var stillFailing: Set<Baseline.Entry> = []
    /// Warnings about a document (a take timed by a coarse clock, `RecordedClock`).
    private let warn: (Diagnostic) -> Void

    init(
        check: CheckRun, baseline: Baseline? = nil, path: String, head: [UInt8]? = nil,
        produce: @escaping (CheckOutput) -> Void,
        warn: @escaping (Diagnostic) -> Void
    ) throws {
        self.baseline = baseline
        self.warn = warn
        rules = try check.rules.rules(for: path, head: head, warn: warn)
        plotsFailures = check.format == .html
        explainsFailures = check.verbose && check.format == .text
        self.path = path
        self.produce = produce
        requireGoldens = check.requireGoldens
        strict = check.strict
        force = check.force
        file = CheckedFile(path: path)
        goldenPath = Golden.path(for: path)
        // Standard input has no file beside which a golden could lie.
        let hasGolden = path != StandardInput.path
        stored = check.updateGoldens || !hasGolden ? GoldenLines() : try GoldenLines(path: goldenPath)
        recorder = check.updateGoldens && hasGolden ? try GoldenRecorder(path: goldenPath) : nil
        // Without a golden, only the expectations' verdicts are needed: the replay keeps no records.
        replay = Replay(rules: rules, keepsRecords: recorder != nil || stored.exists)
        replays = [replay]
    }

    mutating func document(_ result: DocumentResult) {
        var line = ""
        var document: CheckedDocument
        var plotted: (trace: Trace, report: TraceReport, hasRecords: Bool)?
        var hasExpectations = false
        switch result {
        case .trace(let trace, let reports):
            if let warning = RecordedClock.warning(for: trace, rules: rules) { warn(warning) }
            let reworded = replay.reworded(reports[0], of: trace)
            let report = reworded ?? reports[0]
            document = CheckedDocument(source: trace.source, trace: trace.name, rules: rules.name)
            document.location = trace.location
            document.passedExpectations = report.expectations.passed
            document.intent = report.expectations.intent
            document.failures = report.expectations.failures.map(CheckFailure.init)
            hasExpectations = !trace.expectations.isEmpty
            if report.expectations.failed > 0 { failingWhileRecording.append(trace.source) }
            if replay.keepsRecords { line = Golden.line(for: report) }
            plotted = (trace, report, replay.keepsRecords || reworded != nil)
        case .failure(let source, let diagnostic):
            document = CheckedDocument(source: source, error: diagnostic)
            document.location = diagnostic.location
            if replay.keepsRecords { line = Golden.line(forError: diagnostic, traceFile: path) }
        case .other:
            file.otherDocuments += 1
            return
        }
        emitPending()
        file.documents += 1
        if recorder != nil {
            recorder?.append(line)
        } else if stored.exists {
            if let expected = stored.next() {
                document.failures += Golden.differences(expected: expected, actual: line).map { document.golden($0) }
            } else {
                document.failures.append(
                    document.golden("\(goldenPath) has no line for this document (it has \(compared))"))
            }
            compared += 1
        } else if requireGoldens, document.error == nil, path != StandardInput.path {
            document.failures.append(document.golden("no \(goldenPath); record it with --update-goldens"))
        }
        // Nothing was checked: passing it silently would let a trace without `expect` or golden pass forever.
        if document.error == nil, !hasExpectations, recorder == nil, !stored.exists, document.failures.isEmpty {
            if strict {
                document.failures.append(
                    CheckFailure(
                        kind: CheckFailure.uncheckedKind,
                        message: "unchecked: no `expect` items and no golden (--strict fails such a trace)",
                        location: document.location))
            } else {
                document.unchecked = true
            }
        }
        if plotsFailures, !document.failures.isEmpty, let plotted {
            document.plot = plot(plotted.trace, plotted.hasRecords ? plotted.report : nil)
        }
        if explainsFailures, !document.failures.isEmpty, let plotted {
            document.explanation =
                plotted.trace.eventsKept
                ? Explanation(trace: plotted.trace, rules: rules).text()
                : "  (a recording too long to keep its samples cannot be explained)\n"
        }
        // Held back one document, so that a golden with lines to spare can say so on the last one.
        pending = document
        settleWithBaseline()
    }

    /// Without a report with records (no golden kept them), the trace is replayed again with them
    /// while its events are at hand.
    private func plot(_ trace: Trace, _ report: TraceReport?) -> String? {
        guard trace.eventsKept else { return nil }
        return TracePlot(trace: trace, report: report ?? Replay(rules: rules).run(trace), rules: rules).svg()
    }

    mutating func finish() {
        defer { stored.close() }
        if recorder == nil, stored.exists, stored.next() != nil, pending != nil {
            if let document = pending {
                pending?.failures.append(
                    document.golden("\(goldenPath) has more lines than the file has documents (\(file.documents))"))
                settleWithBaseline()
            }
        }
        if let baseline {
            // A baselined failure of this file not met again: fixed (or its trace is gone).
            file.baselineFixed = baseline.entries(ofFile: path).filter { !stillFailing.contains($0) }
        }
        if var recorder {
            if file.documents == 0 {
                // Rules and stack-config files have no golden.
                recorder.discard()
            } else if !failingWhileRecording.isEmpty, !force {
                recorder.discard()
                let traces =
                    failingWhileRecording.count == 1
                    ? failingWhileRecording[0]
                    : "\(failingWhileRecording[0]) and \(counted(failingWhileRecording.count - 1, "other"))"
                file.goldenRefused = Diagnostic(
                    path: goldenPath, message: "not recorded: the expectations of \(traces) fail",
                    suggestion: "fix the trace or the rules, or pass --force to record it anyway", severity: .warning)
            } else {
                do {
                    file.goldenWritten = try recorder.commit()
                } catch {
                    // Not the trace's failure: the run could not do what it was asked.
                    file.goldenError = asDiagnostic(error, path: goldenPath)
                }
            }
        }
        emitPending()
        produce(.fileEnd(file))
    }

    /// The pending document's failures that the baseline accepts move to `known`. A document that
    /// could not be read keeps its baseline entries from counting as fixed.
    private mutating func settleWithBaseline() {
        guard let baseline, var document = pending else { return }
        if document.error != nil {
            stillFailing.formUnion(baseline.entries.filter { $0.source == document.source })
            return
        }
        let all = document.failures + document.known
        document.failures = []
        document.known = []
        for failure in all {
            let entry = Baseline.Entry(failure, source: document.source)
            if baseline.contains(entry) {
                document.known.append(failure)
                stillFailing.insert(entry)
            } else {
                document.failures.append(failure)
            }
        }
        pending = document
    }

    private mutating func emitPending() {
        if let document = pending { produce(.document(document)) }
        pending = nil
    }
}
