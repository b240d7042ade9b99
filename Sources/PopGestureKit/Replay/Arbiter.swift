/// What the begin checks look at when a gesture is recognized.
struct BeginContext {
    var stackCount: Int
    var top: ViewControllerInstance
    var location: Sample
    var translation: Vector
    /// A transition in flight, an unsettled interactive pop, or deferred operations.
    var busy: Bool
    /// Recognized at the tracked finger's down by a recognizer alone in its arena: a zero
    /// translation has no direction, so `direction` and `horizontal` pass.
    var atDown = false
}

/// The gesture arbiter: runs the rule's begin checks in order; the first refusal decides (SPEC section 3).
struct Arbiter {
    let rules: Rules
    let recognizer: Recognizer

    /// The refusal reason, or nil when the gesture begins.
    func refusal(_ context: BeginContext) -> GestureReason? {
        rules.begin.first { refuses($0, context) }?.reason
    }

    /// Whether the recognizer is alone in its gesture arena and so wins it at the tracked finger's
    /// down (SPEC section 3, Arena). `hitsContent` (the down point hits a content region of the top
    /// view controller) is asked only under `byContent`.
    func winsArenaAtDown(hitsContent: () -> Bool) -> Bool {
        switch rules.recognizer.arena {
        case .contested: false
        case .alone: true
        case .byContent: !hitsContent()
        }
    }

    func refuses(_ check: BeginCheck, _ c: BeginContext) -> Bool {
        switch check {
        case .rootOnly:
            return c.stackCount <= 1
        case .popDisabled:
            return c.top.popDisabled
        case .maxStartX:
            // FD compares the raw x, which is the wrong edge in RTL; `mirrorMaxStartX` is the fix.
            let s = rules.mirrorMaxStartX ? recognizer.leadingDistance(c.location.x) : c.location.x
            return c.top.maxStartX > 0 && s > c.top.maxStartX
        case .locationLimit:
            return c.location.x > rules.locationLimit
        case .transitioning:
            return c.busy
        case .direction:
            if c.atDown { return false }
            let k: Double = recognizer.direction == .rtl && rules.mirrorDirection ? -1 : 1
            return c.translation.x * k <= 0
        case .horizontal:
            if c.atDown { return false }
            return abs(c.translation.y) > abs(c.translation.x)
        }
    }
}
