import PopGestureCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A text input one line at a time in flat memory, however large: a file through getline's reused
/// buffer, or text held in memory (tests). Lines come as bytes, so a 100 MB recording is parsed
/// without a String per line.
final class LineReader {
    let path: String
    private var file: UnsafeMutablePointer<FILE>?
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0
    /// In-memory text: its bytes and how many of them are the text.
    private var storage: UnsafeMutableBufferPointer<UInt8>?
    private var textCount = 0
    private var offset = 0
    /// The 1-based number of the line last returned.
    private(set) var lineNumber = 0
    /// The line last returned had no line break after it: the input ends inside it, perhaps cut short.
    private(set) var lastLineUnterminated = false

    init(path: String) throws {
        self.path = path
        file = try RegularFile.open(path, expecting: "a recording")
    }

    init(text source: String, path: String) {
        self.path = path
        let bytes = Array(source.utf8)
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        self.storage = storage
        textCount = bytes.count
    }

    deinit {
        if let file { fclose(file) }
        free(buffer)
        storage?.deallocate()
    }

    /// The next line without its line break (`\n` or `\r\n`), valid until the next call; nil at the end.
    func next() throws -> UnsafeBufferPointer<UInt8>? {
        var line: UnsafeBufferPointer<UInt8>
        if let storage {
            guard offset < textCount else { return nil }
            let rest = UnsafeBufferPointer(rebasing: storage[offset..<textCount])
            let length = rest.firstIndex(of: 10).map { $0 + 1 } ?? rest.count
            line = UnsafeBufferPointer(rebasing: rest[..<length])
            offset += length
        } else if let file {
            let length = getline(&buffer, &capacity, file)
            guard length >= 0, let buffer else {
                if ferror(file) != 0 {
                    throw Diagnostic(
                        path: path, line: lineNumber + 1, column: 1,
                        message: "cannot read file: \(String(cString: strerror(errno)))")
                }
                return nil
            }
            line = UnsafeBufferPointer(
                start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: length)
        } else {
            return nil
        }
        lineNumber += 1
        // A byte order mark is no part of the first line's text (editors on Windows write one).
        if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) {
            line = UnsafeBufferPointer(rebasing: line.dropFirst(3))
        }
        // Read as UTF-8, UTF-16 (Excel's "Unicode text") gives errors about lines it does not have.
        if lineNumber == 1, line.starts(with: [0xFF, 0xFE]) || line.starts(with: [0xFE, 0xFF]) {
            throw Diagnostic(
                path: path, line: 1, column: 1,
                message: "is UTF-16 text (it starts with a UTF-16 byte order mark), expected UTF-8",
                suggestion: "convert it to UTF-8 first, for example with `iconv -f UTF-16 -t UTF-8`")
        }
        lastLineUnterminated = line.last != 10
        if !lastLineUnterminated { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
        if line.last == 13 { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
        return line
    }
}

/// The 1-based column of byte `offset` in a line, counted in characters as editors count them.
func column(ofByte offset: Int, in line: UnsafeBufferPointer<UInt8>) -> Int {
    var column = 1
    for byte in line[..<min(offset, line.count)] where byte & 0xC0 != 0x80 { column += 1 }
    return column
}
