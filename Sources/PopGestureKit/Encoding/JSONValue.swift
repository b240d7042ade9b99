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

    /// One line; `", "` and `": "` separators, like the SPEC's examples.
    public var rendered: String {
        var out = ""
        write(to: &out)
        return out
    }

    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += formatNumber(value)
        case .string(let value): writeString(value, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out += ", " }
                writeString(key, to: &out)
                out += ": "
                members[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    func writeString(_ text: String, to out: inout String) {
        // Most strings (ids, kinds, causes) need no escaping: append them whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += "\""
            out += text
            out += "\""
            return
        }
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
