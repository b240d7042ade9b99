import Foundation
import PopGestureCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files the process is writing (`AtomicFile`'s), removed when SIGINT, SIGTERM or
/// SIGHUP ends the run, so that an interrupted `check --update-goldens` leaves no `*.tmp.PID` behind.
/// The files they were to replace are untouched either way: only a finished file is renamed.
///
/// A signal handler may call almost nothing safely, so it only writes the signal's number to a
/// pipe; a thread of its own reads it, removes the files under the same lock their writers take,
/// and ends the process with the signal's default action, as if there had been no handler.
enum TemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: Set<String> = []
    /// Installed the first time a temporary file is made: most runs make none.
    private static let handlers: Void = install()

    static func register(_ path: String) {
        _ = handlers
        lock.lock()
        paths.insert(path)
        lock.unlock()
    }

    static func unregister(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    static let signals = [SIGINT, SIGTERM, SIGHUP]

    private static func install() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        signalPipe = ends[1]
        let reader = ends[0]
        let thread = Thread {
            // A process started from a thread that blocks signals (a dispatch worker's, say) inherits
            // that mask: this thread takes them whatever the others block, so they still end the run.
            var ours = sigset_t()
            sigemptyset(&ours)
            for number in signals { sigaddset(&ours, number) }
            pthread_sigmask(SIG_UNBLOCK, &ours, nil)
            var number: UInt8 = 0
            while read(reader, &number, 1) != 1 {}
            // Held until the process ends: no writer registers, renames or removes a file after this.
            lock.lock()
            for path in paths { unlink(path) }
            let received = Int32(number)
            setDisposition(received, SIG_DFL)
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, received)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            raise(received)
            // Only reached if the signal was blocked or ignored by then.
            exit(128 + received)
        }
        thread.start()
        for number in signals {
            var current = sigaction()
            sigaction(number, nil, &current)
            #if canImport(Glibc)
                let handler = current.__sigaction_handler.sa_handler
            #else
                let handler = current.__sigaction_u.__sa_handler
            #endif
            // A signal the run was started ignoring (nohup, a background job) stays ignored.
            if unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            setDisposition(number, forwardToPipe)
        }
    }
}

/// Where the handler writes; set before any handler is installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1

private func setDisposition(_ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
    _ = signal(number, handler)
}

/// Only `write` is called here: it is async-signal-safe.
private func forwardToPipe(_ signal: Int32) {
    var number = UInt8(truncatingIfNeeded: signal)
    _ = write(signalPipe, &number, 1)
}
