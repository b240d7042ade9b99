import PopGestureCore

/// `popgesture plot`: one SVG per trace document of a file, replayed under its rule version; `-o
/// NAME.html` puts them all on one page instead.
public struct PlotRun: Sendable {
    public var path: String
    public var rules: RulesChoice
    /// The `#N` of the document to plot; nil plots every trace document.
    public var document: Int?
    /// `-o`: nil writes the SVG to standard output; NAME.html one page, NAME.svg one SVG per
    /// document (NAME-N.svg when there are several).
    public var output: String?
    /// A second rule version: each document is drawn under both, `rules` above, this below.
    public var versus: Rules?

    public init(path: String, rules: RulesChoice, document: Int? = nil, output: String? = nil, versus: Rules? = nil) {
        self.versus = versus
        self.path = path
        self.rules = rules
        self.document = document
        self.output = output
    }

    public func run(console: Console = Console()) -> ExitStatus {
        var plots: [PlotOutput.Plot] = []
        var errors = 0
        let choice = rules
        let document = document
        let versus = versus
        func failed(_ diagnostic: Diagnostic) {
            errors += 1
            console.report(diagnostic)
        }
        let runErrors = BatchDriver(paths: [path], jobs: 1, console: console).run(
            { path, head, produce, warn in
                PlotFileJob(
                    rules: try choice.rules(for: path, head: head, warn: warn), versus: versus, document: document,
                    produce: produce
                )
            },
            failed: { failed($0.diagnostic) },
            output: { output in
                switch output {
                case .plot(let plot): plots.append(plot)
                case .failure(let diagnostic): failed(diagnostic)
                }
            }
        ).runErrors
        if plots.isEmpty, errors == 0 {
            console.report(
                Diagnostic(
                    path: path,
                    message: document.map { "has no trace document #\($0)" } ?? "has no trace document to plot"))
            errors += 1
        }
        if !plots.isEmpty, let problem = write(plots, console: console) {
            console.report(problem)
            errors += 1
        }
        return console.finish(ExitStatus(errors: errors + runErrors, findings: 0))
    }

    private func write(_ plots: [PlotOutput.Plot], console: Console) -> Diagnostic? {
        guard let output else {
            guard plots.count == 1 else {
                return Diagnostic(
                    path: path, message: "holds \(plots.count) trace documents; standard output takes one SVG",
                    suggestion: "choose one with --document N, or write them all with -o NAME.html")
            }
            console.out(plots[0].svg)
            return nil
        }
        if output.lowercased().hasSuffix(".html") {
            let body = plots.map {
                "<h2>\(xmlEscaped("\($0.name) (\($0.source))"))</h2>\n<figure>\n\($0.svg)</figure>\n"
            }.joined()
            return save(
                HTMLPage.render(title: "popgesture plot \(path)", body: "<h1>\(xmlEscaped(path))</h1>\n" + body),
                to: output, console: console)
        }
        for plot in plots {
            // Several documents: NAME-N.svg each, N the document's place in the file.
            let file = plots.count == 1 ? output : Self.numbered(output, plot.index)
            if let problem = save(plot.svg, to: file, console: console) { return problem }
        }
        return nil
    }

    static func numbered(_ output: String, _ index: Int) -> String {
        let lower = output.lowercased()
        let stem = lower.hasSuffix(".svg") ? String(output.dropLast(4)) : output
        return "\(stem)-\(index).svg"
    }

    /// Each file through `-o`'s destination: whole or not at all, then `wrote FILE`.
    private func save(_ text: String, to file: String, console: Console) -> Diagnostic? {
        console.writeFile(file, what: "the plot") { $0.out(text) }
    }
}

enum PlotOutput: Sendable {
    struct Plot: Sendable {
        var source: String
        var name: String
        /// N of `path#N`.
        var index: Int
        var svg: String
    }
    case plot(Plot)
    case failure(Diagnostic)
}

/// `plot`'s work on one file: each chosen trace document's report drawn beside its samples.
struct PlotFileJob: FileJob {
    typealias Output = PlotOutput
    let replays: [Replay]
    let rules: Rules
    let versus: Rules?
    let document: Int?
    let produce: (PlotOutput) -> Void

    init(rules: Rules, versus: Rules?, document: Int?, produce: @escaping (PlotOutput) -> Void) {
        self.rules = rules
        self.versus = versus
        self.document = document
        self.produce = produce
        // Whole reports while the loader keeps the events; past that the trace cannot be plotted, and
        // its records (which grew with the recording: 340 MB for 200 MB) are let go.
        replays = [rules, versus].compactMap { $0 }.map { Replay(rules: $0, observer: RecordDiscarder()) }
    }

    mutating func document(_ result: DocumentResult) {
        switch result {
        case .trace(let trace, let reports):
            let index = DocumentChoice.index(of: trace.source) ?? 1
            guard DocumentChoice(document: document).takes(trace.source) else { return }
            guard trace.eventsKept else {
                produce(
                    .failure(
                        Diagnostic(
                            path: trace.source,
                            message: "is a recording too long to keep its samples, so it cannot be plotted")))
                return
            }
            let svg =
                if let versus {
                    ComparisonPlot(trace: trace, base: (rules, reports[0]), head: (versus, reports[1])).svg()
                } else {
                    TracePlot(trace: trace, report: reports[0], rules: rules).svg()
                }
            produce(.plot(.init(source: trace.source, name: trace.name, index: index, svg: svg)))
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
