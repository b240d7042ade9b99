/// What the begin checks look at when a gesture is recognized.
package struct BeginContext {
    package var stackCount: Int
    package var top: ViewControllerInstance
    package var location: Sample
    package var translation: Vector
    /// What keeps the navigation controller busy (a transition in flight, an unsettled interactive
    /// pop, deferred operations); nil when nothing does.
    package var busy: Busy?
    /// Recognized at the tracked finger's down by a recognizer alone in its arena: a zero
    /// translation has no direction, so `direction` and `horizontal` pass.
    package var atDown = false
    /// The estimator's velocity at the recognition sample, for `velocityHorizontal` and
    /// `velocityDirection` (pt/s).
    package var velocity = Vector.zero
}

/// The gesture arbiter: runs the rule's begin checks in order; the first refusal decides (SPEC section 3).
package final class Arbiter {
    package let rules: Rules
    package let recognizer: Recognizer

    /// The arbiter of `rules` on a screen `width` wide laid out `direction`.
    package init(rules: Rules, width: Double, direction: LayoutDirection) {
        self.rules = rules
        recognizer = Recognizer(
            rules, width: width, direction: direction,
            mirrored: direction == .rtl && rules.mirrorDirection)
    }

    /// The first check that refuses, or nil when the gesture begins.
    package func refusal(_ context: BeginContext) -> (check: BeginCheck, evidence: CheckEvidence)? {
        for check in rules.begin {
            let evidence = evidence(check, context)
            if evidence.refuses { return (check, evidence) }
        }
        return nil
    }

    /// Each check in the rule's order up to the first that refuses, as `explain` shows them.
    package func checks(_ context: BeginContext) -> [CheckEvidence] {
        var out: [CheckEvidence] = []
        for check in rules.begin {
            out.append(evidence(check, context))
            if out.last!.refuses { break }
        }
        return out
    }

    /// Whether the recognizer is alone in its gesture arena and so wins it at the tracked finger's
    /// down (SPEC section 3, Arena). `hitsContent` (the down point hits a content region of the top
    /// view controller) is asked only under `byContent`.
    package func winsArenaAtDown(hitsContent: () -> Bool) -> Bool {
        switch rules.recognizer.arena {
        case .contested: false
        case .alone: true
        case .byContent: !hitsContent()
        }
    }

    package func evidence(_ check: BeginCheck, _ c: BeginContext) -> CheckEvidence {
        let name = check.rawValue
        switch check {
        case .rootOnly:
            return CheckEvidence(
                check: name, refuses: c.stackCount <= 1, quantity: "stack count", value: .number(Double(c.stackCount)),
                limit: 1, refusesAbove: false)
        case .popDisabled:
            return CheckEvidence(
                check: name, refuses: c.top.popDisabled, quantity: "\(c.top.id).popDisabled",
                value: .flag(c.top.popDisabled))
        case .maxStartX:
            // FD compares the raw x, which is the wrong edge in RTL; `mirrorMaxStartX` is the fix.
            let s = rules.mirrorMaxStartX ? recognizer.leadingDistance(c.location.x) : c.location.x
            let quantity = rules.mirrorMaxStartX ? "edge distance" : "location.x"
            guard c.top.maxStartX > 0 else {
                return CheckEvidence(
                    check: name, refuses: false, quantity: "\(c.top.id).maxStartX", value: .name("0, no limit"))
            }
            return CheckEvidence(
                check: name, refuses: s > c.top.maxStartX, quantity: quantity, value: .number(s),
                limitName: "maxStartX", limit: c.top.maxStartX)
        case .locationLimit:
            return CheckEvidence(
                check: name, refuses: c.location.x > rules.locationLimit, quantity: "location.x",
                value: .number(c.location.x),
                limitName: "locationLimit", limit: rules.locationLimit)
        case .transitioning:
            return CheckEvidence(
                check: name, refuses: c.busy != nil, quantity: "busy", value: c.busy.map { .busy($0) } ?? .flag(false))
        case .direction:
            if c.atDown {
                return CheckEvidence(
                    check: name, refuses: false, quantity: "translation", value: .name("zero at the down, no direction")
                )
            }
            let mirrored = recognizer.mirrored
            let k = recognizer.k
            return CheckEvidence(
                check: name, refuses: c.translation.x * k <= 0, quantity: mirrored ? "-translation.x" : "translation.x",
                value: .number(c.translation.x * k), limit: 0, refusesAbove: false)
        case .horizontal:
            if c.atDown {
                return CheckEvidence(
                    check: name, refuses: false, quantity: "translation", value: .name("zero at the down, no direction")
                )
            }
            return CheckEvidence(
                check: name, refuses: abs(c.translation.y) > abs(c.translation.x), quantity: "|translation.y|",
                value: .number(abs(c.translation.y)), limitName: "|translation.x|", limit: abs(c.translation.x))
        case .responseDistance:
            return responseDistance(c.location)
        case .velocityHorizontal:
            if c.atDown {
                return CheckEvidence(
                    check: name, refuses: false, quantity: "velocity", value: .name("zero at the down, no direction"))
            }
            return CheckEvidence(
                check: name, refuses: abs(c.velocity.y) > abs(c.velocity.x), quantity: "|velocity.y|",
                value: .number(abs(c.velocity.y)), limitName: "|velocity.x|", limit: abs(c.velocity.x))
        case .velocityDirection:
            if c.atDown {
                return CheckEvidence(
                    check: name, refuses: false, quantity: "velocity", value: .name("zero at the down, no direction"))
            }
            return CheckEvidence(
                check: name, refuses: c.velocity.x * recognizer.k <= 0,
                quantity: recognizer.mirrored ? "-velocity.x" : "velocity.x",
                value: .number(c.velocity.x * recognizer.k), limit: 0, refusesAbove: false)
        }
    }

    /// react-native-screens' isInGestureResponseDistance: the recognition point, x from the leading
    /// edge, against each bound that is not -1, in its order (start, end, top, bottom); the first
    /// bound it breaks refuses.
    private func responseDistance(_ location: Sample) -> CheckEvidence {
        let bounds = rules.responseDistance
        let x = recognizer.leadingDistance(location.x)
        let xName = recognizer.direction == .ltr ? "location.x" : "edge distance"
        let tests: [(String, Double, Double, Bool)] = [
            (xName, x, bounds.start, false), (xName, x, bounds.end, true),
            ("location.y", location.y, bounds.top, false), ("location.y", location.y, bounds.bottom, true),
        ]
        let names = ["start", "end", "top", "bottom"]
        for (i, (quantity, value, bound, above)) in tests.enumerated() where bound != -1 {
            let breaks = above ? value > bound : value < bound
            if breaks {
                return CheckEvidence(
                    check: "responseDistance", refuses: true, quantity: quantity, value: .number(value),
                    limitName: names[i], limit: bound, refusesAbove: above, refusesAtLimit: false)
            }
        }
        let set = zip(names, [bounds.start, bounds.end, bounds.top, bounds.bottom]).filter { $0.1 != -1 }
        let within =
            set.isEmpty
            ? "no bounds" : "within " + set.map { "\($0.0) \(formatNumber($0.1))" }.joined(separator: ", ")
        let xShort = recognizer.direction == .ltr ? "x" : "W - x"
        return CheckEvidence(
            check: "responseDistance", refuses: false, quantity: "location",
            value: .name("\(xShort) \(formatNumber(x)), y \(formatNumber(location.y)): \(within)"))
    }
}
