#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens an input for reading only when it is a regular file. A FIFO would block the run forever
/// waiting for a writer, a device can be endless or have effects when opened, and a directory
/// reads as empty: each is refused at the file's start instead, like an unreadable file.
package enum RegularFile {
    /// `what` names what was expected, for the message: "is a directory, expected a YAML file".
    package static func open(_ path: String, expecting what: String = "a YAML file") throws(Diagnostic)
        -> UnsafeMutablePointer<
            FILE
        >
    {
        // The kind is looked at before opening: opening a FIFO or a tape drive already waits or acts.
        var info = stat()
        guard stat(path, &info) == 0 else { throw unreadable(path) }
        try check(info, path: path, expecting: what)
        // Non-blocking, in case the path was swapped for a FIFO since; the kind is checked again on
        // what was opened, then the descriptor reads normally.
        let descriptor = systemOpen(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else {
            let error = unreadable(path)
            close(descriptor)
            throw error
        }
        do {
            try check(opened, path: path, expecting: what)
        } catch {
            close(descriptor)
            throw error
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        guard let file = fdopen(descriptor, "rb") else {
            let error = unreadable(path)
            close(descriptor)
            throw error
        }
        LoadCounter.shared.opened(path)
        return file
    }

    /// Files below this many bytes are read whole rather than streamed: it bounds what one file holds
    /// in memory, and a file from there on is worth a scan on a thread of its own
    /// (`BatchDriver.pipelineThreshold`).
    package static let wholeReadLimit = 1 << 20

    /// The whole of an open file under `wholeReadLimit`: one read(2) when it is the size `fstat`
    /// says (asked for one byte more, a regular file gives fewer only at its end), more when it grew
    /// meanwhile. Nil for a larger file, or when a read fails (streaming then reports it).
    package static func readWhole(_ file: UnsafeMutablePointer<FILE>) -> UnsafeMutableBufferPointer<UInt8>? {
        let descriptor = fileno(file)
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) < wholeReadLimit else { return nil }
        var capacity = Int(info.st_size) + 1
        var base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        var count = 0
        while true {
            let got = read(descriptor, base + count, capacity - count)
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else {
                base.deallocate()
                return nil
            }
            count += got
            if got == 0 || count < capacity { break }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            grown.update(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        return UnsafeMutableBufferPointer(start: base, count: count)
    }

    /// Whether `path` names anything (a golden may be absent; whatever is there must be a regular file).
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    private static func check(_ info: stat, path: String, expecting what: String) throws(Diagnostic) {
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR:
            throw Diagnostic(
                path: path, message: "is a directory, expected \(what)",
                suggestion: what == "a YAML file"
                    ? "pass the directory to `validate`, `check` or `replay`, which read the *.yaml files inside" : nil)
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw Diagnostic(
            path: path, message: "is \(kind), expected \(what)",
            suggestion: "popgesture reads regular files only; write the input to a file first")
    }

    private static func unreadable(_ path: String) -> Diagnostic {
        Diagnostic(path: path, message: "cannot read file: \(String(cString: strerror(errno)))")
    }
}

/// `open(2)`, out of reach by name inside `RegularFile.open`.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}
