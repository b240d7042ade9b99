/// A stack-config document (`format: popgesture-stack/1`): the five keys several traces share.
package struct StackConfig {
    package static let keys = ["screen", "layoutDirection", "barAppearanceManaged", "initialBarHidden", "stack"]
    package let values: [String: YAMLNode]

    package init(_ node: YAMLNode) throws {
        let fields = try MappingFields(node, "a stack-config document", known: ["format", "name"] + Self.keys)
        var values: [String: YAMLNode] = [:]
        for key in Self.keys { values[key] = fields[key] }
        self.values = values
        // Checked here, once, so that an error points into the config file itself.
        _ = try TraceDecoder.settings(values)
    }

    /// The first document of `reader`, which must be a stack-config.
    package init(reading reader: YAMLDocumentReader) throws {
        guard let document = try reader.nextDocument() else {
            throw Diagnostic(path: reader.path, message: "contains no stack-config document")
        }
        _ = try DocumentFormat.of(document, expecting: [.stack])
        try self.init(document)
    }
}
