/// The readable form of a report: one line per decision, pop, transition, bar change, anomaly and
/// note, in time order, then the final state.
public enum TextTimeline {
    public static func render(_ report: TraceReport) -> String {
        var lines: [(t: Double, text: String)] = []
        func add(_ t: Double, _ what: String, _ text: String) {
            lines.append((t, what.padding(12) + text))
        }
        for entry in report.bar {
            add(entry.t, "bar", "\(entry.hidden ? "hidden" : "shown")\(entry.animated ? " (animated)" : "") by \(entry.cause)")
        }
        for gesture in report.gestures {
            let at = gesture.decidedAt ?? gesture.down
            add(at.t, "gesture \(gesture.index)", "\(ExpectationCheck.describe(gesture)), finger \(gesture.finger) down at (\(formatNumber(gesture.down.x)), \(formatNumber(gesture.down.y))) t=\(formatNumber(gesture.down.t))"
                + (gesture.decidedAt.map { ", decided at (\(formatNumber($0.x)), \(formatNumber($0.y)))" } ?? ""))
            if let pop = gesture.pop {
                if let releasedAt = pop.releasedAt, let progress = pop.progress, let velocity = pop.velocity {
                    add(releasedAt, "pop \(gesture.index)", "\(pop.result.rawValue) by \(pop.by ?? "?"): progress \(formatNumber(progress)), velocity \(formatNumber(velocity)) pt/s"
                        + (pop.why.map { "; \($0.text)" } ?? ""))
                } else {
                    add(at.t, "pop \(gesture.index)", pop.result.rawValue + (pop.by.map { " by \($0)" } ?? ""))
                }
            }
        }
        for transition in report.transitions {
            let name = "\(transition.kind.rawValue) \(transition.from) -> \(transition.to)"
            add(transition.start, "transition", "\(name) starts\(transition.animated ? "" : " (not animated)")")
            if let end = transition.end {
                add(end, "settle", "\(name) \(transition.result.rawValue)")
            }
        }
        for anomaly in report.anomalies { add(anomaly.t, "anomaly", "\(anomaly.kind): \(anomaly.detail)") }
        for note in report.notes { add(note.t, "note", "\(note.kind)" + (note.detail.isEmpty ? "" : ": \(note.detail)")) }
        // Stable: same-time lines keep the order above.
        let ordered = lines.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(\.element)
        let width = ordered.map { formatNumber($0.t).count }.max() ?? 1
        var out = "\(report.source) \(report.trace) (rules \(report.rules))\n"
        for line in ordered {
            out += "  " + String(repeating: " ", count: width - formatNumber(line.t).count) + formatNumber(line.t) + " ms  " + line.text + "\n"
        }
        out += "  final: stack [\(report.final.stack.joined(separator: ", "))], bar \(report.final.barHidden ? "hidden" : "shown")\n"
        let e = report.expectations
        if e.passed + e.failed > 0 {
            out += "  expectations: \(e.passed) passed, \(e.failed) failed\n"
            for failure in e.failures { out += "    \(failure.message)\n" }
        }
        return out
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
