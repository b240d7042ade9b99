import PopGestureCore

/// `popgesture synth`: a deterministic corpus of realistic traces written into a folder, or drags
/// over a vertical list on standard output; says what it wrote.
public struct SynthRun: Sendable {
    public var seed: UInt64
    public var count: Int
    public var perFile: Int
    public var gestures: Int
    /// The corpus's folder; nil with `dragSpeeds`.
    public var out: String?
    public var force: Bool
    /// Instead of a corpus: one drag document per speed (pt/s), on standard output.
    public var dragSpeeds: [Double]
    public var frameRate: Double

    public init(
        seed: UInt64, count: Int, perFile: Int, gestures: Int, out: String?, force: Bool,
        dragSpeeds: [Double] = [], frameRate: Double = 60
    ) {
        self.seed = seed
        self.count = count
        self.perFile = perFile
        self.gestures = gestures
        self.out = out
        self.force = force
        self.dragSpeeds = dragSpeeds
        self.frameRate = frameRate
    }

    public func run(console: Console = Console()) -> ExitStatus {
        if !dragSpeeds.isEmpty {
            console.out(DragSynthesizer(speeds: dragSpeeds, frameRate: frameRate).text())
            return console.finish(.ok)
        }
        guard let out else { return console.finish(.ok) }
        var synthesizer = TraceSynthesizer(seed: seed, gestures: gestures)
        let files: [String]
        do {
            files = try synthesizer.writeCorpus(
                count: count, perFile: perFile, into: out, force: force, console: console)
        } catch {
            console.report(error as? Diagnostic ?? Diagnostic(path: out, message: "\(error)"))
            return console.finish(.errors)
        }
        console.out(
            "wrote \(count) document\(count == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s") to \(visible(out))\n"
        )
        return console.finish(.ok)
    }
}
