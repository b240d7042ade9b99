/// What a person should look at when libyaml's own words ("found character that cannot start any
/// token") do not say: a tab in the indentation, a bracket never closed and where it opened, a key
/// without a space after its colon.
package struct SyntaxHint {
    package let text: String?

    package init(
        problem: String, context: String?, problemAt: SourcePosition, contextAt: SourcePosition?, line: (Int) -> String?
    ) {
        text = Self.hint(problem: problem, context: context, problemAt: problemAt, contextAt: contextAt, line: line)
    }

    private static func hint(
        problem: String, context: String?, problemAt: SourcePosition, contextAt: SourcePosition?,
        line: (Int) -> String?
    ) -> String? {
        if problem.contains("tab character") || problem.contains("cannot start any token"),
            let text = line(problemAt.line), Self.character(of: text, atColumn: problemAt.column) == "\t"
        {
            let indentation = text.prefix { $0 == " " || $0 == "\t" }
            return indentation.contains("\t") && indentation.count >= problemAt.column - 1
                ? "a tab indents line \(problemAt.line); YAML indents with spaces only"
                : "a tab at line \(problemAt.line), column \(problemAt.column); YAML allows tabs only inside quoted text and comments"
        }
        if let context, let contextAt, context.hasPrefix("while parsing a flow") {
            let bracket = context.hasSuffix("sequence") ? ("[", "]") : ("{", "}")
            return "the `\(bracket.0)` opened at line \(contextAt.line), column \(contextAt.column) is not closed; "
                + "close it with `\(bracket.1)`, or separate its items with `,`"
        }
        if problem.contains("could not find expected ':'") || problem.contains("mapping values are not allowed") {
            // The key that lost its space may be on the line libyaml started at, or the one before.
            var lines = [contextAt?.line, problemAt.line, problemAt.line - 1].compactMap { $0 }
            lines = lines.enumerated().filter { !lines[..<$0.offset].contains($0.element) }.map(\.element)
            for number in lines {
                if let text = line(number), let pair = Self.keyWithoutSpace(text) {
                    return
                        "a space is missing after `:` on line \(number): write `\(pair.key): \(pair.value)`, not `\(pair.key):\(pair.value)`"
                }
            }
        }
        return nil
    }

    /// The character at a 1-based column, counted in characters as libyaml counts them.
    private static func character(of line: String, atColumn column: Int) -> Character? {
        guard column >= 1, let index = line.index(line.startIndex, offsetBy: column - 1, limitedBy: line.endIndex),
            index < line.endIndex
        else { return nil }
        return line[index]
    }

    /// `key:value` at the start of a line (after indentation and list dashes): a plain key, a colon,
    /// then no space. A URL's `://` is not one.
    private static func keyWithoutSpace(_ line: String) -> (key: String, value: String)? {
        var rest = Substring(line)
        while let first = rest.first, first == " " || first == "-" { rest = rest.dropFirst() }
        let key = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !key.isEmpty, let first = key.first, first.isLetter || first == "_" else { return nil }
        let after = rest.dropFirst(key.count)
        guard after.first == ":", let next = after.dropFirst().first, next != " ", next != "/", next != "\t" else {
            return nil
        }
        let value = after.dropFirst().prefix { $0 != " " && $0 != "#" }
        return (String(key), String(value))
    }
}
