import Foundation
internal import PopGestureCore
internal import PopGestureKit

/// `popgesture sweep`: labelled traces replayed under a grid of rule values, each version counted
/// (docs/guide/tuning.md).
///
/// ```swift
/// let result = try Sweep(paths: ["Tests/Takes"], vary: ["maxStartX=0..200/40"]).run()
/// let best = result.versions[result.best[0]]
/// #expect(best.missedBacks + best.falsePops == 0)
/// ```
public struct Sweep: Sendable {
    /// Trace files and folders (folders searched recursively for `*.yaml`, `*.yml`, `*.json`).
    public var paths: [String]
    /// The rule version every version starts from: a preset name or a rules file.
    public var base: String
    /// Each `KEY=VALUES` (`maxStartX=0..200/40`, `completion.projectionDistance=140,160,180`,
    /// `rules=fd,uikit,tz` for the rule version itself); at most three keys.
    public var vary: [String]

    public init(paths: [String], base: String = "fd", vary: [String]) {
        self.paths = paths
        self.base = base
        self.vary = vary
    }

    /// Replays every trace under every version.
    /// - Throws: ``PopGestureError`` when the grid is invalid, no trace file is found, or a file fails
    ///   to load (what `popgesture sweep` reports as errors, exit 2).
    public func run() throws -> SweepResult {
        let capture = ConsoleCapture()
        let status = SweepRun(paths: paths, base: base, vary: vary, format: .json, jobs: Console.availableCores)
            .run(console: Console(capturingInto: capture))
        let errors = capture.errors.trimmingCharacters(in: .whitespacesAndNewlines)
        guard status != .errors else { throw PopGestureError(message: errors) }
        do {
            return try SweepResult(json: capture.output)
        } catch {
            throw PopGestureError(message: "sweep wrote JSON this library cannot read: \(error)")
        }
    }
}

/// What a sweep found: each version's counts, the best versions, and the gestures whose result flips.
public struct SweepResult: Sendable {
    /// The base rule version's name.
    public let base: String
    /// The swept keys, in `vary` order.
    public let keys: [String]
    /// Every version, in grid order (the last key varies fastest).
    public let versions: [SweepVersion]
    /// Indices into ``versions`` ranked best (fewest missed backs and false pops, then failed
    /// expectations, then changed keys), ties included.
    public let best: [Int]
    /// Every index into ``versions``, best first.
    public let ranking: [Int]
    /// The trade-off's Pareto front: indices into ``versions`` of the versions no other beats (none
    /// has at most their false pops and at most their missed backs, with fewer of one), by false pops.
    public let front: [Int]
    /// Gestures whose result differs across the versions (the intent-labelled ones).
    public let flips: [SweepFlip]
    /// The whole result as `popgesture sweep --format json` writes it (schemas/sweep.schema.json).
    public let json: String

    init(json: String) throws {
        let decoded = try JSONDecoder().decode(Decoded.self, from: Data(json.utf8))
        base = decoded.base
        keys = decoded.keys
        best = decoded.best
        ranking = decoded.ranking ?? Array(decoded.versions.indices)
        front = decoded.front ?? []
        versions = decoded.versions.map(SweepVersion.init)
        flips = decoded.flips.map {
            SweepFlip(
                source: $0.source, gesture: $0.gesture, intent: $0.intent.flatMap(Intent.init), results: $0.results)
        }
        self.json = json
    }

    fileprivate struct Decoded: Decodable {
        var base: String
        var keys: [String]
        var versions: [Version]
        var best: [Int]
        var ranking: [Int]?
        var front: [Int]?
        var flips: [Flip]

        struct Version: Decodable {
            var values: [String: Value]
            var documents: Int
            var errors: Int
            var expectations: Counts
            var intent: IntentCounts
            var gestures: Gestures
            var pops: [String: Int]
            var anomalies: [String: Int]
        }
        struct Counts: Decodable {
            var passed: Int
            var failed: Int
        }
        struct IntentCounts: Decodable {
            var back: Int
            var missedBack: Int
            var stay: Int
            var falsePop: Int
        }
        struct Gestures: Decodable {
            var began: Int
            var unrecognized: Int
            var refused: [String: Int]
        }
        struct Flip: Decodable {
            var source: String
            var gesture: Int
            var intent: String?
            var results: [String]
        }
        /// A swept value: a number, a word or a boolean, as text.
        struct Value: Decodable {
            var text: String
            init(from decoder: any Decoder) throws {
                let single = try decoder.singleValueContainer()
                if let flag = try? single.decode(Bool.self) {
                    text = String(flag)
                } else if let number = try? single.decode(Double.self) {
                    text = formatNumber(number)
                } else {
                    text = try single.decode(String.self)
                }
            }
        }
    }
}

/// One version of a sweep: its values and what it did over the traces.
public struct SweepVersion: Sendable, Equatable {
    /// Each swept key's value, as text (`40`, `projection`, `true`).
    public var values: [String: String]
    public var documents: Int
    /// Files or documents that failed to load.
    public var errors: Int
    /// Expect items other than intent labels.
    public var passed: Int
    public var failed: Int
    /// `intent: back` gestures whose pop did not complete.
    public var missedBacks: Int
    /// `intent: stay` gestures whose pop completed.
    public var falsePops: Int
    public var began: Int
    public var completed: Int
    /// Anomalies of every kind.
    public var anomalies: Int

    fileprivate init(_ decoded: SweepResult.Decoded.Version) {
        values = decoded.values.mapValues(\.text)
        documents = decoded.documents
        errors = decoded.errors
        passed = decoded.expectations.passed
        failed = decoded.expectations.failed
        missedBacks = decoded.intent.missedBack
        falsePops = decoded.intent.falsePop
        began = decoded.gestures.began
        completed = decoded.pops["completed"] ?? 0
        anomalies = decoded.anomalies.values.reduce(0, +)
    }
}

/// A gesture whose result differs across a sweep's versions.
public struct SweepFlip: Sendable, Equatable {
    /// `path#N` of its trace.
    public var source: String
    public var gesture: Int
    public var intent: Intent?
    /// Its result at each version, in version order: `completed`, `cancelled`, ..., or
    /// `refused(reason)` / `unrecognized(reason)` when no pop began.
    public var results: [String]
}
