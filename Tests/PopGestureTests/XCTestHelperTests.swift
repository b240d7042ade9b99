import Foundation
import PopGesture
import PopGestureTesting
import XCTest

/// `XCTAssertTrace` and `XCTAssertPop`: each failed item is an `XCTFail` at the caller's file and line
/// with check's and explain's words. The failures are captured, while `capturing` is set, where XCTest
/// records them: `record(_:)` in Apple's XCTest, `recordFailure(withDescription:inFile:atLine:expected:)`
/// in swift-corelibs-xctest (Linux), which has no `XCTIssue`.
final class XCTestHelperTests: XCTestCase {
    struct Failure {
        var description: String
        var file: String
        var line: Int
    }

    private var capturing = false
    private var captured: [Failure] = []

    #if canImport(Darwin)
        // Apple's XCTest records every failure through record(_:).
        override func record(_ issue: XCTIssue) {
            guard capturing else { return super.record(issue) }
            let location = issue.sourceCodeContext.location
            captured.append(
                Failure(
                    description: issue.compactDescription, file: location?.fileURL.path ?? "",
                    line: location?.lineNumber ?? 0))
        }
    #else
        // swift-corelibs-xctest has no XCTIssue: recordFailure is where XCTFail arrives.
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            guard capturing else {
                return super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
            captured.append(Failure(description: description, file: filePath, line: lineNumber))
        }
    #endif

    private func capture(_ body: () -> Void) -> [Failure] {
        captured = []
        capturing = true
        body()
        capturing = false
        return captured
    }

    func testAFailedItemIsOneFailureAtTheCallersLine() throws {
        let path = fixture("failing-swipe.yaml")
        var line = 0
        let failures = capture {
            line = #line + 1
            XCTAssertTrace("Traces/failing-swipe.yaml", rules: .fd)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.file, #filePath)
        let description = failures.first?.description ?? ""
        XCTAssertTrue(
            description.contains(
                "\(path):15:5: expectation failed: cancelled-swipe-between-bar-and-no-bar (fd): expect[1]: "
                    + failingPopMessage + "\n\n\(path)#1 cancelled-swipe-between-bar-and-no-bar (rules fd)\n"),
            description)
        XCTAssertTrue(description.contains("release: projection: n >= 3 and moved, so the projection decides"))
    }

    func testAPassingTraceFailsNothing() {
        let failures = capture { XCTAssertTrace(bundled("example/cancelled-swipe.yaml")) }
        XCTAssertEqual(failures.count, 0)
    }

    func testXCTAssertPopChecksOneGesture() throws {
        let report = try Trace.load(contentsOf: bundled("example/cancelled-swipe.yaml"))[0].replay()
        var line = 0
        let failures = capture {
            line = #line + 1
            XCTAssertPop(report.gestures[0], completes: true)
            XCTAssertPop(report.gestures[0], completes: false)
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains(
                "expectation failed: cancelled-swipe-between-bar-and-no-bar (fd): " + failingPopMessage) == true)
    }
}
