/// What changed in one trace between two rule versions: gesture outcomes, pops, the bar timeline,
/// anomalies, notes and the final state. Each change has a kind, counted in `diff`'s summary.
public struct ReportChange: Sendable, Equatable {
    public var kind: String
    public var detail: String
}

public enum ReportDiff {
    public static func changes(base: TraceReport, head: TraceReport) -> [ReportChange] {
        var changes: [ReportChange] = []
        for i in 0..<max(base.gestures.count, head.gestures.count) {
            let a = i < base.gestures.count ? base.gestures[i] : nil
            let b = i < head.gestures.count ? head.gestures[i] : nil
            let outcomeA = a.map(ExpectationCheck.describe) ?? "absent", outcomeB = b.map(ExpectationCheck.describe) ?? "absent"
            if outcomeA != outcomeB {
                changes.append(ReportChange(kind: "\(outcomeA) -> \(outcomeB)",
                                            detail: "gesture \(i + 1): \(gestureSummary(a)) -> \(gestureSummary(b))"))
            } else if let popA = a?.pop, let popB = b?.pop, popA.result != popB.result || popA.by != popB.by {
                changes.append(ReportChange(kind: "pop \(popDetail(popA)) -> \(popDetail(popB))",
                                            detail: "gesture \(i + 1): pop \(popDetail(popA)) -> \(popDetail(popB))"))
            }
            // The content's fate is its own kind of change, even when the pop's outcome changed with it.
            if let a, let b, a.content?.result != b.content?.result {
                let resultA = contentDetail(a.content), resultB = contentDetail(b.content)
                changes.append(ReportChange(kind: "content \(resultA) -> \(resultB)",
                                            detail: "gesture \(i + 1): content \(resultA) -> \(resultB)\(a.content.map { " (\($0.region))" } ?? "")"))
            }
        }
        let runsA = collapsed(base.detections.map(\.direction.rawValue)), runsB = collapsed(head.detections.map(\.direction.rawValue))
        if base.detections.count != head.detections.count || runsA != runsB {
            changes.append(ReportChange(kind: "detections",
                detail: "detections: \(base.detections.count) [\(runsA.joined(separator: ", "))] -> \(head.detections.count) [\(runsB.joined(separator: ", "))]"))
        }
        let barA = base.bar.map(barPoint), barB = head.bar.map(barPoint)
        if barA != barB {
            changes.append(ReportChange(kind: "bar timeline", detail: "bar: [\(barA.joined(separator: ", "))] -> [\(barB.joined(separator: ", "))]"))
        }
        if let change = kindsChange("anomalies", order: "anomaly order", base.anomalies.map(\.kind.rawValue), head.anomalies.map(\.kind.rawValue)) {
            changes.append(change)
        }
        // Notes say what the navigation controller did with operations: deferred them, or not.
        if let change = kindsChange("notes", order: "note order", base.notes.map(\.kind.rawValue), head.notes.map(\.kind.rawValue)) {
            changes.append(change)
        }
        if base.final.stack != head.final.stack {
            changes.append(ReportChange(kind: "final stack", detail: "final stack: [\(base.final.stack.joined(separator: ", "))] -> [\(head.final.stack.joined(separator: ", "))]"))
        }
        if base.final.barHidden != head.final.barHidden {
            changes.append(ReportChange(kind: "final bar", detail: "final bar: \(base.final.barHidden ? "hidden" : "shown") -> \(head.final.barHidden ? "hidden" : "shown")"))
        }
        return changes
    }

    /// A change in a list of kinds (anomalies, notes): the kinds added and removed, or the order.
    private static func kindsChange(_ list: String, order: String, _ a: [String], _ b: [String]) -> ReportChange? {
        guard a != b else { return nil }
        let detail = "\(list): [\(a.joined(separator: ", "))] -> [\(b.joined(separator: ", "))]"
        var counts: [String: Int] = [:]
        for kind in b { counts[kind, default: 0] += 1 }
        for kind in a { counts[kind, default: 0] -= 1 }
        let kinds = counts.filter { $0.value != 0 }.keys.sorted().map { counts[$0]! > 0 ? "+\($0)" : "-\($0)" }
        return ReportChange(kind: kinds.isEmpty ? order : "\(list) " + kinds.joined(separator: " "), detail: detail)
    }

    private static func gestureSummary(_ gesture: GestureRecord?) -> String {
        guard let gesture else { return "absent" }
        return ExpectationCheck.describe(gesture) + (gesture.pop.map { ", pop \(popDetail($0))" } ?? "")
    }

    private static func contentDetail(_ content: ContentRecord?) -> String {
        guard let content else { return "none" }
        return content.result?.rawValue ?? "undecided"
    }

    private static func popDetail(_ pop: PopRecord) -> String {
        pop.result.rawValue + (pop.by.map { " by \($0.rawValue)" } ?? "")
    }

    private static func barPoint(_ entry: BarEntry) -> String {
        "\(formatNumber(entry.t)) \(entry.hidden ? "hidden" : "shown")"
    }
}
