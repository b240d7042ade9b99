import Foundation

/// A line `CheckJUnitRenderer` writes, as its shape: `{V}` stands for a value, escaped by
/// `xmlEscaped` (so onto one line), `{N}` for a count, `{T}` for one of `choices`. The renderer fills
/// the shapes and `merge` (`ShardOutput`) checks a shard's lines against the same shapes, so what
/// one writes the other accepts.
struct JUnitLineShape: Sendable {
    let shape: String
    var choices: [String] = []

    init(_ shape: String, choices: [String] = []) {
        self.shape = shape
        self.choices = choices
    }

    /// The line with `values` in its holes, in order; `{V}` values escaped.
    func callAsFunction(_ values: String...) -> String {
        var out = ""
        var next = values.makeIterator()
        forEachPart { literal in
            out += literal
        } hole: { kind in
            let value = next.next() ?? ""
            out += kind == "V" ? xmlEscaped(value) : value
        }
        return out
    }

    /// A regular expression for the line, anchored by the caller.
    var pattern: String {
        var out = ""
        forEachPart { literal in
            out += NSRegularExpression.escapedPattern(for: literal)
        } hole: { kind in
            switch kind {
            case "V": out += Self.value
            case "N": out += #"\d+"#
            default: out += "(?:" + choices.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|") + ")"
            }
        }
        return out
    }

    /// A value as `xmlEscaped` writes it.
    static let value = #"(?:[^<>&"\x00-\x08\x0A-\x1F]|&(?:amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9A-Fa-f]{1,6});)*"#

    private func forEachPart(_ literal: (String) -> Void, hole: (Character) -> Void) {
        var rest = Substring(shape)
        while let open = rest.range(of: "{") {
            literal(String(rest[..<open.lowerBound]))
            hole(rest[open.upperBound])
            rest = rest[rest.index(open.upperBound, offsetBy: 2)...]
        }
        literal(String(rest))
    }
}
