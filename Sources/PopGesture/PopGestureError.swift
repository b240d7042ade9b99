internal import PopGestureCore

/// Why a trace, a rules file or a sweep could not be used: the diagnostic popgesture prints, with its
/// place in the input when it has one.
public struct PopGestureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file the problem is in (empty when it is about no file: an unknown preset, a bad `--vary`).
    public var path: String
    /// 1-based; nil when the problem has no place in the file.
    public var line: Int?
    public var column: Int?
    /// What is wrong, without the place: `unknown key `barHiden` in an entry of `stack`; ...`.
    public var message: String
    /// The whole diagnostic as `popgesture validate` prints it: `path:line:column: error: message`,
    /// a suggestion, and any further errors of the same document.
    public var description: String

    init(_ diagnostic: Diagnostic) {
        path = diagnostic.path
        line = diagnostic.place?.line
        column = diagnostic.place?.column
        message = diagnostic.message
        description = diagnostic.description
    }

    init(_ error: any Error, path: String) {
        self.init(asDiagnostic(error, path: path))
    }

    init(message: String, path: String = "") {
        self.init(Diagnostic(path: path, message: message))
    }
}
