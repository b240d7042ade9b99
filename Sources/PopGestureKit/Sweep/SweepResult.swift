import PopGestureCore

/// A finished sweep as its renderers see it: the grid's keys and values, each version's tally, the
/// flips, and the ranking.
struct SweepResult: Sendable {
    struct Version: Sendable {
        var values: [SweepValue]
        var tally: SweepTally
        /// Keys whose value is not BASE's.
        var differing: Int
    }

    var base: String
    var keys: [String]
    var versions: [Version]
    var flips: [SweepFlip]
    /// `--flips all`: every gesture whose result differs, labelled or not.
    var flipsAll: Bool

    /// Some document had an `intent` label (else the ranking uses failed expectations alone).
    var labelled: Bool { versions.contains { $0.tally.intent.labels > 0 } }

    /// What the ranking orders by, smallest first.
    func score(_ i: Int) -> [Int] {
        let t = versions[i].tally
        return [t.intentFailures, t.failed, versions[i].differing]
    }

    /// Every version index, best first; ties in grid order.
    var ranking: [Int] {
        versions.indices.sorted { a, b in
            let (x, y) = (score(a), score(b))
            return x != y ? x.lexicographicallyPrecedes(y) : a < b
        }
    }

    /// The versions ranked first, ties included, in ranking order.
    var best: [Int] {
        let order = ranking
        guard let first = order.first else { return [] }
        return order.filter { score($0) == score(first) }
    }

    /// How a version is named in text: `completion.projectionDistance=160 maxStartX=40`.
    func name(_ i: Int) -> String {
        zip(keys, versions[i].values).map { "\($0)=\($1.text)" }.joined(separator: " ")
    }

    /// A flip in words: with one key, the runs of equal results along its values
    /// (`completed for k <= 160, cancelled from 170`); with more, the versions of each result.
    func describe(_ flip: SweepFlip) -> String {
        let head = "\(flip.source) gesture \(flip.gesture)" + (flip.intent.map { " (\($0.rawValue))" } ?? "")
        var runs: [(result: String, from: Int, to: Int)] = []
        for (i, result) in flip.results.enumerated() {
            if let last = runs.last, last.result == result, last.to == i - 1 {
                runs[runs.count - 1].to = i
            } else {
                runs.append((result, i, i))
            }
        }
        guard keys.count == 1 else {
            var byResult: [(String, [Int])] = []
            for (i, result) in flip.results.enumerated() {
                if let k = byResult.firstIndex(where: { $0.0 == result }) {
                    byResult[k].1.append(i)
                } else {
                    byResult.append((result, [i]))
                }
            }
            return head + ": "
                + byResult.map { "\($0.0) at version\($0.1.count == 1 ? "" : "s") \(Self.spans($0.1))" }.joined(
                    separator: ", ")
        }
        let key = keys[0]
        func value(_ i: Int) -> String { versions[i].values[0].text }
        // Rule versions have no order to run along: each result with the versions that give it.
        if key == SweepGrid.versionKey {
            var byResult: [(String, [String])] = []
            for (i, result) in flip.results.enumerated() {
                if let k = byResult.firstIndex(where: { $0.0 == result }) {
                    byResult[k].1.append(value(i))
                } else {
                    byResult.append((result, [value(i)]))
                }
            }
            return head + ": "
                + byResult.map { "\($0.0) under \($0.1.joined(separator: ", "))" }.joined(separator: "; ")
        }
        let parts = runs.map { run -> String in
            if run.from == run.to { return "\(run.result) for \(key) = \(value(run.from))" }
            if run.from == 0 { return "\(run.result) for \(key) <= \(value(run.to))" }
            if run.to == versions.count - 1 { return "\(run.result) from \(value(run.from))" }
            return "\(run.result) for \(key) in \(value(run.from))..\(value(run.to))"
        }
        return head + ": " + parts.joined(separator: ", ")
    }

    /// `0-3, 6, 8-9`.
    static func spans(_ indices: [Int]) -> String {
        var parts: [String] = []
        var start = indices[0]
        var last = indices[0]
        for i in indices.dropFirst() {
            if i == last + 1 {
                last = i
                continue
            }
            parts.append(start == last ? "\(start)" : "\(start)-\(last)")
            (start, last) = (i, i)
        }
        parts.append(start == last ? "\(start)" : "\(start)-\(last)")
        return parts.joined(separator: ", ")
    }
}
