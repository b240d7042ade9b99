import PopGestureCore

/// What `validate` found: each invalid document, and the run's counts, which its renderers render.

/// An invalid document: where it is and what is wrong.
struct InvalidDocument: Sendable {
    var source: String
    var diagnostic: Diagnostic
}

public struct ValidateSummary: Sendable {
    var files: Int
    var documents = 0
    var invalid = 0
    /// Files that could not be read, among the invalid.
    var unreadable = 0
    /// Files found by walking that are not traces (other tools' `*.json`, popgesture's own outputs),
    /// not among the files.
    var notTraces = 0
    /// The same told apart, with the paths given that led nowhere, for the summary line.
    var passedOver = NotTraces()
    var valid: Int { documents - invalid }
}
