/// The independent errors of one document, gathered as it is read so that a user fixes a file in
/// one pass: each top-level key, stack entry, event, sample row and expect item is checked on its
/// own, and an error in one does not hide the next. A syntax error still ends the document (libyaml
/// cannot go on), after the errors found before it.
///
/// At most `limit` are kept; the rest are counted ("N more errors ... not shown"), so a recording
/// with a million bad samples costs no more than twenty.
package final class DocumentErrors {
    package static let limit = 20
    package private(set) var kept: [Diagnostic] = []
    package private(set) var notShown = 0

    package init() {}

    package var isEmpty: Bool { kept.isEmpty }

    package func record(_ error: any Error, path: String) {
        // Recorded already, by whoever threw it.
        if error is Collected { return }
        for diagnostic in asDiagnostic(error, path: path).all {
            // The keys before a streamed `events` list are checked twice (before the events and
            // with the whole document): once is enough.
            guard !kept.contains(diagnostic) else { continue }
            if kept.count < Self.limit { kept.append(diagnostic) } else { notShown += 1 }
        }
        if let counted = error as? Diagnostic { notShown += counted.notShown }
    }

    /// `body`'s result; with `errors`, nil and its error recorded, without, its error thrown.
    package static func attempt<T>(_ errors: DocumentErrors?, path: String, _ body: () throws -> T) throws -> T? {
        guard let errors else { return try body() }
        return errors.attempt(path: path, body)
    }

    /// Thrown by a decoder that recorded its errors: they are all in `diagnostic`, already counted.
    package struct Collected: Error {
        package let diagnostic: Diagnostic
    }

    /// `body`'s result, or nil with its error recorded.
    package func attempt<T>(path: String, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            record(error, path: path)
            return nil
        }
    }

    /// Every error so far, plus `last` (a syntax error ending the document), as one diagnostic: the
    /// first in document order, the others in `further`.
    /// `last` is shown whatever the limit: it says why the rest of the file was not read.
    package func combined(with last: Diagnostic? = nil, path: String) -> Diagnostic {
        // Stable: errors at one place keep the order they were found in.
        // The whole file's first (it has no place), then by line and column.
        func key(_ item: (offset: Int, element: Diagnostic)) -> (Int, Int, Int) {
            (item.element.place?.line ?? 0, item.element.place?.column ?? 0, item.offset)
        }
        var ordered = kept.enumerated().sorted { key($0) < key($1) }.map(\.element)
        if let last { ordered += last.all.filter { !ordered.contains($0) } }
        var first = ordered[0]
        first.further = Array(ordered.dropFirst())
        first.notShown = notShown
        return first
    }
}
