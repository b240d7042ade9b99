import PopGestureCore

/// One failure of a trace under `check`: a failed `expect` item, a golden difference, or (with
/// --strict) a trace that checks nothing. It carries its place in the trace file, so that every
/// format can point at the line (the compiler form Xcode and CI annotators read).
public struct CheckFailure: Sendable, Equatable {
    /// An expectation's kind (`Expectation.kind`), or `golden` or `unchecked`.
    public var kind: String
    /// The failure as the text format has always worded it: `expect[0]: ...`, `golden: ...`.
    public var message: String
    /// The failed item's index in `expect`; nil for a golden difference or an unchecked trace.
    public var expectation: Int?
    /// The `expect` item's place, or the document's first line for a golden difference; nil when
    /// the trace has no place (never for a trace read from a file).
    public var location: SourcePosition?

    public static let goldenKind = "golden"
    public static let uncheckedKind = "unchecked"

    init(kind: String, message: String, expectation: Int? = nil, location: SourcePosition?) {
        self.kind = kind
        self.message = message
        self.expectation = expectation
        self.location = location
    }

    init(_ failure: ExpectationFailure) {
        self.init(kind: failure.kind, message: failure.message, expectation: failure.index, location: failure.location)
    }

    /// What went wrong, as the text heading says it.
    public var heading: String {
        switch kind {
        case Self.goldenKind: "golden mismatch"
        case Self.uncheckedKind: "unchecked trace"
        default: "expectation failed"
        }
    }

    /// `path:line:column: ` (or `path: ` without a place), the prefix editors and CI annotators parse.
    func place(path: String) -> String {
        location.map { "\($0.path):\($0.line):\($0.column): " } ?? "\(path): "
    }
}

extension CheckFailure {
    /// `{"column", "expectation", "kind", "line", "message"}`, keys sorted like every JSON output.
    var json: JSONValue {
        .object([
            "message": .string(message), "kind": .string(kind),
            "expectation": .optional(expectation.map(Double.init)),
            "line": .optional(location.map { Double($0.line) }),
            "column": .optional(location.map { Double($0.column) }),
        ])
    }
}

extension CheckedDocument {
    /// The trace file, without the document's `#N`.
    public var file: String { traceFile(ofSource: source) }

    /// `expectation failed: trace (rules): message`, after the place and severity.
    func located(_ failure: CheckFailure) -> String {
        "\(failure.heading): \(trace ?? "") (\(rules ?? "")): \(failure.message)"
    }
}

extension String {
    /// A path as annotation formats want it, relative to where the run started: `./a.yaml` (a walk
    /// of `.`) is `a.yaml`, which GitHub matches against the repository's files.
    var withoutLeadingDotSlash: String {
        var path = Substring(self)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return String(path)
    }
}
