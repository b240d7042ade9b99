/// What a person should look at when libyaml's own words ("found character that cannot start any
/// token") do not say: a tab in the indentation, a bracket never closed and where it opened, a key
/// without a space after its colon.
package struct SyntaxHint {
    package let text: String?

    /// `lines`: the input's 1-based lines in a range, read in one pass.
    package init(
        problem: String, context: String?, problemAt: SourcePosition, contextAt: SourcePosition?,
        lines: (ClosedRange<Int>) -> [String]
    ) {
        text = Self.hint(problem: problem, context: context, problemAt: problemAt, contextAt: contextAt, lines: lines)
    }

    /// How far back from the problem a bracket is looked for.
    static let bracketWindow = 256

    private static func hint(
        problem: String, context: String?, problemAt: SourcePosition, contextAt: SourcePosition?,
        lines: (ClosedRange<Int>) -> [String]
    ) -> String? {
        func line(_ number: Int) -> String? { number >= 1 ? lines(number...number).first : nil }
        if problem.contains("tab character") || problem.contains("cannot start any token"),
            let text = line(problemAt.line), Self.character(of: text, atColumn: problemAt.column) == "\t"
        {
            let indentation = text.prefix { $0 == " " || $0 == "\t" }
            return indentation.contains("\t") && indentation.count >= problemAt.column - 1
                ? "a tab indents line \(problemAt.line); YAML indents with spaces only"
                : "a tab at line \(problemAt.line), column \(problemAt.column); YAML allows tabs only inside quoted text and comments"
        }
        if let context, let contextAt, context.hasPrefix("while parsing a flow") {
            // libyaml's mark is the bracket for a flow sequence or mapping, but for a flow *node* it
            // is where the node was expected (the end of `stack: [`): the text says which is open.
            let open =
                openBracket(before: problemAt, lines: lines)
                ?? (context.hasSuffix("sequence") ? "[" : "{", contextAt.line, contextAt.column)
            return "the `\(open.bracket)` opened at line \(open.line), column \(open.column) is not closed; "
                + "close it with `\(open.bracket == "[" ? "]" : "}")`, or separate its items with `,`"
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

    /// The innermost `[` or `{` still open where the problem is, read from the text up to there (at
    /// most `bracketWindow` lines back, so that a long file is read once): a bracket at the start of
    /// a token (not inside a plain scalar), outside quoted scalars (which may span lines) and
    /// comments. Nil when none is open.
    private static func openBracket(before end: SourcePosition, lines: (ClosedRange<Int>) -> [String]) -> (
        bracket: Character, line: Int, column: Int
    )? {
        var open: [(bracket: Character, line: Int, column: Int)] = []
        var quote: Character?
        guard end.line >= 1 else { return nil }
        let first = max(1, end.line - bracketWindow)
        for (number, text) in zip(first...end.line, lines(first...end.line)) {
            var column = 0
            var previous: Character = " "
            var escaped = false
            for character in text {
                column += 1
                if number == end.line, column >= end.column { break }
                defer { previous = character }
                if let q = quote {
                    if escaped {
                        escaped = false
                    } else if q == "\"" && character == "\\" {
                        escaped = true
                    } else if character == q {
                        quote = nil
                    }
                    continue
                }
                let tokenStart = column == 1 || " \t[{,:".contains(previous)
                if character == "#", column == 1 || previous == " " || previous == "\t" {
                    break  // a comment, to the end of the line
                } else if tokenStart, character == "\"" || character == "'" {
                    quote = character
                } else if tokenStart, character == "[" || character == "{" {
                    open.append((character, number, column))
                } else if let last = open.last,
                    (last.bracket, character) == ("[", "]") || (last.bracket, character) == ("{", "}")
                {
                    open.removeLast()
                }
            }
        }
        return open.last
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
