import PopGestureCore

/// The flags of a batch command that `.popgesture.yml` may also set, as the command line gave them:
/// nil, empty or false where not given. The executable only fills this in; `RunSettings.resolve`
/// decides what the run gets.
public struct RunFlags: Sendable {
    public var paths: [String] = []
    /// `--jobs`.
    public var jobs: Int?
    /// `--exclude`, relative to the current folder.
    public var exclude: [String] = []
    /// `--config`: this file instead of the discovered `.popgesture.yml`.
    public var config: String?
    /// `--no-config`.
    public var noConfig = false
    /// `--allow-empty`.
    public var allowEmpty = false
    /// `--rules` (a preset or a rules file) of the commands that otherwise take each file's rules from
    /// its comment and the config (check, replay).
    public var rules: String?
    /// check's `--format`.
    public var format: CheckRun.Format?
    /// check's `--strict` and `--require-goldens`: a flag can only turn them on.
    public var strict = false
    public var requireGoldens = false

    public init(
        paths: [String] = [], jobs: Int? = nil, exclude: [String] = [], config: String? = nil, noConfig: Bool = false,
        allowEmpty: Bool = false
    ) {
        self.paths = paths
        self.jobs = jobs
        self.exclude = exclude
        self.config = config
        self.noConfig = noConfig
        self.allowEmpty = allowEmpty
    }
}

/// What a batch command runs on once the config file (if any) and the flags are put together: the
/// one place that says which wins. A flag given wins over the config, the config over the default;
/// paths given replace `include`; `--exclude` adds to `exclude`; `--strict` and `--require-goldens`
/// can only add to the config's; `--rules` wins over each file's comment, which wins over the
/// config's `overrides`, then its `rules`, then fd (`RulesChoice`).
public struct RunSettings: Sendable {
    public var config: ConfigFile?
    public var paths: [String]
    public var jobs: Int
    public var exclusions: Exclusions
    /// Where the config named `paths` when they are its `include`, for the error when one leads nowhere.
    public var namedAt: [String: PathNaming]
    public var allowEmpty: Bool
    public var rules: RulesChoice
    /// check's output format: `--format`, else the config's `reportFormat`, else text.
    public var format: CheckRun.Format
    public var strict: Bool
    public var requireGoldens: Bool

    /// `.popgesture.yml` found from the current folder unless `--config` names one or `--no-config`
    /// reads none. A config's errors are thrown together (every key is checked); then no paths at
    /// all, an error that says where paths can come from; then a `--rules` that does not load.
    public static func resolve(_ flags: RunFlags, defaultJobs: Int = Console.availableCores) throws -> RunSettings {
        let path = flags.noConfig ? nil : flags.config ?? ConfigFile.discover()
        let config = try path.map { path in
            do {
                return try ConfigFile.load(path)
            } catch let error as Diagnostic where error.place == nil && error.path.isEmpty {
                throw Diagnostic(path: path, message: error.message, suggestion: error.suggestion)
            }
        }
        let paths = flags.paths.isEmpty ? config?.include ?? [] : flags.paths
        guard !paths.isEmpty else {
            throw Diagnostic(
                message: "no trace files or folders given"
                    + (config.map { " (and \($0.path) has no `include`)" } ?? ""),
                suggestion: "name them, e.g. `traces/`, or list them under `include` in \(ConfigFile.name)")
        }
        let forced = try flags.rules.map { try RulesLoader.load($0) }
        return RunSettings(
            config: config, paths: paths, jobs: flags.jobs ?? config?.jobs ?? defaultJobs,
            exclusions: Exclusions(config: config?.exclude ?? [], in: config?.folder ?? ".", flags: flags.exclude),
            namedAt: flags.paths.isEmpty ? config?.includedAt ?? [:] : [:],
            allowEmpty: flags.allowEmpty, rules: rulesChoice(forced: forced, config: config),
            format: flags.format ?? config?.reportFormat.flatMap(CheckRun.Format.init) ?? .text,
            strict: flags.strict || config?.strict == true,
            requireGoldens: flags.requireGoldens || config?.requireGoldens == true)
    }

    /// `--rules`, else per file: its comment, the first override whose pattern matches it (relative
    /// to the config's folder), the config's `rules`, fd.
    private static func rulesChoice(forced: Rules?, config: ConfigFile?) -> RulesChoice {
        var choice = RulesChoice(forced: forced, standard: config?.rules)
        guard let config, !config.overrides.isEmpty else { return choice }
        let base = Exclusions.absolute(config.folder)
        let overrides = config.overrides
        choice.byFile = { path in
            guard let relative = Exclusions.relative(Exclusions.absolute(path), to: base) else { return nil }
            return overrides.first { $0.pattern.matches(relative) }?.rules
        }
        return choice
    }
}
