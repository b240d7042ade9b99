#if canImport(XCTest)
    public import PopGesture
    import XCTest

    /// XCTest's form of ``expectTrace(_:rules:sourceLocation:)``: replays every trace document of a
    /// trace file and checks its `expect` items, one `XCTFail` per failed item at the caller's line,
    /// worded as `popgesture check` words it and followed by `popgesture explain`'s derivation.
    ///
    /// ```swift
    /// func testSwipeBackFromThread() {
    ///     XCTAssertTrace("Traces/swipe.yaml", rules: .fd)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: the trace file: absolute, relative to the calling test file's folder when a file is
    ///     there, else from the current folder.
    ///   - rules: the rule version; nil: the file's `# popgesture-rules:` comment, else `fd`.
    ///   - file: where the failures are recorded: the caller's file and line.
    ///   - line: the line in `file`.
    /// - Returns: each document's report (empty when the file could not be loaded).
    // XCTest's own naming (XCTAssertEqual, ...), which its users look for.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    @discardableResult
    public func XCTAssertTrace(
        _ path: String, rules: Rules? = nil, file: StaticString = #filePath, line: UInt = #line
    ) -> [Report] {
        fail(TraceAssertions.load(path, rules: rules, testFile: "\(file)"), file: file, line: line)
    }

    /// ``XCTAssertTrace(_:rules:file:line:)`` for trace YAML held in a string.
    // XCTest's own naming (XCTAssertEqual, ...), which its users look for.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    @discardableResult
    public func XCTAssertTrace(
        yaml: String, path: String = "trace.yaml", rules: Rules? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) -> [Report] {
        fail(TraceAssertions.load(yaml: yaml, path: path, rules: rules), file: file, line: line)
    }

    /// XCTest's form of ``expectPop(_:completes:sourceLocation:)``.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public func XCTAssertPop(_ gesture: Gesture, completes: Bool, file: StaticString = #filePath, line: UInt = #line) {
        guard let failure = TraceAssertions.pop(gesture, completes: completes) else { return }
        XCTFail(TraceAssertions.issue(failure), file: file, line: line)
    }

    private func fail(
        _ loaded: Result<[Report], TraceAssertions.Problem>, file: StaticString, line: UInt
    ) -> [Report] {
        switch loaded {
        case .failure(let problem):
            XCTFail(problem.text, file: file, line: line)
            return []
        case .success(let reports):
            for report in reports {
                if report.expectations.passed + report.expectations.failed == 0 {
                    XCTFail(TraceAssertions.unchecked(report), file: file, line: line)
                }
                for failure in report.expectations.failures {
                    XCTFail(TraceAssertions.issue(failure), file: file, line: line)
                }
            }
            return reports
        }
    }
#endif
