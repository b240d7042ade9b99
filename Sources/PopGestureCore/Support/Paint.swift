/// SGR escape codes around a text; nothing at all when colour is off.
public struct Paint: Sendable {
    public let enabled: Bool

    public init(_ enabled: Bool) { self.enabled = enabled }

    /// `code` is an SGR parameter list such as `1;31`; the text ends with a full reset (`ESC[0m`).
    public func callAsFunction(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
