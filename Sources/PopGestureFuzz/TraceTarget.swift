import Foundation
import PopGestureCore
import PopGestureKit

/// The whole load -> replay -> report path. Each input is a trace file: its rules comment resolved,
/// every document loaded and replayed under rule versions that take each velocity estimator and
/// both record modes, and every report rendered as JSON (parsed back with a strict parser: JSON has
/// no NaN or infinity), golden line, text timeline, diff and explanation.
final class TraceTarget: FuzzTarget {
    let input = ScratchFile("trace.yaml")
    var scratchFiles: [ScratchFile] { [input] }

    /// Loaded once: a replay per velocity estimator (UIKit's, least squares, the last two samples),
    /// and one that keeps no records, as `check` without a golden runs.
    let replays: [Replay] = {
        do {
            let fd = try RulesLoader.load("fd")
            return [
                Replay(rules: fd), Replay(rules: try RulesLoader.load("cupertino")),
                Replay(rules: try RulesLoader.load("edge30")),
                // The fourth estimator (ema, with frames) and the spring settle.
                Replay(rules: try RulesLoader.load("ionic")), Replay(rules: try RulesLoader.load("react-navigation")),
                Replay(rules: fd, keepsRecords: false),
            ]
        } catch {
            fatalError("the presets do not load: \(error)")
        }
    }()

    /// `fd` for files without a rules comment, loaded once (loading it is most of a small input's cost).
    let rulesChoice = RulesChoice(forced: nil)

    func run(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        input.write(data, size)
        // The directive's own errors are part of what is checked; its rules are not used further.
        _ = try? rulesChoice.rules(for: input.path)
        // Odd sizes stop keeping events after a few samples: the streaming path a long recording takes.
        let loader = TraceFileLoader(
            path: input.path, sink: Replay.sink(replays), retainedSamples: size % 2 == 1 ? 8 : 200_000)
        loader.checkRunSettings = ConfigFile.check
        for document in loader {
            switch document {
            case .trace(let trace, let fed):
                let reports = Replay.reports(of: trace, fed: fed, under: replays)
                for report in reports {
                    requireJSON(report.jsonLine(), "a report")
                    requireJSON(Golden.line(for: report), "a golden line")
                }
                // The timeline formats the same numbers for every rule version: one is enough.
                _ = TextTimeline.render(reports[2])
                _ = ReportDiff.changes(base: reports[0], head: reports[1])
                // explain replays again with a derivation: under the projection model, whose statistics it shows.
                if trace.eventsKept { _ = Explanation(trace: trace, rules: replays[0].rules).text() }
            case .failure(_, let diagnostic):
                requireJSON(Golden.line(forError: diagnostic, traceFile: input.path), "an error's golden line")
            default:
                break
            }
        }
    }
}
