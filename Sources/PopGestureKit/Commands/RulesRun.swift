import PopGestureCore

/// `popgesture rules list` and `rules show`: the presets, one line each, and a rule version printed
/// fully resolved as YAML that `--rules` accepts.
public enum RulesRun {
    public static func list(console: Console = Console()) -> ExitStatus {
        let width = Presets.names.map(\.count).max() ?? 0
        for preset in Presets.all {
            console.out(
                preset.name + String(repeating: " ", count: width - preset.name.count) + "  " + preset.summary + "\n")
        }
        return console.finish(.ok)
    }

    public static func show(_ rules: Rules, console: Console = Console()) -> ExitStatus {
        console.out(RulesLoader.yaml(for: rules))
        return console.finish(.ok)
    }
}
