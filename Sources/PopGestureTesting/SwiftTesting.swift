public import PopGesture
public import Testing

/// Replays every trace document of a trace file and checks its `expect` items, recording one issue per
/// failed item at the caller's line, worded as `popgesture check` words it and followed by
/// `popgesture explain`'s derivation; a failing trace's timeline (`popgesture plot`'s SVG) is
/// attached to the test.
///
/// ```swift
/// @Test func swipeBackFromThread() {
///     expectTrace("Traces/swipe.yaml", rules: .fd)
/// }
/// ```
///
/// - Parameters:
///   - path: the trace file: absolute, relative to the folder of the test file that calls this when
///     a file is there, else from the current folder.
///   - rules: the rule version; nil: the file's `# popgesture-rules:` comment, else `fd`.
///   - sourceLocation: where the issues are recorded: the caller's line.
/// - Returns: each document's report, for further checks (empty when the file could not be loaded).
@discardableResult
public func expectTrace(
    _ path: String, rules: Rules? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> [Report] {
    record(TraceAssertions.load(path, rules: rules, testFile: sourceLocation.filePath), at: sourceLocation)
}

/// As ``expectTrace(_:rules:sourceLocation:)``, for trace YAML held in a string; `path` names it in
/// the issues.
@discardableResult
public func expectTrace(
    yaml: String, path: String = "trace.yaml", rules: Rules? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> [Report] {
    record(TraceAssertions.load(yaml: yaml, path: path, rules: rules), at: sourceLocation)
}

/// Checks that a gesture's interactive pop completed (`completes: true`, as `{gesture: N, pop:
/// completed}`) or did not, recording an issue at the caller's line with check's and explain's words
/// when it did not go so.
///
/// ```swift
/// let report = try Trace.load(contentsOf: path)[0].replay(rules: .uikit)
/// expectPop(report.gestures[0], completes: false)
/// ```
public func expectPop(_ gesture: Gesture, completes: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let failure = TraceAssertions.pop(gesture, completes: completes) else { return }
    Issue.record(Comment(rawValue: TraceAssertions.issue(failure)), sourceLocation: sourceLocation)
}

private func record(
    _ loaded: Result<[Report], TraceAssertions.Problem>, at sourceLocation: SourceLocation
) -> [Report] {
    let reports: [Report]
    switch loaded {
    case .failure(let problem):
        Issue.record(Comment(rawValue: problem.text), sourceLocation: sourceLocation)
        return []
    case .success(let loaded):
        reports = loaded
    }
    for report in reports {
        if report.expectations.passed + report.expectations.failed == 0 {
            Issue.record(Comment(rawValue: TraceAssertions.unchecked(report)), sourceLocation: sourceLocation)
        }
        for failure in report.expectations.failures {
            Issue.record(Comment(rawValue: TraceAssertions.issue(failure)), sourceLocation: sourceLocation)
        }
        if !report.expectations.allPassed, let svg = try? report.timelineSVG() {
            Attachment.record(svg, named: attachmentName(report), sourceLocation: sourceLocation)
        }
    }
    return reports
}

/// `cancelled-swipe-2.svg`: the trace file's name and the document's place.
func attachmentName(_ report: Report) -> String {
    let file = report.source.split(separator: "/").last.map(String.init) ?? report.source
    let stem = file.split(separator: ".").first.map(String.init) ?? file
    let document = file.split(separator: "#").last.map(String.init) ?? "1"
    return "\(stem)-\(document).svg"
}
