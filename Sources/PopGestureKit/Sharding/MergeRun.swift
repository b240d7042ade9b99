import PopGestureCore

/// `popgesture merge`: the outputs of the N shards of one run (`--shard K/N`) into the bytes the run
/// gives unsharded, with its exit status: check's JSON and JUnit, replay's JSON Lines, diff's and
/// sweep's JSON.
/// A walk lists files in path order, and so does the merge: a run over several paths given out of
/// that order cannot be merged (each shard's output shows it, and the merge says so).
public struct MergeRun: Sendable {
    public var inputs: [String]

    public init(inputs: [String]) {
        self.inputs = inputs
    }

    public func run(console: Console = Console()) -> ExitStatus {
        do {
            let shards = try inputs.map(ShardOutput.init(path:))
            try Self.checkComplete(shards)
            let order = try Self.order(shards)
            let status = Self.write(shards, order: order, console: console)
            return console.finish(status)
        } catch {
            console.discardOutput()
            console.report(asDiagnostic(error, path: ""))
            return console.finish(.errors)
        }
    }

    /// One run, every shard of it once, no file in two.
    static func checkComplete(_ shards: [ShardOutput]) throws {
        guard let first = shards.first, let mark = first.mark else {
            throw Diagnostic(message: "name the shards' outputs to merge")
        }
        var byIndex: [Int: String] = [:]
        for shard in shards {
            guard let other = shard.mark else { continue }
            if shard.kind != first.kind {
                throw Diagnostic(
                    path: shard.path,
                    message:
                        "is the output of `\(shard.kind.rawValue)`, \(first.path) of `\(first.kind.rawValue)`: shards of one run only"
                )
            }
            if other.run != mark.run {
                throw Diagnostic(
                    path: shard.path,
                    message: "is a shard of `\(other.run)`, \(first.path) of `\(mark.run)`: shards of one run only")
            }
            if other.shard.count != mark.shard.count {
                throw Diagnostic(
                    path: shard.path,
                    message:
                        "is shard \(other.shard) and \(first.path) shard \(mark.shard): the runs were split differently"
                )
            }
            if let before = byIndex[other.shard.index] {
                throw Diagnostic(
                    path: shard.path, message: "is shard \(other.shard), and so is \(before): overlapping shards")
            }
            byIndex[other.shard.index] = shard.path
        }
        let missing = (1...mark.shard.count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            throw Diagnostic(
                message:
                    "missing shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(mark.shard.count)" }.joined(separator: ", ")) of `\(mark.run)`"
            )
        }
        let files = shards.reduce(0) { $0 + ($1.mark?.files ?? 0) }
        if files != mark.total {
            throw Diagnostic(
                message: "the shards hold \(files) files, the run \(mark.total): were they run over different trees?")
        }
    }

    /// The items of all shards in path order of their files, as (shard, item) pairs; each shard's
    /// files must already be in that order, and no file may be in two shards.
    static func order(_ shards: [ShardOutput]) throws -> [(shard: Int, item: Int)] {
        var owner: [String: Int] = [:]
        for (s, shard) in shards.enumerated() {
            var previous: [UInt8]?
            for item in shard.items {
                let file = Array(item.file.utf8)
                if let previous, previous != file, !previous.lexicographicallyPrecedes(file) {
                    throw Diagnostic(
                        path: shard.path,
                        message:
                            "lists \(item.file) after \(String(decoding: previous, as: UTF8.self)): its run's paths were not in path order, which merge cannot restore",
                        suggestion: "give the run one folder, or its paths in sorted order")
                }
                previous = file
                if let other = owner[item.file], other != s {
                    throw Diagnostic(
                        path: shard.path, message: "\(item.file) is also in \(shards[other].path): overlapping shards")
                }
                owner[item.file] = s
            }
        }
        // A k-way merge: the shard whose next file comes first gives all of that file's items.
        var next = Array(repeating: 0, count: shards.count)
        var order: [(shard: Int, item: Int)] = []
        while true {
            var best: Int?
            for s in shards.indices where next[s] < shards[s].items.count {
                if let b = best {
                    if Array(shards[s].items[next[s]].file.utf8).lexicographicallyPrecedes(
                        Array(shards[b].items[next[b]].file.utf8))
                    {
                        best = s
                    }
                } else {
                    best = s
                }
            }
            guard let s = best else { return order }
            let file = shards[s].items[next[s]].file
            while next[s] < shards[s].items.count && shards[s].items[next[s]].file == file {
                order.append((s, next[s]))
                next[s] += 1
            }
        }
    }

    /// The unsharded run's bytes, and the status it would have ended with.
    static func write(_ shards: [ShardOutput], order: [(shard: Int, item: Int)], console: Console) -> ExitStatus {
        let readers = shards.compactMap { try? ByteReader(path: $0.path) }
        defer { for reader in readers { reader.close() } }
        func items(separator: String) {
            for (i, (s, item)) in order.enumerated() {
                if i > 0 { console.out(separator) }
                let range = shards[s].items[item]
                readers[s].copy(range.start..<range.end, to: console.out)
            }
        }
        func sum(_ key: String) -> Int { shards.reduce(0) { $0 + (($1.summary[key] as? Int) ?? 0) } }
        let run = shards[0].mark?.run ?? ""
        // The run's options, from the mark's own fields (every shard of one run has the same).
        let strict = shards[0].mark?.strict ?? false
        let allowEmpty = shards[0].mark?.allowEmpty ?? false
        switch shards[0].kind {
        case .checkJSON:
            var summary = CheckSummary()
            for (key, count, _) in CheckJSONRenderer.summaryCounts { summary[keyPath: count] = sum(key) }
            for shard in shards {
                let intent = (shard.summary["intent"] as? [String: Int]) ?? [:]
                summary.intent.back += intent["back"] ?? 0
                summary.intent.missedBack += intent["missedBack"] ?? 0
                summary.intent.stay += intent["stay"] ?? 0
                summary.intent.falsePop += intent["falsePop"] ?? 0
            }
            console.out(CheckJSONRenderer.opening)
            items(separator: ", ")
            var ending = JSONWriter(capacity: 1024)
            ending.close("]")
            CheckJSONRenderer.ending(summary, into: &ending)
            console.out(ending.bytes)
            let empty = summary.files == 0 && emptyIsError(run, allowEmpty: allowEmpty, console: console) ? 1 : 0
            return ExitStatus(
                errors: summary.errors + summary.goldensNotWritten + empty,
                findings: summary.failed + (strict ? summary.warnings : 0))
        case .checkJUnit:
            console.out(CheckJUnitRenderer.declaration + CheckJUnitRenderer.opening)
            items(separator: "")
            console.out(CheckJUnitRenderer.closing)
            let all = shards.flatMap(\.items)
            let empty = all.isEmpty && emptyIsError(run, allowEmpty: allowEmpty, console: console) ? 1 : 0
            return ExitStatus(
                errors: all.reduce(0) { $0 + $1.errors } + empty, findings: all.reduce(0) { $0 + $1.failures })
        case .replayJSON:
            for (s, item) in order {
                let range = shards[s].items[item]
                readers[s].copy(range.start..<range.end, to: console.out)
                console.out("\n")
            }
            // As the unsharded `replay` does: a trace whose expectations fail is a finding.
            let failed = shards.reduce(0) { $0 + $1.items.reduce(0) { $0 + $1.failures } }
            if failed > 0 { console.err("note: \(counted(failed, "trace")) with failed expectations\n") }
            return ExitStatus(errors: shards.reduce(0) { $0 + $1.items.reduce(0) { $0 + $1.errors } }, findings: failed)
        case .diffJSON:
            var summary = DiffSummary(
                base: shards[0].topStrings["base"] ?? "", head: shards[0].topStrings["head"] ?? "")
            for (key, count, _) in DiffJSONRenderer.summaryCounts { summary[keyPath: count] = sum(key) }
            for shard in shards {
                summary.kinds.merge((shard.summary["kinds"] as? [String: Int]) ?? [:], uniquingKeysWith: +)
            }
            console.out(DiffJSONRenderer.opening(summary))
            items(separator: ", ")
            console.out(DiffJSONRenderer.closing)
            return ExitStatus(errors: summary.errors, findings: summary.changed)
        case .sweepJSON:
            do {
                let result = try SweepResult(merging: shards)
                var renderer = SweepJSONRenderer(console: console)
                renderer.end(SweepSummary(result: result, files: 0, top: 0, mark: nil))
                return SweepRun.status(result.versions.map(\.tally), runErrors: 0)
            } catch {
                console.discardOutput()
                console.report(asDiagnostic(error, path: ""))
                return .errors
            }
        }
    }

    /// An unsharded run that finds no trace file fails unless asked not to (`--allow-empty`, which the
    /// run's mark records); its shards leave that to the merge.
    private static func emptyIsError(_ run: String, allowEmpty: Bool, console: Console) -> Bool {
        guard !allowEmpty else { return false }
        console.report(
            Diagnostic(
                message: "no \(InputFiles.patterns) trace file found in any shard of `\(run)`",
                suggestion: "pass --allow-empty when an empty run is expected"))
        return true
    }
}
