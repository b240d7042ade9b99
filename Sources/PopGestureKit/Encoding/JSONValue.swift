import PopGestureCore

/// A JSON value written with sorted keys and shortest round-trip numbers, so that the same report is
/// the same bytes on every run, whatever the parallelism.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public static func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// One line; `", "` and `": "` separators, like the SPEC's examples, as `JSONWriter` writes
    /// every JSON output: this is the value, the writer its bytes.
    public var rendered: String {
        var writer = JSONWriter(capacity: 256)
        writer.value(self)
        return writer.text
    }
}
