/// `--document N` of `plot` and `explain`: which of a file's trace documents a run takes, and which
/// failures it shows.
struct DocumentChoice: Sendable {
    /// N, from 1; nil takes every document.
    let document: Int?

    /// N of a document's source, `path#N`; nil for a source without one (the whole file's).
    static func index(of source: String) -> Int? {
        source.split(separator: "#").last.flatMap { Int($0) }
    }

    /// Whether the trace document `source` is taken; a source without `#N` is the file's first.
    func takes(_ source: String) -> Bool {
        document == nil || document == Self.index(of: source) ?? 1
    }

    /// A failure is shown unless `--document` chose another document: one without a `#N` is the
    /// whole file's, and shown whatever was chosen.
    func shows(failureOf source: String) -> Bool {
        guard let document, let index = Self.index(of: source) else { return true }
        return index == document
    }
}
