/// The recording formats `import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    case evemu, libinput, csv

    /// How `--from` is inferred, for `--help` and the README.
    public static let inferenceRule = """
        Without --from, each file's format is inferred: a name ending in .csv is CSV; otherwise the \
        first line that is neither blank nor a # comment decides: `N:`, `I:`, `P:`, `B:`, `A:` or `E:` \
        means evemu, a YAML key `version:`, `ndevices:` or `devices:` (or `---`) means libinput record, \
        anything else CSV.
        """

    /// The format of the recording `lines` reads, by the rule above (it reads a line or a few).
    static func infer(_ lines: LineReader) throws -> ImportFormat {
        if lines.path.lowercased().hasSuffix(".csv") { return .csv }
        while let line = try lines.next() {
            let text = String(decoding: line.prefix(64), as: UTF8.self).trimmingCharacters(in: " \t\u{FEFF}")
            if text.isEmpty || text.hasPrefix("#") { continue }
            if ["N:", "I:", "P:", "B:", "A:", "E:"].contains(where: { text == $0 || text.hasPrefix($0 + " ") || text.hasPrefix($0 + "\t") }) {
                return .evemu
            }
            if text == "---" || text.hasPrefix("--- ") || ["version:", "ndevices:", "devices:"].contains(where: text.hasPrefix) {
                return .libinput
            }
            return .csv
        }
        return .csv
    }
}
