import Foundation
import PopGesture
import PopGestureTesting
import Testing

/// `expectTrace` and `expectPop` on a failing trace: one issue per failed item, at the caller's line,
/// with check's line and explain's derivation (the issues are caught with `withKnownIssue`, and each
/// is checked as it comes).
@Suite struct SwiftTestingHelperTests {
    /// Every issue `body` records, caught as known issues (none is not itself an issue).
    static func issues(_ body: () -> Void) -> [Issue] {
        let caught = Caught()
        withKnownIssue(isIntermittent: true) {
            body()
        } matching: { issue in
            caught.add(issue)
            return true
        }
        return caught.issues
    }

    final class Caught: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Issue] = []
        func add(_ issue: Issue) { lock.withLock { list.append(issue) } }
        var issues: [Issue] { lock.withLock { list } }
    }

    static func text(_ issue: Issue) -> String { issue.comments.map(\.rawValue).joined(separator: "\n") }

    @Test func aFailedItemIsOneIssueAtTheCallersLineInCheckAndExplainsWords() throws {
        let path = fixture("failing-swipe.yaml")
        var line = 0
        var reports: [Report] = []
        let issues = Self.issues {
            line = #line + 1
            reports = expectTrace("Traces/failing-swipe.yaml", rules: .fd)
        }
        try #require(issues.count == 1)
        #expect(issues[0].sourceLocation?.line == line)
        #expect(issues[0].sourceLocation?.fileID == "PopGestureTests/SwiftTestingHelperTests.swift")
        let text = Self.text(issues[0])
        let parts = text.components(separatedBy: "\n\n")
        #expect(
            parts[0]
                == "\(path):15:5: expectation failed: cancelled-swipe-between-bar-and-no-bar (fd): expect[1]: "
                + failingPopMessage)
        // The rest is explain's derivation of gesture 1, as `popgesture explain --gesture 1` prints it.
        let derivation = text.dropFirst(parts[0].count + 2)
        let explain = try popgesture(["explain", path, "--gesture", "1"])
        #expect(derivation.hasPrefix("\(path)#1 cancelled-swipe-between-bar-and-no-bar (rules fd)\n"))
        #expect(explain.output.hasPrefix(derivation + "\n"))
        #expect(reports.count == 1 && reports[0].expectations.failed == 1)
    }

    @Test func aPassingTraceRecordsNothing() {
        let reports = expectTrace(bundled("example/cancelled-swipe.yaml"))
        #expect(reports.map(\.expectations.passed) == [5])
    }

    @Test func eachFailedItemIsAnIssue() throws {
        // Two items fail: the pop, and the final bar.
        let yaml = try String(contentsOfFile: fixture("failing-swipe.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "barHidden: true}}", with: "barHidden: false}}")
        var line = 0
        let issues = Self.issues {
            line = #line + 1
            expectTrace(yaml: yaml, path: "two.yaml")
        }
        #expect(issues.map { $0.sourceLocation?.line } == [line, line])
        #expect(
            issues.map { Self.text($0).components(separatedBy: "\n")[0] } == [
                "two.yaml:15:5: expectation failed: cancelled-swipe-between-bar-and-no-bar (fd): expect[1]: "
                    + failingPopMessage,
                "two.yaml:18:5: expectation failed: cancelled-swipe-between-bar-and-no-bar (fd): expect[4]: final: barHidden false expected, got true",
            ])
    }

    @Test func aTraceThatCannotBeLoadedOrChecksNothingIsAnIssue() {
        var line = 0
        let issues = Self.issues {
            line = #line + 1
            expectTrace(yaml: "format: popgesture-trace/1\nstack:\n- {id: a, barHiden: true}\n", path: "bad.yaml")
            expectTrace(yaml: "format: popgesture-trace/1\nname: quiet\nstack: [{id: a}]\n", path: "quiet.yaml")
            expectTrace("no-such-trace.yaml")
        }
        #expect(issues.map { $0.sourceLocation?.line } == [line, line + 1, line + 2])
        #expect(
            issues.map { Self.text($0).components(separatedBy: "\n")[0] } == [
                "popgesture could not load bad.yaml: bad.yaml:3:11: error: unknown key `barHiden` in an entry of `stack`; expected one of `id`, `barHidden`, `popDisabled`, `maxStartX`, `content` (did you mean `barHidden`?)",
                "quiet.yaml#1 quiet (fd) has no `expect` items: nothing was checked",
                "popgesture could not load no-such-trace.yaml: no-such-trace.yaml: error: cannot read file: No such file or directory",
            ])
    }

    @Test func expectPopChecksOneGesture() throws {
        let report = try Trace.load(contentsOf: bundled("example/cancelled-swipe.yaml"))[0].replay()
        var line = 0
        let issues = Self.issues {
            line = #line + 1
            expectPop(report.gestures[0], completes: true)
            expectPop(report.gestures[0], completes: false)
        }
        try #require(issues.count == 1)
        #expect(issues[0].sourceLocation?.line == line)
        let text = Self.text(issues[0])
        #expect(
            text.hasPrefix(
                "expectation failed: cancelled-swipe-between-bar-and-no-bar (fd): " + failingPopMessage + "\n\n"))
        #expect(text.hasSuffix(report.explanation(gesture: 1).trimmingCharacters(in: .newlines)))
        // Under uikit the edge refuses it: no pop, so it does not complete, and nothing is recorded.
        let refused = try Trace.load(contentsOf: bundled("example/cancelled-swipe.yaml"))[0].replay(rules: .uikit)
        #expect(refused.gestures[0].pop == nil)
        #expect(Self.issues { expectPop(refused.gestures[0], completes: false) }.isEmpty)
        let noPop = Self.issues { expectPop(refused.gestures[0], completes: true) }
        #expect(noPop.count == 1)
        #expect(
            Self.text(noPop[0]).contains(
                "expected pop completed, but the gesture refused(outsideEdge) and started no pop"))
    }
}
