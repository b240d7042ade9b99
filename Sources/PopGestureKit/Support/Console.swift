import Foundation
import PopGestureCore

// Only the main thread writes: workers hand their results over in order.
nonisolated(unsafe) private let standardOutput = fdopen(1, "w")
nonisolated(unsafe) private let standardError = fdopen(2, "w")
/// Why standard output could not be written, from the first failure on (a full disk, a closed pipe
/// end when SIGPIPE is ignored): output lost that way must not leave a run looking successful.
nonisolated(unsafe) private var outputFailure: String?
nonisolated(unsafe) private var outputClosed = false
/// Set once, before any output, from `--color`.
nonisolated(unsafe) private var colourChoice = ColourChoice.auto

/// Buffered standard output and error: reports are written as they are made, not gathered. A
/// console made with a `ConsoleCapture` writes into it instead, so that a command can run inside a
/// test (or any caller) and its bytes be compared without a process.
public struct Console: Sendable {
    private let capture: ConsoleCapture?
    /// `-o FILE`: this console's output goes here instead, until `finish`.
    private let outputFile: OutputFile?

    /// The process's standard output and error.
    public init() {
        capture = nil
        outputFile = nil
    }

    /// Output and diagnostics go to `capture`, uncoloured.
    public init(capturingInto capture: ConsoleCapture) {
        self.capture = capture
        outputFile = nil
    }

    private init(capture: ConsoleCapture?, outputFile: OutputFile) {
        self.capture = capture
        self.outputFile = outputFile
    }

    public func out(_ text: String) {
        if let outputFile, outputFile.write(text) { return }
        standardOut(text)
    }

    /// Bytes as they are: a block of text read back from disk may end inside a character.
    func out(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let outputFile, outputFile.write(bytes) { return }
        if let capture { return capture.append(out: Array(bytes)) }
        guard !outputClosed else { return Self.failed(EBADF) }
        if fwrite(bytes.baseAddress, 1, bytes.count, standardOutput) != bytes.count { Self.failed(errno) }
    }

    /// Standard output (or the capture) whatever `-o` says: `wrote PATH` goes there.
    private func standardOut(_ text: String) {
        if let capture { return capture.append(out: Array(text.utf8)) }
        guard !outputClosed else { return Self.failed(EBADF) }
        if fputs(text, standardOutput) < 0 { Self.failed(errno) }
    }

    /// `-o FILE`, for every command and format: the console's standard output text goes to `path`,
    /// which `finish` puts in place whole (a temporary file beside it, renamed), and standard output
    /// says only `wrote PATH` (escaped as `visible` escapes). Throws a `Diagnostic` when the temporary
    /// file cannot be created, so before any work. `what` names the file in a failure's message
    /// ("cannot write the plot: ...").
    public func writingOutput(to path: String, what: String = "the output file") throws(Diagnostic) -> Console {
        let file = AtomicFile(path: path, what: what)
        if let failure = file.openFailure { throw failure }
        return Console(capture: capture, outputFile: OutputFile(file))
    }

    /// Whether standard output text goes to `-o`'s file.
    public var writesToFile: Bool { outputFile?.path != nil }

    /// One of several files a run writes (plot's `NAME-N.svg`, synth's corpus) through the same
    /// destination as `-o`: `write` is given a console whose output is `path`'s, which is then put in
    /// place whole and said as `wrote PATH` on this console's standard output (unless `quietly`, for
    /// a run that sums its files up in a line of its own). The first failure, to create or to write,
    /// is returned, and no partial file is left.
    public func writeFile(
        _ path: String, what: String, quietly: Bool = false, _ write: (Console) -> Void
    ) -> Diagnostic? {
        let file: Console
        do { file = try writingOutput(to: path, what: what) } catch { return error }
        write(file)
        return file.commitOutput(saying: !quietly)
    }

    /// `-o`'s file put in place and, when `saying`, `wrote PATH` on standard output; the failure,
    /// if any. Nothing to do without a file, or once done.
    private func commitOutput(saying: Bool = true) -> Diagnostic? {
        guard let outputFile, let path = outputFile.path else { return nil }
        do {
            try outputFile.commit()
        } catch {
            return asDiagnostic(error, path: path)
        }
        if saying { standardOut("wrote \(visible(path))\n") }
        return nil
    }

    /// A run that refused its inputs before its output was whole (`merge` of a damaged shard): `-o`'s
    /// file is not put in place, and what was there stays.
    public func discardOutput() {
        outputFile?.discard()
    }

    public func err(_ text: String) {
        if let capture { return capture.append(err: text) }
        flushOutput()
        fputs(text, standardError)
        fflush(standardError)
    }

    /// The one place a diagnostic reaches a person: `path:line:column: severity: message`, like a
    /// compiler, on stderr.
    public func report(_ diagnostic: Diagnostic) {
        err(diagnostic.rendered(capture == nil ? Self.stderrPaint : Paint(false)) + "\n")
    }

    public func flush() {
        guard capture == nil else { return }
        flushOutput()
        fflush(standardError)
    }

    private func flushOutput() {
        if !outputClosed, fflush(standardOutput) != 0 { Self.failed(errno) }
    }

    private static func failed(_ code: Int32) {
        if outputFailure == nil { outputFailure = String(cString: strerror(code)) }
    }

    /// A run's exit status once its output is flushed: errors (2), said on stderr, when standard
    /// output could not be written; else `status`.
    public func finish(_ status: ExitStatus) -> ExitStatus {
        if let problem = commitOutput() {
            report(problem)
            flush()
            return .errors
        }
        if capture != nil { return status }
        flush()
        guard let reason = outputFailure else { return status }
        outputFailure = nil
        report(Diagnostic(message: "cannot write standard output: \(reason)"))
        return .errors
    }

    /// Closes standard output for good, as the process ends, so that a failure to close (the last
    /// write of a file on a full or remote disk) is seen too; the status as `finish` gives it.
    public static func closeOutput(_ status: ExitStatus) -> ExitStatus {
        let console = Console()
        let finished = console.finish(status)
        guard !outputClosed else { return finished }
        outputClosed = true
        guard fclose(standardOutput) != 0 else { return finished }
        console.report(Diagnostic(message: "cannot write standard output: \(String(cString: strerror(errno)))"))
        return .errors
    }

    public static var stderrIsTerminal: Bool { isatty(2) == 1 }
    /// What `--jobs` defaults to and the most workers a batch runs: the processors this thread may
    /// run on. `taskset` and a container's cpuset narrow them while every processor stays online.
    /// Read from procfs: Swift's Glibc leaves out `sched_getaffinity`, a GNU extension.
    public static var availableCores: Int {
        if let status = try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8),
            let count = allowedProcessors(inStatus: status)
        {
            return count
        }
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// The processors in a procfs status file's `Cpus_allowed:` mask (hexadecimal, in groups of 32
    /// bits between commas); nil when the line is missing or holds none.
    static func allowedProcessors(inStatus status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else {
            return nil
        }
        var count = 0
        for digit in line.dropFirst("Cpus_allowed:".count) where digit != "," && digit != " " && digit != "\t" {
            guard let value = digit.hexDigitValue else { return nil }
            count += value.nonzeroBitCount
        }
        return count > 0 ? count : nil
    }

    public static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    /// `--color`, for the rest of the process; before any output.
    public static func useColour(_ choice: ColourChoice) { colourChoice = choice }
    /// Colour for standard output under `--color` (a terminal, not TERM=dumb, no non-empty NO_COLOR).
    public static var stdoutPaint: Paint { Paint(colourChoice.enabled(forDescriptor: 1)) }
    /// The same for diagnostics and progress on standard error.
    public static var stderrPaint: Paint { Paint(colourChoice.enabled(forDescriptor: 2)) }
}

/// A console's `-o` file, shared by the copies of the console a run hands around (only the thread
/// that emits writes, as with standard output); done with once `finish` commits it.
private final class OutputFile: @unchecked Sendable {
    private var file: AtomicFile?
    /// Discarded: what the run still writes goes nowhere, not to standard output.
    private var discarded = false

    init(_ file: AtomicFile) { self.file = file }

    /// A console dropped before its `finish` (a caller that gave up) leaves `path` as it was and no
    /// temporary file behind.
    deinit { file?.discard() }

    /// Nil once committed.
    var path: String? { file?.path }

    /// False once committed: what follows goes to standard output.
    func write(_ text: String) -> Bool {
        guard file != nil else { return discarded }
        file!.write(text)
        return true
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard file != nil else { return discarded }
        file!.write(bytes)
        return true
    }

    func discard() {
        file?.discard()
        file = nil
        discarded = true
    }

    func commit() throws {
        guard var done = file else { return }
        file = nil
        try done.commit()
    }
}

/// Exit codes, the same for every command: 0 ok, 1 findings, 2 errors.
public enum ExitStatus: Int32, Sendable {
    case ok = 0
    case findings = 1
    case errors = 2
}

/// What a captured console was given: standard output's bytes and standard error's text, in order.
public final class ConsoleCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var outBytes: [UInt8] = []
    private var errText = ""

    public init() {}

    func append(out bytes: [UInt8]) { lock.withLock { outBytes += bytes } }
    func append(err text: String) { lock.withLock { errText += text } }

    public var output: String { lock.withLock { String(decoding: outBytes, as: UTF8.self) } }
    public var errors: String { lock.withLock { errText } }
}
