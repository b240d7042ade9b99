import PopGestureCore

/// How a CSV touch log is read: which header names the columns `t`, `x`, `y`, `finger` and `phase`
/// have, the phase words, the time unit and origin, and what identifies a finger. Two logs are
/// known: the plain one (`--from csv`: ms as written, finger numbers, down/move/up/cancel) and a
/// UIKit touch log (`--from uikit`: `UITouch.timestamp` seconds from any origin, a text identity per
/// touch, UIKit's phase names); `--columns` renames the columns of either.
public struct CSVMapping: Sendable, Equatable {
    /// The columns a log is read through; `phase` may be absent.
    public static let roles = ["t", "x", "y", "finger", "phase"]

    /// The header name of each role, lowercased.
    public private(set) var columns: [String: String]
    /// UIKit's log: seconds shifted so the first row is 0, touch identities, UIKit's phases.
    public let uikit: Bool

    public static let csv = CSVMapping(
        columns: ["t": "t", "x": "x", "y": "y", "finger": "finger", "phase": "phase"], uikit: false)
    public static let uikitLog = CSVMapping(
        columns: ["t": "timestamp", "x": "x", "y": "y", "finger": "touch", "phase": "phase"], uikit: true)

    /// `--columns ROLE=NAME,...` over this mapping: each named role takes the header name given.
    public func renamed(_ argument: String) throws -> CSVMapping {
        var mapping = self
        var seen: Set<String> = []
        for pair in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let role = parts[0].trimmingCharacters(in: " ").lowercased()
            guard parts.count == 2, !parts[1].trimmingCharacters(in: " ").isEmpty else {
                throw Diagnostic(
                    message:
                        "--columns takes ROLE=HEADER pairs separated by commas, e.g. t=timestamp,x=locationX; found `\(pair)`"
                )
            }
            guard Self.roles.contains(role) else {
                throw Diagnostic(
                    message: "--columns: unknown column `\(role)`; the columns are t, x, y, finger and phase",
                    suggestion: didYouMean(role, in: Self.roles))
            }
            guard seen.insert(role).inserted else { throw Diagnostic(message: "--columns names `\(role)` twice") }
            mapping.columns[role] = parts[1].trimmingCharacters(in: " ").lowercased()
        }
        return mapping
    }

    enum Phase { case down, move, stationary, up, cancel }

    /// The phase words of this log, in the order a touch goes through them.
    var phaseWords: [(word: String, phase: Phase)] {
        uikit
            ? [("began", .down), ("moved", .move), ("stationary", .stationary), ("ended", .up), ("cancelled", .cancel)]
            : [("down", .down), ("move", .move), ("up", .up), ("cancel", .cancel)]
    }

    /// The words of the other log, to say which `--from` a word belongs to.
    var otherWords: [String] {
        uikit ? ["down", "move", "up", "cancel"] : ["began", "moved", "stationary", "ended", "cancelled"]
    }

    /// The mapping in words, for the trace's `origin`: the columns read (`phase` only when the log
    /// has one) and how times, fingers and phases were taken.
    func described(hasPhase: Bool) -> [(key: String, value: String)] {
        let roles = hasPhase ? Self.roles : Array(Self.roles.dropLast())
        return [
            ("columns", roles.map { "\($0)=\(columns[$0]!)" }.joined(separator: ",")),
            ("time", uikit ? "s from the first row, as ms" : "ms as written"),
            ("fingers", uikit ? "each touch numbered from 0 as it begins, the lowest number free" : "as written"),
            (
                "phases",
                hasPhase
                    ? phaseWords.map(\.word).joined(separator: ",")
                    : "none: each finger's rows are one stroke, lifted at its last row"
            ),
        ]
    }
}
