import PopGestureCore

/// The words for a failed `expect` item (SPEC section 6): which item, what was expected, what happened,
/// and why. The replay hands over the item and the records it found (`ExpectationFailure.Found`); every
/// format prints this one sentence.
extension ExpectationFailure {
    /// `expect[N]: ...`, as the text format has always worded it.
    public var message: String {
        "expect[\(index)]: " + ExpectationWording.sentence(expectation, found)
    }
}

enum ExpectationWording {
    /// `completed`, `refused(outsideEdge)`, `undecided`.
    static func describe(_ gesture: GestureRecord) -> String {
        let outcome = gesture.outcome?.rawValue ?? "undecided"
        return gesture.reason.map { "\(outcome)(\($0.rawValue))" } ?? outcome
    }

    fileprivate static func sentence(_ expectation: Expectation, _ found: ExpectationFailure.Found) -> String {
        switch (expectation, found) {
        case (.intent(let n, let intent), .noGesture(let count)):
            return "\(intentName(intent)): " + missing(n, count)
        case (.outcome(let n, _, _), .noGesture(let count)), (.pop(let n, _), .noGesture(let count)),
            (.content(let n, _), .noGesture(let count)):
            return missing(n, count)
        case (.outcome(let n, let outcome, let reason), .gesture(let gesture, _)):
            let wanted = outcome.rawValue + (reason.map { "(\($0.rawValue))" } ?? "")
            return "gesture \(n): expected \(wanted), got \(describe(gesture))\(decisionContext(gesture))"
        case (.pop(let n, let result), .gesture(let gesture, let model)):
            guard let pop = gesture.pop else {
                return
                    "gesture \(n): expected pop \(result.rawValue), but the gesture \(describe(gesture)) and started no pop"
            }
            return "gesture \(n): expected pop \(result.rawValue), got \(ended(pop))" + popContext(pop, model)
        case (.intent(let n, let intent), .gesture(let gesture, let model)):
            // Only a missed back can lack a pop: a stay without one holds.
            guard let pop = gesture.pop else {
                return
                    "gesture \(n): missed back: labelled back, but the gesture \(describe(gesture)) and started no pop\(decisionContext(gesture))"
            }
            return "gesture \(n): \(intentName(intent)): labelled \(intent.rawValue), but the pop \(ended(pop))"
                + popContext(pop, model)
        case (.content(let n, let result), .gesture(let gesture, _)):
            let wanted = result?.rawValue ?? "none"
            guard let content = gesture.content else {
                return "gesture \(n): expected content \(wanted), but its down point hit no content region"
            }
            let region = content.region.isEmpty ? "" : " (\(content.region), \(content.kind.rawValue))"
            return
                "gesture \(n): expected content \(wanted), got \(content.result?.rawValue ?? "undecided")\(region)"
                + (content.at.map { " claimed at t=\(Readable.time($0.t))" } ?? "") + "; the pop \(describe(gesture))"
        case (.detections(let runs), .detections(let actual)):
            return
                "detections: expected [\(runs.map(\.rawValue).joined(separator: ", "))], got [\(actual.map(\.rawValue).joined(separator: ", "))] (consecutive repeats collapsed)"
        case (.final(let stack, let barHidden), .final(let final)):
            var problems: [String] = []
            if let stack, stack != final.stack {
                problems.append(
                    "stack [\(stack.joined(separator: ", "))] expected, got [\(final.stack.joined(separator: ", "))]")
            }
            if let barHidden, barHidden != final.barHidden {
                problems.append("barHidden \(barHidden) expected, got \(final.barHidden)")
            }
            return "final: " + problems.joined(separator: "; ")
        case (.anomalies(let kinds), .anomalies(let count, let shown, let records)):
            let happened = records.map { "\($0.kind) at t=\(Readable.time($0.t)) (\(FindingWording.detail($0)))" }
            return
                "anomalies: expected [\(kinds.map(\.rawValue).joined(separator: ", "))], got \(list(shown.map(\.rawValue), of: count))"
                + (happened.isEmpty ? "" : ": " + happened.joined(separator: "; "))
        case (.bar(let points), .bar(let count, let shown, let causes)):
            func show(_ point: Expectation.BarPoint) -> String { "[\(formatNumber(point.t)), \(point.hidden)]" }
            return
                "bar: expected [\(points.map(show).joined(separator: ", "))], got \(list(shown.map(show), of: count))"
                + (causes.isEmpty ? "" : " (causes: \(causes.map(FindingWording.cause).joined(separator: ", ")))")
        default:
            preconditionFailure("ExpectationCheck found \(found) for a \(expectation.kind) item")
        }
    }

    private static func intentName(_ intent: Intent) -> String {
        intent == .back ? "missed back" : "false pop"
    }

    /// `items`, and how many more there were of `count`.
    private static func list(_ items: [String], of count: Int) -> String {
        "[" + items.joined(separator: ", ") + (count > items.count ? ", ... \(count) in all" : "") + "]"
    }

    private static func missing(_ n: Int, _ count: Int) -> String {
        "gesture \(n) expected, but the trace has \(count) gesture\(count == 1 ? "" : "s")"
    }

    /// `completed by projection`.
    private static func ended(_ pop: PopRecord) -> String {
        pop.result.rawValue + (pop.by.map { " by \($0.rawValue)" } ?? "")
    }

    private static func decisionContext(_ gesture: GestureRecord) -> String {
        guard let at = gesture.decidedAt else { return "" }
        return
            " at t=\(Readable.time(at.t)) (x=\(Readable.position(at.x)), y=\(Readable.position(at.y)); down at x=\(Readable.position(gesture.down.x)), y=\(Readable.position(gesture.down.y)))"
            + (gesture.decisionEvidence.map { ": \($0)" } ?? "")
    }

    private static func popContext(_ pop: PopRecord, _ model: CompletionModelKind) -> String {
        guard let progress = pop.progress else { return "" }
        guard let velocity = pop.velocity else {
            // Ended by a stack operation before any release: no release velocity, no model's decision.
            return pop.why.map { ": progress \(Readable.fraction(progress)): \($0.text)" } ?? ""
        }
        var text =
            ": progress \(Readable.fraction(progress)), release velocity \(Readable.velocity(velocity)) pt/s, \(model.rawValue) model"
        if let why = pop.why { text += ": \(why.text)" }
        if let settle = pop.settle { text += "; settles in \(settle.text)" }
        return text
    }
}

extension GestureRecord {
    /// Why it was decided as it was, in words: the refusing check, else the recognition.
    var decisionEvidence: String? { refusal?.text ?? recognition?.text }
}
