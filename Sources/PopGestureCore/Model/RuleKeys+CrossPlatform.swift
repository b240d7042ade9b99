/// The rows of the cross-platform models (issue 42): one top-level mapping per recognizer, check,
/// estimator, completion or settle model that reads it, after the older keys, so that `rules show`
/// prints them last. Each default is the number the model's source uses.
extension RuleKey {
    static let crossPlatform: [RuleKey] = [
        nonNegative(
            "pan.threshold", \.pan.threshold, fd: 10,
            "recognizer.kind pan (Ionic): points from the down point at which the drag is judged (>= 0)."),
        positive(
            "pan.maxAngle", \.pan.maxAngle, atMost: 90, fd: 40,
            "recognizer.kind pan: degrees from the x axis, either way, within which the drag is recognized; else refused (notHorizontal). In (0, 90]."
        ),
        nonNegative(
            "activeOffset.x", \.activeOffset.x, fd: 5,
            "recognizer.kind activeOffset (react-native-gesture-handler 3): points along the pop direction the drag must exceed to be recognized (>= 0)."
        ),
        nonNegative(
            "activeOffset.failY", \.activeOffset.failY, fd: 20,
            "recognizer.kind activeOffset: |d.y| in points beyond which the drag is refused first (notHorizontal) (>= 0)."
        ),
        bound(
            "responseDistance.start", \.responseDistance.start, fd: -1,
            "responseDistance check (react-native-screens): refuses when the leading-edge distance of the recognition point is below this; -1: no bound."
        ),
        bound(
            "responseDistance.end", \.responseDistance.end, fd: -1,
            "responseDistance check: refuses when the leading-edge distance is above this; -1: no bound."),
        bound(
            "responseDistance.top", \.responseDistance.top, fd: -1,
            "responseDistance check: refuses when location.y is less than this; -1: no bound."),
        bound(
            "responseDistance.bottom", \.responseDistance.bottom, fd: -1,
            "responseDistance check: refuses when location.y is greater than this; -1: no bound."),
        positive(
            "ema.weight", \.ema.weight, atMost: 1, fd: 0.7,
            "velocity ema (Ionic): the newest raw velocity's weight; v = weight * raw + (1 - weight) * v. In (0, 1]."),
        nonNegative(
            "ema.window", \.ema.window, unit: "ms", fd: 100,
            "velocity ema: a raw velocity counts only when 0 < dt < window, in milliseconds (>= 0)."),
        bool(
            "ema.perFrame", \.ema.perFrame, fd: true,
            "velocity ema: after recognition only the first move of each frame of frameClock is sampled (Ionic's requestAnimationFrame); the lift always is."
        ),
        positive(
            "frameClock.rate", \.frameClock.rate, atMost: 1000, fd: 60,
            "Animation frames per second, for ema.perFrame and the spring settle. In (0, 1000]."),
        nonNegative(
            "frameClock.phase", \.frameClock.phase, unit: "ms", fd: 0,
            "When frame 0 falls on the trace's clock, in milliseconds (>= 0); frames at phase + k * 1000 / rate."),
        nonNegative(
            "speedOrDistance.speed", \.speedOrDistance.speed, fd: 0.2,
            "completion.model speedOrDistance (Ionic): points per millisecond beyond which a release completes (>= 0)."),
        nonNegative(
            "speedOrDistance.fraction", \.speedOrDistance.fraction, fd: 0.5,
            "speedOrDistance: the fraction of the width the translation must exceed to complete a slower release (>= 0)."
        ),
        nonNegative(
            "linearProjection.velocityImpact", \.linearProjection.velocityImpact, fd: 0.3,
            "completion.model linearProjection (React Navigation, react-native-screens): seconds the release velocity is projected over (>= 0)."
        ),
        bound(
            "linearProjection.cap", \.linearProjection.cap, fd: -1,
            "linearProjection: the largest velocity term, in points (react-native-screens' goBackGesture caps it at 100); -1: no cap."
        ),
        nonNegative(
            "linearProjection.fraction", \.linearProjection.fraction, fd: 0.5,
            "linearProjection: completes iff translation + velocity term > fraction * W (>= 0)."),
        nonNegative(
            "spring.stiffness", \.spring.stiffness, fd: 1000,
            "transition.settle spring (React Native's spring, React Navigation's iOS spec): the stiffness k (>= 0)."),
        nonNegative("spring.damping", \.spring.damping, fd: 500, "spring: the damping c (>= 0)."),
        positive("spring.mass", \.spring.mass, atMost: 1_000_000, fd: 3, "spring: the mass m, in (0, 1000000]."),
        nonNegative(
            "spring.restDisplacement", \.spring.restDisplacement, fd: 10,
            "spring: points from the target at or below which, with restSpeed, the spring rests (>= 0)."),
        nonNegative(
            "spring.restSpeed", \.spring.restSpeed, fd: 10,
            "spring: points per second at or below which, with restDisplacement, the spring rests (>= 0)."),
        bool(
            "spring.overshootClamping", \.spring.overshootClamping, fd: true,
            "spring: it stops at the first frame past its target."),
        nonNegative(
            "animator.duration", \.animator.duration, unit: "ms", fd: 500,
            "transition.settle animator (react-native-screens): the swipe animator's duration; it settles in (1 - p) * duration, completing or cancelling (>= 0)."
        ),
    ]

    static let crossPlatformSections: [String: String] = [
        "pan": "Ionic's pan recognizer (recognizer.kind pan).",
        "activeOffset": "react-native-gesture-handler 3's pan activation (recognizer.kind activeOffset).",
        "responseDistance": "react-native-screens' gestureResponseDistance (the responseDistance begin check).",
        "ema": "Ionic's exponential moving average of the velocity (velocity ema).",
        "frameClock": "The animation frames: Ionic's requestAnimationFrame, and the spring settle's steps.",
        "speedOrDistance": "Ionic's release rule (completion.model speedOrDistance).",
        "linearProjection":
            "React Navigation's and react-native-screens' release rule (completion.model linearProjection).",
        "spring": "React Native's spring, the settle of React Navigation's stack (transition.settle spring).",
        "animator": "react-native-screens' swipe animator (transition.settle animator).",
    ]

    private static func bound(
        _ path: String, _ field: WritableKeyPath<Rules, Double> & Sendable, fd: Double, _ summary: String
    ) -> RuleKey {
        number(path, field, type: .bound, unit: nil, fd: fd, summary)
    }
}
