import PopGestureCore

/// `sweep --format text`: a table with a row per version, the best versions, the flips.
struct SweepTextRenderer: SweepRenderer {
    let console: Console

    mutating func end(_ s: SweepSummary) {
        console.out(Self.text(s.result, top: s.top, files: s.files))
    }

    static func text(_ result: SweepResult, top: Int, files: Int) -> String {
        let documents = result.versions.first?.tally.documents ?? 0
        let errors = result.versions.first?.tally.errors ?? 0
        var out =
            "sweep of \(counted(result.versions.count, "version")) \(result.sweepsRules ? "across rules" : "from \(result.base)") over \(counted(documents, "trace")) in \(counted(files, "file"))"
        out += errors > 0 ? " (\(counted(errors, "document")) failed to load)\n" : "\n"
        var header = ["#"] + result.keys + ["missed backs", "false pops", "failed", "completed", "anomalies"]
        if errors > 0 { header.append("errors") }
        var rows: [[String]] = []
        for (i, version) in result.versions.enumerated() {
            let t = version.tally
            var row =
                ["\(i)"] + version.values.map(\.text)
                + [t.intent.missedBack, t.intent.falsePop, t.failed, t.completed, t.anomalyCount].map(String.init)
            if errors > 0 { row.append(String(t.errors)) }
            rows.append(row)
        }
        out += table(header, rows)
        let ranking = result.ranking
        let ranks = rankNumbers(ranking, result)
        out +=
            "\nbest (fewest missed backs + false pops, then failed expectations, then keys changed from \(result.base)):\n"
        let shown = ranking.prefix(max(top, 0))
        for i in shown {
            let t = result.versions[i].tally
            let tied = ranking.filter { ranks[$0] == ranks[i] }.count > 1 ? " (tied)" : ""
            out +=
                "  \(ranks[i]!). #\(i) \(result.name(i)): \(t.intent.missedBack) missed back\(t.intent.missedBack == 1 ? "" : "s"), "
            out += "\(counted(t.intent.falsePop, "false pop")), \(counted(t.failed, "failed expectation"))\(tied)\n"
        }
        if ranking.count > shown.count { out += "  ... \(ranking.count - shown.count) more (--top N shows more)\n" }
        out += "\nfront (versions no other beats on both missed backs and false pops):\n"
        out += frontLines(result).map { "  \($0)\n" }.joined()
        out +=
            "\nflips (\(counted(result.flips.count, result.flipsAll ? "gesture" : "labelled gesture")) whose result differs):\n"
        for flip in result.flips { out += "  " + result.describe(flip) + "\n" }
        if result.flips.isEmpty { out += "  none\n" }
        return out
    }

    /// One line per point of the trade-off's front, fewest false pops first: its counts, then its
    /// versions (five at most, then how many more).
    static func frontLines(_ result: SweepResult) -> [String] {
        var groups: [(point: TradeOffPoint, versions: [Int])] = []
        for i in result.front {
            if groups.last?.point == result.point(i) {
                groups[groups.count - 1].versions.append(i)
            } else {
                groups.append((result.point(i), [i]))
            }
        }
        return groups.map { group in
            let names = group.versions.prefix(5).map { "#\($0) \(result.name($0))" }.joined(separator: ", ")
            let more = group.versions.count > 5 ? ", ... \(group.versions.count - 5) more" : ""
            return
                "\(counted(group.point.missedBacks, "missed back")), \(counted(group.point.falsePops, "false pop")): \(names)\(more)"
        }
    }

    /// Competition ranking: equal scores share a place, the next place skips (1, 1, 3).
    static func rankNumbers(_ ranking: [Int], _ result: SweepResult) -> [Int: Int] {
        var ranks: [Int: Int] = [:]
        for (place, i) in ranking.enumerated() {
            if place > 0, result.score(ranking[place - 1]) == result.score(i) {
                ranks[i] = ranks[ranking[place - 1]]!
            } else {
                ranks[i] = place + 1
            }
        }
        return ranks
    }

    /// Columns padded to their widest cell; numbers right-aligned, the rest left.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let widths = header.indices.map { c in ([header] + rows).map { $0[c].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            var line = cells.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return SweepValue.number(cell) != nil || c == 0 ? pad + cell : cell + pad
            }.joined(separator: "  ")
            // The last column's padding only: the first is right-aligned, its padding leads.
            while line.hasSuffix(" ") { line.removeLast() }
            return line + "\n"
        }
        return ([header] + rows).map(line).joined()
    }
}
