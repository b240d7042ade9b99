/// What one YAML document of an input file turned out to be.
public enum LoadedDocument: Sendable {
    /// A trace; `fed` is the sink its events went to as they were read, if one was started for it
    /// (its `events` are then empty when the loader stopped keeping them).
    case trace(Trace, fed: (any TraceEventSink)?)
    /// Rules and stack-config documents live beside traces (`traces/rules/`, `traces/stacks/`);
    /// `validate` checks them, the replay passes them by.
    case rules(Rules, source: String)
    case stackConfig(source: String)
    case failure(source: String, Diagnostic)
    /// A file read with `mayBeForeign` whose first document has no popgesture `format` at its root:
    /// another tool's JSON; nothing else of the file follows.
    case foreign(path: String)
    /// A file found by walking whose first document is one of popgesture's own files that are no
    /// input (`OwnFile`: a baseline, a sweep report); nothing else of the file follows.
    case notTrace(path: String, OwnFile)

    public var source: String {
        switch self {
        case .trace(let trace, _): trace.source
        case .rules(_, let source), .stackConfig(let source), .failure(let source, _), .foreign(let source),
            .notTrace(let source, _):
            source
        }
    }
}
