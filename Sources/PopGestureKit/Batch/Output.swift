#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Only the main thread writes: workers hand their results over in order.
nonisolated(unsafe) private let standardOutput = fdopen(1, "w")
nonisolated(unsafe) private let standardError = fdopen(2, "w")

/// Buffered standard output and error: reports are written as they are made, not gathered.
public struct Console: Sendable {
    public init() {}

    public func out(_ text: String) {
        fputs(text, standardOutput)
    }

    public func err(_ text: String) {
        fflush(standardOutput)
        fputs(text, standardError)
        fflush(standardError)
    }

    /// The one place a diagnostic reaches a person: `path:line:column: severity: message`, like a
    /// compiler, on stderr.
    public func report(_ diagnostic: Diagnostic) {
        err(diagnostic.description + "\n")
    }

    public func flush() {
        fflush(standardOutput)
        fflush(standardError)
    }

    public static var stderrIsTerminal: Bool { isatty(2) == 1 }
    /// What `--jobs` defaults to: the processors online.
    public static var availableCores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
    public static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    /// Colour on a terminal unless NO_COLOR is set.
    public static var stdoutWantsColour: Bool { stdoutIsTerminal && getenv("NO_COLOR") == nil }
}

/// Exit codes, the same for every command: 0 ok, 1 findings, 2 errors.
public enum ExitStatus: Int32, Sendable {
    case ok = 0
    case findings = 1
    case errors = 2
}
