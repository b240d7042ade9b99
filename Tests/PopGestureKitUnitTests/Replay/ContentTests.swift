import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// SPEC section 9, one rule per test: a tiny screen with content, a stroke aimed at it, and the
/// decision worked out by hand in a comment. W = 390, ltr and `fd` unless a test says otherwise.
@Suite struct ContentTests {
    /// `a` below `b`; `b` holds `regions` (YAML flow mappings, back to front).
    static func trace(_ regions: [String], direction: String = "ltr", _ events: String) -> String {
        """
        format: popgesture-trace/1
        layoutDirection: \(direction)
        stack:
          - {id: a}
          - id: b
            content:
        \(regions.map { "      - " + $0 }.joined(separator: "\n"))
        events:
        \(events)
        """
    }

    static func rules(_ body: String, extends: String = "fd") -> String {
        "format: popgesture-rules/1\nextends: \(extends)\n\(body)\n"
    }

    static let banner =
        "{id: banner, kind: scroll, frame: [0, 100, 390, 200], axis: horizontal, offset: 120, maxOffset: 1170}"

    /// Down at (30, 150) on the banner; d.x = 6 at 16, 15 at 33 (the content moment and, with the
    /// pop's hysteresis of 10, its recognition: i = j), then on to x = 80 and 120.
    static let swipe = """
        - touch: 1
          samples: [[0, 30, 150], [16, 36, 150], [33, 45, 150], [50, 80, 151], [66, 120, 151]]
          up: 80
        """

    static func close(_ a: Double?, _ b: Double) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= 1e-9 * max(1, abs(b))
    }

    // MARK: Ties (uikit policy)

    @Test func aTieGoesToTheContentOrToThePop() throws {
        // ties: content (fd). At 33 the banner wants the horizontal drag: it claims there and the
        // pop is refused, contentWon. It then follows the finger: offset = 120 - (x - 45), 85 at 50
        // and 45 at 66. At the lift the uikit velocity is 0.2 * 2500 + 0.8 * 2058.82 = 2147.06 pt/s
        // (raws (120-80)/16 and (80-45)/17 per ms); the glide 2147.06 / (1000 ln 0.998) = -1072.5
        // takes 45 below 0: clamped to 0.
        let report = try replay(Self.trace([Self.banner], Self.swipe))
        let g = report.gestures[0]
        #expect(g.outcome == .refused && g.reason == .contentWon && g.decidedAt?.t == 33)
        let content = try #require(g.content)
        #expect(content.result == .claimed && content.region == "banner" && content.kind == .scroll)
        #expect(content.at == Sample(t: 33, x: 45, y: 150))
        #expect(content.offset == ContentRecord.Offset(from: 120, to: 0) && content.open == nil && content.delay == nil)
        #expect(report.final.stack == ["a", "b"])
        // ties: pop. The pop is decided first at the same sample: T.x = 15 - 10 = 5 > 0, it begins,
        // and the banner is lost (no claim, no offset).
        let popFirst = try replay(
            Self.trace([Self.banner], Self.swipe), rulesDocument: Self.rules("content: {ties: pop}"))
        #expect(popFirst.gestures[0].outcome == .began)
        #expect(popFirst.gestures[0].content == ContentRecord(region: "banner", kind: .scroll, result: .lost))
        // ties: pop but the pop refused by its own check (popDisabled): the banner claims at 33.
        let refused = try replay(
            Self.trace([Self.banner], Self.swipe).replacingOccurrences(
                of: "  - id: b\n", with: "  - id: b\n    popDisabled: true\n"),
            rulesDocument: Self.rules("content: {ties: pop}"))
        #expect(refused.gestures[0].reason == .popDisabled && refused.gestures[0].content?.result == .claimed)
        #expect(refused.gestures[0].content?.at?.t == 33)
    }

    // MARK: The pop decided before or after the content moment

    @Test func aPopDecidedBeforeTheContentMoment() throws {
        // Content hysteresis 20: the pop is recognized at 33 (d.x = 15) before the content moment
        // (d.x = 50 at 50). It began, so the banner is lost and never evaluated.
        let began = try replay(
            Self.trace([Self.banner], Self.swipe), rulesDocument: Self.rules("content: {hysteresis: 20}"))
        #expect(began.gestures[0].outcome == .began && began.gestures[0].content?.result == .lost)
        #expect(began.gestures[0].pop?.result == .completed)
        // Refused first (popDisabled): the content decides at its moment, 50, and claims there; the
        // reason stays the pop's own. Offset 120 - (120 - 80) = 80 at 66, then the glide clamps to 0.
        let popDisabled = Self.trace([Self.banner], Self.swipe).replacingOccurrences(
            of: "  - id: b\n", with: "  - id: b\n    popDisabled: true\n")
        let refused = try replay(popDisabled, rulesDocument: Self.rules("content: {hysteresis: 20}"))
        #expect(refused.gestures[0].reason == .popDisabled)
        #expect(refused.gestures[0].content?.at == Sample(t: 50, x: 80, y: 151))
        #expect(refused.gestures[0].content?.offset == ContentRecord.Offset(from: 120, to: 0))
    }

    // MARK: requirePopToFail

    @Test func requirePopToFailDelaysBlocksOrLosesTheClaim() throws {
        // tz with content hysteresis 5: the content moment is 16 (d.x = 6): the banner wants the
        // drag and waits. At 33 the pop is recognized and refused by locationLimit (45 > 40): the
        // banner claims there, from the finger's latest sample, contentDelayed 33 - 16 = 17 ms.
        let rules = Self.rules("content: {hysteresis: 5}", extends: "tz")
        let delayed = try replay(Self.trace([Self.banner], Self.swipe), rulesDocument: rules)
        #expect(delayed.gestures[0].reason == .beyondLocationLimit)
        let content = try #require(delayed.gestures[0].content)
        #expect(content.result == .claimed && content.at == Sample(t: 33, x: 45, y: 150) && content.delay == 17)
        #expect(delayed.anomalies.map(\.kind) == [.contentDelayed] && delayed.anomalies[0].t == 33)
        // The finger lifts at 20, before the pop decides: the banner never gets the drag, blocked,
        // contentBlocked at the lift; the gesture is unrecognized.
        let blocked = try replay(
            Self.trace(
                [Self.banner],
                """
                - touch: 1
                  samples: [[0, 30, 150], [16, 36, 150]]
                  up: 20
                """), rulesDocument: rules)
        #expect(blocked.gestures[0].reason == .touchEnded && blocked.gestures[0].content?.result == .blocked)
        #expect(blocked.anomalies.map(\.kind) == [.contentBlocked] && blocked.anomalies[0].t == 20)
        // Down at x = 10: at 33 (x = 25 <= 40) the pop begins, so the waiting banner is lost.
        let lost = try replay(
            Self.trace(
                [Self.banner],
                """
                - touch: 1
                  samples: [[0, 10, 150], [16, 16, 150], [33, 25, 150], [50, 60, 151]]
                  up: 60
                """), rulesDocument: rules)
        #expect(lost.gestures[0].outcome == .began && lost.gestures[0].content?.result == .lost)
        #expect(lost.anomalies.isEmpty)
    }

    // MARK: simultaneousAtEdge

    @Test func simultaneousAtEdgeLetsAListScrollWhileThePopRuns() throws {
        // A vertical list; content hysteresis 5. At 16, d = (1, 6): the moment, a vertical drag the
        // list wants; it claims without refusing the pop. At 33, d = (15, 20): the pop is
        // recognized (T = (5, 10), direction passes) and begins: doubleHandled at 33.
        let list = "{id: list, kind: scroll, frame: [0, 0, 390, 844], axis: vertical, offset: 300}"
        let report = try replay(
            Self.trace(
                [list],
                """
                - touch: 1
                  samples: [[0, 30, 400], [16, 31, 406], [33, 45, 420], [50, 120, 430]]
                  up: 60
                """), rulesDocument: Self.rules("content: {policy: simultaneousAtEdge, hysteresis: 5}"))
        let g = report.gestures[0]
        #expect(g.outcome == .began && g.content?.result == .claimed && g.content?.at?.t == 16)
        #expect(report.anomalies.map(\.kind) == [.doubleHandled] && report.anomalies[0].t == 33)
        // The list follows y 1:1: 300 - (430 - 406) = 276 before the glide.
        // A carousel scrolled away from 0 is not let through: decided as under uikit, contentWon.
        let carousel = try replay(
            Self.trace([Self.banner], Self.swipe), rulesDocument: Self.rules("content: {policy: simultaneousAtEdge}"))
        #expect(carousel.gestures[0].reason == .contentWon && carousel.anomalies.isEmpty)
    }

    // MARK: edgeYields and the wants rules

    @Test func edgeYieldsAtOffsetZeroInThePopDirectionOnly() throws {
        let atZero = Self.banner.replacingOccurrences(of: "offset: 120", with: "offset: 0")
        let yields = Self.rules("content: {policy: edgeYields}")
        // At offset 0 a drag in the pop direction (d.x = +15): the banner does not want it,
        // declined, and the pop begins at the same sample.
        let toward = try replay(Self.trace([atZero], Self.swipe), rulesDocument: yields)
        #expect(toward.gestures[0].outcome == .began && toward.gestures[0].content?.result == .declined)
        // At 120 it wants it: contentWon as under uikit.
        let scrolled = try replay(Self.trace([Self.banner], Self.swipe), rulesDocument: yields)
        #expect(scrolled.gestures[0].reason == .contentWon)
        // Against the pop direction (d.x = -15 at 33), at offset 0: it wants it and claims; the
        // offset follows, 0 - (x - 45): 35 at 50 (x = 10). The pop is refused.
        let back = try replay(
            Self.trace(
                [atZero],
                """
                - touch: 1
                  samples: [[0, 60, 150], [16, 54, 150], [33, 45, 150], [50, 10, 151]]
                  cancel: 60
                """), rulesDocument: yields)
        #expect(back.gestures[0].reason == .contentWon)
        // A cancel clamps without gliding: 35 stays.
        #expect(back.gestures[0].content?.offset == ContentRecord.Offset(from: 0, to: 35))
    }

    @Test func aFrontRegionThatDeclinesLetsTheOneBehindClaim() throws {
        // A closed swipe row in front of the banner: a drag in the pop direction does not open a
        // closed row, so the row declines and the banner behind it claims (uikit: contentWon).
        let row = "{id: row3, kind: swipeRow, frame: [0, 140, 390, 20]}"
        let report = try replay(Self.trace([Self.banner, row], Self.swipe))
        #expect(report.gestures[0].content?.region == "banner" && report.gestures[0].content?.result == .claimed)
        // Against the pop direction the row wants it: it claims and opens.
        let opened = try replay(
            Self.trace(
                [Self.banner, row],
                """
                - touch: 1
                  samples: [[0, 200, 150], [16, 194, 150], [33, 185, 150]]
                  up: 40
                """))
        #expect(
            opened.gestures[0].content
                == ContentRecord(
                    region: "row3", kind: .swipeRow, result: .claimed,
                    at: Sample(t: 33, x: 185, y: 150), open: true))
        // With no region under the finger there is no content at all.
        let outside = try replay(
            Self.trace([row.replacingOccurrences(of: "[0, 140, 390, 20]", with: "[0, 400, 390, 20]")], Self.swipe))
        #expect(outside.gestures[0].content == nil && outside.gestures[0].outcome == .began)
    }

    @Test func controlsProtectedAndNot() throws {
        // A protected horizontal slider wins its drag under requirePopToFail too (decided as under
        // uikit with ties to the content): contentWon at 33.
        let slider = "{id: volume, kind: control, frame: [0, 100, 390, 200], axis: horizontal}"
        let protected = try replay(Self.trace([slider], Self.swipe), rules: "tz")
        #expect(protected.gestures[0].reason == .contentWon && protected.gestures[0].content?.result == .claimed)
        // An unprotected scrubber wants nothing: declined; the pop begins over it, controlInterrupted.
        let scrubber = "{id: scrubber, kind: control, frame: [0, 100, 390, 200], axis: horizontal, protected: false}"
        let interrupted = try replay(Self.trace([scrubber], Self.swipe))
        #expect(interrupted.gestures[0].outcome == .began && interrupted.gestures[0].content?.result == .declined)
        #expect(interrupted.anomalies.map(\.kind) == [.controlInterrupted] && interrupted.anomalies[0].t == 33)
    }

    // MARK: Offsets

    @Test func horizontalOffsetsCountFromTheLeadingEdgeInRTL() throws {
        // rtl: the pop direction is leftward (c = -1). A drag to the right, d.x = +15 at 33, is
        // against it: the banner (offset 120) claims; offset = 120 - c (x - 45) = 120 + (x - 45):
        // 155 at 50 (x = 80). A cancel at 60 clamps without gliding: 155.
        let report = try replay(
            Self.trace(
                [Self.banner], direction: "rtl",
                """
                - touch: 1
                  samples: [[0, 30, 150], [16, 36, 150], [33, 45, 150], [50, 80, 151]]
                  cancel: 60
                """))
        #expect(report.gestures[0].reason == .contentWon)
        #expect(report.gestures[0].content?.offset == ContentRecord.Offset(from: 120, to: 155))
    }

    @Test func theGlideAfterTheLiftIsClampedAtBothEnds() throws {
        // A vertical list at 50 of at most 400. Up fast: y 300 -> 290 (16) -> 250 (32) -> 150 (48):
        // offset 50 - (y - 290) = 190 at 48. Velocity 0.2 * (-100/16) + 0.8 * (-40/16) per ms =
        // -3.25 pt/ms = -3250 pt/s; v = 1 * -3250; glide -3250 / (1000 ln 0.998) = +1623.4: past
        // 400, clamped to 400.
        let list = "{id: list, kind: scroll, frame: [0, 0, 390, 844], axis: vertical, offset: 50, maxOffset: 400}"
        let up = try replay(
            Self.trace(
                [list],
                """
                - touch: 1
                  samples: [[0, 200, 300], [16, 200, 290], [32, 200, 250], [48, 200, 150]]
                  up: 50
                """))
        #expect(up.gestures[0].content?.offset == ContentRecord.Offset(from: 50, to: 400))
        // Held still after the drag (the last two raws 0): no glide, 50 - (270 - 290) = 70 stays.
        let rest = try replay(
            Self.trace(
                [list],
                """
                - touch: 1
                  samples: [[0, 200, 300], [16, 200, 290], [32, 200, 270], [48, 200, 270], [64, 200, 270]]
                  up: 70
                """))
        #expect(rest.gestures[0].content?.offset == ContentRecord.Offset(from: 50, to: 70))
        // Down fast from 50: offset 50 - (y - 310) goes below 0 while dragging, and the glide clamps to 0.
        let down = try replay(
            Self.trace(
                [list],
                """
                - touch: 1
                  samples: [[0, 200, 300], [16, 200, 310], [32, 200, 350], [48, 200, 450]]
                  up: 50
                """))
        #expect(down.gestures[0].content?.offset == ContentRecord.Offset(from: 50, to: 0))
        // Region state belongs to the instance: a second drag starts from where the first ended.
        let twice = try replay(
            Self.trace(
                [list],
                """
                - touch: 1
                  samples: [[0, 200, 300], [16, 200, 290], [32, 200, 250], [48, 200, 150]]
                  up: 50
                - touch: 1
                  samples: [[100, 200, 300], [116, 200, 310], [132, 200, 310], [148, 200, 310]]
                  up: 160
                """))
        // 400 - (310 - 310) = 400 at the claim; it does not move and does not glide.
        #expect(twice.gestures[1].content?.offset == ContentRecord.Offset(from: 400, to: 400))
    }

    // MARK: Detectors (SPEC section 10)

    @Test func theScrollDirectionDetectorMissesSlowDrags() throws {
        // A list dragged up at 4 pt per 16 ms (250 pt/s, 60 Hz): claimed at 16 (d.y = -12),
        // then each sample moves the offset by 4 < 5, so `compare: previous` never reports, and
        // the drag moved 12 pt net (4 * 3) from the claim: missedScroll at the lift.
        let list = "{id: list, kind: scroll, frame: [0, 0, 390, 844], axis: vertical, offset: 100}"
        let slow = Self.trace(
            [list],
            """
            - touch: 1
              samples: [[0, 200, 500], [16, 200, 488], [32, 200, 484], [48, 200, 480], [64, 200, 476]]
              up: 70
            """)
        let previous = try replay(slow, rulesDocument: Self.rules("detectors: [{kind: scrollDirection}]"))
        #expect(previous.detections.isEmpty)
        #expect(previous.anomalies.map(\.kind) == [.missedScroll] && previous.anomalies[0].t == 70)
        // `dragStart` keeps the start (100) until a report: 108 at 48 is 8 > 5 past it: up, delta 8;
        // the start moves to 108; 112 at 64 is only 4 past: nothing more.
        let dragStart = try replay(
            slow, rulesDocument: Self.rules("detectors: [{kind: scrollDirection, name: header, compare: dragStart}]"))
        #expect(
            dragStart.detections == [
                Detection(detector: "header", region: "list", t: 48, direction: .up, offset: 108, delta: 8)
            ])
        #expect(dragStart.anomalies.isEmpty)
        // The timeline says it as a run: from where the report compared (100) to its offset.
        #expect(TextTimeline.render(dragStart).contains("detection   header up x1 (list), t=48, offset 100 -> 108\n"))
        // A fast drag, 20 pt a frame from the claim at 16: five reports in one drag, one line.
        let fast = try replay(
            Self.trace(
                ["{id: list, kind: scroll, frame: [0, 0, 390, 844], axis: vertical, offset: 100}"],
                """
                - touch: 1
                  samples: [[0, 200, 500], [16, 200, 488], [32, 200, 468], [48, 200, 448], [64, 200, 428], [80, 200, 408], [96, 200, 388]]
                  up: 100
                """), rulesDocument: Self.rules("detectors: [{kind: scrollDirection}]"))
        #expect(fast.detections.map(\.t) == [32, 48, 64, 80, 96] && fast.detections.allSatisfy { $0.delta == 20 })
        #expect(
            TextTimeline.render(fast).contains("detection   scrollDirection up x5 (list), t=32-96, offset 100 -> 200\n")
        )
    }

    @Test func theBlindSpotEndsAt300PointsPerSecondAt60Hz() throws {
        // synth's drags: 5 pt per 16.67 ms frame at 300 pt/s. At 290 pt/s each step is 4.83 pt (to
        // 0.01): never more than 5, missed; at 310, 5.17: every frame reports.
        let drags = DragSynthesizer(speeds: [290, 310], frameRate: 60).text()
        #expect(drags.contains("samples: [[0, 200, 600], [16.67, 200, 595.17], [33.33, 200, 590.33]"))
        let rules = try PopGestureKitUnitTests.rules(Self.rules("detectors: [{kind: scrollDirection}]"))
        let reports = Array(TraceFileLoader(text: drags, path: "drags.yaml")).compactMap { document -> TraceReport? in
            guard case .trace(let trace, _) = document else { return nil }
            return Replay(rules: rules).run(trace)
        }
        #expect(reports.count == 2)
        #expect(reports[0].detections.isEmpty && reports[0].anomalies.map(\.kind) == [.missedScroll])
        #expect(!reports[1].detections.isEmpty && reports[1].anomalies.isEmpty)
    }
}
