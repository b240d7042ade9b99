import Foundation
import PopGestureCore

/// One renderer per `check` output format over the same results; each writes a file's results as
/// soon as they are in, so output starts before the run ends.
protocol CheckRenderer: Renderer where Item == CheckOutput, Summary == CheckSummary {
    /// A document's result, in order; its file's `file` call follows its last document.
    mutating func document(_ document: CheckedDocument)
    mutating func file(_ file: CheckedFile)
    /// A warning about an input that was still used (also on stderr, like every diagnostic).
    mutating func warning(_ warning: Diagnostic)
}

extension CheckRenderer {
    /// Most formats leave warnings to stderr; the annotation formats carry them too.
    mutating func warning(_ warning: Diagnostic) {}

    mutating func add(_ item: CheckOutput) {
        switch item {
        case .document(let document): self.document(document)
        case .fileEnd(let file): self.file(file)
        }
    }
}
