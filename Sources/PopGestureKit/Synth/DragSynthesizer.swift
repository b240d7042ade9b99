import PopGestureCore

/// Drags up a vertical list at chosen speeds and a chosen touch sample rate, one trace document per
/// speed: the replay then shows which drags a detector reports and which it misses (SPEC section
/// 10: at 60 Hz the seed article's code never reports a drag slower than 5 pt per frame).
public struct DragSynthesizer: Sendable {
    /// Points per second.
    public var speeds: [Double]
    /// Touch samples per second.
    public var frameRate: Double
    /// How long the finger drags, in milliseconds.
    public var duration: Double

    public init(speeds: [Double], frameRate: Double, duration: Double = 600) {
        self.speeds = speeds
        self.frameRate = frameRate
        self.duration = duration
    }

    /// The documents, `---` separated. Each: a feed (a vertical list at offset 500) pushed over a
    /// home screen, a finger down at (200, 600) moving up at the speed, sampled every 1000 / rate ms
    /// (times to 0.01 ms), lifted one millisecond after its last sample.
    public func text() -> String {
        let interval = 1000 / frameRate
        let samples = Int((duration / interval).rounded(.down))
        return speeds.enumerated().map { index, speed in
            var rows: [String] = []
            for k in 0...samples {
                let t = (Double(k) * interval * 100).rounded() / 100
                rows.append(
                    "[\(formatNumber(t)), 200, \(formatNumber(((600 - speed * t / 1000) * 100).rounded() / 100))]")
            }
            let last = (Double(samples) * interval * 100).rounded() / 100
            return (index > 0 ? "---\n" : "") + """
                format: popgesture-trace/1
                name: drag-\(formatNumber(speed))ptps-\(formatNumber(frameRate))hz
                stack:
                  - {id: home}
                  - id: feed
                    content:
                      - {id: list, kind: scroll, frame: [0, 0, 390, 844], axis: vertical, offset: 500, maxOffset: 100000}
                events:
                  - touch: 1
                    samples: [\(rows.joined(separator: ", "))]
                    up: \(formatNumber(last + 1))

                """
        }.joined()
    }
}
