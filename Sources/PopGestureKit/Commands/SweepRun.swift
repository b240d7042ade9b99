import PopGestureCore

/// `popgesture sweep`: every trace replayed under a grid of rule versions in one pass (one parse per
/// file), each version tallied, then the versions ranked and the gestures whose result flips listed.
/// Exit 0 when every version passes, 1 when some version has a failed expectation, missed back or
/// false pop, 2 on errors (a bad --vary, a trace that fails to load, no trace file).
public struct SweepRun: Sendable {
    public enum Format: String, Sendable, CaseIterable { case text, json, svg, html }

    public var paths: [String]
    /// `--rules`: a preset or a rules file, every file's BASE whatever its directive says.
    public var base: String
    /// Each `--vary KEY=VALUES` as given.
    public var vary: [String]
    public var format: Format
    public var jobs: Int
    public var top: Int
    public var flipsAll: Bool
    public var allowEmpty: Bool
    /// `--shard K/N`: only this slice of the files; json says which, for `merge`.
    public var shard: Shard?
    /// `--exclude` and the config file's `exclude`: what a folder walk leaves out.
    public var exclusions = Exclusions()
    /// Where the config file named the paths it gave (`include`), for the error when one leads nowhere.
    public var namedAt: [String: PathNaming] = [:]

    public init(
        paths: [String], base: String = "fd", vary: [String], format: Format = .text, jobs: Int,
        top: Int = 5, flipsAll: Bool = false, allowEmpty: Bool = false, shard: Shard? = nil
    ) {
        self.shard = shard
        self.paths = paths
        self.base = base
        self.vary = vary
        self.format = format
        self.jobs = jobs
        self.top = top
        self.flipsAll = flipsAll
        self.allowEmpty = allowEmpty
    }

    /// The run `settings` resolved (the config file and the flags, `RunSettings.resolve`) describe.
    public init(
        settings: RunSettings, base: String, vary: [String], format: Format, top: Int, flipsAll: Bool,
        shard: Shard? = nil
    ) {
        self.init(
            paths: settings.paths, base: base, vary: vary, format: format, jobs: settings.jobs, top: top,
            flipsAll: flipsAll, allowEmpty: settings.allowEmpty, shard: shard)
        exclusions = settings.exclusions
        namedAt = settings.namedAt
    }

    /// The command line a shard mark records: what must match for shards to merge.
    var described: String {
        describeRun(
            "sweep",
            options: ["--format \(format)", "--rules \(base)"] + vary.map { "--vary \($0)" }
                + [flipsAll ? "--flips all" : nil, allowEmpty ? "--allow-empty" : nil], paths: paths)
    }

    /// Writes to `console`: standard output, or `-o`'s file (`Console.writingOutput(to:)`).
    public func run(console: Console = Console()) -> ExitStatus {
        let grid: SweepGrid
        do {
            grid = try SweepGrid(base: base, vary: vary)
        } catch {
            // The run cannot start: no trace is read, and -o's file is not written.
            console.discardOutput()
            console.report(asDiagnostic(error, path: ""))
            return console.finish(.errors)
        }
        var tallies = Array(repeating: SweepTally(), count: grid.versions.count)
        var flips: [SweepFlip] = []
        var directives: [(path: String, spec: String)] = []
        var files = 0
        let driver = BatchDriver(
            paths: paths, jobs: jobs, console: console, allowEmpty: allowEmpty, shard: shard, exclusions: exclusions,
            namedAt: namedAt)
        let flipsAll = flipsAll
        let baseName = grid.base.name
        let baseSpec = base
        let sweepsRules = grid.sweepsRules
        let runErrors = driver.run(
            {
                (path: String, head: [UInt8]?, produce: @escaping (SweepOutput) -> Void, _: (Diagnostic) -> Void)
                    -> SweepFileJob in
                let scan = head.map(RulesChoice.scan(head:)) ?? RulesChoice.scan(path)
                // Sweeping `rules`, every directive names a version some of the grid is not.
                if let (spec, _) = scan.directive, sweepsRules || (spec != baseSpec && spec != baseName) {
                    produce(.directive(path: path, spec: spec))
                }
                return SweepFileJob(grid: grid, flipsAll: flipsAll, produce: produce)
            },
            failed: { failed in
                // Counted as an error of every version; the rest goes on.
                for i in tallies.indices { tallies[i].errors += 1 }
                console.report(failed.diagnostic)
            },
            output: { output in
                switch output {
                case .file(let fileTallies, let fileFlips):
                    files += 1
                    for i in tallies.indices { tallies[i].add(fileTallies[i]) }
                    flips += fileFlips
                case .failure(let diagnostic):
                    console.report(diagnostic)
                case .directive(let path, let spec):
                    directives.append((path, spec))
                }
            }
        ).runErrors
        if !directives.isEmpty {
            let listed = directives.prefix(10).map { "\($0.path) (\($0.spec))" }.joined(separator: ", ")
            console.report(
                Diagnostic(
                    message:
                        "\(counted(directives.count, "file")) name\(directives.count == 1 ? "s" : "") \(sweepsRules ? "a" : "another") rule version in `# \(RulesChoice.directive)`: \(listed)\(directives.count > 10 ? ", ..." : ""); sweep replays every file \(sweepsRules ? "under each value of `\(SweepGrid.versionKey)`" : "from \(baseName)")",
                    suggestion: sweepsRules ? nil : "pass --rules to sweep from another base", severity: .warning))
        }
        let result = SweepResult(
            base: baseName, keys: grid.keys.map(\.path),
            versions: zip(grid.versions, tallies).map { .init(values: $0.values, tally: $1, differing: $0.differing) },
            flips: flips, flipsAll: flipsAll)
        if !result.labelled, result.versions.contains(where: { $0.tally.documents > 0 }) {
            console.report(
                Diagnostic(
                    message:
                        "no trace has an `intent` label (`{gesture: N, intent: back|stay}`); versions are ranked by failed expectations",
                    severity: .warning))
        }
        let summary = SweepSummary(result: result, files: files, top: top, mark: driver.mark(run: described))
        switch format {
        case .text: Self.render(SweepTextRenderer(console: console), summary)
        case .json: Self.render(SweepJSONRenderer(console: console), summary)
        case .svg: Self.render(SweepSVGRenderer(console: console), summary)
        case .html: Self.render(SweepHTMLRenderer(console: console), summary)
        }
        return console.finish(Self.status(tallies, runErrors: runErrors))
    }

    /// Errors: the load errors every version counts; findings: versions with a failure.
    static func status(_ tallies: [SweepTally], runErrors: Int) -> ExitStatus {
        ExitStatus(
            errors: (tallies.first?.errors ?? 0) + runErrors,
            findings: tallies.filter { $0.failed + $0.intent.failed > 0 }.count)
    }

    private static func render(_ renderer: some SweepRenderer, _ summary: SweepSummary) {
        var renderer = renderer
        renderer.begin()
        renderer.end(summary)
    }
}
