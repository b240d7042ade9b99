import Foundation
import PopGesture

/// What the Swift Testing and XCTest helpers share: where a trace file is, and the words of a failure.
enum TraceAssertions {
    /// `path` as given when absolute; else relative to the folder of the test file that named it
    /// (`#filePath`) when a file is there, so traces can sit beside their tests; else as given, from
    /// the current folder.
    static func resolve(_ path: String, besides testFile: String) -> String {
        if path.hasPrefix("/") { return path }
        let besides = ((testFile as NSString).deletingLastPathComponent as NSString).appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: besides) { return besides }
        return path
    }

    /// One failure of a trace's expectation, recorded at the caller's line: check's line (the trace
    /// file's place, the trace, its rules and what was expected, what happened and why), then
    /// explain's derivation of the gesture the item names.
    static func issue(_ failure: ExpectationFailure) -> String {
        failure.description + "\n\n" + failure.explanation.trimmingCharacters(in: .newlines)
    }

    /// What was wrong with the trace file itself.
    static func loadIssue(_ path: String, _ error: any Error) -> String {
        "popgesture could not load \(path): \(error)"
    }

    static func noTraces(_ path: String) -> String {
        "\(path) holds no trace document (`format: popgesture-trace/1`)"
    }

    /// A trace without `expect` items checks nothing: a test on it would pass whatever the rules do
    /// (as `popgesture check --strict` fails it).
    static func unchecked(_ report: Report) -> String {
        "\(report.source) \(report.trace) (\(report.rules)) has no `expect` items: nothing was checked"
    }

    /// The trace files' reports, or the issue that stopped them.
    static func load(_ path: String, rules: Rules?, testFile: String) -> Result<[Report], Problem> {
        let resolved = resolve(path, besides: testFile)
        do {
            let traces = try Trace.load(contentsOf: resolved)
            if traces.isEmpty { return .failure(Problem(text: noTraces(resolved))) }
            return .success(traces.map { $0.replay(rules: rules) })
        } catch {
            return .failure(Problem(text: loadIssue(resolved, error)))
        }
    }

    static func load(yaml: String, path: String, rules: Rules?) -> Result<[Report], Problem> {
        do {
            let traces = try Trace.load(yaml: yaml, path: path)
            if traces.isEmpty { return .failure(Problem(text: noTraces(path))) }
            return .success(traces.map { $0.replay(rules: rules) })
        } catch {
            return .failure(Problem(text: loadIssue(path, error)))
        }
    }

    /// The issue `expectPop(_:completes:)` records, if any: a pop expected to complete is checked as
    /// `{gesture: N, pop: completed}`; one expected not to, as `pop: cancelled` when it completed.
    static func pop(_ gesture: Gesture, completes: Bool) -> ExpectationFailure? {
        if completes { return gesture.check(.pop(.completed)) }
        return gesture.pop?.result == .completed ? gesture.check(.pop(.cancelled)) : nil
    }

    struct Problem: Error {
        var text: String
    }
}
