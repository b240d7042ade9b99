internal import CYaml

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reader's input read again from its start, after libyaml stopped at an error (it reads no
/// further then): where a bad byte stands, and a line's text for a syntax error's hint.
package struct InputRereader {
    package let path: String
    package let text: UnsafeMutableBufferPointer<UInt8>?
    let file: UnsafeMutablePointer<FILE>?

    /// Where the character at byte `offset` of the input is, counted as libyaml counts its marks.
    func position(ofByte offset: Int, encoding: yaml_encoding_t) -> SourcePosition? {
        var counter = MarkCounter(
            utf16: encoding == YAML_UTF16LE_ENCODING || encoding == YAML_UTF16BE_ENCODING,
            bigEndian: encoding == YAML_UTF16BE_ENCODING)
        if let text {
            for byte in text[..<min(offset, text.count)] { counter.feed(byte) }
        } else if let file {
            // libyaml reads no further after an error, so the file can be read again from its start.
            guard fseeko(file, 0, SEEK_SET) == 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: min(65536, max(offset, 1)))
            var consumed = 0
            while consumed < offset {
                let read = chunk.withUnsafeMutableBytes {
                    fread($0.baseAddress, 1, min($0.count, offset - consumed), file)
                }
                if read == 0 { break }
                for byte in chunk[..<read] { counter.feed(byte) }
                consumed += read
            }
        } else {
            return nil
        }
        counter.finish()
        return SourcePosition(path: path, line: counter.line, column: counter.column)
    }

    /// The text of a 1-based line of the input, for a syntax error's hint; nil past the end or when
    /// the input cannot be read again.
    package func line(_ number: Int) -> String? {
        lines(number...number).first
    }

    /// The text of 1-based lines of the input, in one pass, each cut at 4 KB (a hint needs the start
    /// of a line, not a megabyte of it); fewer past the end, none when the input cannot be read
    /// again. libyaml reads no further after an error, so a file is read again from its start.
    package func lines(_ range: ClosedRange<Int>) -> [String] {
        guard range.lowerBound >= 1 else { return [] }
        var current = 1
        var lines: [String] = []
        var bytes: [UInt8] = []
        func end() {
            if bytes.last == 0x0D { bytes.removeLast() }
            lines.append(String(decoding: bytes, as: UTF8.self))
            bytes = []
        }
        /// True once the last line wanted is whole.
        func take(_ byte: UInt8) -> Bool {
            if byte == 0x0A {
                if range.contains(current) { end() }
                if current == range.upperBound { return true }
                current += 1
            } else if range.contains(current), bytes.count < 4096 {
                bytes.append(byte)
            }
            return false
        }
        var done = false
        if let text {
            for byte in text where take(byte) {
                done = true
                break
            }
        } else if let file {
            guard fseeko(file, 0, SEEK_SET) == 0 else { return [] }
            var chunk = [UInt8](repeating: 0, count: 65536)
            while !done {
                let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
                if read == 0 { break }
                for byte in chunk[..<read] where take(byte) {
                    done = true
                    break
                }
            }
        } else {
            return []
        }
        // The last line of an input that does not end in a line break.
        if !done, range.contains(current) { end() }
        return lines
    }
}
