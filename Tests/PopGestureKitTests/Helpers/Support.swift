import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Loads every document of an inline YAML text as if it were the file `path`.
func loadDocuments(_ yaml: String, path: String = "t.yaml") -> [LoadedDocument] {
    Array(TraceFileLoader(text: yaml, path: path))
}

/// The single trace of an inline YAML text; records a test failure when it does not load.
func loadTrace(_ yaml: String, path: String = "t.yaml", sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Trace
{
    let documents = loadDocuments(yaml, path: path)
    guard documents.count == 1, case .trace(let trace, _) = documents[0] else {
        Issue.record("expected one trace, got \(documents)", sourceLocation: sourceLocation)
        throw LoadFailure()
    }
    return trace
}

/// The diagnostic of an inline YAML text that must not load.
func loadError(_ yaml: String, path: String = "t.yaml", sourceLocation: SourceLocation = #_sourceLocation)
    -> Diagnostic?
{
    for document in loadDocuments(yaml, path: path) {
        if case .failure(_, let diagnostic) = document { return diagnostic }
    }
    Issue.record("expected a load error, the text loaded", sourceLocation: sourceLocation)
    return nil
}

/// Replays an inline trace under a preset name or rules file path.
func replay(_ yaml: String, rules: String = "fd", sourceLocation: SourceLocation = #_sourceLocation) throws
    -> TraceReport
{
    Replay(rules: try RulesLoader.load(rules)).run(try loadTrace(yaml, sourceLocation: sourceLocation))
}

/// Rules from an inline rules document (written to a temporary file so `extends` paths work).
func rules(_ yaml: String) throws -> Rules {
    let reader = YAMLDocumentReader(text: yaml, path: "inline-rules.yaml")
    guard let node = try reader.nextDocument() else { throw LoadFailure() }
    return try RulesLoader.load(document: node, path: "inline-rules.yaml")
}

/// The diagnostic of an inline rules document that must not load.
func rulesError(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> Diagnostic? {
    do {
        _ = try rules(yaml)
        Issue.record("the rules loaded", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error as? Diagnostic
    }
}

/// Replays an inline trace under inline rules.
func replay(_ yaml: String, rulesDocument: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> TraceReport
{
    Replay(rules: try rules(rulesDocument)).run(try loadTrace(yaml, sourceLocation: sourceLocation))
}

struct LoadFailure: Error {}

/// The project root, the nearest folder above this file that holds Package.swift: found by looking
/// rather than by counting folders, so that a test file can move between folders of the test target.
let packageRoot: String = {
    var path = #filePath
    repeat {
        path = String(path[..<path.lastIndex(of: "/")!])
    } while !path.isEmpty && !FileManager.default.fileExists(atPath: path + "/Package.swift")
    return path
}()

/// The reference data the tests read (conformance suites, velocity vectors, recordings): copied into
/// the repository by `make sync-shared`, so a clone alone runs every test (Tests/Data/README.md).
let dataRoot = packageRoot + "/Tests/Data"

/// What the batch driver does with a loaded document: the trace and its reports under `replays`,
/// from the replays it was fed to while it was read, else replayed now.
func replayed(_ document: LoadedDocument?, under replays: [Replay]) -> (trace: Trace, reports: [TraceReport])? {
    guard case .trace(let trace, let fed)? = document else { return nil }
    return (trace, Replay.reports(of: trace, fed: fed, under: replays))
}

/// Checks a diagnostic's file, line, column and words; `suggestion` nil means "not checked".
func checkError(
    _ error: Diagnostic, path: String, at line: Int, _ column: Int, _ words: [String], suggestion: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    checkError(
        error, path: path, place: Diagnostic.Place(line: line, column: column), words, suggestion: suggestion,
        sourceLocation: sourceLocation)
}

/// The same for a diagnostic about the whole file, or no file (`path` empty): it has no place.
func checkError(
    _ error: Diagnostic, wholeFile path: String, _ words: [String], suggestion: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    checkError(error, path: path, place: nil, words, suggestion: suggestion, sourceLocation: sourceLocation)
}

private func checkError(
    _ error: Diagnostic, path: String, place: Diagnostic.Place?, _ words: [String], suggestion: String?,
    sourceLocation: SourceLocation
) {
    #expect(error.path == path, "\(error)", sourceLocation: sourceLocation)
    #expect(error.place == place, "expected \(String(describing: place)), got \(error)", sourceLocation: sourceLocation)
    for word in words {
        #expect(error.message.contains(word), "missing \"\(word)\" in \(error)", sourceLocation: sourceLocation)
    }
    if let suggestion {
        #expect(error.suggestion == suggestion, "\(error)", sourceLocation: sourceLocation)
    }
}

/// Runs `body` on a fresh folder from mkdtemp holding `files` and `bytes` (relative path -> content),
/// removed afterwards.
func withFolder(
    _ files: [String: String] = [:], bytes: [String: [UInt8]] = [:], _ body: (String) throws -> Void
) throws {
    var template = Array((FileManager.default.temporaryDirectory.path + "/popgesture-loader-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
        Issue.record("mkdtemp failed")
        return
    }
    let folder = String(cString: made)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (name, content) in files.mapValues({ Array($0.utf8) }).merging(bytes, uniquingKeysWith: { $1 }) {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(content)))
    }
    try body(folder)
}
