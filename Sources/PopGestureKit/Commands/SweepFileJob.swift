import PopGestureCore

/// What `sweep` makes of one file: a tally per version and the flips, in the file's order.
enum SweepOutput: Sendable {
    case file(tallies: [SweepTally], flips: [SweepFlip])
    /// A document that failed to load: an error of every version, said once.
    case failure(Diagnostic)
    /// The file's `# popgesture-rules:` comment names another version than BASE.
    case directive(path: String, spec: String)
}

/// `sweep`'s work on one file: every version is a replay fed by the one event stream the loader
/// reads (one parse per file, however many versions); each hands its records to its `SweepFeed`
/// as they close, from the first, so no version keeps a report.
struct SweepFileJob: FileJob {
    typealias Output = SweepOutput
    let replays: [Replay]
    private let feeds: [SweepFeed]
    private let flipsAll: Bool
    private var tallies: [SweepTally]
    private var flips: [SweepFlip] = []
    let produce: (SweepOutput) -> Void

    init(grid: SweepGrid, flipsAll: Bool, produce: @escaping (SweepOutput) -> Void) {
        feeds = grid.versions.map { _ in SweepFeed() }
        // Small evidence blocks: a hundred versions of a long recording each keep ~100 KB, not ~2 MB.
        replays = zip(grid.versions, feeds).map {
            Replay(rules: $0.rules, observer: $1, fromStart: true, maxStartX: $0.maxStartX, evidenceBlock: 4096)
        }
        tallies = Array(repeating: SweepTally(), count: grid.versions.count)
        self.flipsAll = flipsAll
        self.produce = produce
    }

    mutating func document(_ result: DocumentResult) {
        switch result {
        case .trace(let trace, let reports):
            for i in feeds.indices {
                tallies[i].add(feeds[i].tally)
                tallies[i].add(expectations: reports[i].expectations)
            }
            var intents: [Int: Intent] = [:]
            for case .intent(let n, let intent) in trace.expectations { intents[n] = intent }
            let gestures = feeds.map(\.results.count).max() ?? 0
            // The versions' results side by side, a block of gestures at a time.
            for start in stride(from: 0, to: gestures, by: SweepFeed.resultsBlock) {
                let range = start..<min(start + SweepFeed.resultsBlock, gestures)
                let results = feeds.map { $0.results.elements(in: range) }
                for n in range {
                    // A flip is a change of pop result; a refusal's reason may change without one.
                    let first = results[0][safe: n - start].map(SweepFeed.popResult)
                    guard flipsAll || intents[n + 1] != nil,
                        results.contains(where: { $0[safe: n - start].map(SweepFeed.popResult) != first })
                    else { continue }
                    flips.append(
                        SweepFlip(
                            source: trace.source, gesture: n + 1, intent: intents[n + 1],
                            results: results.map { $0[safe: n - start].map(SweepFeed.label) ?? "absent" }))
                }
            }
        case .failure(_, let diagnostic):
            for i in tallies.indices { tallies[i].errors += 1 }
            produce(.failure(diagnostic))
        case .other:
            break
        }
    }

    func finish() {
        produce(.file(tallies: tallies, flips: flips))
    }
}
