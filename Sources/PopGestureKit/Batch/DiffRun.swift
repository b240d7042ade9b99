/// `popgesture diff`: every trace under two rule versions, what changed, and a summary table.
/// Exit 0 no differences, 1 differences, 2 errors, like diff(1).
public struct DiffRun: Sendable {
    public enum Format: String, Sendable, CaseIterable { case text, json }

    public var paths: [String]
    public var base: Rules
    public var head: Rules
    public var format: Format
    public var jobs: Int

    public init(paths: [String], base: Rules, head: Rules, format: Format = .text, jobs: Int) {
        self.paths = paths
        self.base = base
        self.head = head
        self.format = format
        self.jobs = jobs
    }

    struct Compared: Sendable {
        var source: String
        var trace: String
        var changes: [ReportChange]
    }

    public func run(console: Console = Console()) -> ExitStatus {
        let baseReplay = Replay(rules: base), headReplay = Replay(rules: head)
        var compared = 0, changed = 0, errors = 0, others = 0
        var kinds: [String: Int] = [:]
        var json: [JSONValue] = []
        forEachInOrder(InputFiles.expand(paths), jobs: jobs, work: { path, produce in
            for document in TraceFileLoader(path: path, replays: [baseReplay, headReplay]) {
                switch document {
                case .trace, .replayed:
                    guard let (trace, reports) = document.replayed(under: [baseReplay, headReplay]) else { continue }
                    let changes = ReportDiff.changes(base: reports[0], head: reports[1])
                    produce(Result<Compared?, Diagnostic>.success(Compared(source: trace.source, trace: trace.name, changes: changes)))
                case .failure(_, let diagnostic):
                    produce(.failure(diagnostic))
                case .rules, .stackConfig:
                    produce(.success(nil))
                }
            }
        }, emit: { (result: Result<Compared?, Diagnostic>) in
            do {
                switch result {
                case .failure(let diagnostic):
                    errors += 1
                    console.err(diagnostic.description + "\n")
                case .success(nil):
                    others += 1
                case .success(let trace?):
                    compared += 1
                    guard !trace.changes.isEmpty else { return }
                    changed += 1
                    for change in trace.changes { kinds[change.kind, default: 0] += 1 }
                    switch format {
                    case .text:
                        console.out("\(trace.source) \(trace.trace)\n" + trace.changes.map { "  \($0.detail)\n" }.joined())
                    case .json:
                        json.append(.object([
                            "source": .string(trace.source), "trace": .string(trace.trace),
                            "changes": .array(trace.changes.map { .object(["kind": .string($0.kind), "detail": .string($0.detail)]) }),
                        ]))
                    }
                }
            }
        })
        switch format {
        case .text:
            let skipped = others > 0 ? "; \(others) rules or stack-config document\(others == 1 ? "" : "s") not replayed" : ""
            console.out("\(compared) trace\(compared == 1 ? "" : "s") compared (\(base.name) -> \(head.name)), \(changed) changed\(errors > 0 ? ", \(errors) error\(errors == 1 ? "" : "s")" : "")\(skipped)\n")
            let rows = kinds.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            let width = rows.map(\.key.count).max() ?? 0
            for (kind, count) in rows {
                console.out("  " + kind + String(repeating: " ", count: width - kind.count) + "  \(count)\n")
            }
        case .json:
            console.out(JSONValue.object([
                "base": .string(base.name), "head": .string(head.name), "traces": .array(json),
                "summary": .object([
                    "compared": .number(Double(compared)), "changed": .number(Double(changed)), "errors": .number(Double(errors)),
                    "kinds": .object(kinds.mapValues { .number(Double($0)) }),
                ]),
            ]).rendered + "\n")
        }
        console.flush()
        if errors > 0 { return .errors }
        return changed > 0 ? .findings : .ok
    }
}
