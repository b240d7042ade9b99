/// Traces that suites of both test targets use: replayed in-process in the unit suites, through the
/// binary in the end-to-end ones. One file, linked into both targets' Helpers/.
enum Traces {
    /// Ten mistakes in different keys, entries, samples, events and expect items: each reported at
    /// its place, in document order, whether the events stream to a replay or not.
    static let tenMistakes = """
        format: popgesture-trace/1
        screen: {width: 0, height: 844}
        layoutDirection: sideways
        stak: []
        stack:
          - {id: inbox, barHiden: true}
          - {id: thread, popDisabled: maybe}
        events:
          - touch: 1
            samples: [[0, 30, 400], [16, "42", 401], [33, 80, 402], [50, 140, 402]]
            up: 60
          - {t: 900, push: {id: settings}, animated: sure}
          - {t: 1000, poop: true}
          - touch: 2
            samples: [[1100, 30, 400], [1090, 40, 400], [1120, 50, 400]]
        expect:
          - {gesture: 1, outcome: begun}
          - {final: {barHidden: 3}}
        """

    static let tenPlaces = [
        (2, 17), (3, 18), (4, 1), (6, 17), (7, 31), (10, 34), (12, 46), (13, 5), (15, 33), (17, 27), (18, 25),
    ]

    /// traces/example/cancelled-swipe.yaml: a slow swipe back under fd, cancelled; the bar shows at the
    /// decision and hides again at the settle.
    static let cancelledSwipe = """
        format: popgesture-trace/1
        name: cancelled-swipe
        stack:
          - {id: inbox}
          - {id: thread, barHidden: true}
        events:
          - touch: 1
            samples: [[0, 40, 400], [16, 52, 401], [50, 60, 402], [90, 66, 402], [140, 68, 403]]
            up: 200
        """

    /// Five gestures on a stack of five, W = 390, rules fd (fullscreen, hysteresis 10, projection).
    /// 1: 30 -> 250 in 48 ms: recognized at t=16 (d.x = 20), origin x = 40, p = 210/390 = 0.538 >
    ///    min(187.5/390, 0.5) = 0.481 with a positive velocity throughout: completed.
    /// 2: 30 -> 52 over 300 ms: recognized at t=100 (d.x = 15, origin x = 40), p = 12/390 = 0.031; the uikit velocity
    ///    is at most 150 pt/s = 0.385 W/s, so p + avgV * 0.35 < 0.031 + 0.135 = 0.166 (avgA <= 0 as
    ///    the velocity only falls): cancelled.
    /// 3: as 1: completed. 4 and 5: 100 -> 80, T.x = -10: refused(wrongDirection), no pop.
    static let fiveGestures = """
        format: popgesture-trace/1
        stack: [{id: a}, {id: b}, {id: c}, {id: d}, {id: e}]
        events:
          - {touch: 1, samples: [[0, 30, 400], [16, 50, 400], [32, 150, 400], [48, 250, 400]], up: 60}
          - {touch: 1, samples: [[1000, 30, 400], [1100, 45, 400], [1200, 50, 400], [1300, 52, 400]], up: 1400}
          - {touch: 1, samples: [[3000, 30, 400], [3016, 50, 400], [3032, 150, 400], [3048, 250, 400]], up: 3060}
          - {touch: 1, samples: [[4000, 100, 400], [4016, 80, 400]], up: 4030}
          - {touch: 1, samples: [[5000, 100, 400], [5016, 80, 400]], up: 5030}
        expect:
          - {gesture: 1, intent: back}
          - {gesture: 2, intent: back}
          - {gesture: 3, intent: stay}
          - {gesture: 4, intent: stay}
          - {gesture: 5, intent: back}
          - {gesture: 9, intent: stay}
          - {final: {stack: [a, b, c]}}
        """
}
