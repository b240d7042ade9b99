/// A stack-config document (`format: popgesture-stack/1`): the five keys several traces share.
struct StackConfig {
    static let keys = ["screen", "layoutDirection", "barAppearanceManaged", "initialBarHidden", "stack"]
    let values: [String: YAMLNode]

    init(_ node: YAMLNode) throws {
        let fields = try MappingFields(node, "a stack-config document", known: ["format", "name"] + Self.keys)
        var values: [String: YAMLNode] = [:]
        for key in Self.keys { values[key] = fields[key] }
        self.values = values
        // Checked here, once, so that an error points into the config file itself.
        _ = try TraceDecoder.settings(values)
    }
}
