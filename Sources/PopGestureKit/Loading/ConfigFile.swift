import Foundation
import PopGestureCore

/// `.popgesture.yml` (`format: popgesture-config/1`): a repository's settings for the batch commands,
/// found in the current folder or the nearest parent up to the repository root, or named by
/// `--config`. Paths and patterns in it are relative to its folder; a rules file too. Flags given on
/// the command line win over it: `RunSettings.resolve` puts the two together.
///
/// ```yaml
/// format: popgesture-config/1
/// include: [traces]                 # the paths when none are given
/// exclude: [codemagic.yaml, "fastlane/**", build/]
/// rules: fd                         # instead of fd, for files without a `# popgesture-rules:` comment
/// overrides:                        # by file, before `rules`
///   - {files: "traces/flutter/**", rules: flutter}
/// strict: true
/// requireGoldens: true
/// jobs: 4
/// reportFormat: junit               # check's --format (`format` names the document, as in every popgesture file)
/// ```
public struct ConfigFile: Sendable {
    public static let name = ".popgesture.yml"
    static let keys = [
        "format", "include", "exclude", "rules", "overrides", "strict", "requireGoldens", "jobs", "reportFormat",
    ]

    public let path: String
    /// The folder its paths are relative to.
    public let folder: String
    /// Paths as the current folder reaches them.
    public var include: [String] = []
    /// Where each of `include` is written in the file, and as what.
    public var includedAt: [String: PathNaming] = [:]
    public var exclude: [String] = []
    public var rules: Rules?
    public var overrides: [(pattern: PathPattern, rules: Rules)] = []
    public var strict: Bool?
    public var requireGoldens: Bool?
    public var jobs: Int?
    public var reportFormat: String?

    /// The config that applies in `directory`: its own `.popgesture.yml`, else the nearest parent's up
    /// to the repository root (the first folder holding `.git`); outside a repository only the folder's
    /// own, so that a stray file higher up does not steer unrelated runs.
    public static func discover(from directory: String = FileManager.default.currentDirectoryPath) -> String? {
        var folders: [String] = []
        var current = Exclusions.absolute(directory)
        while true {
            folders.append(current)
            if FileManager.default.fileExists(atPath: current + "/.git") { break }
            guard current != "/" else {
                folders = [folders[0]]
                break
            }
            current = (current as NSString).deletingLastPathComponent
        }
        for folder in folders {
            let candidate = (folder == "/" ? "" : folder) + "/" + name
            if RegularFile.exists(candidate) { return relativeToCurrent(candidate, from: directory) }
        }
        return nil
    }

    /// `../.popgesture.yml` rather than an absolute path, for messages; absolute when not above.
    private static func relativeToCurrent(_ path: String, from directory: String) -> String {
        let here = Exclusions.absolute(directory)
        if let below = Exclusions.relative(path, to: here) { return below }
        var up = ""
        var base = here
        while base != "/" {
            base = (base as NSString).deletingLastPathComponent
            up += "../"
            if let below = Exclusions.relative(path, to: base) { return up + below }
        }
        return path
    }

    public static func load(_ path: String) throws -> ConfigFile {
        let reader = try YAMLDocumentReader(path: path)
        guard let root = try reader.nextDocument() else {
            throw Diagnostic(
                path: path,
                message: "is empty; expected a config document (`format: \(DocumentFormat.config.rawValue)`)")
        }
        return try ConfigFile(root, path: path)
    }

    /// Every key checked; its errors thrown together, each at its line and column, as every loader of
    /// the commands reports a config document's problems (`TraceFileLoader.checkRunSettings`).
    package static func check(_ node: YAMLNode, path: String) throws {
        _ = try ConfigFile(node, path: path)
    }

    init(_ node: YAMLNode, path: String) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        folder = directory.isEmpty ? "." : directory
        _ = try DocumentFormat.of(node, expecting: [.config])
        // Every key on its own: an unknown key and a bad preset are said in one run (`DocumentErrors`).
        let errors = DocumentErrors()
        let fields = try MappingFields(node, "a config document", known: Self.keys, errors: errors)
        func read<T>(_ body: () throws -> T?) -> T? { errors.attempt(path: path, body) ?? nil }
        let folder = folder
        func inFolder(_ relative: String) -> String {
            if relative.hasPrefix("/") { return relative }
            // `.` segments dropped, so that `include: [.]` in ../ is `..`, not `../.`.
            let names =
                (folder == "." ? [] : [folder]) + relative.split(separator: "/").filter { $0 != "." }.map(String.init)
            return names.isEmpty ? "." : names.joined(separator: "/")
        }
        if let list = fields["include"] {
            let items = read { try list.expectSequence("`include`, paths") } ?? []
            for item in items {
                guard let written = read({ try item.text("an `include` path") }) else { continue }
                let path = inFolder(written)
                include.append(path)
                includedAt[path] = includedAt[path] ?? PathNaming(position: item.location, written: written)
            }
        }
        if let list = fields["exclude"] {
            let items = read { try list.expectSequence("`exclude`, patterns") } ?? []
            exclude = items.compactMap { item in read { try item.text("an `exclude` pattern") } }
        }
        if let node = fields["rules"] { rules = read { try Self.rules(node, path: path) } }
        if let list = fields["overrides"] {
            for item in read({ try list.expectSequence("`overrides`, a list of {files, rules}") }) ?? [] {
                let override: (PathPattern, Rules)? = read {
                    let entry = try MappingFields(item, "an override", known: ["files", "rules"])
                    let pattern = PathPattern(try entry.required("files").text("`files`, a pattern"))
                    return (pattern, try Self.rules(try entry.required("rules"), path: path))
                }
                if let override { overrides.append(override) }
            }
        }
        strict = read { try fields["strict"]?.bool("`strict`") }
        requireGoldens = read { try fields["requireGoldens"]?.bool("`requireGoldens`") }
        jobs = read { try fields["jobs"]?.integer("`jobs`", minimum: 1) }
        if let node = fields["reportFormat"] {
            reportFormat = read { try node.choice("report format", among: CheckRun.Format.allCases.map(\.rawValue)) }
        }
        if !errors.isEmpty { throw errors.combined(path: path) }
    }

    /// A preset or a rules file relative to the config; a missing or unreadable file, or an unknown
    /// preset, is reported at the value that names it.
    private static func rules(_ node: YAMLNode, path: String) throws -> Rules {
        let spec = try node.text("`rules` (a preset or a rules file)")
        return try RulesLoader.load(spec, relativeTo: path, namedAt: node.location, naming: "`rules: \(spec)`")
    }
}
