import PopGestureCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One file a command works on.
public struct InputFile: Sendable, Equatable {
    public let path: String
    /// A `*.json` met while walking a folder. Other tools keep JSON beside traces (`schemas/`), so
    /// one whose root has no popgesture `format` is counted as not a trace instead of reported; a
    /// `.json` named on the command line is read as a trace like any other file.
    public let mayBeForeign: Bool
    /// Found by walking a folder: one of popgesture's own files that are no input (a baseline, a
    /// sweep report; `OwnFile`) is passed over, counted apart. Named on the command line, it is an error.
    public var walked = false
}

/// The files a command works on: each path as given, directories walked for `*.yaml`, `*.yml` and
/// `*.json` (JSON is YAML) in byte order of their paths, so that output order never depends on the
/// file system. Each folder is walked and each file taken once, however links reach them: a link to
/// a folder above it would otherwise repeat every trace, and two such links never end.
public enum InputFiles {
    /// The names a walk picks up.
    public static let patterns = "*.yaml, *.yml or *.json"

    public static func expand(_ paths: [String], excluding exclusions: Exclusions = Exclusions()) -> [String] {
        files(paths, excluding: exclusions).map(\.path)
    }

    /// `exclusions` leave out what a walk finds (a folder and everything under it, or a file); a
    /// path given is always taken.
    static func files(_ paths: [String], excluding exclusions: Exclusions = Exclusions()) -> [InputFile] {
        var walked = Set<Identity>()
        var taken = Set<Identity>()
        var files: [InputFile] = []
        var standardInput = false
        for path in paths {
            if path == StandardInput.path {
                // Standard input, read once however often `-` is given; a file named `-` is `./-`.
                if !standardInput { files.append(InputFile(path: path, mayBeForeign: false)) }
                standardInput = true
            } else if isDirectory(path) {
                var found: [(file: InputFile, identity: Identity?)] = []
                walk(
                    path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, walked: &walked,
                    excluding: exclusions, into: &found)
                found.sort { Array($0.file.path.utf8).lexicographicallyPrecedes(Array($1.file.path.utf8)) }
                for (file, identity) in found where identity.map({ taken.insert($0).inserted }) ?? true {
                    files.append(file)
                }
            } else if !exists(path) {
                // Reported once by the run (`BatchDriver`), as the error it is: no file to count.
                continue
            } else if Identity(of: path).map({ taken.insert($0).inserted }) ?? true {
                // An unreadable file is reported by the loader, in its place in the output.
                files.append(InputFile(path: path, mayBeForeign: false))
            }
        }
        return files
    }

    /// The paths given that lead nowhere (no file, folder or link by that name), in the order given,
    /// each once: the run's errors, not files (`check nonexist/` reads no trace).
    public static func missing(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.filter { $0 != StandardInput.path && !exists($0) && seen.insert($0).inserted }
    }

    /// Something is there by that name, a dangling link included (its error is the loader's).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 || errno != ENOENT && errno != ENOTDIR
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// What a path leads to, whatever links lead there.
    struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64

        init?(of path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(info)
        }

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Entries in byte order of their names, so that of two ways into one folder the same one is
    /// always taken.
    private static func walk(
        _ directory: String, walked: inout Set<Identity>, excluding exclusions: Exclusions,
        into files: inout [(file: InputFile, identity: Identity?)]
    ) {
        guard let folder = Identity(of: directory), walked.insert(folder).inserted else { return }
        guard let handle = opendir(directory) else { return }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        closedir(handle)
        names.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        for name in names {
            let path = directory + "/" + name
            if exclusions.excludes(path) { continue }
            var info = stat()
            let found = stat(path, &info) == 0
            if found, (info.st_mode & S_IFMT) == S_IFDIR {
                walk(path, walked: &walked, excluding: exclusions, into: &files)
            } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml") || name.hasSuffix(".json") {
                files.append(
                    (
                        InputFile(path: path, mayBeForeign: name.hasSuffix(".json"), walked: true),
                        found ? Identity(info) : nil
                    ))
            }
        }
    }
}

/// Where a config file named a path it gives the run (`include`), so that one leading nowhere is the
/// config's error, said at that line rather than at a path that has no line.
public struct PathNaming: Sendable, Equatable {
    public var position: SourcePosition
    /// The path as written there (relative to the config's folder).
    public var written: String

    public init(position: SourcePosition, written: String) {
        self.position = position
        self.written = written
    }

    /// A path that leads nowhere: at its naming when the config named it.
    static func missing(_ path: String, namedAt naming: PathNaming?) -> Diagnostic {
        guard let naming else { return Diagnostic(path: path, message: "no such file or folder") }
        return naming.position.error("`include: \(naming.written)`: no such file or folder")
    }
}
