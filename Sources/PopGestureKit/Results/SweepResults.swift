import PopGestureCore

/// What `sweep` found, beside the ranking (`SweepResult`, Sweep/): each gesture whose result flips
/// (made by `SweepFileJob`, ordered by `merge`), and what every format is given at the end.

/// A gesture whose result differs across the versions.
struct SweepFlip: Sendable, Equatable {
    var source: String
    var gesture: Int
    var intent: Intent?
    /// Per version, in version order: a pop result, or the outcome with its reason when no pop began.
    var results: [String]
}

/// What every `sweep` format is given once the last file is read: the versions ranked over all files,
/// so a sweep has nothing to render before the end (its `Item` is `Never`).
struct SweepSummary {
    var result: SweepResult
    var files: Int
    /// `--top`: versions listed under best (text and html).
    var top: Int
    /// `--shard K/N`'s mark (json only).
    var mark: ShardMark?
}
