#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads built only from the reader's package steps; the reader's own file keeps what touches libyaml's state.
extension YAMLDocumentReader {
    /// The next document's root node, or nil after the last one.
    package func nextDocument() throws -> YAMLNode? {
        guard try beginDocument() else { return nil }
        let root = try node()
        try endDocument()
        return root
    }

    /// Compares the current scalar with a key name without making a String.
    package func scalarEquals(_ key: StaticString) -> Bool {
        let bytes = scalarBytes
        guard bytes.count == key.utf8CodeUnitCount, let start = bytes.baseAddress else {
            return bytes.isEmpty && key.utf8CodeUnitCount == 0
        }
        return memcmp(start, key.utf8Start, bytes.count) == 0
    }
}

extension YAMLDocumentReader {
    /// Alias expansions past this many nodes in one document are an alias bomb, not a trace.
    package static let aliasBudget = 1_000_000
    /// Deeper than any trace, rules or stack document; keeps a pathological file from exhausting the stack.
    package static let maximumDepth = 256
}
