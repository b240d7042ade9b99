import PopGestureCore

/// The clock a recorder's take was timed with, and what its grain does to the take's release
/// velocity: `check`, `explain` and `validate` warn about a take whose times came from a clock of
/// 1 ms or coarser (issue 39). A page served over plain http is not cross-origin isolated, so
/// Safari reports event times in whole milliseconds (WebKit's `Performance.cpp`: 1 ms, 20 µs only
/// when isolated) and Chrome in 100 µs steps; at 120 Hz samples are 8.3 ms apart, and half a
/// millisecond either way at each of the samples an estimator reads moves its velocity by a tenth.
///
/// Only takes are judged: a trace whose `origin.recorder` is the recorder's
/// (`popgesture-recorder/...`). Their `origin.clock` says what the page measured (`wholeMilliseconds`,
/// and `tick`, the step of `performance.now()`); a take without it is judged by its times: all of
/// them whole milliseconds. A hand-made trace's round numbers are chosen, not measured, and say
/// nothing of a clock.
public struct RecordedClock: Sendable, Equatable {
    /// The clock's step in ms (1 for whole milliseconds).
    public var step: Double
    /// What showed it: the page's `origin.clock` (its tick, or times all whole milliseconds), or the
    /// trace's own times.
    public var evidence: Evidence

    public enum Evidence: Sendable, Equatable {
        case tick, wholeMilliseconds, times
    }

    /// The clock of a take whose times are 1 ms or coarser; nil for anything else.
    public static func coarse(_ trace: Trace) -> RecordedClock? {
        guard let origin = trace.origin, let recorder = Self.scalar(origin, "recorder"),
            recorder.hasPrefix("popgesture-recorder/")
        else { return nil }
        if let clock = Self.value(origin, "clock") {
            let whole = Self.scalar(clock, "wholeMilliseconds") == "true"
            let tick = Self.scalar(clock, "tick").flatMap(Double.init) ?? 0
            if tick >= 1 { return RecordedClock(step: tick, evidence: .tick) }
            return whole ? RecordedClock(step: 1, evidence: .wholeMilliseconds) : nil
        }
        let times = trace.events.flatMap { event -> [Double] in
            if case .touch(let stroke) = event.kind { stroke.samples.map(\.t) } else { [] }
        }
        // Too few times say nothing; a time that is not a whole millisecond rules the grain out.
        guard times.count >= 3, times.allSatisfy({ $0 == $0.rounded() && abs($0) < 1e12 }) else { return nil }
        return RecordedClock(step: 1, evidence: .times)
    }

    /// The release velocity of the take's first stroke (the finger the first gesture tracks) under
    /// `model`, and its least and greatest values when each of the samples the estimator reads last
    /// is moved by half a step either way, every combination of them tried (the newest 10 at most).
    public struct Spread: Sendable, Equatable {
        public var velocity: Double
        public var least: Double
        public var greatest: Double
        /// How many samples were moved.
        public var moved: Int
    }

    public func spread(of trace: Trace, model: VelocityModel) -> Spread? {
        let strokes = trace.events.compactMap { event -> Stroke? in
            if case .touch(let stroke) = event.kind { stroke } else { nil }
        }
        guard let samples = strokes.first?.samples, samples.count >= 2 else { return nil }
        let window: Int
        switch model {
        case .uikit: window = 3
        // ema's weights 0.7, 0.21, 0.063: the last three samples make 97 % of it.
        case .ema: window = 3
        case .last2: window = 2
        case .lsq2: window = 10
        }
        let moved = min(window, samples.count)
        let nominal = Self.velocity(samples, model: model)
        var least = nominal
        var greatest = nominal
        let half = step / 2
        for combination in 0..<(1 << moved) {
            var shifted = samples
            for k in 0..<moved {
                let index = samples.count - moved + k
                shifted[index].t += (combination >> k) & 1 == 1 ? half : -half
            }
            let value = Self.velocity(shifted, model: model)
            least = min(least, value)
            greatest = max(greatest, value)
        }
        return Spread(velocity: nominal, least: least, greatest: greatest, moved: moved)
    }

    /// The estimator fed every sample, as the replay feeds the tracked finger's: its x velocity.
    static func velocity(_ samples: [Sample], model: VelocityModel) -> Double {
        var estimator = makeVelocityEstimator(model)
        for sample in samples { estimator.add(sample) }
        return estimator.velocity.x
    }

    /// The warning `check`, `explain` and `validate` give for a take timed by a coarse clock, at the
    /// document's start; nil for any other trace.
    public static func warning(for trace: Trace, rules: Rules) -> Diagnostic? {
        guard let clock = coarse(trace) else { return nil }
        let place = trace.location
        let grain = "\(Readable.time(clock.step)) ms"
        let why =
            switch clock.evidence {
            case .tick: "the page's clock ticked in \(grain) steps"
            case .wholeMilliseconds: "the page saw only whole milliseconds"
            case .times: "its times are all whole milliseconds"
            }
        var message = "\(trace.source) was recorded with a clock of \(grain) or coarser (\(why))"
        if let spread = clock.spread(of: trace, model: rules.velocity) {
            message +=
                ": its release velocity under \(rules.name) (\(rules.velocity.rawValue)), "
                + "\(Self.speed(spread.velocity)) pt/s, is anywhere from \(Self.speed(spread.least)) to "
                + "\(Self.speed(spread.greatest)) pt/s with each of the last \(spread.moved) sample times off by "
                + "±\(Readable.time(clock.step / 2)) ms"
        }
        var diagnostic = Diagnostic(
            path: place?.path ?? trace.source, place: place.map { Diagnostic.Place(line: $0.line, column: $0.column) },
            message: message,
            suggestion: "record with a finer clock: see docs/RECORDING.md, \"Clocks\"", severity: .warning)
        diagnostic.kind = kind
        return diagnostic
    }

    /// The warning's kind in JSON outputs.
    public static let kind = "coarseClock"

    private static func speed(_ value: Double) -> String { Readable.velocity(value) }

    private static func value(_ node: YAMLNode, _ key: String) -> YAMLNode? {
        guard case .mapping(let entries) = node.content else { return nil }
        return entries.first { entry in
            if case .scalar(let text, _) = entry.key.content { text == key } else { false }
        }?.value
    }

    private static func scalar(_ node: YAMLNode, _ key: String) -> String? {
        guard let found = value(node, key), case .scalar(let text, _) = found.content else { return nil }
        return text
    }
}
