/// `popgesture validate`: loads every document and reports each input error like a compiler.
public struct ValidateRun {
    public enum Format: String, Sendable, CaseIterable { case text, json }

    public var paths: [String]
    public var format: Format
    public var jobs: Int

    public init(paths: [String], format: Format = .text, jobs: Int) {
        self.paths = paths
        self.format = format
        self.jobs = jobs
    }

    public func run(console: Console = Console()) -> ExitStatus {
        let files = InputFiles.expand(paths)
        var documents = 0, invalid = 0
        var json: [JSONValue] = []
        forEachInOrder(files, jobs: jobs, work: { path, produce in
            for document in TraceFileLoader(path: path) {
                if case .failure(let source, let diagnostic) = document {
                    produce((source, diagnostic))
                } else {
                    produce(nil)
                }
            }
        }, emit: { (problem: (source: String, diagnostic: Diagnostic)?) in
            documents += 1
            guard let (source, diagnostic) = problem else { return }
            invalid += 1
            switch format {
            case .text: console.out(diagnostic.description + "\n")
            case .json: json.append(diagnostic.json(source: source))
            }
        })
        let valid = documents - invalid
        switch format {
        case .text:
            console.out("\(documents) document\(documents == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s"): \(valid) valid, \(invalid) invalid\n")
        case .json:
            console.out(JSONValue.object([
                "files": .number(Double(files.count)), "documents": .number(Double(documents)),
                "valid": .number(Double(valid)), "invalid": .number(Double(invalid)), "diagnostics": .array(json),
            ]).rendered + "\n")
        }
        console.flush()
        return invalid > 0 ? .findings : .ok
    }
}

extension Diagnostic {
    func json(source: String) -> JSONValue {
        .object([
            "source": .string(source), "path": .string(path), "line": .number(Double(line)),
            "column": .number(Double(column)), "severity": .string("error"), "message": .string(message),
            "suggestion": .optional(suggestion), "text": .string(description),
        ])
    }
}
