/// One node of a YAML document as libyaml reported it, before any meaning is given to it.
///
/// A class so that an alias shares its anchor's children instead of copying them: an alias bomb then
/// costs no memory, and the node budget bounds the work of walking it.
package final class YAMLNode: @unchecked Sendable {
    package enum Content {
        /// `isString` is true for quoted scalars and `!!str`: they never become numbers or booleans.
        case scalar(String, isString: Bool)
        case sequence([YAMLNode])
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    package let content: Content
    package let location: SourcePosition
    /// Nodes in this subtree with aliases expanded, the unit of the alias budget.
    package let expandedSize: Int
    /// An alias: `location` is where it stands, its children are where its anchor's are written.
    package let isAlias: Bool

    package init(_ content: Content, at location: SourcePosition, expandedSize: Int, isAlias: Bool = false) {
        self.content = content
        self.location = location
        self.expandedSize = expandedSize
        self.isAlias = isAlias
    }

    /// How a user would name this node's kind in an error message.
    package var kindDescription: String {
        switch content {
        case .scalar(let text, let isString):
            if isString { return "the string \"\(text.prefix(40))\"" }
            if isNullScalar(text) { return "null" }
            return "`\(text.prefix(40))`"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// YAML 1.2 core schema nulls.
package func isNullScalar(_ text: String) -> Bool {
    text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
}
