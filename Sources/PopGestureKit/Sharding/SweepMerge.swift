import Foundation
import PopGestureCore

extension SweepResult {
    /// The unsharded sweep from its shards' JSON (`merge`): each version's counts summed, the flips
    /// in file order (each shard lists its files' flips in order, and no file is in two shards).
    init(merging shards: [ShardOutput]) throws {
        guard let first = shards.first else { throw Diagnostic(message: "name the shards' outputs to merge") }
        func damaged(_ path: String) -> Diagnostic {
            Diagnostic(path: path, message: "is not a whole `sweep --format json` output")
        }
        guard let base = first.sweep["base"] as? String, let keys = first.sweep["keys"] as? [String] else {
            throw damaged(first.path)
        }
        // `rules` holds words, as a choice does.
        let types = try keys.map { key -> RuleKey.ValueType? in
            key == SweepGrid.versionKey ? .choice([]) : try SweepGrid.key(key).rule?.type
        }
        var versions: [Version] = []
        var flips: [(file: String, flip: SweepFlip)] = []
        for shard in shards {
            guard let list = shard.sweep["versions"] as? [[String: Any]], shard.sweep["keys"] as? [String] == keys
            else { throw damaged(shard.path) }
            if versions.isEmpty {
                versions = try list.map { object in
                    guard let values = object["values"] as? [String: Any] else { throw damaged(shard.path) }
                    return Version(
                        values: try zip(keys, types).map { key, type in
                            try Self.value(values[key], type: type) ?? { throw damaged(shard.path) }()
                        }, tally: SweepTally(), differing: object["changedKeys"] as? Int ?? 0)
                }
            }
            guard list.count == versions.count else { throw damaged(shard.path) }
            for (i, object) in list.enumerated() { versions[i].tally.add(try Self.tally(object, path: shard.path)) }
            for object in shard.sweep["flips"] as? [[String: Any]] ?? [] {
                guard let source = object["source"] as? String, let gesture = object["gesture"] as? Int,
                    let results = object["results"] as? [String]
                else { throw damaged(shard.path) }
                let flip = SweepFlip(
                    source: source, gesture: gesture,
                    intent: (object["intent"] as? String).flatMap(Intent.init(rawValue:)), results: results)
                flips.append((ShardOutput.file(ofSource: source), flip))
            }
        }
        // A stable sort by file: a walk lists files in path order, as `merge` does for the others.
        let ordered = flips.enumerated().sorted { a, b in
            a.element.file != b.element.file
                ? Array(a.element.file.utf8).lexicographicallyPrecedes(Array(b.element.file.utf8)) : a.offset < b.offset
        }
        self.init(base: base, keys: keys, versions: versions, flips: ordered.map(\.element.flip), flipsAll: false)
    }

    /// A value as the key takes it: JSON's numbers and booleans are told apart by the key's type.
    private static func value(_ json: Any?, type: RuleKey.ValueType?) -> SweepValue? {
        switch type {
        case .choice?: (json as? String).map(SweepValue.word)
        case .bool?: (json as? Bool).map(SweepValue.bool)
        default: (json as? Double).map(SweepValue.number)
        }
    }

    private static func tally(_ object: [String: Any], path: String) throws -> SweepTally {
        func count(_ map: Any?, _ key: String) -> Int { (map as? [String: Any])?[key] as? Int ?? 0 }
        func counts<T: RawRepresentable>(_ map: Any?, _ cases: [T]) -> [Int] where T.RawValue == String {
            cases.map { count(map, $0.rawValue) }
        }
        var tally = SweepTally()
        tally.documents = object["documents"] as? Int ?? 0
        tally.errors = object["errors"] as? Int ?? 0
        tally.passed = count(object["expectations"], "passed")
        tally.failed = count(object["expectations"], "failed")
        tally.intent.back = count(object["intent"], "back")
        tally.intent.missedBack = count(object["intent"], "missedBack")
        tally.intent.stay = count(object["intent"], "stay")
        tally.intent.falsePop = count(object["intent"], "falsePop")
        tally.began = count(object["gestures"], "began")
        tally.unrecognized = count(object["gestures"], "unrecognized")
        tally.refused = counts((object["gestures"] as? [String: Any])?["refused"], GestureReason.allCases)
        tally.pops = counts(object["pops"], PopResult.allCases)
        tally.content = counts(object["content"], ContentResult.allCases)
        tally.anomalies = counts(object["anomalies"], AnomalyKind.allCases)
        return tally
    }
}
