import Foundation

/// `popgesture check`: replays every trace document, evaluates its `expect` items and compares it with
/// its golden; exit 0 all pass, 1 any failure, 2 any input error (the rest still run).
public struct CheckRun: Sendable {
    public enum Format: String, Sendable, CaseIterable { case text, json, junit }

    public var paths: [String]
    public var rules: RulesChoice
    public var format: Format
    public var jobs: Int
    public var updateGoldens: Bool
    public var requireGoldens: Bool

    public init(paths: [String], rules: RulesChoice, format: Format = .text, jobs: Int,
                updateGoldens: Bool = false, requireGoldens: Bool = false) {
        self.paths = paths
        self.rules = rules
        self.format = format
        self.jobs = jobs
        self.updateGoldens = updateGoldens
        self.requireGoldens = requireGoldens
    }

    public func run(console: Console = Console(), colour: Bool = false) -> ExitStatus {
        let files = InputFiles.expand(paths)
        var reporter: any CheckReporter = switch format {
        case .text: TextCheckReporter(console: console, colour: colour)
        case .json: JSONCheckReporter(console: console)
        case .junit: JUnitCheckReporter(console: console)
        }
        var summary = CheckSummary()
        var progress = Progress(total: files.count, console: console)
        reporter.begin()
        let check = self
        forEachInOrder(files, jobs: jobs, work: { path, produce in check.checkFile(path, produce) }, emit: { (output: CheckOutput) in
            switch output {
            case .document(let document):
                summary.add(document)
                if let error = document.error, format != .text { console.err(error.description + "\n") }
                reporter.document(document)
            case .fileEnd(let file):
                progress.tick()
                summary.add(file)
                reporter.file(file)
            }
        })
        progress.finish()
        reporter.end(summary)
        console.flush()
        if summary.errors > 0 { return .errors }
        return summary.failed > 0 ? .findings : .ok
    }

    /// Checks one file, producing each document's result as soon as it is known; the golden is read
    /// (or written) line by line beside the documents, so neither is held whole.
    func checkFile(_ path: String, _ produce: (CheckOutput) -> Void) {
        var file = CheckedFile(path: path)
        defer { produce(.fileEnd(file)) }
        let rules: Rules
        do {
            rules = try self.rules.rules(for: path)
        } catch {
            file.documents += 1
            produce(.document(CheckedDocument(source: path, error: asDiagnostic(error, path: path))))
            return
        }
        let goldenPath = Golden.path(for: path)
        // Recording reads the golden in place itself; comparing reads it here. Either way it is closed
        // when the file is done, whatever was read of it.
        var stored = updateGoldens ? GoldenLines() : GoldenLines(path: goldenPath)
        defer { stored.close() }
        var recorder: GoldenRecorder? = updateGoldens ? GoldenRecorder(path: goldenPath) : nil
        // Without a golden, only the expectations' verdicts are needed: the replay keeps no records.
        let replay = Replay(rules: rules, keepsRecords: recorder != nil || stored.exists)
        var pending: CheckedDocument?
        var compared = 0
        func emitPending() {
            if let document = pending { produce(.document(document)) }
            pending = nil
        }
        let needsLine = replay.keepsRecords
        for loaded in TraceFileLoader(path: path, replays: [replay]) {
            var line = ""
            var document: CheckedDocument
            switch loaded {
            case .trace, .replayed:
                guard let (trace, reports) = loaded.replayed(under: [replay]) else { continue }
                let report = replay.reworded(reports[0], of: trace) ?? reports[0]
                document = CheckedDocument(source: trace.source, trace: trace.name, rules: rules.name)
                document.passedExpectations = report.expectations.passed
                document.failures = report.expectations.failures.map(\.message)
                if needsLine { line = Golden.line(for: report) }
            case .failure(let source, let diagnostic):
                document = CheckedDocument(source: source, error: diagnostic)
                if needsLine { line = Golden.line(forError: diagnostic, traceFile: path) }
            case .rules, .stackConfig:
                file.otherDocuments += 1
                continue
            }
            emitPending()
            file.documents += 1
            if recorder != nil {
                recorder?.append(line)
            } else if stored.exists {
                if let expected = stored.next() {
                    document.failures += Golden.differences(expected: expected, actual: line).map { "golden: \($0)" }
                } else {
                    document.failures.append("golden: \(goldenPath) has no line for this document (it has \(compared))")
                }
                compared += 1
            } else if requireGoldens, document.error == nil {
                document.failures.append("golden: no \(goldenPath); record it with --update-goldens")
            }
            // Held back one document, so that a golden with lines to spare can say so on the last one.
            pending = document
        }
        if recorder == nil, stored.exists, stored.next() != nil, pending != nil {
            pending?.failures.append("golden: \(goldenPath) has more lines than the file has documents (\(file.documents))")
        }
        if var recorder {
            if file.documents == 0 {
                // Rules and stack-config files have no golden.
                recorder.discard()
            } else {
                do {
                    file.goldenWritten = try recorder.commit()
                } catch {
                    pending?.failures.append("\(error)")
                }
            }
        }
        emitPending()
    }
}

enum CheckOutput: Sendable {
    case document(CheckedDocument)
    case fileEnd(CheckedFile)
}

/// The outcome of one trace document under `check`.
public struct CheckedDocument: Sendable {
    public var source: String
    public var trace: String?
    public var rules: String?
    public var passedExpectations = 0
    /// Failed expectations and golden differences, one message each.
    public var failures: [String] = []
    public var error: Diagnostic?

    init(source: String, trace: String? = nil, rules: String? = nil, error: Diagnostic? = nil) {
        self.source = source
        self.trace = trace
        self.rules = rules
        self.error = error
    }

    public var status: String { error != nil ? "error" : failures.isEmpty ? "passed" : "failed" }
}

public struct CheckedFile: Sendable {
    public var path: String
    public var documents = 0
    /// Rules and stack-config documents: validated, not replayed.
    public var otherDocuments = 0
    public var goldenWritten = false
}

public struct CheckSummary: Sendable {
    public var files = 0
    public var documents = 0
    public var passed = 0
    public var failed = 0
    public var errors = 0
    public var goldensWritten = 0
    /// Rules and stack-config documents: validated, not replayed.
    public var otherDocuments = 0

    mutating func add(_ file: CheckedFile) {
        files += 1
        if file.goldenWritten { goldensWritten += 1 }
        otherDocuments += file.otherDocuments
    }

    mutating func add(_ document: CheckedDocument) {
        documents += 1
        switch document.status {
        case "error": errors += 1
        case "failed": failed += 1
        default: passed += 1
        }
    }
}

/// A progress line on a terminal's stderr, once a run has taken more than a second.
struct Progress {
    let total: Int
    let console: Console
    let start = Date()
    var done = 0
    var shown = false
    let enabled = Console.stderrIsTerminal

    mutating func tick() {
        done += 1
        guard enabled, Date().timeIntervalSince(start) > 1 else { return }
        shown = true
        console.err("\r\u{1B}[Kchecked \(done)/\(total) files")
    }

    func finish() {
        if shown { console.err("\r\u{1B}[K") }
    }
}
