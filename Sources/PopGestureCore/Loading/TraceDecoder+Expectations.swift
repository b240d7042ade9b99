/// SPEC section 6: each `expect` item decoded on its own, so that one bad item is one error and the
/// rest are still checked.
extension TraceDecoder {
    package func decodeExpectations(_ node: YAMLNode) throws -> [Expectation] {
        try node.expectSequence("`expect`, a list of expectations").compactMap { item in
            try attempt { try decodeExpectation(item) }
        }
    }

    private func decodeExpectation(_ item: YAMLNode) throws -> Expectation {
        let fields = try MappingFields(
            item, "an `expect` item",
            known: [
                "gesture", "outcome", "reason", "pop", "content", "intent", "final", "anomalies", "bar", "detections",
            ])
        if let gestureNode = fields["gesture"] {
            let gesture = try gestureNode.integer("`gesture` (its number, from 1)", minimum: 1)
            return try decodeGestureExpectation(gesture, fields, item)
        }
        guard fields.entries.count == 1, let only = fields.entries.first else {
            throw item.error(
                "expected one of `{gesture: N, outcome: ...}`, `{gesture: N, pop: ...}`, `{final: ...}`, `{anomalies: [...]}`, `{bar: [...]}`, `{detections: [...]}` per expect item"
            )
        }
        switch only.key {
        case "final":
            let f = try MappingFields(only.value, "`final`", known: ["stack", "barHidden"])
            return .final(
                stack: try f["stack"].map {
                    try $0.expectSequence("`final.stack`").map { try $0.text("a view controller id") }
                },
                barHidden: try f["barHidden"]?.bool("`final.barHidden`"))
        case "detections":
            return .detections(
                collapsed(
                    try only.value.expectSequence("`detections`, a list of up and down").map {
                        try $0.choice("detection direction", ScrollDirection.self)
                    }))
        case "anomalies":
            return .anomalies(
                try only.value.expectSequence("`anomalies`").map { try $0.choice("anomaly kind", AnomalyKind.self) })
        case "bar":
            return .bar(
                try only.value.expectSequence("`bar`, a list of [t, hidden]").map { entry in
                    let pair = try entry.expectSequence("a bar entry [t, hidden]")
                    guard pair.count == 2 else {
                        throw entry.error("expected a bar entry [t, hidden], found \(pair.count) values")
                    }
                    return Expectation.BarPoint(
                        t: try pair[0].nonNegativeNumber("bar entry time t"),
                        hidden: try pair[1].bool("bar entry hidden"))
                })
        default:
            throw only.keyNode.error("`\(only.key)` needs `gesture: N` in the same expect item")
        }
    }

    /// An item about one gesture: its content result, intent label, pop result, or outcome with a
    /// reason, each alone in its item.
    private func decodeGestureExpectation(
        _ gesture: Int, _ fields: MappingFields, _ item: YAMLNode
    ) throws -> Expectation {
        if let contentNode = fields["content"] {
            if let extra = fields.entries.first(where: { !["gesture", "content"].contains($0.key) }) {
                throw extra.keyNode.error(
                    "`\(extra.key)` does not go with `content` in one expect item",
                    suggestion: "write a separate item")
            }
            let names = ContentResult.allCases.map(\.rawValue) + ["none"]
            let name = try contentNode.choice("content result", among: names)
            return .content(gesture: gesture, result: ContentResult(rawValue: name))
        }
        if let intentNode = fields["intent"] {
            if let extra = fields.entries.first(where: { !["gesture", "intent"].contains($0.key) }) {
                throw extra.keyNode.error(
                    "`\(extra.key)` does not go with `intent` in one expect item",
                    suggestion: "write a separate item")
            }
            return .intent(gesture: gesture, intent: try intentNode.choice("intent", Intent.self))
        }
        if let popNode = fields["pop"] {
            if let extra = fields.entries.first(where: { !["gesture", "pop"].contains($0.key) }) {
                throw extra.keyNode.error(
                    "`\(extra.key)` does not go with `pop` in one expect item",
                    suggestion: "write a separate item `{gesture: \(gesture), outcome: ...}`")
            }
            return .pop(gesture: gesture, result: try popNode.choice("pop result", PopResult.self))
        }
        guard let outcomeNode = fields["outcome"] else {
            throw item.error("an expect item with `gesture` needs `outcome`, `pop`, `content` or `intent`")
        }
        let outcome = try outcomeNode.choice("outcome", GestureOutcome.self)
        if let extra = fields.entries.first(where: { !["gesture", "outcome", "reason"].contains($0.key) }) {
            throw extra.keyNode.error("`\(extra.key)` does not go with `outcome` in one expect item")
        }
        var reason: GestureReason?
        if let reasonNode = fields["reason"] {
            let text = try reasonNode.text("`reason`")
            let reasons =
                outcome == .unrecognized
                ? GestureReason.unrecognized : outcome == .refused ? GestureReason.refusals : []
            let allowed = reasons.map(\.rawValue)
            guard let known = reasons.first(where: { $0.rawValue == text }) else {
                let list =
                    allowed.isEmpty ? "none (a gesture that began has no reason)" : allowed.joined(separator: ", ")
                throw reasonNode.error(
                    "`\(text)` is not a reason for outcome \(outcome.rawValue); expected \(list)",
                    suggestion: didYouMean(text, in: allowed))
            }
            reason = known
        }
        return .outcome(gesture: gesture, outcome: outcome, reason: reason)
    }
}
