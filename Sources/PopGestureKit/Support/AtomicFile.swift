import PopGestureCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that appears whole or not at all: written into a temporary file in the same folder (so the
/// rename cannot cross file systems) and renamed over `path` at the end, so a reader never sees half
/// of it and a failed run leaves whatever was there before.
///
/// A `path` that is a device, a pipe or a socket (`-o /dev/stdout`, `/dev/null`, `/dev/full`) is
/// written to as it is: renaming over it would put a file where the device was (as root, in /dev),
/// and a stream cannot be written whole or not at all anyway. A folder is an error.
struct AtomicFile {
    let path: String
    /// What the file is, for messages: "cannot write <what>: <reason>".
    let what: String
    private let temporary: String
    /// Written in place: `path` is not a regular file.
    private let direct: Bool
    private var file: UnsafeMutablePointer<FILE>?
    private var failure: String?

    init(path: String, what: String) {
        self.path = path
        self.what = what
        var info = stat()
        let kind = stat(path, &info) == 0 ? info.st_mode & S_IFMT : S_IFREG
        direct = kind != S_IFREG && kind != S_IFDIR
        temporary = direct ? path : path + ".tmp.\(getpid())"
        if kind == S_IFDIR {
            failure = "is a directory"
            return
        }
        // Known before it exists, so that a signal in between cannot leave it behind.
        if !direct { TemporaryFiles.register(temporary) }
        file = fopen(temporary, "wb")
        if let file {
            setvbuf(file, nil, _IOFBF, 1 << 16)
        } else {
            failure = String(cString: strerror(errno))
            if !direct { TemporaryFiles.unregister(temporary) }
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
        guard !direct else { return }
        unlink(temporary)
        TemporaryFiles.unregister(temporary)
    }

    /// Closes the temporary file and renames it over `path`, or with `replacing: false` removes it;
    /// a failure to write is thrown either way, naming `path` and the system's reason.
    mutating func commit(replacing: Bool = true) throws {
        defer { if !direct { TemporaryFiles.unregister(temporary) } }
        let closed = file.map { fclose($0) } ?? -1
        file = nil
        if closed != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if let failure {
            if !direct { unlink(temporary) }
            throw problem(failure)
        }
        if direct { return }
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
