import PopGestureCore

/// `sweep --format json`: `popgesture-sweep/1` (schemas/sweep.schema.json), keys sorted.
struct SweepJSONRenderer: SweepRenderer {
    static let format = "popgesture-sweep/1"
    let console: Console

    mutating func end(_ s: SweepSummary) {
        console.out(Self.json(s.result, mark: s.mark))
    }

    static func json(_ result: SweepResult, mark: ShardMark? = nil) -> String {
        var fields: [String: JSONValue] = [
            "format": .string(format), "base": .string(result.base), "keys": .array(result.keys.map(JSONValue.string)),
            "versions": .array(result.versions.map { version(result, $0) }),
            "best": .array(result.best.map { .number(Double($0)) }),
            "ranking": .array(result.ranking.map { .number(Double($0)) }),
            "front": .array(result.front.map { .number(Double($0)) }),
            "flips": .array(result.flips.map(flip)),
        ]
        if let mark { fields["shard"] = mark.holding(result.flips.count).json }
        return JSONValue.object(fields).rendered + "\n"
    }

    private static func counts(_ pairs: [(String, Int)]) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: pairs.map { ($0.0, .number(Double($0.1))) }))
    }

    static func version(_ result: SweepResult, _ version: SweepResult.Version) -> JSONValue {
        let t = version.tally
        return .object([
            "values": .object(
                Dictionary(uniqueKeysWithValues: zip(result.keys, version.values.map(\.json)).map { ($0, $1) })),
            "changedKeys": .number(Double(version.differing)),
            "documents": .number(Double(t.documents)), "errors": .number(Double(t.errors)),
            "expectations": counts([("passed", t.passed), ("failed", t.failed)]),
            "intent": t.intent.json,
            "gestures": .object([
                "began": .number(Double(t.began)), "unrecognized": .number(Double(t.unrecognized)),
                "refused": counts(SweepTally.nonZero(t.refused, GestureReason.allCases)),
            ]),
            "pops": counts(zip(PopResult.allCases, t.pops).map { ($0.rawValue, $1) }),
            "content": counts(SweepTally.nonZero(t.content, ContentResult.allCases)),
            "anomalies": counts(SweepTally.nonZero(t.anomalies, AnomalyKind.allCases)),
        ])
    }

    static func flip(_ flip: SweepFlip) -> JSONValue {
        .object([
            "source": .string(flip.source), "gesture": .number(Double(flip.gesture)),
            "intent": .optional(flip.intent?.rawValue), "results": .array(flip.results.map(JSONValue.string)),
        ])
    }
}
