#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `-` as a path: a trace read from standard input, named `-` in every report. It is read whole, once,
/// on first use (a pipe cannot be read twice, and the rules comment at its top is read before its
/// documents); it has no golden.
package enum StandardInput {
    package static let path = "-"

    /// Every byte, kept for the whole process (a run reads `-` at most once); written once, by the
    /// lazy initialiser, and only read after.
    nonisolated(unsafe) private static let bytes: UnsafeMutableBufferPointer<UInt8> = {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count > 0 {
                data += chunk[0..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                // End of input, or an error: what was read is what there is (a closed or unreadable
                // standard input reads as empty, which the loader reports as no document).
                break
            }
        }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(data.count, 1))
        _ = buffer.initialize(from: data)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<data.count])
    }()

    package static var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A stream over the bytes, for readers of a file's first lines; nil when there are none.
    package static func open() -> UnsafeMutablePointer<FILE>? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        return fmemopen(base, bytes.count, "r")
    }
}
