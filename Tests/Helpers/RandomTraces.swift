import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// SplitMix64: a tiny seeded generator, so a failing seed reproduces everywhere.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random valid traces: strokes of up to three fingers (swipes either way, taps, vertical drags,
/// pauses, cancels, strokes left down), and every stack operation, on random screens and layouts.
struct RandomTraceGenerator {
    var random: SeededRandom

    mutating func value(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    mutating func chance(_ p: Double) -> Bool { value(0...1) < p }

    mutating func spec(_ id: String) -> ViewControllerSpec {
        ViewControllerSpec(
            id: id, barHidden: chance(0.4), popDisabled: chance(0.15), maxStartX: chance(0.2) ? value(0...80) : 0)
    }

    mutating func trace(_ n: Int) -> Trace {
        let width = [320.0, 375, 390, 430][Int.random(in: 0..<4, using: &random)]
        var stack = (0..<Int.random(in: 1...4, using: &random)).map { spec("vc\($0)") }
        stack = Dictionary(grouping: stack, by: \.id).values.map { $0[0] }.sorted { $0.id < $1.id }
        var events: [TraceEvent] = []
        var t = 0.0
        var fingerFree: [Int: Double] = [:]
        for _ in 0..<Int.random(in: 0...14, using: &random) {
            t += value(0...400).rounded()
            if chance(0.6) {
                let finger = Int.random(in: 1...3, using: &random)
                if let free = fingerFree[finger], free > t { continue }
                var samples = [Sample(t: t, x: value(0...width), y: value(100...700))]
                let vx = value(-2...3)
                let vy = value(-1.5...1.5)
                for _ in 0..<Int.random(in: 0...25, using: &random) {
                    let last = samples[samples.count - 1]
                    let dt = chance(0.1) ? value(0.1...1) : value(4...40)
                    samples.append(
                        Sample(t: last.t + dt, x: last.x + vx * dt + value(-2...2), y: last.y + vy * dt + value(-2...2))
                    )
                }
                let lastT = samples[samples.count - 1].t
                let end: Stroke.End =
                    chance(0.1) ? .stillDown : chance(0.1) ? .cancel(lastT + value(0...20)) : .up(lastT + value(0...20))
                switch end {
                case .up(let e), .cancel(let e): fingerFree[finger] = e
                case .stillDown: fingerFree[finger] = .infinity
                }
                events.append(.touch(Stroke(finger: finger, samples: samples, end: end)))
            } else {
                let animated = chance(0.7)
                let kind: TraceEvent.Kind
                switch Int.random(in: 0..<6, using: &random) {
                case 0: kind = .push(spec("vc\(Int.random(in: 0...6, using: &random))"), animated: animated)
                case 1: kind = .pop(animated: animated)
                case 2: kind = .popToRoot(animated: animated)
                case 3:
                    let ids = Set(
                        (0..<Int.random(in: 1...3, using: &random)).map { _ in
                            "vc\(Int.random(in: 0...6, using: &random))"
                        })
                    kind = .setStack(
                        ids.sorted().map { ViewControllerSpec(id: $0, barHidden: chance(0.5) ? chance(0.5) : nil) },
                        animated: animated)
                case 4:
                    kind = .update(
                        ViewControllerSpec(id: "vc\(Int.random(in: 0...6, using: &random))", popDisabled: chance(0.3)))
                default: kind = .setBarHidden(chance(0.5), animated: animated)
                }
                events.append(TraceEvent(kind, t: t))
            }
        }
        return Trace(
            name: "random-\(n)", source: "random#\(n)", screen: Screen(width: width, height: 844),
            layoutDirection: chance(0.25) ? .rtl : .ltr, barAppearanceManaged: chance(0.8),
            stack: stack, events: events)
    }
}

/// `line` parses as JSON (Foundation's reader is strict: no NaN, no trailing commas).
func expectStrictJSON(_ line: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil,
        "\(what) is not JSON: \(line.prefix(600))",
        sourceLocation: sourceLocation)
}
