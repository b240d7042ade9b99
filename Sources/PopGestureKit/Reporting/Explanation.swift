import PopGestureCore

/// `popgesture explain`: one trace document's gestures derived step by step, as a worked example of
/// SPEC sections 3 and 4 (and 9 for the content): each sample of the tracked finger with what it did
/// to the recognizer, the begin checks, the pop's progress, the velocity and the projection
/// statistics; then the release, the settle and what the pop did to the bar.
public struct Explanation {
    let trace: Trace
    let rules: Rules
    let report: TraceReport
    let derivation: Derivation

    /// Replays `trace` under `rules` and keeps how each decision came about.
    public init(trace: Trace, rules: Rules) {
        let derivation = Derivation()
        self.trace = trace
        self.rules = rules
        self.derivation = derivation
        report = Replay(rules: rules, derivation: derivation).run(trace)
    }

    /// The derivation of gesture `only` (from 1), or of every gesture.
    public func text(gesture only: Int? = nil) -> String {
        var out = TextTimeline.header(trace: report.trace, source: report.source, rules: report.rules) + setting()
        let chosen = report.gestures.filter { only == nil || $0.index == only }
        // A gesture number the trace does not have is refused by `explain` before it gets here.
        if chosen.isEmpty { out += "  no gestures\n" }
        for gesture in chosen {
            out +=
                "\n"
                + explain(
                    gesture,
                    steps: gesture.index - 1 < derivation.gestures.count ? derivation.gestures[gesture.index - 1] : [])
        }
        return out
    }

    /// The rule version's numbers that the derivations use.
    private func setting() -> String {
        let r = rules.recognizer
        let c = rules.completion
        let kind =
            switch r.kind {
            case .uikit: "uikit, hysteresis \(formatNumber(r.hysteresis))"
            case .horizontalSlop: "horizontalSlop, slop \(formatNumber(r.slop))"
            case .dominantAxis:
                "dominantAxis, slop \(formatNumber(r.slop)), edge start \(formatNumber(r.edgeWidth)), hysteresis \(formatNumber(r.hysteresis))"
            case .firstMove: "firstMove"
            case .pan:
                "pan, threshold \(formatNumber(rules.pan.threshold)), maxAngle \(formatNumber(rules.pan.maxAngle))"
            case .activeOffset:
                "activeOffset, x \(formatNumber(rules.activeOffset.x)), failY \(formatNumber(rules.activeOffset.failY))"
            }
        let recognizer =
            kind + (r.firstVelocity ? ", first velocity tested" : "")
            + (r.systemEdge == .none ? "" : ", UIKit's edge pop first (systemEdge \(r.systemEdge.rawValue))")
        let region =
            switch r.region {
            case .edge: "edge \(formatNumber(r.edgeWidth))"
            case .edgeRect: "edgeRect \(formatNumber(r.edgeWidth))"
            case .fullscreen: "fullscreen"
            }
        let completion =
            switch c.model {
            case .projection:
                "projection (projectionDistance \(formatNumber(c.projectionDistance)), projectionCap \(formatNumber(c.projectionCap)))"
            case .threshold:
                "threshold (progress \(formatNumber(c.progressThreshold))\(c.strict ? ", strict" : ""), fling \(formatNumber(c.flingVelocity)))"
            case .velocitySign: "velocitySign\(c.popOnZero ? " (popOnZero)" : "")"
            case .speedOrDistance:
                "speedOrDistance (speed \(formatNumber(rules.speedOrDistance.speed)) px/ms, fraction \(formatNumber(rules.speedOrDistance.fraction)))"
            case .linearProjection:
                "linearProjection (velocityImpact \(formatNumber(rules.linearProjection.velocityImpact)) s, fraction \(formatNumber(rules.linearProjection.fraction))"
                    + (rules.linearProjection.cap == -1 ? ")" : ", cap \(formatNumber(rules.linearProjection.cap)))")
            case .progressOrVelocity:
                "progressOrVelocity (progress \(formatNumber(c.progressThreshold))\(c.strict ? ", strict" : ""), velocity \(formatNumber(c.velocityThreshold)) pt/s)"
            case .quickSwipe:
                "quickSwipe (within \(formatNumber(c.quickTime)) ms past \(formatNumber(c.quickDistance)) pt, else progress \(formatNumber(c.progressThreshold))\(c.strict ? ", strict" : ""))"
            }
        let velocity =
            rules.velocity == .ema
            ? "ema (weight \(formatNumber(rules.ema.weight)), window \(formatNumber(rules.ema.window)) ms"
                + (rules.ema.perFrame ? ", per frame of \(formatNumber(rules.frameClock.rate)) Hz)" : ")")
            : rules.velocity.rawValue
        return
            "  screen W \(formatNumber(trace.screen.width)), \(trace.layoutDirection.rawValue); recognizer \(recognizer), region \(region)"
            + (r.arena == .contested ? "" : ", arena \(r.arena.rawValue)") + "\n"
            + "  velocity \(velocity); completion \(completion); transition D \(formatNumber(rules.transition.duration)) ms,"
            + " settle \(rules.transition.settle.rawValue), progressCap \(formatNumber(rules.transition.progressCap))\n"
            + "  begin checks: \(rules.begin.map(\.rawValue).joined(separator: ", "))\n"
    }

    private static let indent = "           "

    private func explain(_ gesture: GestureRecord, steps: [Derivation.Step]) -> String {
        var out = "gesture \(gesture.index): \(ExpectationWording.describe(gesture)), finger \(gesture.finger)\n"
        var largest = Vector.zero
        for step in steps {
            largest = Vector(x: max(largest.x, abs(step.d.x)), y: max(largest.y, abs(step.d.y)))
            out += line(step, rules: rules.of(gesture))
        }
        if gesture.outcome == .unrecognized {
            let r = rules.of(gesture).recognizer
            let limit =
                switch r.kind {
                case .uikit: "|d.x| and |d.y| stayed below hysteresis \(formatNumber(r.hysteresis))"
                case .horizontalSlop: "|d.x| never exceeded slop \(formatNumber(r.slop))"
                case .pan: "|d| stayed below threshold \(formatNumber(rules.of(gesture).pan.threshold))"
                case .activeOffset:
                    "the drag never went more than activeOffset \(formatNumber(rules.of(gesture).activeOffset.x)) toward the pop"
                case .dominantAxis:
                    "|d.x| never exceeded slop \(formatNumber(r.slop)) and twice |d.y| (nor, from the edge, hysteresis \(formatNumber(r.hysteresis)))"
                case .firstMove: "the finger never moved"
                }
            out +=
                "  never recognized (\(gesture.reason?.rawValue ?? "")): the largest |d.x| \(Readable.position(largest.x)), |d.y| \(Readable.position(largest.y)); \(limit)\n"
        }
        if let content = gesture.content {
            out += "  content: \(TextTimeline.contentText(content, of: gesture))\n"
        }
        if let pop = gesture.pop { out += release(pop, of: gesture, cancelled: steps.last?.kind == .cancel) }
        return out
    }

    /// One step under the rules its gesture was replayed under (UIKit's edge pop's for one it took).
    private func line(_ step: Derivation.Step, rules: Rules) -> String {
        let velocity = "velocity \(Readable.velocity(step.velocity.x)) pt/s"
        var head: String
        switch step.kind {
        case .down: head = "down at \(TextTimeline.point(step.point!)), \(velocity)"
        case .move:
            head =
                "move to \(TextTimeline.point(step.point!)), d = (\(Readable.position(step.d.x)), \(Readable.position(step.d.y))), \(velocity)"
        case .lift:
            head =
                step.velocityStep == nil
                ? "lift (the last move's translation and velocity, its own time)"
                : "lift (the last move's translation and position, its own time; ema takes it)"
        case .cancel: head = "cancelled by the system"
        case .otherFinger(let finger):
            head =
                "finger \(finger) down at \(TextTimeline.point(step.point!))"
                + (step.refusal == nil
                    ? ": not tracked; after the decision, or within maxTouches, it changes nothing" : "")
        }
        var out = "  " + "t=\(Readable.time(step.t))".padding(Self.indent.count - 2) + head + "\n"
        if let velocityStep = step.velocityStep {
            out += Self.indent + Self.describe(velocityStep) + "\n"
        }
        if let refusal = step.refusal {
            out += Self.indent + "refused by \(refusal.check): \(refusal.text)\n"
        }
        if let recognition = step.recognition {
            out += Self.indent + recognition.text + "\n"
            if !step.checks.isEmpty {
                out += Self.indent + "begin checks, in the rule's order:\n"
                for check in step.checks {
                    out +=
                        Self.indent + "  " + Self.column(check.check) + (check.refuses ? "REFUSES  " : "passes   ")
                        + check.text + "\n"
                }
            } else if rules.begin.isEmpty {
                out += Self.indent + "no begin checks\n"
            }
        }
        if let pop = step.pop {
            if step.kind == .move || step.kind == .down {
                let w = formatNumber(trace.screen.width)
                let cap = formatNumber(rules.transition.progressCap)
                // In RTL the pop runs leftwards, c = -1, unless the rules do not mirror it.
                let ratio =
                    InteractivePop.c(trace.layoutDirection, rules: rules) == 1
                    ? "T.x \(Readable.position(pop.translation.x)) / W \(w)"
                    : "-T.x / W = \(Readable.position(-pop.translation.x)) / \(w)"
                out += Self.indent + "progress = clamp(\(ratio), 0, \(cap)) = \(Readable.fraction(pop.progress))\n"
            }
            if let statistics = pop.statistics, rules.completion.model == .projection {
                out += Self.indent + "statistics: " + Self.describe(statistics) + "\n"
            }
        }
        return out
    }

    /// What the `ema` estimator did with a sample, in Ionic's units.
    static func describe(_ step: VelocityStep) -> String {
        switch step {
        case .first:
            return "ema: starts at 0 from here"
        case .mixed(let dt, let raw, let velocity):
            return
                "ema: dt \(Readable.time(dt)) ms, raw \(Readable.rounded(raw, places: 4)) px/ms mixed in: v \(Readable.rounded(velocity, places: 4)) px/ms"
        case .outsideWindow(let dt, let window):
            return "ema: dt \(Readable.time(dt)) ms is not in (0, \(formatNumber(window))): v unchanged"
        case .dropped(let frame):
            return "ema: dropped, frame \(formatNumber(frame)) already sampled (an animation frame is pending)"
        }
    }

    /// A begin check's name in its column, 14 wide; a longer one (`velocityHorizontal`) a space after.
    static func column(_ name: String) -> String {
        name.count < 14 ? name.padding(14) : name + " "
    }

    static func describe(_ step: StatisticsStep) -> String {
        switch step {
        case .first(let velocity):
            return "first sample: vel \(Readable.fraction(velocity)) widths/s sets avgV; avgA 0, n 1"
        case .skipped(let since, let changed):
            return changed
                ? "skipped: \(Readable.time(since)) ms since the last sample looked at (<= 1 ms)"
                : "skipped: \(Readable.time(since)) ms since the last sample looked at (< 10 ms) and the displacement unchanged"
        case .taken(let dt, let velocity, let a, let clampedFrom, let averageVelocity, let averageAcceleration, let n):
            var text = "taken after \(Readable.time(dt * 1000)) ms: vel \(Readable.fraction(velocity)) widths/s, a "
            if let raw = clampedFrom {
                text +=
                    "\(Readable.fraction(raw)) clamped to \(Readable.fraction(a)) (it may change by at most 5 a sample)"
            } else {
                text += Readable.fraction(a)
            }
            return text
                + "; avgV \(Readable.fraction(averageVelocity)), avgA \(Readable.fraction(averageAcceleration)), n \(n)"
        }
    }

    /// `cancelled`: the tracked finger's stroke ended in a cancel.
    private func release(_ pop: PopRecord, of gesture: GestureRecord, cancelled: Bool) -> String {
        var out = ""
        let result = pop.result.rawValue + (pop.by.map { " by \($0.rawValue)" } ?? "")
        switch pop.result {
        case .ignored:
            return "  pop: ignored by \(pop.by?.rawValue ?? "")"
                + (pop.by == .atRoot
                    ? ": the stack holds one view controller\n" : ": a transition is already in flight\n")
        case .unfinished:
            if cancelled, rules.of(gesture).completion.onCancel == .hold {
                return
                    "  pop: unfinished: the touch cancel decides nothing (completion.onCancel: hold); the pop stays where the finger left it\n"
            }
            return
                "  pop: unfinished: the finger was still down when the trace ended (progress \(pop.progress.map(Readable.fraction) ?? "0"))\n"
        case .completed, .cancelled:
            break
        }
        if let why = pop.why {
            let label = "release:".padding(Self.indent.count - 2)
            switch why {
            case .projection:
                out += "  \(label)projection: n >= 3 and moved, so the projection decides: \(why.text)\n"
            case .lowSampleVelocity:
                out += "  \(label)projection with too few samples: \(why.text)\n"
            default:
                out += "  \(label)\(pop.by?.rawValue ?? ""): \(why.text)\n"
            }
        }
        if let velocity = pop.velocity {
            let source = if case .projection? = pop.why { "W x prevV" } else { "c x velocity.x" }
            out += Self.indent + "-> \(result); release velocity \(source) = \(Readable.velocity(velocity)) pt/s\n"
        } else {
            out += Self.indent + "-> \(result)\n"
        }
        if let settle = pop.settle, let settledAt = pop.settledAt {
            out +=
                "  " + "settle:".padding(Self.indent.count - 2)
                + "\(settle.text) -> settles at t=\(Readable.time(settledAt))\n"
        }
        // What the pop did to the bar, and what went wrong on the way: from its start to its settle.
        let start = gesture.decidedAt?.t ?? gesture.down.t
        let end = pop.settledAt ?? .infinity
        let bar = report.bar.dropFirst().filter { $0.t >= start && $0.t <= end }
        for entry in bar {
            out +=
                "  " + "bar:".padding(Self.indent.count - 2)
                + "t=\(Readable.time(entry.t)) \(entry.hidden ? "hidden" : "shown")\(entry.animated ? " (animated)" : "") by \(FindingWording.cause(entry.cause))\n"
        }
        for anomaly in report.anomalies where anomaly.t >= start && anomaly.t <= end {
            out +=
                "  " + "anomaly:".padding(Self.indent.count - 2)
                + "t=\(Readable.time(anomaly.t)) \(anomaly.kind.rawValue): \(FindingWording.detail(anomaly))\n"
        }
        return out
    }
}
