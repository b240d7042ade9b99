import PopGestureCore

/// What a shard's machine-readable output says of itself, so that `merge` can check it has every
/// shard of one run, once and whole: which shard, the run (command, options and paths, so that shards
/// of different runs do not mix), how many files the whole run and this shard have, and how many
/// items this output holds.
///
/// The item count is known only once the items are written, so the mark comes after them: after
/// check's and diff's entries (keys sorted: `shard` follows `files` and precedes `summary`; diff
/// writes its opening last anyway), on replay's last JSON line, after JUnit's `</testsuites>`. A
/// file count alone cannot tell a whole output from one that lost its last line, which is still
/// whole JSON Lines.
///
/// The options `merge` needs to give the unsharded run's exit status are fields of their own,
/// `strict` and `allowEmpty`, not read back out of `run` (which says them too, for people and for
/// telling runs apart). A mark without them was written before they were (as one without `items`):
/// merge refuses it rather than guess.
public struct ShardMark: Sendable, Equatable {
    public var shard: Shard
    public var run: String
    public var files: Int
    public var total: Int
    /// check's file entries, JUnit's test suites, replay's report lines, diff's changed traces or
    /// sweep's flips: `ShardOutput.Kind.item` names them.
    public var items: Int
    /// check's `--strict`: a warning is a finding of the run.
    public var strict: Bool
    /// `--allow-empty`: a run that finds no trace file in any shard is no error.
    public var allowEmpty: Bool

    public init(
        shard: Shard, run: String, files: Int, total: Int, items: Int = 0, strict: Bool = false,
        allowEmpty: Bool = false
    ) {
        self.shard = shard
        self.run = run
        self.files = files
        self.total = total
        self.items = items
        self.strict = strict
        self.allowEmpty = allowEmpty
    }

    /// The mark of an output that holds `items` items.
    func holding(_ items: Int) -> ShardMark {
        var mark = self
        mark.items = items
        return mark
    }

    /// The JSON object check, diff and sweep put under `"shard"` and replay's JSON Lines on its last line.
    var json: JSONValue {
        .object([
            "index": .number(Double(shard.index)), "count": .number(Double(shard.count)), "run": .string(run),
            "files": .number(Double(files)), "total": .number(Double(total)), "items": .number(Double(items)),
            "strict": .bool(strict), "allowEmpty": .bool(allowEmpty),
        ])
    }

    /// JUnit's: a processing instruction after the root element (XML allows one there), which JUnit
    /// readers skip.
    var xmlInstruction: String {
        "<?popgesture-shard index=\"\(shard.index)\" count=\"\(shard.count)\" files=\"\(files)\" total=\"\(total)\" items=\"\(items)\" strict=\"\(strict)\" allowEmpty=\"\(allowEmpty)\" run=\"\(xmlEscaped(run))\"?>\n"
    }

    /// A mark read back from its JSON object; an error names `path` (`ShardOutput` adds the place).
    init(json object: [String: Any], path: String) throws {
        try self.init(
            index: object["index"] as? Int, count: object["count"] as? Int, run: object["run"] as? String,
            files: object["files"] as? Int, total: object["total"] as? Int, items: object["items"] as? Int,
            strict: object["strict"] as? Bool, allowEmpty: object["allowEmpty"] as? Bool, path: path)
    }

    /// A mark read back from its processing instruction's attributes, unescaped.
    init(xmlAttributes attributes: [String: String], path: String) throws {
        func number(_ name: String) -> Int? { attributes[name].flatMap { Int($0) } }
        func flag(_ name: String) -> Bool? { attributes[name].flatMap { Bool($0) } }
        try self.init(
            index: number("index"), count: number("count"), run: attributes["run"], files: number("files"),
            total: number("total"), items: number("items"), strict: flag("strict"), allowEmpty: flag("allowEmpty"),
            path: path)
    }

    private init(
        index: Int?, count: Int?, run: String?, files: Int?, total: Int?, items: Int?, strict: Bool?,
        allowEmpty: Bool?, path: String
    ) throws {
        guard let index, let count, let shard = Shard(index: index, count: count), let run, let files, let total,
            files >= 0, total >= files
        else {
            throw Diagnostic(
                path: path, message: "its shard mark is damaged",
                suggestion: "run the shard again and merge its whole output")
        }
        // Shards written before the mark counted its items: a cut one cannot be told from a whole one.
        guard let items, items >= 0 else {
            throw Diagnostic(
                path: path,
                message:
                    "its shard mark does not count the output's items: written by an older popgesture, whose cut or edited shards merge cannot tell from whole ones",
                suggestion: "run shard \(shard) again with this popgesture")
        }
        // Nor the options merge needs: an older mark's, which merge would have to read out of `run`.
        guard let strict, let allowEmpty else {
            throw Diagnostic(
                path: path,
                message:
                    "its shard mark does not say whether the run was --strict or --allow-empty: written by an older popgesture",
                suggestion: "run shard \(shard) again with this popgesture")
        }
        self.init(
            shard: shard, run: run, files: files, total: total, items: items, strict: strict, allowEmpty: allowEmpty)
    }
}
