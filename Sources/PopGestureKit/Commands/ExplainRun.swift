import PopGestureCore

/// `popgesture explain`: each trace document of a file replayed under its rule version, every
/// gesture derived step by step (see `Explanation`).
public struct ExplainRun: Sendable {
    public var path: String
    public var rules: RulesChoice
    /// The `#N` of the document to explain; nil explains every trace document.
    public var document: Int?
    /// The gesture (from 1) to explain; nil explains every gesture.
    public var gesture: Int?

    public init(path: String, rules: RulesChoice, document: Int? = nil, gesture: Int? = nil) {
        self.path = path
        self.rules = rules
        self.document = document
        self.gesture = gesture
    }

    /// Exit 1 when an explained document's expectations fail (their failures end its explanation),
    /// as `check` does; 2 on input errors.
    public func run(console: Console = Console()) -> ExitStatus {
        var errors = 0
        var findings = 0
        var explained = 0
        let choice = rules
        let document = document
        let gesture = gesture
        func failed(_ diagnostic: Diagnostic) {
            errors += 1
            console.report(diagnostic)
        }
        let runErrors = BatchDriver(paths: [path], jobs: 1, console: console).run(
            { path, head, produce, warn in
                ExplainFileJob(
                    rules: try choice.rules(for: path, head: head, warn: warn), document: document, gesture: gesture,
                    produce: produce, warn: warn)
            },
            failed: { failed($0.diagnostic) },
            output: { output in
                switch output {
                case .explanation(let text, let failed):
                    if explained > 0 { console.out("\n") }
                    console.out(text)
                    explained += 1
                    if failed { findings += 1 }
                case .failure(let diagnostic): failed(diagnostic)
                }
            }
        ).runErrors
        if explained == 0, errors == 0, runErrors == 0 {
            console.report(
                Diagnostic(
                    path: path,
                    message: document.map { "has no trace document #\($0)" } ?? "has no trace document to explain"))
            errors += 1
        }
        return console.finish(ExitStatus(errors: errors + runErrors, findings: findings))
    }
}

enum ExplainOutput: Sendable {
    /// One document's explanation; `failed`: its expectations failed.
    case explanation(String, failed: Bool)
    case failure(Diagnostic)
}

/// `explain`'s work on one file: each chosen trace document replayed again with a derivation.
struct ExplainFileJob: FileJob {
    typealias Output = ExplainOutput
    // The derivation needs the events: the loader keeps them when no replay runs while it reads.
    let replays: [Replay] = []
    let rules: Rules
    let document: Int?
    let gesture: Int?
    let produce: (ExplainOutput) -> Void
    /// Warnings about an explained document (a take timed by a coarse clock, `RecordedClock`).
    let warn: (Diagnostic) -> Void

    mutating func document(_ result: DocumentResult) {
        switch result {
        case .trace(let trace, _):
            guard DocumentChoice(document: document).takes(trace.source) else { return }
            if let warning = RecordedClock.warning(for: trace, rules: rules) { warn(warning) }
            guard trace.eventsKept else {
                produce(
                    .failure(
                        Diagnostic(
                            path: trace.source,
                            message: "is a recording too long to keep its samples, so it cannot be explained",
                            suggestion: "cut the gesture you want out of it into a trace of its own")))
                return
            }
            let explanation = Explanation(trace: trace, rules: rules)
            let count = explanation.report.gestures.count
            // A gesture the trace does not have is a request that cannot be answered, as --document is.
            if let gesture, gesture > count {
                let choices =
                    count == 0
                    ? "it has no gesture to explain"
                    : count == 1 ? "choose --gesture 1" : "choose --gesture 1 to \(count)"
                produce(
                    .failure(
                        Diagnostic(
                            path: trace.source,
                            message:
                                "has no gesture \(gesture): the trace has \(count) gesture\(count == 1 ? "" : "s")",
                            suggestion: choices)))
                return
            }
            produce(
                .explanation(
                    explanation.text(gesture: gesture) + TextTimeline.footer(explanation.report),
                    failed: explanation.report.expectations.failed > 0))
        case .failure(let source, let diagnostic):
            if DocumentChoice(document: document).shows(failureOf: source) {
                produce(.failure(diagnostic))
            }
        case .other:
            break
        }
    }

    func finish() {}
}
