/// Writes resolved rules as a rules document that `--rules` reads back unchanged.
enum RulesPrinter {
    static func print(_ rules: Rules) -> String {
        let r = rules.recognizer, c = rules.completion, t = rules.transition
        let n = formatNumber
        return """
            format: popgesture-rules/1
            name: \(quoted(rules.name))
            recognizer: {region: \(r.region.rawValue), edgeWidth: \(n(r.edgeWidth)), kind: \(r.kind.rawValue), hysteresis: \(n(r.hysteresis)), slop: \(n(r.slop)), maxTouches: \(r.maxTouches)}
            begin: [\(rules.begin.map(\.rawValue).joined(separator: ", "))]
            mirrorDirection: \(rules.mirrorDirection)
            mirrorMaxStartX: \(rules.mirrorMaxStartX)
            locationLimit: \(n(rules.locationLimit))
            velocity: \(rules.velocity.rawValue)
            completion: {model: \(c.model.rawValue), projectionDistance: \(n(c.projectionDistance)), projectionCap: \(n(c.projectionCap)), progressThreshold: \(n(c.progressThreshold)), strict: \(c.strict), flingVelocity: \(n(c.flingVelocity)), popOnZero: \(c.popOnZero), onCancel: \(c.onCancel.rawValue)}
            transition: {duration: \(n(t.duration)), settle: \(t.settle.rawValue), progressCap: \(n(t.progressCap))}
            bar: {inject: \(rules.bar.inject.rawValue), restoreOnDisappear: \(rules.bar.restoreOnDisappear)}

            """
    }

    /// Double-quoted YAML, so a name like `yes` or `1.0` stays a string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
