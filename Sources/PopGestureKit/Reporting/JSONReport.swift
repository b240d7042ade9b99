/// The JSON report of SPEC section 8, one object per trace document.
extension TraceReport {
    public var json: JSONValue {
        .object([
            "trace": .string(trace),
            "source": .string(source),
            "rules": .string(rules),
            "gestures": .array(gestures.map(\.json)),
            "transitions": .array(transitions.map(\.json)),
            "bar": .array(bar.map(\.json)),
            "anomalies": .array(anomalies.map(\.json)),
            "notes": .array(notes.map(\.json)),
            "final": .object(["stack": .array(final.stack.map(JSONValue.string)), "barHidden": .bool(final.barHidden)]),
            "expectations": .object([
                "passed": .number(Double(expectations.passed)),
                "failed": .number(Double(expectations.failed)),
                "failures": .array(expectations.failures.map {
                    .object(["index": .number(Double($0.index)), "message": .string($0.message)])
                }),
            ]),
        ])
    }

    /// A document that could not be replayed, in place of its report.
    public static func errorJSON(source: String, _ diagnostic: Diagnostic) -> JSONValue {
        .object(["source": .string(source), "error": .string(diagnostic.description)])
    }
}

extension Sample {
    var json: JSONValue { .object(["t": .number(t), "x": .number(x), "y": .number(y)]) }
}

extension GestureRecord {
    var json: JSONValue {
        .object([
            "index": .number(Double(index)),
            "finger": .number(Double(finger)),
            "down": down.json,
            "outcome": .optional(outcome?.rawValue),
            "reason": .optional(reason),
            "decidedAt": decidedAt?.json ?? .null,
            "pop": pop.map { pop in
                .object([
                    "result": .string(pop.result.rawValue),
                    "by": .optional(pop.by),
                    "releasedAt": .optional(pop.releasedAt),
                    "progress": .optional(pop.progress),
                    "velocity": .optional(pop.velocity),
                    "settledAt": .optional(pop.settledAt),
                ])
            } ?? .null,
        ])
    }
}

extension TransitionRecord {
    var json: JSONValue {
        .object([
            "kind": .string(kind.rawValue), "start": .number(start), "end": .optional(end),
            "from": .string(from), "to": .string(to), "animated": .bool(animated), "result": .string(result.rawValue),
        ])
    }
}

extension BarEntry {
    var json: JSONValue {
        .object(["t": .number(t), "hidden": .bool(hidden), "animated": .bool(animated), "cause": .string(cause)])
    }
}

extension Finding {
    var json: JSONValue {
        .object(["kind": .string(kind), "t": .number(t), "detail": .string(detail)])
    }
}
