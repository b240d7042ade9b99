import PopGestureCore

/// The recording formats `import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    case evemu, libinput, getevent, csv, uikit

    /// How `--from` is inferred, for `--help` and the README.
    public static let inferenceRule = """
        Without --from, each file's format is inferred: a name ending in .csv is CSV; otherwise the \
        first line that is neither blank nor a # comment decides: `N:`, `I:`, `P:`, `B:`, `A:` or `E:` \
        means evemu, a YAML key `version:`, `ndevices:` or `devices:` (or `---`) means libinput record, \
        `add device`, `[SECONDS.MICROSECONDS]`, `/dev/input/` or an `EV_` label means getevent, anything else CSV. \
        A UIKit touch log is read only with --from uikit.
        """

    /// The format of the recording `lines` reads, by the rule above (it reads a line or a few).
    static func infer(_ lines: LineReader) throws -> ImportFormat {
        if lines.path.lowercased().hasSuffix(".csv") { return .csv }
        while let line = try lines.next() {
            let text = String(decoding: line.prefix(64), as: UTF8.self).trimmingCharacters(in: " \t\u{FEFF}")
            if text.isEmpty || text.hasPrefix("#") { continue }
            if ["N:", "I:", "P:", "B:", "A:", "E:"].contains(where: {
                text == $0 || text.hasPrefix($0 + " ") || text.hasPrefix($0 + "\t")
            }) {
                return .evemu
            }
            if text == "---" || text.hasPrefix("--- ")
                || ["version:", "ndevices:", "devices:"].contains(where: text.hasPrefix)
            {
                return .libinput
            }
            if text.hasPrefix("add device ") || text.hasPrefix("EV_") || text.hasPrefix("/dev/input/")
                || isGeteventTime(text)
            {
                return .getevent
            }
            return .csv
        }
        return .csv
    }

    /// `[   51581.396147]`, getevent -t's time stamp (`[%8ld.%06ld]`).
    private static func isGeteventTime(_ text: String) -> Bool {
        guard text.hasPrefix("["), let close = text.firstIndex(of: "]") else { return false }
        let inner = text[text.index(after: text.startIndex)..<close].trimmingCharacters(in: " ")
        let parts = inner.split(separator: ".", omittingEmptySubsequences: false)
        // %06ld: six digits of microseconds, always.
        return parts.count == 2 && !parts[0].isEmpty && parts[1].count == 6
            && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
