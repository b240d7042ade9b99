import Foundation
import PopGestureCore

/// What one document of an input file came to, loaded and replayed under a command's replays.
public enum DocumentResult: Sendable {
    /// A trace, with one report per replay (none for a command that only loads).
    case trace(Trace, reports: [TraceReport])
    /// A rules or stack-config document: validated, not replayed.
    case other(source: String)
    case failure(source: String, Diagnostic)
}

/// A command's work on one input file, on a worker thread: the replays its traces go through and
/// what it makes of each document. It writes its outputs through the `produce` it was made with,
/// which stays valid until `finish` returns.
protocol FileJob {
    associatedtype Output: Sendable
    /// Empty for a command that only loads.
    var replays: [Replay] { get }
    mutating func document(_ result: DocumentResult)
    /// After the file's last document.
    mutating func finish()
}

/// What a worker hands the calling thread, in input order; `BatchDriver.run` deals with all but the
/// outputs and the failed files itself.
enum BatchItem<Output: Sendable>: Sendable {
    case output(Output)
    /// The file could not be worked on at all (its rule version or its golden did not load); nothing
    /// else of it follows.
    case fileFailed(path: String, Diagnostic)
    /// The file could not be opened, or is not a regular file; nothing else of it follows.
    case unreadable(path: String, Diagnostic)
    /// A `*.json` found by walking whose root has no popgesture `format`; nothing else of it follows.
    case foreign(path: String)
    /// One of popgesture's own files that are no input, found by walking (a baseline, a sweep
    /// report); nothing else of it follows.
    case notTrace(path: String, OwnFile)
    /// Something worth a look in a file that is still used (a comment that looks like a rules
    /// comment but is not one); before the file's outputs.
    case warning(Diagnostic)
    /// After a file's last output.
    case fileEnd(path: String)
}

/// A file that no job's output stands for: nothing else of it follows.
struct FailedFile {
    let path: String
    let diagnostic: Diagnostic
    /// It could not be opened, or is not a regular file (else its job could not be made: its rule
    /// version or its golden did not load).
    let unreadable: Bool
}

/// What a run came to beside the command's own outputs, the same for every command.
struct BatchTally {
    /// The run's own errors, already reported: each path given that leads nowhere (`missing`), and 1
    /// when the run found no trace file.
    var runErrors = 0
    /// Paths given that lead nowhere, each reported once as an error before any file.
    var missing = 0
    /// `*.json` files a walk found that were another tool's (`BatchItem.foreign`).
    var foreign = 0
    /// What each of popgesture's own files a walk passed over was (`BatchItem.notTrace`), in input order.
    var ownFiles: [String] = []

    /// What the summaries say of the files that were not traces and the paths that led nowhere.
    var notTraces: NotTraces { NotTraces(foreign: foreign, own: ownFiles, missing: missing) }
    /// Warnings about files that were still used, each said on stderr as it came.
    var warnings = 0
}

/// The one batch loop every command shares: expands paths into files, runs a job per file on
/// `jobs` threads, loads each document once (replayed while it is read when the job has replays),
/// and hands what the jobs produce to `emit` in input order on the calling thread, whatever `jobs`
/// is; a progress line on a terminal's stderr once a run takes more than a second.
struct BatchDriver {
    let paths: [String]
    let files: [InputFile]
    /// Worker threads: `--jobs`, at most the processors this process may run on.
    let jobs: Int
    let console: Console
    /// A run that finds no trace file passes only when asked to: a CI job pointed at the wrong folder
    /// would otherwise pass forever.
    let allowEmpty: Bool
    /// `--shard K/N`: `files` is this shard's slice of the run's files.
    let shard: Shard?
    /// The whole run's files, of every shard.
    let total: Int
    /// The paths given that lead nowhere: errors of the run, reported before any file.
    let missing: [String]
    /// Where the config file named the paths it gave (`include`): a missing one is said there.
    let namedAt: [String: PathNaming]

    init(
        paths: [String], jobs: Int, console: Console, allowEmpty: Bool = false, shard: Shard? = nil,
        exclusions: Exclusions = Exclusions(), namedAt: [String: PathNaming] = [:]
    ) {
        self.paths = paths
        self.namedAt = namedAt
        let all = InputFiles.files(paths, excluding: exclusions)
        missing = InputFiles.missing(paths)
        files = shard?.select(all) ?? all
        total = all.count
        // Replay is CPU-bound: workers beyond the processors only take turns, and each turn is a
        // context switch (`check --jobs 4` on 2 cores took 1.08x the wall time of `--jobs 2`). The
        // output is the same bytes at any count.
        self.jobs = min(jobs, Console.availableCores)
        self.console = console
        self.allowEmpty = allowEmpty
        self.shard = shard
    }

    /// Bytes from which a file is worth scanning on a thread of its own.
    static let pipelineThreshold = RegularFile.wholeReadLimit

    /// What a sharded run's machine-readable output says of itself (nil unsharded); `strict`: check's
    /// `--strict`, which makes its warnings findings.
    func mark(run: String, strict: Bool = false) -> ShardMark? {
        shard.map {
            ShardMark(
                shard: $0, run: run, files: files.count, total: total, strict: strict, allowEmpty: allowEmpty)
        }
    }

    /// `makeJob` runs on the worker thread of its file, with the file's first bytes when they are in
    /// memory already (for `RulesChoice`, so the file is opened once), that file's `produce` and a `warn` for
    /// warnings about the file. On the calling thread, in input order, `output` gets what the jobs
    /// produce and `failed` each file no job could work on; the driver says warnings on stderr (and
    /// hands them to `warned`), counts other tools' JSON and ends with the no-trace-file error.
    func run<Job: FileJob>(
        _ makeJob:
            @escaping @Sendable (
                _ path: String, _ head: [UInt8]?, _ produce: @escaping (Job.Output) -> Void,
                _ warn: @escaping (Diagnostic) -> Void
            ) throws -> Job,
        failed: (FailedFile) -> Void,
        warned: (Diagnostic) -> Void = { _ in },
        output: (Job.Output) -> Void
    ) -> BatchTally {
        var progress = Progress(total: files.count, console: console)
        // A core no file's worker uses scans a large file's YAML beside its replay: one long
        // recording (the usual `check big.yaml`) then takes two cores. Smaller files are not worth
        // a thread; with as many files as jobs every core has a file already.
        let pipelineFrom = jobs > files.count ? Self.pipelineThreshold : nil
        var tally = BatchTally()
        for path in missing {
            console.report(PathNaming.missing(path, namedAt: namedAt[path]))
        }
        tally.missing = missing.count
        tally.runErrors = missing.count
        forEachInOrder(
            files, jobs: jobs,
            work: { file, produce in
                // The job writes through `produce` only while this call runs.
                withoutActuallyEscaping(produce) { produce in
                    Self.work(on: file, makeJob: makeJob, pipelineFrom: pipelineFrom, produce: produce)
                }
            },
            emit: { (item: BatchItem<Job.Output>) in
                switch item {
                case .output(let produced): output(produced)
                case .fileFailed(let path, let diagnostic):
                    failed(FailedFile(path: path, diagnostic: diagnostic, unreadable: false))
                case .unreadable(let path, let diagnostic):
                    failed(FailedFile(path: path, diagnostic: diagnostic, unreadable: true))
                case .foreign: tally.foreign += 1
                case .notTrace(_, let own): tally.ownFiles.append(own.noun)
                case .warning(let diagnostic):
                    console.report(diagnostic)
                    tally.warnings += 1
                    warned(diagnostic)
                case .fileEnd: progress.tick()
                }
            })
        progress.finish()
        endOfAnEmptyRun(&tally)
        return tally
    }

    /// One file on its worker thread: its loader, its job, each document handed to the job, what
    /// the file turned out to be; `produce` ends with `fileEnd`.
    private static func work<Job: FileJob>(
        on file: InputFile,
        makeJob: (
            _ path: String, _ head: [UInt8]?, _ produce: @escaping (Job.Output) -> Void,
            _ warn: @escaping (Diagnostic) -> Void
        ) throws -> Job,
        pipelineFrom: Int?, produce: @escaping (BatchItem<Job.Output>) -> Void
    ) {
        let path = file.path
        defer { produce(.fileEnd(path: path)) }
        let loader =
            path == StandardInput.path
            ? TraceFileLoader(text: StandardInput.text, path: path)
            : TraceFileLoader(
                path: path, mayBeForeign: file.mayBeForeign, walked: file.walked, pipelineFrom: pipelineFrom)
        loader.checkRunSettings = ConfigFile.check
        if let error = loader.openError {
            produce(.unreadable(path: path, error))
            return
        }
        // Not a trace after all: what the job made of the file so far is not shown.
        var foreign = false
        var job: Job
        do {
            job = try makeJob(
                path, loader.head(limit: RulesChoice.headLimit), { if !foreign { produce(.output($0)) } },
                { produce(.warning($0)) })
        } catch {
            produce(.fileFailed(path: path, asDiagnostic(error, path: path)))
            return
        }
        let replays = job.replays
        loader.sink = replays.isEmpty ? { _ in DiscardedEvents() } : Replay.sink(replays)
        for loaded in loader {
            switch loaded {
            case .trace(let trace, let fed):
                job.document(
                    .trace(trace, reports: replays.isEmpty ? [] : Replay.reports(of: trace, fed: fed, under: replays)))
            case .rules(_, let source), .stackConfig(let source):
                job.document(.other(source: source))
            case .failure(let source, let diagnostic):
                job.document(.failure(source: source, diagnostic))
            case .foreign:
                foreign = true
                produce(.foreign(path: path))
            case .notTrace(_, let own):
                foreign = true
                produce(.notTrace(path: path, own))
            }
        }
        job.finish()
    }

    /// A run that found no trace file is an error unless `--allow-empty`, said for each path given
    /// that did lead somewhere. A shard may be given no file, or only other tools' JSON, while the
    /// run as a whole has traces: a shard says so only of a run with no file at all, and `merge` of
    /// the rest.
    private func endOfAnEmptyRun(_ tally: inout BatchTally) {
        let empty = shard == nil ? files.count == tally.foreign + tally.ownFiles.count : total == 0
        guard empty, !allowEmpty else { return }
        var said = Set(missing)
        for path in paths where said.insert(path).inserted {
            console.report(
                Diagnostic(
                    path: path, message: "no \(InputFiles.patterns) trace file found",
                    suggestion: "pass --allow-empty when an empty run is expected"))
        }
        // Every path given led nowhere: said already, and counted.
        if said.count > missing.count { tally.runErrors += 1 }
    }
}

extension ExitStatus {
    /// The same for every command: errors first, then findings.
    init(errors: Int, findings: Int) {
        self = errors > 0 ? .errors : findings > 0 ? .findings : .ok
    }
}

/// What a run passed over or could not find, for its summary: never skipped quietly.
struct NotTraces: Equatable {
    /// `*.json` files a walk found without a popgesture `format` (another tool's).
    var foreign = 0
    /// popgesture's own files a walk passed over (`OwnFile.noun` of each).
    var own: [String] = []
    /// Paths given that lead nowhere.
    var missing = 0

    /// Every file that was not a trace, as JSON summaries count them (`notTraces`).
    var count: Int { foreign + own.count }

    /// "2 JSON files without a popgesture `format`, not traces", "2 popgesture files that are not
    /// traces (baseline, sweep report)", "1 path not found", each only when there are some.
    var phrases: [String] {
        var phrases: [String] = []
        if foreign > 0 {
            phrases.append(
                "\(counted(foreign, "JSON file")) without a popgesture `format`, not \(foreign == 1 ? "a trace" : "traces")"
            )
        }
        if !own.isEmpty {
            var kinds: [String] = []
            for noun in own where !kinds.contains(noun) { kinds.append(noun) }
            phrases.append(
                "\(counted(own.count, "popgesture file")) that \(own.count == 1 ? "is not a trace" : "are not traces") (\(kinds.joined(separator: ", ")))"
            )
        }
        if missing > 0 { phrases.append("\(counted(missing, "path")) not found") }
        return phrases
    }
}

/// The same, ending a summary line: nothing when there are none.
func notTracesClause(_ notTraces: NotTraces) -> String {
    notTraces.phrases.map { "; " + $0 }.joined()
}
