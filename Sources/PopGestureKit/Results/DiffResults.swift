import PopGestureCore

/// What `diff` found: each trace compared, and the run's counts, which its renderers render and
/// `merge` sums.

/// One trace under the two rule versions.
struct ComparedTrace: Sendable {
    var source: String
    var trace: String
    var changes: ChangeList
}

public struct DiffSummary: Sendable {
    var base: String
    var head: String
    var compared = 0
    var changed = 0
    var errors = 0
    /// Rules and stack-config documents: not replayed.
    var otherDocuments = 0
    /// Files found by walking that are not traces (other tools' `*.json`, popgesture's own outputs).
    var notTraces = 0
    /// The same told apart, with the paths given that led nowhere, for the summary line.
    var passedOver = NotTraces()
    /// How often each kind of change occurred.
    var kinds: [String: Int] = [:]

    mutating func add(_ trace: ComparedTrace) {
        compared += 1
        guard !trace.changes.isEmpty else { return }
        changed += 1
        kinds.merge(trace.changes.kinds, uniquingKeysWith: +)
    }
}
