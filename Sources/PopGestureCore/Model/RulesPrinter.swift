/// Writes resolved rules as a rules document that `--rules` reads back unchanged: every key of the
/// table in its order, a sub-mapping's keys on one line.
package enum RulesPrinter {
    package static func print(_ rules: Rules) -> String {
        document(name: rules.name) { $0.get(rules) }
    }

    /// A complete rules document holding `value(key)` for every key (the `fd` preset is the table's defaults).
    package static func document(name: String, value: (RuleKey) -> RuleValue) -> String {
        var out = "format: popgesture-rules/1\nname: \(quoted(name))\n"
        for (top, keys) in RuleKey.topLevel {
            if keys.count == 1, keys[0].section == nil {
                out += "\(top): \(text(value(keys[0])))\n"
            } else {
                out += "\(top): {\(keys.map { "\($0.name): \(text(value($0)))" }.joined(separator: ", "))}\n"
            }
        }
        return out
    }

    /// A value as YAML 1.2 reads it back: numbers shortest round-trip, lists in flow style.
    package static func text(_ value: RuleValue) -> String {
        switch value {
        case .name(let name): name
        case .number(let number): formatNumber(number)
        case .integer(let integer): String(integer)
        case .bool(let bool): String(bool)
        case .names(let names): "[\(names.joined(separator: ", "))]"
        case .detectors(let detectors):
            "["
                + detectors.map { d in
                    "{kind: \(d.kind.rawValue)" + (d.name.map { ", name: \(quoted($0))" } ?? "")
                        + ", minMoveDistance: \(formatNumber(d.minMoveDistance)), compare: \(d.compare.rawValue)}"
                }.joined(separator: ", ") + "]"
        }
    }

    /// Double-quoted YAML, so a name like `yes` or `1.0` stays a string; what YAML does not allow in
    /// a file (C0 and C1 controls, DEL, U+FFFE, U+FFFF: libyaml refuses the file) escaped, so that
    /// a device name read from a recording reads back.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                } else if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\\u" + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    package func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
