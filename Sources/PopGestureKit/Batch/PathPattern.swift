import Foundation
import PopGestureCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A gitignore-style pattern over paths relative to a base folder (the config file's, or the current
/// one for `--exclude`): `*`, `?` and `[...]` within a name, `**` for any number of folders, a
/// trailing `/` for folders only, a leading or inner `/` anchoring it to the base; without one it
/// matches a name at any depth. A folder that matches takes everything under it.
public struct PathPattern: Sendable, Equatable {
    public let text: String
    private let segments: [String]
    private let foldersOnly: Bool

    public init(_ text: String) {
        self.text = text
        var body = Substring(text)
        foldersOnly = body.hasSuffix("/")
        while body.hasSuffix("/") { body = body.dropLast() }
        let anchored = body.dropLast().contains("/") || body.hasPrefix("/")
        while body.hasPrefix("/") { body = body.dropFirst() }
        let parts = body.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        segments = anchored ? parts : ["**"] + parts
    }

    /// Whether the path (relative to the base, `/`-separated) or a folder above it matches.
    func matches(_ relative: String) -> Bool {
        let names = relative.split(separator: "/").map(String.init)
        for end in 1...max(names.count, 1) where end <= names.count {
            // The whole path is a file; a shorter prefix is a folder.
            if foldersOnly && end == names.count { continue }
            if Self.match(segments[...], names[0..<end]) { return true }
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return names.isEmpty }
        if first == "**" {
            // Zero or more names.
            var rest = names
            while true {
                if match(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let name = names.first, fnmatch(first, name, 0) == 0 else { return false }
        return match(pattern.dropFirst(), names.dropFirst())
    }
}

/// The files a run leaves out: `--exclude` patterns (relative to the current folder) and a config
/// file's `exclude` (relative to its folder). They apply to the files a folder walk finds; a file
/// named on the command line is always taken.
public struct Exclusions: Sendable {
    public private(set) var rules: [(base: String, pattern: PathPattern)] = []

    public init() {}

    /// The one way a run's exclusions are made: a config file's `exclude` patterns, relative to its
    /// `folder`, then `--exclude`'s, relative to the current folder.
    public init(config patterns: [String] = [], in folder: String = ".", flags: [String]) {
        for pattern in patterns { add(pattern, base: folder) }
        for pattern in flags { add(pattern, base: ".") }
    }

    public var isEmpty: Bool { rules.isEmpty }

    public mutating func add(_ pattern: String, base: String) {
        rules.append((Self.absolute(base), PathPattern(pattern)))
    }

    public func excludes(_ path: String) -> Bool {
        guard !rules.isEmpty else { return false }
        let full = Self.absolute(path)
        return rules.contains { base, pattern in
            guard let relative = Self.relative(full, to: base) else { return false }
            return pattern.matches(relative)
        }
    }

    /// `path` below `base`, both absolute and normalized; nil when it is not below it.
    static func relative(_ path: String, to base: String) -> String? {
        if base == "/" { return String(path.dropFirst()) }
        guard path.hasPrefix(base + "/") else { return nil }
        return String(path.dropFirst(base.count + 1))
    }

    /// The path made absolute from the current folder, `.` and `..` resolved by name (not links), so
    /// that `./a`, `a` and `x/../a` are one path.
    static func absolute(_ path: String) -> String {
        let start = path.hasPrefix("/") ? "" : FileManager.default.currentDirectoryPath
        var names: [Substring] = []
        for name in (start + "/" + path).split(separator: "/") {
            if name == "." { continue }
            if name == ".." {
                _ = names.popLast()
                continue
            }
            names.append(name)
        }
        return "/" + names.joined(separator: "/")
    }
}
