import Foundation
import PopGestureCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#else
    private let systemWrite = Darwin.write
#endif

/// The folder `record` writes takes into, as `take-NNNN.yaml`: names chosen here (nothing a take
/// says reaches a path), each one past the highest number in the folder when it is written (so a
/// take undone is taken again, and a day's runs number on), each file whole or absent and never
/// over another. Not thread-safe: the server calls it under one lock.
public final class TakeStore {
    public let folder: String
    /// Numbers this process's temporary files.
    private var attempt = 0
    /// The files this run wrote and has not undone: the only ones `remove` takes away.
    private var written: Set<String> = []

    /// Creates the folder (and its parents) when missing.
    public init(folder: String) throws {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(
                path: folder, message: "cannot create the output folder: \(error.localizedDescription)",
                suggestion: "choose another folder with --out")
        }
    }

    /// The next take's number: one past the highest `take-NNNN.yaml` in the folder now.
    public var next: Int {
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return (existing.compactMap(Self.number(of:)).max() ?? 0) + 1
    }

    /// 12 for "take-0012.yaml"; nil for any other name.
    public static func number(of name: String) -> Int? {
        guard name.hasPrefix("take-"), name.hasSuffix(".yaml") else { return nil }
        let digits = name.dropFirst(5).dropLast(5)
        guard digits.count >= 4, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    static func name(_ number: Int) -> String {
        let digits = String(number)
        return "take-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".yaml"
    }

    /// Writes `text` as the next take and returns its file name. The bytes go to a hidden temporary
    /// file first and are flushed to the disk; a hard link then gives them their name, which fails
    /// rather than replace a file that appeared meanwhile (the next number is tried).
    public func write(_ text: String) throws -> String {
        attempt += 1
        let temporary = folder + "/.take-\(getpid())-\(attempt).partial"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
        defer { unlink(temporary) }
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let error = failure("cannot write \(temporary)")
                close(descriptor)
                throw error
            }
            done += n
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else { throw failure("cannot write \(temporary)") }
        var number = next
        while true {
            let name = Self.name(number)
            number += 1
            if link(temporary, folder + "/" + name) == 0 {
                written.insert(name)
                return name
            }
            guard errno == EEXIST else { throw failure("cannot name the take \(name)") }
        }
    }

    /// Removes a take this run wrote (the page's undo); any other name is refused.
    public func remove(_ name: String) throws {
        guard written.contains(name) else {
            throw Diagnostic(
                message: "`\(name)` is not a take written by this run",
                suggestion: "undo only the last take the page sent")
        }
        guard unlink(folder + "/" + name) == 0 || errno == ENOENT else { throw failure("cannot remove \(name)") }
        written.remove(name)
    }

    private func failure(_ what: String) -> Diagnostic {
        Diagnostic(path: folder, message: "\(what): \(String(cString: strerror(errno)))")
    }
}
