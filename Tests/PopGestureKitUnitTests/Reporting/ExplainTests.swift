import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Every decision carries its evidence (reports, text, failures), and `explain` derives it step by
/// step. The expectations are computed by hand from SPEC sections 3 and 4; the comments show the sums.
@Suite struct ExplainTests {
    static func trace(stack: String = "[{id: a}, {id: b}]", extra: String = "", _ events: String) -> String {
        "format: popgesture-trace/1\nstack: \(stack)\n\(extra)events:\n\(events)\n"
    }

    static func explanation(
        _ yaml: String, rules name: String = "fd", rulesDocument: String? = nil, gesture: Int? = nil
    ) throws -> String {
        let rules = try rulesDocument.map(PopGestureKitUnitTests.rules) ?? RulesLoader.load(name)
        return Explanation(trace: try loadTrace(yaml), rules: rules).text(gesture: gesture)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { String($0.drop { $0 == " " }) }
    }

    // MARK: a projection that cancels (the README's worked example)

    /// W 390, uikit velocity: 750 at 16 (one raw sample), then 0.2 raw + 0.8 previous raw:
    /// 50: 0.2 * 8/34 s + 0.8 * 750 = 647.06; 90: 0.2 * 150 + 0.8 * 235.29 = 218.24; 140: 0.2 * 40 + 0.8 * 150 = 128.
    static let slowShortSwipe = trace(
        """
        - touch: 1
          samples: [[0, 40, 400], [16, 52, 401], [50, 60, 402], [90, 66, 402], [140, 68, 403]]
          up: 200
        """)

    @Test func aProjectionCancelIsDerivedSampleBySample() throws {
        let lines = Self.lines(try Self.explanation(Self.slowShortSwipe))
        // Recognition at 16: d = (12, 1), |d.x| >= 10, T = (12 - 10, max(1 - 10, 0)) = (2, 0).
        #expect(
            lines.contains(
                "recognized: |d.x| 12 >= hysteresis 10; d = (12, 1) less the hysteresis per axis: T = (2, 0)"))
        #expect(lines.contains("rootOnly      passes   stack count 2 > 1"))
        #expect(lines.contains("direction     passes   translation.x 2 > 0"))
        #expect(lines.contains("progress = clamp(T.x 2 / W 390, 0, 0.999) = 0.005"))
        // vel = 750 / 390 = 1.923.
        #expect(lines.contains("statistics: first sample: vel 1.923 widths/s sets avgV; avgA 0, n 1"))
        // 50: vel 647.06 / 390 = 1.659; a = (1.659 - 1.923) / 0.034 = -7.763, |a - 0| > 5: -5;
        // avgV = (1.659 + 1.923) / 2 = 1.791, avgA = (-5 + 0) / 2 = -2.5.
        #expect(
            lines.contains(
                "statistics: taken after 34 ms: vel 1.659 widths/s, a -7.763 clamped to -5 (it may change by at most 5 a sample); avgV 1.791, avgA -2.5, n 2"
            ))
        // 90: a = (0.560 - 1.659) / 0.04 = -27.489 -> -5 - 5 = -10; avgV = (0.560 + 2 * 1.791) / 3 = 1.381.
        #expect(
            lines.contains(
                "statistics: taken after 40 ms: vel 0.56 widths/s, a -27.489 clamped to -10 (it may change by at most 5 a sample); avgV 1.381, avgA -5, n 3"
            ))
        // 140 (slot 0 replaced): avgV = (0.328 + 3 * 1.381 - 1.923) / 3 = 0.849; a = -4.627 -> -10 + 5 = -5;
        // avgA = (-5 + 3 * -5 - 0) / 3 = -6.667.
        #expect(
            lines.contains(
                "statistics: taken after 50 ms: vel 0.328 widths/s, a -4.627 clamped to -5 (it may change by at most 5 a sample); avgV 0.849, avgA -6.667, n 4"
            ))
        // The lift at 200 keeps vel 0.328: a = 0, |0 - -5| = 5 is not > 5; avgV = (0.328 + 3 * 0.849 - 1.659) / 3 = 0.405,
        // avgA = (0 + 3 * -6.667 + 5) / 3 = -5.
        #expect(lines.contains("statistics: taken after 60 ms: vel 0.328 widths/s, a 0; avgV 0.405, avgA -5, n 5"))
        // projected = 18/390 + 0.405 * 0.35 - 5 * 0.35^2 / 2 = 0.046 + 0.142 - 0.306 = -0.118 <= min(187.5/390, 0.5) = 0.481.
        #expect(
            lines.contains(
                "release: projection: n >= 3 and moved, so the projection decides: p 0.046 + avgV 0.405 x 0.35 + avgA -5 x 0.35^2 / 2 = -0.118 <= threshold min(187.5 / 390, 0.5) = 0.481 (n 5, moved)"
            ))
        // Release velocity W * prevV = 390 * 128/390 = 128; settle min(350, 18/390 * 390 / 128 * 1000 = 140.625).
        #expect(lines.contains("-> cancelled by projection; release velocity W x prevV = 128 pt/s"))
        #expect(
            lines.contains(
                "settle:  uikit: min(D 350, r 0.046 x W 390 / |velocity| 128 x 1000 = 140.6) = 140.6 ms -> settles at t=340.6"
            ))
    }

    @Test func theReportCarriesTheProjectionTermsExactly() throws {
        let pop = try #require(try replay(Self.slowShortSwipe).gestures[0].pop)
        guard case .projection(let terms)? = pop.why else {
            Issue.record("expected projection terms, got \(String(describing: pop.why))")
            return
        }
        #expect(terms.p == 18.0 / 390 && terms.samples == 5 && terms.moved && terms.lookAhead == 0.35)
        #expect(abs(terms.averageVelocity - 0.405329) < 1e-6 && abs(terms.averageAcceleration - -5) < 1e-9)
        #expect(abs(terms.projected - -0.118231) < 1e-6 && terms.threshold == 187.5 / 390)
        #expect(
            pop.settle
                == SettleTerms(
                    model: "uikit", remaining: 18.0 / 390, duration: 350, velocity: 128, width: 390,
                    completing: false, result: 140.625))
        let json = try replay(Self.slowShortSwipe).jsonLine()
        #expect(
            json.contains(
                "\"why\": {\"D\": 0.35, \"avgA\": -5, \"avgV\": 0.4053293112116639, \"moved\": true, \"n\": 5, \"p\": 0.046153846153846156, "
            ))
        #expect(
            json.contains(
                "\"settle\": {\"D\": 350, \"duration\": 140.625, \"model\": \"uikit\", \"r\": 0.046153846153846156, "))
        #expect(
            json.contains(
                "\"recognition\": {\"d\": {\"x\": 12, \"y\": 1}, \"kind\": \"uikit\", \"limit\": 10, \"translation\": {\"x\": 2, \"y\": 0}}"
            ))
    }

    // MARK: a projection that completes, the acceleration clamp biting at every step

    /// uikit velocity: 16: 20/16 s = 1250; 32: 0.2 * 2500 + 0.8 * 1250 = 1500; 48: 0.2 * 3750 + 0.8 * 2500 = 2750.
    static let fastSwipe = trace(
        """
        - touch: 1
          samples: [[0, 20, 400], [16, 40, 400], [32, 80, 400], [48, 140, 400]]
          up: 60
        """)

    @Test func aProjectionCompleteWithTheAccelerationClamp() throws {
        let lines = Self.lines(try Self.explanation(Self.fastSwipe))
        // 32: vel 1500/390 = 3.846; a = (3.846 - 3.205) / 0.016 = 40.064 -> 0 + 5; avgV = (3.846 + 3.205) / 2 = 3.526.
        #expect(
            lines.contains(
                "statistics: taken after 16 ms: vel 3.846 widths/s, a 40.064 clamped to 5 (it may change by at most 5 a sample); avgV 3.526, avgA 2.5, n 2"
            ))
        // 48: vel 7.051; a = (7.051 - 3.846) / 0.016 = 200.321 -> 5 + 5 = 10; avgV = (7.051 + 2 * 3.526) / 3 = 4.701, avgA = (10 + 2 * 2.5) / 3 = 5.
        #expect(
            lines.contains(
                "statistics: taken after 16 ms: vel 7.051 widths/s, a 200.321 clamped to 10 (it may change by at most 5 a sample); avgV 4.701, avgA 5, n 3"
            ))
        // Lift at 60 (12 ms >= 10: taken): a = 0 -> 10 - 5 = 5; avgV = (7.051 + 3 * 4.701 - 3.205) / 3 = 5.983,
        // avgA = (5 + 3 * 5 - 0) / 3 = 6.667.
        #expect(
            lines.contains(
                "statistics: taken after 12 ms: vel 7.051 widths/s, a 0 clamped to 5 (it may change by at most 5 a sample); avgV 5.983, avgA 6.667, n 4"
            ))
        // p = (140 - 30) / 390 = 0.282; projected = 0.282 + 5.983 * 0.35 + 6.667 * 0.35^2 / 2 = 2.784 > 0.481.
        #expect(
            lines.contains(
                "release: projection: n >= 3 and moved, so the projection decides: p 0.282 + avgV 5.983 x 0.35 + avgA 6.667 x 0.35^2 / 2 = 2.784 > threshold min(187.5 / 390, 0.5) = 0.481 (n 4, moved)"
            ))
        // Release velocity 390 * 7.051 = 2750; settle min(350, (1 - 0.282) * 390 / 2750 * 1000 = 280/2750 s = 101.8).
        #expect(lines.contains("-> completed by projection; release velocity W x prevV = 2750 pt/s"))
        #expect(
            lines.contains(
                "settle:  uikit: min(D 350, r 0.718 x W 390 / |velocity| 2750 x 1000 = 101.8) = 101.8 ms -> settles at t=161.8"
            ))
    }

    // MARK: a threshold fling

    static let lastTwoCupertino = """
        format: popgesture-rules/1
        name: cupertino-last2
        extends: cupertino
        velocity: last2
        """

    @Test func aThresholdFling() throws {
        // Edge 20: 5 is inside. 16: |d.x| 20 > slop 18, the origin moves to the finger (25): T = (0, 0).
        // 32: last2 velocity (65 - 25) / 16 ms = 2500 pt/s, v = 2500 / 390 = 6.41 >= fling 1: completes (v > 0).
        // p = 40 / 390 = 0.103; cupertino settle floor(800 * (1 - 0.103)) = floor(717.9) = 717 ms -> 757.
        let yaml = Self.trace(
            """
            - touch: 1
              samples: [[0, 5, 400], [16, 25, 400], [32, 65, 400]]
              up: 40
            """)
        let lines = Self.lines(try Self.explanation(yaml, rulesDocument: Self.lastTwoCupertino))
        #expect(lines.contains("recognized: |d.x| 20 > slop 18; the origin moves to the finger: T = (0, 0)"))
        #expect(lines.contains("rootOnly      passes   stack count 2 > 1"))
        #expect(lines.contains("release: fling: |v| 6.41 >= fling 1 widths/s, v > 0"))
        #expect(lines.contains("-> completed by fling; release velocity c x velocity.x = 2500 pt/s"))
        #expect(lines.contains("settle:  cupertino: floor(800 x r 0.897) = 717 ms -> settles at t=757"))
        let pop = try #require(try replay(yaml, rulesDocument: Self.lastTwoCupertino).gestures[0].pop)
        #expect(
            pop.why == .fling(.init(p: 40.0 / 390, v: 2500.0 / 390, fling: 1, progressThreshold: 0.5, strict: false)))
    }

    @Test func aProgressDecisionShowsBothThresholds() throws {
        // Slow: 16: T = 0 at 25; 400 ms later at 120: last2 (120 - 115) / 100 ms = 50 pt/s, v = 0.128 < fling 1;
        // p = 95 / 390 = 0.244 < 0.5: cancelled by progress.
        let yaml = Self.trace(
            """
            - touch: 1
              samples: [[0, 5, 400], [16, 25, 400], [316, 115, 400], [416, 120, 400]]
              up: 420
            """)
        let text = try Self.explanation(yaml, rulesDocument: Self.lastTwoCupertino)
        #expect(Self.lines(text).contains("release: progress: |v| 0.128 < fling 1; p 0.244 < threshold 0.5"))
    }

    // MARK: a refusal per check

    /// The refusal a one-gesture trace gets under `rules`.
    static func refusal(_ yaml: String, rules: String = "fd", rulesDocument: String? = nil) throws -> (
        GestureReason?, CheckEvidence?
    ) {
        let report = try rulesDocument.map { try replay(yaml, rulesDocument: $0) } ?? replay(yaml, rules: rules)
        return (report.gestures[0].reason, report.gestures[0].refusal)
    }

    static let swipeFrom30 = """
        - touch: 1
          samples: [[0, 30, 400], [16, 42, 401], [32, 80, 401]]
          up: 48
        """

    @Test func eachBeginCheckNamesTheValueAndTheLimit() throws {
        var (reason, refusal) = try Self.refusal(Self.trace(stack: "[{id: a}]", Self.swipeFrom30))
        #expect(
            reason == .atRoot && refusal?.text == "stack count 1 <= 1" && refusal?.value == .number(1)
                && refusal?.limit == 1)
        (reason, refusal) = try Self.refusal(
            Self.trace(stack: "[{id: a}, {id: editor, popDisabled: true}]", Self.swipeFrom30))
        #expect(reason == .popDisabled && refusal?.text == "editor.popDisabled true" && refusal?.value == .flag(true))
        // maxStartX compares the location at recognition, 42, with the top's 40.
        (reason, refusal) = try Self.refusal(
            Self.trace(
                stack: "[{id: a}, {id: b, maxStartX: 40}]",
                """
                - touch: 1
                  samples: [[0, 40, 400], [16, 52, 401]]
                  up: 30
                """))
        #expect(reason == .beyondMaxStartX && refusal?.text == "location.x 52 > maxStartX 40" && refusal?.limit == 40)
        // JSON has the numbers and names, no sentence.
        let refused = try replay(
            Self.trace(
                stack: "[{id: a}, {id: b, maxStartX: 40}]",
                """
                - touch: 1
                  samples: [[0, 40, 400], [16, 52, 401]]
                  up: 30
                """)
        ).jsonLine()
        #expect(
            refused.contains(
                "\"refusal\": {\"check\": \"maxStartX\", \"limit\": 40, \"quantity\": \"location.x\", \"value\": 52}"))
        // tz: locationLimit 40.
        (reason, refusal) = try Self.refusal(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 60, 400], [16, 72, 401]]
                  up: 30
                """), rules: "tz")
        #expect(reason == .beyondLocationLimit && refusal?.text == "location.x 72 > locationLimit 40")
        // Leftwards: d = (-12, 1), T.x = -2.
        (reason, refusal) = try Self.refusal(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 200, 400], [16, 188, 401]]
                  up: 30
                """))
        #expect(
            reason == .wrongDirection && refusal?.text == "translation.x -2 <= 0" && refusal?.value == .number(-2)
                && refusal?.limit == 0)
        // mix1-like: horizontal after direction; d = (14, 30): T = (4, 20).
        (reason, refusal) = try Self.refusal(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 100, 300], [16, 114, 330]]
                  up: 30
                """), rulesDocument: "format: popgesture-rules/1\nbegin: [rootOnly, horizontal]\n")
        #expect(reason == .notHorizontal && refusal?.text == "|translation.y| 20 > |translation.x| 4")
        // A push from 0 to 350 is in flight at 16.
        (reason, refusal) = try Self.refusal(
            Self.trace(
                """
                - {t: 0, push: {id: c}}
                - touch: 1
                  samples: [[10, 30, 400], [26, 42, 401]]
                  up: 40
                """))
        #expect(reason == .transitioning && refusal?.text == "busy: a push b -> c (started at t=0) has not settled")
        // explain's list of checks words the refusing check as the report does.
        let pushing = Self.lines(
            try Self.explanation(
                Self.trace(
                    """
                    - {t: 0, push: {id: c}}
                    - touch: 1
                      samples: [[10, 30, 400], [26, 42, 401]]
                      up: 40
                    """)))
        #expect(pushing.contains("transitioning REFUSES  busy: a push b -> c (started at t=0) has not settled"))
        // uikit: the edge is 15 wide.
        (reason, refusal) = try Self.refusal(Self.trace(Self.swipeFrom30), rules: "uikit")
        #expect(
            reason == .outsideEdge && refusal?.text == "edge distance 30 > edgeWidth 15"
                && refusal?.check == "edgeWidth")
        // A second finger before recognition: 2 down > maxTouches 1.
        (reason, refusal) = try Self.refusal(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 30, 400], [20, 35, 400]]
                  up: 40
                - touch: 2
                  samples: [[10, 200, 500]]
                  up: 30
                """))
        #expect(
            reason == .tooManyTouches && refusal?.text == "fingers down 2 > maxTouches 1"
                && refusal?.check == "maxTouches")
    }

    @Test func contentThatWinsIsNamed() throws {
        let yaml = Self.trace(
            stack:
                "[{id: a}, {id: b, content: [{id: carousel, kind: scroll, frame: [0, 100, 390, 200], axis: horizontal, offset: 0, maxOffset: 1170}]}]",
            """
            - touch: 1
              samples: [[0, 30, 250], [16, 45, 251], [32, 80, 251]]
              up: 48
            """)
        let (reason, refusal) = try Self.refusal(yaml)
        #expect(
            reason == .contentWon && refusal?.text == "contentWon: carousel (scroll) claimed the drag"
                && refusal?.check == "content")
    }

    @Test func aRefusalEndsTheChecksInExplain() throws {
        let lines = Self.lines(
            try Self.explanation(
                Self.trace(
                    stack: "[{id: a}, {id: b, maxStartX: 40}]",
                    """
                    - touch: 1
                      samples: [[0, 40, 400], [16, 52, 401]]
                      up: 30
                    """)))
        #expect(lines.contains("popDisabled   passes   b.popDisabled false"))
        #expect(lines.contains("maxStartX     REFUSES  location.x 52 > maxStartX 40"))
        // Checks after the refusing one are not run.
        #expect(!lines.contains { $0.hasPrefix("transitioning") })
    }

    @Test func rightToLeftProgressRunsLeftwards() throws {
        // fd mirrors the direction: d = (-12, 1), T = (-2, 0); -T.x = 2 > 0 passes; progress -T.x / W = 2 / 390 = 0.005.
        // The origin is p - T = 348 + 2 = 350; at 300, T.x = -50: progress 50 / 390 = 0.128.
        let lines = Self.lines(
            try Self.explanation(
                Self.trace(
                    extra: "layoutDirection: rtl\n",
                    """
                    - touch: 1
                      samples: [[0, 360, 400], [16, 348, 401], [32, 300, 401]]
                      up: 48
                    """)))
        #expect(lines.contains("direction     passes   -translation.x 2 > 0"))
        #expect(lines.contains("progress = clamp(-T.x / W = 2 / 390, 0, 0.999) = 0.005"))
        #expect(lines.contains("progress = clamp(-T.x / W = 50 / 390, 0, 0.999) = 0.128"))
    }

    @Test func aSecondFingerIsShownWhenItCameDown() throws {
        let text = try Self.explanation(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 30, 400], [20, 35, 400]]
                  up: 40
                - touch: 2
                  samples: [[10, 200, 500]]
                  up: 30
                """))
        let lines = Self.lines(text)
        let down = try #require(lines.firstIndex(of: "t=10     finger 2 down at (200, 500)"))
        #expect(lines[down + 1] == "refused by maxTouches: fingers down 2 > maxTouches 1")
        #expect(lines[down + 2].hasPrefix("t=20     move to (35, 400)"))
    }

    @Test func anUnrecognizedGestureShowsHowFarItMoved() throws {
        let text = try Self.explanation(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 30, 400], [16, 36, 402], [32, 38, 397]]
                  up: 48
                """))
        #expect(
            Self.lines(text).contains(
                "never recognized (touchEnded): the largest |d.x| 8, |d.y| 3; |d.x| and |d.y| stayed below hysteresis 10"
            ))
    }

    // MARK: text for people, JSON exact

    /// ionic on a 120 Hz stroke (docs/reference/interactive-pop.md, 4.3): recognized at 16 (|d| 14),
    /// then the 60 Hz frames take 24 (frame 1), drop 32 (frame 1 again), take 40 (frame 2) and the
    /// lift at 48: v 0.525, 0.8575, 1.13225, 1.477175, then 0.3 * 1.477175 = 0.4431525 px/ms.
    @Test func ionicWordsItsFramesItsRuleAndItsSettle() throws {
        let lines = Self.lines(
            try Self.explanation(
                Self.trace(
                    """
                    - touch: 1
                      samples: [[0, 10, 400], [8, 16, 400], [16, 24, 400], [24, 34, 400], [32, 46, 400], [40, 60, 400]]
                      up: 48
                    """), rules: "ionic"))
        #expect(lines.contains("ema: dt 8 ms, raw 0.75 px/ms mixed in: v 0.525 px/ms"))
        #expect(
            lines.contains(
                "recognized: |d| 14 >= threshold 10, within maxAngle of the x axis (rightward); the origin moves to the finger: T = (0, 0)"
            ))
        #expect(lines.contains("ema: dropped, frame 1 already sampled (an animation frame is pending)"))
        #expect(lines.contains("ema: dt 16 ms, raw 1.625 px/ms mixed in: v 1.4772 px/ms"))
        #expect(lines.contains("ema: dt 8 ms, raw 0 px/ms mixed in: v 0.4432 px/ms"))
        #expect(lines.contains("release: speedOrDistance: v 0.443 px/ms > 0.2"))
        // Completing from delta 60 - 24 = 36: 354 pt / 0.4431525 = 798.8 -> dur 540; the curve's time
        // at 36/390 is 0.0386, less 0.001: 540 - 0.0376 * 540 = 519.7, so the settle is at 567.7.
        #expect(
            lines.contains(
                "settle:  ionic: dur = min(missing 354 pt / |v| 0.443 px/ms = 798.8, D 540) = 540; the completing curve stands at 0.038 of it, so 519.7 ms -> settles at t=567.7"
            ))
    }

    /// react-navigation-8 fails a drag that goes 20.5 pt vertical first; react-navigation (7) takes
    /// it (|d.y| 20.5 >= 10: T = (0, 10.5)), begins and cancels: UIKit's velocity 2 / 16 * 1000 = 125
    /// pt/s, 0 + 0.3 * 125 = 37.5 <= 195. The spring from 0 to 0 at 125 pt/s (w0 = 18.2574) has speed
    /// 125 e^(-w0 t) (1 - w0 t): 125, 64.2, 26.6 at frames 0 to 2, then at t = 0.05 s 125 * 0.40137 *
    /// 0.08713 = 4.37 <= 10, 125 * 0.05 * 0.40137 = 2.51 pt from 0: at rest at frame 3, 50 ms.
    @Test func reactNavigationWordsItsRecognizerAndItsSpring() throws {
        let vertical = Self.trace(
            """
            - touch: 1
              samples: [[0, 20, 400], [16, 22, 420.5]]
              up: 30
            """)
        let eight = Self.lines(try Self.explanation(vertical, rules: "react-navigation-8"))
        #expect(eight.contains("refused by failY: |d.y| 20.5 > failY 20"))
        let seven = Self.lines(try Self.explanation(vertical, rules: "react-navigation"))
        #expect(
            seven.contains("release: linearProjection: translation 0 + 0.3 x v 125 pt/s = 37.5 <= 195 (half the width)")
        )
        #expect(
            seven.contains(
                "settle:  spring: from 0 to 0 pt at 125 pt/s, it rests at frame 3 of 16.7 ms: 50 ms -> settles at t=80")
        )
    }

    @Test func readableNumbersRoundButKeepComparisonsVisible() {
        #expect(Readable.fraction(0.41025641025641024) == "0.41")
        #expect(Readable.time(16.66666) == "16.7" && Readable.time(16) == "16" && Readable.position(-0.04) == "0")
        #expect(Readable.velocity(812.5) == "812.5" && Readable.velocity(647.0588235) == "647.1")
        // 0.50004 and 0.5 differ first in the fifth place.
        #expect(Readable.pair(0.50004, 0.5, places: 3) == ("0.50004", "0.5"))
        #expect(Readable.pair(0.3, 0.3, places: 3) == ("0.3", "0.3"))
    }

    @Test func theTimelineRoundsAndTheJSONDoesNot() throws {
        // p = 160/390 = 0.41025641025641024 at the lift.
        let report = try replay(
            Self.trace(
                """
                - touch: 1
                  samples: [[0, 20, 400], [16.66666, 40, 400], [33.3333, 100, 400], [50, 190, 400]]
                  up: 60
                """))
        let text = TextTimeline.render(report)
        #expect(text.contains("pop 1       completed by projection: progress 0.41, velocity "))
        #expect(text.contains("16.7 ms  gesture 1   began, finger 1 down at (20, 400) t=0, decided at (40, 400)"))
        #expect(!text.contains("0.41025641025641024"))
        #expect(report.jsonLine().contains("\"progress\": 0.41025641025641024"))
    }

    @Test func aFailedExpectationPrintsTheEvidence() throws {
        let report = try replay(
            Self.trace(
                stack: "[{id: a}, {id: b, maxStartX: 40}]",
                """
                - touch: 1
                  samples: [[0, 40, 400], [16, 52, 401]]
                  up: 30
                expect:
                - {gesture: 1, outcome: began}
                """))
        #expect(
            report.expectations.failures.map(\.message) == [
                "expect[0]: gesture 1: expected began, got refused(beyondMaxStartX) at t=16 (x=52, y=401; down at x=40, y=400): location.x 52 > maxStartX 40"
            ])
        let popFailure = try replay(Self.slowShortSwipe + "\nexpect:\n- {gesture: 1, pop: completed}")
        #expect(
            popFailure.expectations.failures.first?.message.contains(
                "got cancelled by projection: progress 0.046, release velocity 128 pt/s, projection model: p 0.046 + avgV 0.405 x 0.35"
            ) == true)
        #expect(popFailure.expectations.failures.first?.message.contains("; settles in uikit: min(D 350") == true)
    }
}
