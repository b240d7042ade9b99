#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--color auto|always|never`: whether text output and diagnostics are coloured.
public enum ColourChoice: String, Sendable, CaseIterable {
    case auto, always, never

    /// `auto` colours a terminal only: not a pipe or a file, not `TERM=dumb` (a terminal that shows
    /// escape codes as text), and not with `NO_COLOR` set to anything but the empty string
    /// (no-color.org: "when present and not an empty string").
    public func enabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
            return isTerminal && environment["TERM"] != "dumb"
        }
    }

    /// For standard output (`fd` 1) or standard error (2), in this process's environment.
    public func enabled(forDescriptor fd: Int32) -> Bool {
        enabled(isTerminal: isatty(fd) == 1, environment: Self.environment(["NO_COLOR", "TERM"]))
    }

    private static func environment(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { if let value = getenv(name) { values[name] = String(cString: value) } }
        return values
    }
}
