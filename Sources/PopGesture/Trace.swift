internal import PopGestureCore
internal import PopGestureKit

/// One trace document (`format: popgesture-trace/1`): a navigation stack, touch strokes and stack
/// operations, and the `expect` items the replay must meet (docs/reference/trace-format.md).
///
/// Load a file's documents, then replay each under a rule version:
///
/// ```swift
/// for trace in try Trace.load(contentsOf: "Tests/Traces/swipe.yaml") {
///     let report = trace.replay(rules: .fd)
///     print(report.expectations.failures.map(\.message))
/// }
/// ```
public struct Trace: Sendable {
    let core: PopGestureCore.Trace
    let origin: TraceOrigin

    /// The trace's `name` (else its file name, with `#N` when the file holds several documents).
    public var name: String { core.name }
    /// `path#N`: the file and the document's place in it, as reports print it.
    public var source: String { core.source }
    /// The file the trace was read from (for a trace loaded from a string, the path it was given).
    public var path: String { origin.path }
    /// How many `expect` items the trace has.
    public var expectationCount: Int { core.expectations.count }
    /// The rule version the trace is replayed under when none is given: its file's
    /// `# popgesture-rules: NAME|FILE` comment, else `fd` (a trace loaded from a string: `fd`).
    public let defaultRules: Rules

    /// Every trace document of a YAML file, in order. Rules and stack-config documents beside them
    /// are passed by, as `popgesture check` passes them by.
    /// - Throws: ``PopGestureError`` for the first document that cannot be read (the file cannot be
    ///   opened, a syntax error, an unknown key), at its line and column.
    public static func load(contentsOf path: String) throws -> [Trace] {
        // The rules comment is looked for in the head the loader reads, so the file is opened once.
        let loader = TraceFileLoader(path: path)
        let rules: Rules
        do {
            rules = Rules(
                core: try RulesChoice(forced: nil).rules(for: path, head: loader.head(limit: RulesChoice.headLimit)))
        } catch {
            throw PopGestureError(error, path: path)
        }
        return try traces(loader, origin: .file(path), rules: rules)
    }

    /// Every trace document of YAML text; `path` names it in reports and errors (a `config:` key in
    /// it is read relative to `path`'s folder).
    /// - Throws: ``PopGestureError`` for the first document that cannot be read.
    public static func load(yaml: String, path: String = "trace.yaml") throws -> [Trace] {
        try traces(TraceFileLoader(text: yaml, path: path), origin: .text(yaml, path: path), rules: .fd)
    }

    private static func traces(_ loader: TraceFileLoader, origin: TraceOrigin, rules: Rules) throws -> [Trace] {
        var traces: [Trace] = []
        for document in loader {
            switch document {
            case .trace(let trace, _):
                traces.append(Trace(core: trace, origin: origin, defaultRules: rules))
            case .failure(_, let diagnostic):
                throw PopGestureError(diagnostic)
            case .rules, .stackConfig, .foreign, .notTrace:
                continue
            }
        }
        return traces
    }

    /// Replays the trace under `rules` (``defaultRules`` when nil) and evaluates its `expect` items.
    /// The report keeps every record: gestures, pops, transitions, the bar, anomalies, notes.
    public func replay(rules: Rules? = nil) -> Report {
        let rules = rules ?? defaultRules
        let report = Replay(rules: rules.core).run(core)
        return Report(ReplayContext(trace: self, rules: rules.core, report: report))
    }
}

/// Where a trace's text came from: a plot needs it again.
enum TraceOrigin: Sendable {
    case file(String)
    case text(String, path: String)

    var path: String {
        switch self {
        case .file(let path), .text(_, let path): path
        }
    }
}

/// One replay: the trace, its rule version and the core's report, shared by the values read from it
/// (a gesture checks an expectation against the report it came from).
final class ReplayContext: Sendable {
    let trace: Trace
    let rules: PopGestureCore.Rules
    let report: TraceReport

    init(trace: Trace, rules: PopGestureCore.Rules, report: TraceReport) {
        self.trace = trace
        self.rules = rules
        self.report = report
    }

    /// The document's place in its file (`#N`), 1 when the source has none.
    var documentIndex: Int {
        guard let mark = trace.source.lastIndex(of: "#") else { return 1 }
        return Int(trace.source[trace.source.index(after: mark)...]) ?? 1
    }
}
