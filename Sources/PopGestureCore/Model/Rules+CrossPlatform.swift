/// The numbers of the cross-platform models (issue 42: Ionic, React Navigation's stack,
/// react-native-screens' full-screen swipe), each a top-level mapping named after the recognizer,
/// check, estimator, completion or settle model that reads it (docs/reference/rules.md, 7.1).
/// Every other rule version leaves them at their defaults, which are the sources' own numbers.
extension Rules {
    /// `recognizer.kind: pan` *(Ionic's createPanRecognizer)*: recognized once the finger is
    /// `threshold` points from its down point, if the drag is within `maxAngle` degrees of the x
    /// axis either way; else refused there (`notHorizontal`).
    public struct Pan: Sendable, Equatable {
        /// Points; recognized at a distance >= threshold.
        public var threshold: Double
        /// Degrees from the x axis, either way: |cos| must exceed cos(maxAngle).
        public var maxAngle: Double
    }

    /// `recognizer.kind: activeOffset` *(react-native-gesture-handler's pan with activeOffsetX and
    /// failOffsetY, as React Navigation 8 sets them)*: refused (`notHorizontal`) when |d.y| passes
    /// `failY` first; recognized when c * d.x passes `x`.
    public struct ActiveOffset: Sendable, Equatable {
        /// Points along the pop direction, exceeded to activate.
        public var x: Double
        /// Points of |d.y|, exceeded to fail.
        public var failY: Double
    }

    /// The `responseDistance` begin check *(react-native-screens' gestureResponseDistance)*: the
    /// recognition point must lie within these bounds, x measured from the leading edge; -1 is no bound.
    public struct ResponseDistance: Sendable, Equatable {
        public var start: Double
        public var end: Double
        public var top: Double
        public var bottom: Double
    }

    /// `velocity: ema` *(Ionic's calcGestureData)*: v = weight * raw + (1 - weight) * v, a raw sample
    /// counting only when 0 < dt < window; with `perFrame`, after recognition only the first move of
    /// each frame of `frameClock` is sampled.
    public struct EMA: Sendable, Equatable {
        public var weight: Double
        /// Milliseconds, exclusive.
        public var window: Double
        public var perFrame: Bool
    }

    /// Animation frames at phase + k * 1000 / rate ms of the trace's clock: Ionic's
    /// requestAnimationFrame, and the frames a `spring` settle is evaluated at.
    public struct FrameClock: Sendable, Equatable {
        /// Frames per second.
        public var rate: Double
        /// Milliseconds: when frame 0 falls.
        public var phase: Double

        /// The frame interval a time falls in: floor((t - phase) * rate / 1000).
        package func frame(_ t: Double) -> Double {
            ((t - phase) * rate / 1000).rounded(.down)
        }

        /// Milliseconds between frames.
        package var period: Double { 1000 / rate }
    }

    /// `completion.model: speedOrDistance` *(Ionic's swipe-back onEnd)*: complete iff v >= 0 and
    /// (v > speed or the translation > fraction * W), v in points per millisecond.
    public struct SpeedOrDistance: Sendable, Equatable {
        /// Points per millisecond (Ionic's CSS px per ms).
        public var speed: Double
        /// Of the screen width.
        public var fraction: Double
    }

    /// `completion.model: linearProjection` *(React Navigation's Card, react-native-screens'
    /// handleSwipe)*: complete iff translation + min(velocityImpact * v, cap) > fraction * W.
    public struct LinearProjection: Sendable, Equatable {
        /// Seconds the velocity (points per second) is projected over.
        public var velocityImpact: Double
        /// The largest velocity term in points; -1: none.
        public var cap: Double
        /// Of the screen width.
        public var fraction: Double
    }

    /// `transition.settle: spring` *(React Native's spring animation, React Navigation's
    /// TransitionIOSSpec)*: evaluated at every frame of `frameClock` from the release.
    public struct Spring: Sendable, Equatable {
        public var stiffness: Double
        public var damping: Double
        public var mass: Double
        /// Points from the target, at or below which (with the speed) the spring rests.
        public var restDisplacement: Double
        /// Points per second, at or below which (with the displacement) the spring rests.
        public var restSpeed: Double
        /// The spring stops the first frame it passes its target.
        public var overshootClamping: Bool
    }

    /// `transition.settle: animator` *(react-native-screens' RNSPercentDrivenInteractiveTransition)*:
    /// the swipe's animator continues for (1 - p) * duration, completing or cancelling.
    public struct Animator: Sendable, Equatable {
        /// Milliseconds: the screen's transitionDuration.
        public var duration: Double
    }
}
