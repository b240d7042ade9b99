import Foundation
import PopGestureCore

/// `.popgesture.yml` (`format: popgesture-config/1`): a repository's settings for the batch commands,
/// found in the current folder or the nearest parent up to the repository root, or named by
/// `--config`. Paths and patterns in it are relative to its folder; a rules file too. Flags given on
/// the command line win over it.
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
                path: path, line: 1, column: 1,
                message: "is empty; expected a config document (`format: \(DocumentFormat.config.rawValue)`)")
        }
        return try ConfigFile(root, path: path)
    }

    /// Every key checked; the first error thrown, at its line and column.
    /// A config document's problems, as every loader of the commands reports them
    /// (`TraceFileLoader.checkRunSettings`).
    package static func check(_ node: YAMLNode, path: String) throws {
        _ = try ConfigFile(node, path: path)
    }

    init(_ node: YAMLNode, path: String) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        folder = directory.isEmpty ? "." : directory
        _ = try DocumentFormat.of(node, expecting: [.config])
        let fields = try MappingFields(node, "a config document", known: Self.keys)
        let folder = folder
        func inFolder(_ relative: String) -> String {
            if relative.hasPrefix("/") { return relative }
            // `.` segments dropped, so that `include: [.]` in ../ is `..`, not `../.`.
            let names =
                (folder == "." ? [] : [folder]) + relative.split(separator: "/").filter { $0 != "." }.map(String.init)
            return names.isEmpty ? "." : names.joined(separator: "/")
        }
        if let list = fields["include"] {
            include = try list.expectSequence("`include`, paths").map { inFolder(try $0.text("an `include` path")) }
        }
        if let list = fields["exclude"] {
            exclude = try list.expectSequence("`exclude`, patterns").map { try $0.text("an `exclude` pattern") }
        }
        if let node = fields["rules"] { rules = try Self.rules(node, path: path) }
        if let list = fields["overrides"] {
            for item in try list.expectSequence("`overrides`, a list of {files, rules}") {
                let entry = try MappingFields(item, "an override", known: ["files", "rules"])
                let pattern = PathPattern(try entry.required("files").text("`files`, a pattern"))
                overrides.append((pattern, try Self.rules(try entry.required("rules"), path: path)))
            }
        }
        strict = try fields["strict"]?.bool("`strict`")
        requireGoldens = try fields["requireGoldens"]?.bool("`requireGoldens`")
        jobs = try fields["jobs"]?.integer("`jobs`", minimum: 1)
        if let node = fields["reportFormat"] {
            reportFormat = try node.choice("report format", among: CheckRun.Format.allCases.map(\.rawValue))
        }
    }

    /// A preset or a rules file relative to the config; a missing or unreadable file, or an unknown
    /// preset, is reported at the value that names it.
    private static func rules(_ node: YAMLNode, path: String) throws -> Rules {
        let spec = try node.text("`rules` (a preset or a rules file)")
        return try RulesLoader.load(spec, relativeTo: path, namedAt: node.location, naming: "`rules: \(spec)`")
    }

    /// What a walk leaves out, with `--exclude` patterns (relative to the current folder) added.
    public func exclusions(adding patterns: [String]) -> Exclusions {
        var exclusions = Exclusions()
        for pattern in exclude { exclusions.add(pattern, base: folder) }
        for pattern in patterns { exclusions.add(pattern, base: ".") }
        return exclusions
    }

    /// The rules choice: `--rules` wins; then a file's own comment; then the first override whose
    /// pattern matches the file (relative to the config's folder); then `rules`; then fd.
    public func rulesChoice(forced: Rules?) -> RulesChoice {
        var choice = RulesChoice(forced: forced, standard: rules)
        let base = Exclusions.absolute(folder)
        let overrides = overrides
        if !overrides.isEmpty {
            choice.byFile = { path in
                guard let relative = Exclusions.relative(Exclusions.absolute(path), to: base) else { return nil }
                return overrides.first { $0.pattern.matches(relative) }?.rules
            }
        }
        return choice
    }
}

/// What a batch command runs on once the config file (if any) and the flags are put together; the
/// flags win.
public struct RunSettings: Sendable {
    public var config: ConfigFile?
    public var paths: [String]
    public var jobs: Int
    public var exclusions: Exclusions

    /// `configPath`: `--config`; nil discovers `.popgesture.yml` unless `noConfig`. Paths given win
    /// over `include`; none at all is an error that says where paths can come from.
    public static func resolve(
        paths: [String], jobs: Int?, configPath: String?, noConfig: Bool, exclude: [String],
        defaultJobs: Int
    ) throws -> RunSettings {
        let path = noConfig ? nil : configPath ?? ConfigFile.discover()
        let config = try path.map { path in
            do {
                return try ConfigFile.load(path)
            } catch let error as Diagnostic where error.line == 0 && error.path.isEmpty {
                throw Diagnostic(path: path, message: error.message, suggestion: error.suggestion)
            }
        }
        let chosen = paths.isEmpty ? config?.include ?? [] : paths
        guard !chosen.isEmpty else {
            throw Diagnostic(
                message: "no trace files or folders given"
                    + (config.map { " (and \($0.path) has no `include`)" } ?? ""),
                suggestion: "name them, e.g. `traces/`, or list them under `include` in \(ConfigFile.name)")
        }
        return RunSettings(
            config: config, paths: chosen, jobs: jobs ?? config?.jobs ?? defaultJobs,
            exclusions: config?.exclusions(adding: exclude) ?? ConfigFile.exclusions(exclude))
    }
}

extension ConfigFile {
    /// `--exclude` alone, without a config file.
    static func exclusions(_ patterns: [String]) -> Exclusions {
        var exclusions = Exclusions()
        for pattern in patterns { exclusions.add(pattern, base: ".") }
        return exclusions
    }
}
