import Foundation
import PopGestureCore
import PopGestureKit

/// Where takes arrive: each judged, then written, counted and announced on the terminal one at a
/// time, under a lock, so that a take is written whole before anything else happens and once
/// `close` has run no take is written at all: the files a signal leaves behind are complete. A lock
/// rather than an actor, so that the signal's thread closes the desk without waiting for the
/// server's tasks to be scheduled.
final class TakeDesk: @unchecked Sendable {
    private let lock = NSLock()
    private let judge: TakeJudge
    private let store: TakeStore
    private let console: Console
    private var tally: TakeTally
    /// The verdicts of each file written and not undone, for the tally when one is undone.
    private var verdicts: [String: [TakeVerdict]] = [:]
    private var closed = false

    init(judge: TakeJudge, store: TakeStore, console: Console) {
        self.judge = judge
        self.store = store
        self.console = console
        tally = TakeTally(rules: judge.rules.map(\.name))
    }

    enum Refusal: Error {
        /// The take does not load: the loader's diagnostic.
        case invalid(Diagnostic)
        /// The run is ending or the disk refused the file.
        case unavailable(String)
    }

    /// Judges the take and, when it loads, writes it; the answer's JSON names the file and the verdicts.
    func receive(_ text: String) -> Result<String, Refusal> {
        if lock.withLock({ closed }) { return .failure(.unavailable("the recorder is shutting down")) }
        let judged: JudgedTake
        switch judge.judge(text) {
        case .failure(let diagnostic): return .failure(.invalid(diagnostic))
        case .success(let take): judged = take
        }
        return lock.withLock { write(text, judged) }
    }

    private func write(_ text: String, _ judged: JudgedTake) -> Result<String, Refusal> {
        guard !closed else { return .failure(.unavailable("the recorder is shutting down")) }
        let file: String
        do {
            file = try store.write(text)
        } catch {
            console.report(Self.diagnostic(error))
            return .failure(.unavailable("the take could not be saved: \(error)"))
        }
        tally.add(judged.verdicts)
        verdicts[file] = judged.verdicts
        let intent = judged.intent.map { " (\($0.rawValue))" } ?? ""
        let words = judged.verdicts.map { "\($0.rules): \($0.text)" + ($0.finding.map { " [\($0.rawValue)]" } ?? "") }
        let number = TakeStore.number(of: file) ?? 0
        console.out("take \(number)\(intent): \(words.joined(separator: "; "))\n")
        let suspicions = judged.edgeSuspicions
        if !suspicions.isEmpty {
            console.out(
                "take \(number): the phone's own back gesture may have taken the edge (\(suspicions.joined(separator: "; "))); "
                    + "on Android, switch to three-button navigation while recording; the take is kept\n")
        }
        console.flush()
        return .success(Self.answer(file: file, take: judged))
    }

    /// The page's undo: the file goes, and its verdicts leave the tally.
    func undo(_ file: String) -> Result<Void, Diagnostic> {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return .failure(Diagnostic(message: "the recorder is shutting down")) }
        do {
            try store.remove(file)
        } catch {
            return .failure(Self.diagnostic(error))
        }
        if let undone = verdicts.removeValue(forKey: file) { tally.add(undone, sign: -1) }
        console.out("take \(TakeStore.number(of: file) ?? 0): undone, \(file) removed\n")
        console.flush()
        return .success(())
    }

    /// The number the next take's file will have.
    var next: Int { lock.withLock { store.next } }

    /// No take is written after this (a take being written is finished first); the summary per rule version.
    func close() -> String {
        lock.withLock {
            closed = true
            return tally.summary
        }
    }

    /// The store throws only diagnostics.
    private static func diagnostic(_ error: any Error) -> Diagnostic {
        error as? Diagnostic ?? Diagnostic(message: "\(error)")
    }

    static func answer(file: String, take: JudgedTake) -> String {
        JSONValue.object([
            "file": .string(file),
            "intent": .optional(take.intent?.rawValue),
            "verdicts": .array(
                take.verdicts.map {
                    .object([
                        "rules": .string($0.rules), "text": .string($0.text),
                        "finding": .optional($0.finding?.rawValue),
                    ])
                }),
        ]).rendered
    }
}
