#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that appears whole or not at all: written into a temporary file in the same folder (so the
/// rename cannot cross file systems) and renamed over `path` at the end, so a reader never sees half
/// of it and a failed run leaves whatever was there before.
struct AtomicFile {
    let path: String
    /// What the file is, for messages: "cannot write <what>: <reason>".
    let what: String
    private let temporary: String
    private var file: UnsafeMutablePointer<FILE>?
    private var failure: String?

    init(path: String, what: String) {
        self.path = path
        self.what = what
        temporary = path + ".tmp.\(getpid())"
        // Known before it exists, so that a signal in between cannot leave it behind.
        TemporaryFiles.register(temporary)
        file = fopen(temporary, "wb")
        if let file {
            setvbuf(file, nil, _IOFBF, 1 << 16)
        } else {
            failure = String(cString: strerror(errno))
            TemporaryFiles.unregister(temporary)
        }
    }

    /// Why the temporary file could not be created, known before anything is written.
    var openFailure: Diagnostic? {
        file == nil ? failure.map(problem) : nil
    }

    mutating func write(_ text: String) {
        guard let file, failure == nil else { return }
        if fputs(text, file) < 0 { failure = String(cString: strerror(errno)) }
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let file, failure == nil else { return }
        if fwrite(bytes.baseAddress, 1, bytes.count, file) != bytes.count { failure = String(cString: strerror(errno)) }
    }

    /// Leaves `path` as it was and removes the temporary file.
    mutating func discard() {
        if let file { fclose(file) }
        file = nil
        unlink(temporary)
        TemporaryFiles.unregister(temporary)
    }

    /// Closes the temporary file and renames it over `path`, or with `replacing: false` removes it;
    /// a failure to write is thrown either way, naming `path` and the system's reason.
    mutating func commit(replacing: Bool = true) throws {
        defer { TemporaryFiles.unregister(temporary) }
        let closed = file.map { fclose($0) } ?? -1
        file = nil
        if closed != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw problem(failure)
        }
        guard replacing else {
            unlink(temporary)
            return
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw problem(reason)
        }
    }

    /// No position: nothing in the file was read.
    private func problem(_ reason: String) -> Diagnostic {
        Diagnostic(path: path, message: "cannot write \(what): \(reason)")
    }
}
