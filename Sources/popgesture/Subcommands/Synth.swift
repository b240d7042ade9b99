import ArgumentParser
import PopGestureKit
import PopGestureOptions

struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract:
            "Write a deterministic corpus of realistic traces into a folder (benchmarks, fuzzing), or drags to standard output; print what it wrote.",
        discussion: """
            An existing file of the corpus stops it before anything is written (exit 2), unless --force.

            Examples:
              popgesture synth --seed 1 --count 2000 --out /tmp/corpus
              popgesture synth --seed 2 --count 1 --gestures 2000000 --out /tmp/big   # one long recording
              popgesture synth --drag-speeds 150 250 350 --frame-rate 60 > drags.yaml   # drags over a list
            """
    )

    @Option(help: "Random seed; the same seed gives the same bytes.") var seed: UInt64 = 1
    @Option(help: "Trace documents to write.") var count: Int = 100
    @Option(help: "Documents per file.") var perFile: Int = 1
    @Option(help: "Gestures and operations per document.") var gestures: Int = 40
    @Option(help: "Output folder (created if missing).") var out: String?
    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Instead of a corpus: drags up a vertical list at these speeds (pt/s), one document each, on standard output.",
            discussion:
                "For the scroll-direction detector's blind spot: replay them under a rules file with `detectors`."))
    var dragSpeeds: [Double] = []
    @Option(help: "With --drag-speeds: touch samples per second.") var frameRate: Double = 60
    @Flag(help: "Replace files of the corpus that already exist in --out.") var force = false
    @OptionGroup var colour: ColourOption

    func validate() throws {
        guard count >= 1, perFile >= 1, gestures >= 1 else {
            throw ValidationError("--count, --per-file and --gestures must be at least 1")
        }
        if dragSpeeds.isEmpty, out == nil { throw ValidationError("--out is required (or --drag-speeds)") }
        guard dragSpeeds.allSatisfy({ $0 > 0 && $0.isFinite }), frameRate > 0, frameRate <= 1000 else {
            throw ValidationError("--drag-speeds must be positive and --frame-rate in (0, 1000]")
        }
    }

    func run() throws {
        colour.apply()
        try conclude(
            SynthRun(
                seed: seed, count: count, perFile: perFile, gestures: gestures, out: out, force: force,
                dragSpeeds: dragSpeeds, frameRate: frameRate
            ).run())
    }
}
