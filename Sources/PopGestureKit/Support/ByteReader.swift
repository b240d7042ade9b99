import Foundation
import PopGestureCore

/// A regular file read in large chunks, and parts of it again by position.
final class ByteReader {
    private let file: UnsafeMutablePointer<FILE>
    private static let chunk = 1 << 20

    init(path: String) throws {
        file = try RegularFile.open(path, expecting: "a shard's output")
    }

    func close() { fclose(file) }

    func prefix(_ count: Int) -> [UInt8] { bytes(0..<count) }

    /// Fewer at the end of the file.
    func bytes(_ range: Range<Int>) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: range.count)
        fseeko(file, off_t(range.lowerBound), SEEK_SET)
        let read = out.withUnsafeMutableBytes { fread($0.baseAddress, 1, range.count, file) }
        return Array(out.prefix(read))
    }

    /// The file from its start, in order: `body(offset of the chunk, its bytes)`.
    func forEachChunk(_ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        fseeko(file, 0, SEEK_SET)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.chunk)
        defer { buffer.deallocate() }
        var offset = 0
        while true {
            let read = fread(buffer.baseAddress, 1, Self.chunk, file)
            guard read > 0 else { break }
            try body(offset, UnsafeBufferPointer(rebasing: buffer[0..<read]))
            offset += read
        }
    }

    /// Each line's start and end (past its newline), with its text when it starts with one of
    /// `prefixes` (the others may be long and are not kept).
    func forEachLine(keepingLinesStartingWith prefixes: [String], _ body: (Int, Int, String?) throws -> Void) throws {
        let prefixes = prefixes.map { Array($0.utf8) }
        var line: [UInt8] = []
        var lineStart = 0
        var keeping: Bool?
        try forEachChunk { offset, bytes in
            for (i, byte) in bytes.enumerated() {
                if keeping != false {
                    line.append(byte)
                    if keeping == nil, !prefixes.contains(where: { $0.starts(with: line) || line.starts(with: $0) }) {
                        keeping = false
                    }
                }
                guard byte == UInt8(ascii: "\n") else { continue }
                let end = offset + i + 1
                let kept = keeping != false && prefixes.contains(where: { line.starts(with: $0) })
                try body(lineStart, end, kept ? String(decoding: line.dropLast(), as: UTF8.self) : nil)
                line.removeAll(keepingCapacity: true)
                keeping = nil
                lineStart = end
            }
        }
    }

    /// Copies `range` to `write`, a chunk at a time.
    func copy(_ range: Range<Int>, to write: (UnsafeBufferPointer<UInt8>) -> Void) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.chunk)
        defer { buffer.deallocate() }
        fseeko(file, off_t(range.lowerBound), SEEK_SET)
        var left = range.count
        while left > 0 {
            let read = fread(buffer.baseAddress, 1, min(left, Self.chunk), file)
            guard read > 0 else { break }
            write(UnsafeBufferPointer(rebasing: buffer[0..<read]))
            left -= read
        }
    }
}
