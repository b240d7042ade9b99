import Foundation

/// A file each input is written to, in memory where the system has a tmpfs, so that a reader reads
/// the bytes as from disk (invalid UTF-8 and its reader's errors included).
final class ScratchFile {
    let path: String
    private let descriptor: Int32

    init(_ name: String) {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        path = folder + "/popgesture-fuzz-\(getpid())-\(name)"
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        if descriptor < 0 { fatalError("cannot create \(path)") }
    }

    func write(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        guard ftruncate(descriptor, 0) == 0 else { fatalError("cannot write \(path)") }
        if let data, size > 0, pwrite(descriptor, data, size, 0) != size { fatalError("cannot write \(path)") }
    }

    func write(_ text: String) {
        var copy = text
        copy.withUTF8 { write($0.baseAddress, $0.count) }
    }

    func remove() {
        close(descriptor)
        unlink(path)
    }
}

/// One kind of input the fuzzer feeds: `run` must return for any bytes, and fails (fatalError) on
/// anything a user must never see.
protocol FuzzTarget {
    func run(_ data: UnsafePointer<UInt8>?, _ size: Int)
    var scratchFiles: [ScratchFile] { get }
}

/// The first error of a command's standard error, which must name `path` (with a line inside the
/// input's `lines`, when it gives one): a reader's refusal says where, never only that it failed.
func requireNamedError(_ errors: String, path: String, lines: Int, _ what: String) {
    guard let first = errors.split(separator: "\n").first(where: { $0.contains("error:") }) else {
        fatalError("\(what) failed without an error: \(errors.prefix(2000))")
    }
    guard first.hasPrefix(path + ":") else {
        fatalError("\(what)'s error does not name the file: \(first.prefix(2000))")
    }
    let place = first.dropFirst(path.count + 1).prefix { $0 != " " }.split(separator: ":")
    if let line = place.first.flatMap({ Int($0) }), !(1...lines + 1).contains(line) {
        fatalError("\(what)'s error points at line \(line) of \(lines): \(first.prefix(2000))")
    }
}

/// Lines as libyaml and editors count them: a line break is LF, CR LF, a CR alone, or (YAML's
/// others) NEL, LS and PS.
func lineCount(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int {
    guard let data else { return 1 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // UTF-16 (libyaml reads it after a BOM): its breaks are code units, not UTF-8 bytes.
    if size >= 2, (bytes[0], bytes[1]) == (0xFF, 0xFE) || (bytes[0], bytes[1]) == (0xFE, 0xFF) {
        let little = bytes[0] == 0xFF
        var units: [UInt16] = []
        var i = 2
        while i + 1 < size {
            units.append(
                little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
            i += 2
        }
        var lines = 1
        for (j, unit) in units.enumerated() {
            switch unit {
            case 0x0A, 0x85, 0x2028, 0x2029: lines += 1
            case 0x0D where j + 1 == units.count || units[j + 1] != 0x0A: lines += 1
            default: break
            }
        }
        return lines
    }
    var lines = 1
    for i in bytes.indices {
        switch bytes[i] {
        case 0x0A: lines += 1
        case 0x0D where i + 1 == size || bytes[i + 1] != 0x0A: lines += 1
        case 0x85 where i > 0 && bytes[i - 1] == 0xC2: lines += 1
        case 0xA8, 0xA9: if i > 1, bytes[i - 2] == 0xE2, bytes[i - 1] == 0x80 { lines += 1 }
        default: break
        }
    }
    return lines
}
