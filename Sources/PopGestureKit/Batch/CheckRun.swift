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
        forEachInOrder(files, jobs: jobs, work: { path in check.checkFile(path) }, emit: { result in
            progress.tick()
            summary.add(result)
            for document in result.documents {
                if let error = document.error, format != .text { console.err(error.description + "\n") }
            }
            reporter.file(result)
        })
        progress.finish()
        reporter.end(summary)
        console.flush()
        if summary.errors > 0 { return .errors }
        return summary.failed > 0 ? .findings : .ok
    }

    func checkFile(_ path: String) -> CheckedFile {
        var result = CheckedFile(path: path)
        let rules: Rules
        do {
            rules = try self.rules.rules(for: path)
        } catch {
            result.documents.append(CheckedDocument(source: path, error: asDiagnostic(error, path: path)))
            return result
        }
        let replay = Replay(rules: rules)
        var goldenLines: [String] = []
        for document in TraceFileLoader(path: path) {
            switch document {
            case .trace(let trace):
                let report = replay.run(trace)
                var checked = CheckedDocument(source: trace.source, trace: trace.name, rules: rules.name)
                checked.passedExpectations = report.expectations.passed
                checked.failures = report.expectations.failures.map(\.message)
                checked.goldenLine = Golden.line(for: report)
                result.documents.append(checked)
            case .failure(let source, let diagnostic):
                var checked = CheckedDocument(source: source, error: diagnostic)
                checked.goldenLine = Golden.line(forError: diagnostic, traceFile: path)
                result.documents.append(checked)
            case .rules, .stackConfig:
                result.otherDocuments += 1
            }
        }
        goldenLines = result.documents.compactMap(\.goldenLine)
        guard !goldenLines.isEmpty else { return result }
        let goldenPath = Golden.path(for: path)
        if updateGoldens {
            do {
                result.goldenWritten = try Golden.write(goldenLines, to: goldenPath)
            } catch {
                result.documents[0].failures.append("\(error)")
            }
            return result
        }
        guard let stored = Golden.read(goldenPath) else {
            if requireGoldens {
                for i in result.documents.indices where result.documents[i].error == nil {
                    result.documents[i].failures.append("golden: no \(goldenPath); record it with --update-goldens")
                }
            }
            return result
        }
        for i in result.documents.indices {
            guard let line = result.documents[i].goldenLine else { continue }
            guard i < stored.count else {
                result.documents[i].failures.append("golden: \(goldenPath) has no line for this document (it has \(stored.count))")
                continue
            }
            for difference in Golden.differences(expected: stored[i], actual: line) {
                result.documents[i].failures.append("golden: \(difference)")
            }
        }
        if stored.count > result.documents.count, let last = result.documents.indices.last {
            result.documents[last].failures.append("golden: \(goldenPath) has \(stored.count) lines for \(result.documents.count) documents")
        }
        return result
    }
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
    var goldenLine: String?

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
    public var documents: [CheckedDocument] = []
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

    mutating func add(_ file: CheckedFile) {
        files += 1
        if file.goldenWritten { goldensWritten += 1 }
        for document in file.documents {
            documents += 1
            switch document.status {
            case "error": errors += 1
            case "failed": failed += 1
            default: passed += 1
            }
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
