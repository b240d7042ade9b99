#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a command works on: each path as given, directories walked for `*.yaml` and `*.yml`
/// in byte order of their paths, so that output order never depends on the file system.
public enum InputFiles {
    public static func expand(_ paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            if isDirectory(path) {
                var found: [String] = []
                walk(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, into: &found)
                files += found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            } else {
                // A missing or unreadable file is reported by the loader, in its place in the output.
                files.append(path)
            }
        }
        return files
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func walk(_ directory: String, into files: inout [String]) {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let path = directory + "/" + name
            if isDirectory(path) {
                walk(path, into: &files)
            } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                files.append(path)
            }
        }
    }
}
