import Foundation
import Testing

/// End-to-end: `popgesture explain` and `check --verbose` on the built binary.
@Suite(.serialized) struct ExplainCommandTests {

    @Test func explainDerivesEachGestureAndExitsLikeCheck() throws {
        let dir = try CLI.fixture([
            "a.yaml": CLI.swipe(expect: "- {gesture: 1, pop: cancelled}"), "b.yaml": CLI.swipe(),
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The swipe of CommandLineTests: recognized at 16 with T = (2, 0); fd's five checks pass.
        let run = try CLI.run(["explain", "b.yaml"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("b.yaml#1 swipe (rules fd)\n"))
        #expect(run.stdout.contains("\n  t=16     move to (42, 401), d = (12, 1), velocity 750 pt/s\n"))
        #expect(run.stdout.contains("\n             direction     passes   translation.x 2 > 0\n"))
        #expect(run.stdout.contains("-> completed by projection; release velocity W x prevV = "))
        // Failed expectations end the explanation and make it exit 1. By hand: uikit velocity 750, then
        // 0.2 * 38/17 ms + 0.8 * 750 = 1047.06, then 0.2 * 60/17 ms + 0.8 * 2235.29 = 2494.12; p = (140 - 40) / 390 = 0.256;
        // the statistics end with avgV (6.395 + 3 * 3.668 - 1.923) / 3 = 5.158 and avgA (5 + 3 * 5 - 0) / 3 = 6.667;
        // projected 0.256 + 5.158 * 0.35 + 6.667 * 0.35^2 / 2 = 2.47; settle (1 - 0.256) * 390 / 2494.12 = 290 / 2494.12 s = 116.3 ms.
        let failing = try CLI.run(["explain", "a.yaml"], in: dir)
        #expect(failing.status == 1)
        #expect(
            failing.stdout.hasSuffix(
                "expect[0]: gesture 1: expected pop cancelled, got completed by projection: progress 0.256, release velocity 2494.1 pt/s, projection model: p 0.256 + avgV 5.158 x 0.35 + avgA 6.667 x 0.35^2 / 2 = 2.47 > threshold min(187.5 / 390, 0.5) = 0.481 (n 4, moved); settles in uikit: min(D 350, r 0.744 x W 390 / |velocity| 2494.1 x 1000 = 116.3) = 116.3 ms\n"
            ),
            "\(failing.stdout)")
        // Another rule version, one gesture; an absent gesture and document are said.
        let cupertino = try CLI.run(["explain", "b.yaml", "--rules", "cupertino", "--gesture", "1"], in: dir)
        #expect(
            cupertino.stdout.contains("refused by edgeWidth: edge distance 30 > edgeWidth 20\n"), "\(cupertino.stdout)")
        let absent = try CLI.run(["explain", "b.yaml", "--gesture", "3"], in: dir)
        // A gesture the trace does not have cannot be explained: exit 2, as --document out of range.
        #expect(absent.status == 2 && absent.stdout.isEmpty, "\(absent.stdout)")
        #expect(
            absent.stderr == "b.yaml#1: error: has no gesture 3: the trace has 1 gesture (choose --gesture 1)\n",
            "\(absent.stderr)")
        let noDocument = try CLI.run(["explain", "b.yaml", "--document", "2"], in: dir)
        #expect(
            noDocument.status == 2 && noDocument.stderr.contains("b.yaml: error: has no trace document #2"),
            "\(noDocument.stderr)")
        let missing = try CLI.run(["explain", "none.yaml"], in: dir)
        #expect(missing.status == 2)
    }

    @Test func checkVerboseExplainsOnlyFailingTraces() throws {
        let dir = try CLI.fixture([
            "a.yaml": CLI.swipe(expect: "- {gesture: 1, pop: cancelled}"),
            "b.yaml": CLI.swipe(expect: CLI.passingExpectations),
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["check", "--verbose", "."], in: dir)
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "./a.yaml:9:3: error: expectation failed: swipe (fd): expect[0]: gesture 1: expected pop cancelled"))
        #expect(run.stdout.contains("\n    ./a.yaml#1 swipe (rules fd)\n"))
        #expect(!run.stdout.contains("./b.yaml#1 swipe (rules fd)"))
        #expect(run.stdout.hasSuffix("2 traces in 2 files: 1 passed, 1 failed, 0 errors\n"))
        // Without --verbose, no explanation; with a machine format, none either.
        #expect(!(try CLI.run(["check", "."], in: dir)).stdout.contains("(rules fd)"))
        #expect(!(try CLI.run(["check", "-v", "--format", "junit", "."], in: dir)).stdout.contains("begin checks"))
    }
}
