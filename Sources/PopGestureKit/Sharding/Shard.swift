import PopGestureCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--shard K/N`: the K-th (from 1) of N slices of a run's file list, so that a CI matrix of N
/// machines shares one run. The slices are balanced by file size, since a file's time is about its
/// bytes: largest file first, each onto the shard with the fewest bytes so far (ties: the lower
/// shard; files of one size in path order). Every machine computes the same slices from the same
/// tree, each file lands in exactly one, and a shard works through its files in the run's own order.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// From 1.
    public let index: Int
    public let count: Int

    /// The most shards a run is split into: far more than any CI matrix (GitHub's holds 256 jobs),
    /// and few enough that a shard's bookkeeping (a load per shard) stays small.
    public static let maxCount = 10_000

    /// Why K/N names no shard: the one check `--shard K/N` and `--shard auto` share, each wording it
    /// in its own terms (K and N, or the CI's variables).
    enum Problem: Equatable {
        /// N is not from 1 to `maxCount`.
        case count
        /// N is, and K is not from 1 to N.
        case index
    }

    /// What is wrong with K/N, or nil when it names a shard.
    static func problem(index: Int, count: Int) -> Problem? {
        guard (1...Self.maxCount).contains(count) else { return .count }
        guard (1...count).contains(index) else { return .index }
        return nil
    }

    public init?(index: Int, count: Int) {
        guard Self.problem(index: index, count: count) == nil else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N`, as CI systems number their jobs from 1 (Buildkite's BUILDKITE_PARALLEL_JOB is from 0:
    /// add one).
    public init?(_ text: String) {
        guard let shard = try? Shard(parsing: text) else { return nil }
        self = shard
    }

    /// `K/N`, or an error saying what is wrong with it (`--shard`'s message).
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        func digits(_ part: Substring) -> Bool { !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count == 2, parts.allSatisfy({ digits($0) || ($0.first == "-" && digits($0.dropFirst())) }) else {
            throw Diagnostic(message: "expected K/N, the Kth of N slices counted from 1 (e.g. 2/4)")
        }
        // Digits past Int's range are out of any range.
        let n = Int(parts[1]) ?? Int.max
        let k = Int(parts[0]) ?? Int.max
        switch Self.problem(index: k, count: n) {
        case .count?: throw Diagnostic(message: "N must be from 1 to \(Self.maxCount) (e.g. 2/4)")
        case .index?: throw Diagnostic(message: "K must be from 1 to N, here \(n) (e.g. 1/\(n))")
        case nil: self.init(index: k, count: n)!
        }
    }

    public var description: String { "\(index)/\(count)" }

    /// This shard's files, in the order they were given.
    func select(_ files: [InputFile]) -> [InputFile] {
        let shards = Self.assign(files.map { (path: $0.path, bytes: Self.size(of: $0.path)) }, count: count)
        return files.indices.filter { shards[$0] == index - 1 }.map { files[$0] }
    }

    /// Each file's shard (from 0), greedily: largest first onto the least loaded.
    static func assign(_ files: [(path: String, bytes: Int)], count: Int) -> [Int] {
        let order = files.indices.sorted { a, b in
            if files[a].bytes != files[b].bytes { return files[a].bytes > files[b].bytes }
            return Array(files[a].path.utf8).lexicographicallyPrecedes(Array(files[b].path.utf8))
        }
        var loads = Array(repeating: 0, count: count)
        var shards = Array(repeating: 0, count: files.count)
        for file in order {
            // The first of the least loaded.
            let shard = loads.indices.min { loads[$0] < loads[$1] }!
            shards[file] = shard
            // At least one byte a file, so that empty files spread too.
            loads[shard] += max(files[file].bytes, 1)
        }
        return shards
    }

    /// A file that cannot be read counts as empty: the loader reports it, in its shard.
    private static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}

/// How a run describes itself in a shard mark: the command line without `--shard` and `--jobs`.
func describeRun(_ command: String, options: [String?], paths: [String]) -> String {
    ([command] + options.compactMap { $0 } + ["--"] + paths).joined(separator: " ")
}
