import Foundation
import PopGestureCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `record --serve` runs in `popgesture-record`, an executable of its own installed beside
/// `popgesture`: the HTTP server's libraries (FoundationNetworking, libcurl and some 29 more, 6 MB
/// resident before anything is read) are then loaded by that command only (README, "Performance").
public enum RecordServerHelper {
    public static let name = "popgesture-record"

    /// Beside the running executable, wherever it was started from: /proc/self/exe's folder.
    public static func path() -> String {
        let own =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Replaces this process with the helper, which gets `arguments` (the record command's own, as
    /// given) and keeps the process id, so that a signal sent to the run reaches the server. Returns
    /// only when the helper cannot be started, having said why.
    public static func exec(arguments: [String], console: Console = Console()) -> ExitStatus {
        let helper = path()
        console.flush()
        fflush(nil)
        let argv = ([helper] + arguments).map { strdup($0) }
        defer { for argument in argv { free(argument) } }
        execv(helper, argv + [nil])
        let reason = String(cString: strerror(errno))
        console.report(
            Diagnostic(
                message: "`record --serve` runs its server in \(name) beside popgesture, and \(helper) "
                    + "cannot be started: \(reason)",
                suggestion: "install popgesture with `make install`, which puts \(name) beside it, "
                    + "or build both with `swift build`"))
        return .errors
    }
}
