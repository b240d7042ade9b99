import PopGestureCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SplitMix64: small, fast and seeded, so a corpus is the same bytes for the same seed everywhere.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes realistic trace documents: swipes back (slow, fast, cancelled, from the edge or mid-screen,
/// RTL), taps, vertical scrolls, pauses, second fingers and stack operations between them. Used for
/// benchmark corpora and as a fuzz source; the text is written as it is made, never held whole.
public struct TraceSynthesizer {
    private var random: SeededGenerator
    /// Gestures per document.
    public var gestures: Int

    public init(seed: UInt64, gestures: Int = 40) {
        random = SeededGenerator(seed: seed)
        self.gestures = gestures
    }

    private mutating func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    private mutating func chance(_ p: Double) -> Bool { uniform(0...1) < p }
    private mutating func pick(_ n: Int) -> Int { Int.random(in: 0..<n, using: &random) }

    /// Numbers as traces carry them: milliseconds and points to 0.01.
    private func n(_ value: Double) -> String { formatNumber((value * 100).rounded() / 100) }

    /// One trace document named `synth-N` for the corpus's document `index` (so names are unique
    /// across a corpus's files), `---` separated from the previous one unless it opens its file.
    public mutating func document(_ index: Int, opensFile: Bool, write: (String) -> Void) {
        let width = [320.0, 375, 390, 393, 430][pick(5)]
        let rtl = chance(0.15)
        let depth = 2 + pick(3)
        var out = opensFile ? "" : "---\n"
        out += "format: popgesture-trace/1\nname: synth-\(index)\nscreen: {width: \(n(width)), height: 844}\n"
        if rtl { out += "layoutDirection: rtl\n" }
        out += "stack:\n"
        for level in 0..<depth {
            out +=
                "- {id: s\(level)\(chance(0.4) ? ", barHidden: true" : "")\(chance(0.1) ? ", maxStartX: \(n(uniform(30...120)))" : "")}\n"
        }
        out += "events:\n"
        write(out)
        var t = uniform(0...50)
        var pushed = depth
        for _ in 0..<gestures {
            t += uniform(120...900)
            var line = ""
            if chance(0.12) {
                switch pick(5) {
                case 0, 1:
                    line =
                        "- {t: \(n(t)), push: {id: p\(pushed)\(chance(0.4) ? ", barHidden: true" : "")}\(chance(0.2) ? ", animated: false" : "")}\n"
                    pushed += 1
                case 2: line = "- {t: \(n(t)), pop: true}\n"
                case 3: line = "- {t: \(n(t)), setBarHidden: \(chance(0.5))}\n"
                default: line = "- {t: \(n(t)), update: {id: s\(pick(depth)), popDisabled: \(chance(0.2))}}\n"
                }
                write(line)
                continue
            }
            // A stroke: direction and speed by kind.
            let kind = pick(10)
            let leading = chance(0.7) ? uniform(2...40) : uniform(40...width * 0.8)
            let x0 = rtl ? width - leading : leading
            let y0 = uniform(120...760)
            let c: Double = rtl ? -1 : 1
            let (vx, vy, count): (Double, Double, Int) =
                switch kind {
                case 0...3: (c * uniform(0.3...1.2), uniform(-0.1...0.1), 8 + pick(20))  // swipe back
                case 4, 5: (c * uniform(1.5...4), uniform(-0.2...0.2), 4 + pick(6))  // fling
                case 6: (-c * uniform(0.2...0.8), uniform(-0.1...0.1), 6 + pick(10))  // drag the wrong way
                case 7: (uniform(-0.1...0.1), uniform(-1.5...1.5), 8 + pick(16))  // vertical scroll
                default: (uniform(-0.02...0.02), uniform(-0.02...0.02), pick(3))  // tap
                }
            var s = "- touch: 1\n  samples: [[\(n(t)), \(n(x0)), \(n(y0))]"
            var x = x0
            var y = y0
            var st = t
            let start = t
            for i in 0..<count {
                let dt = chance(0.05) ? uniform(0.2...0.9) : uniform(7...17)
                st += dt
                // Slow down towards the end of a slow swipe, as fingers do before lifting.
                let ease = kind <= 3 && i > count * 2 / 3 ? 0.4 : 1
                x += vx * dt * ease + uniform(-0.4...0.4)
                y += vy * dt + uniform(-0.4...0.4)
                s += ", [\(n(st)), \(n(x)), \(n(y))]"
            }
            s += "]\n"
            let end = st + uniform(1...30)
            s += chance(0.03) ? "  cancel: \(n(end))\n" : "  up: \(n(end))\n"
            t = end
            // Now and then a second finger lands during the stroke.
            if chance(0.05) {
                let t2 = start + uniform(0.5...max(1, st - start))
                s +=
                    "- touch: 2\n  samples: [[\(n(t2)), \(n(uniform(0...width))), \(n(uniform(100...800)))]]\n  up: \(n(t2 + uniform(20...80)))\n"
            }
            write(s)
        }
    }

    /// Writes `count` documents into files of `perFile` documents in `directory` (created with its
    /// parents if missing); returns the paths. Each file appears whole or not at all (written through
    /// `Console.writeFile`, the destination of every command's `-o`):
    /// on a full or unwritable disk the first failure is thrown, naming the file or the folder that
    /// could not be created and the system's reason, and no partial file is left.
    /// Without `force`, a file of the corpus that already exists stops it before anything is written:
    /// a corpus written over a folder of recorded traces would replace them silently.
    public mutating func writeCorpus(
        count: Int, perFile: Int, into directory: String, force: Bool = false,
        console: Console = Console()
    ) throws -> [String] {
        try Self.createFolder(directory)
        let files = (count + perFile - 1) / perFile
        func path(_ fileNumber: Int) -> String { directory + "/synth-\(String(fileNumber).leftPadded(to: 6)).yaml" }
        if !force, let existing = (0..<files).lazy.map(path).first(where: { access($0, F_OK) == 0 }) {
            throw Diagnostic(
                path: existing, message: "already exists; synth does not overwrite files",
                suggestion: "pass --force to replace the corpus's files, or choose another --out")
        }
        var paths: [String] = []
        var index = 0
        var fileNumber = 0
        var progress = Progress(total: files, console: console)
        defer { progress.finish() }
        while index < count {
            defer { progress.tick() }
            let path = path(fileNumber)
            // Through `-o`'s destination, quietly: the run sums the corpus up in one line.
            let failure = console.writeFile(path, what: "the synthesized traces", quietly: true) { file in
                for d in 0..<min(perFile, count - index) {
                    document(index + d, opensFile: d == 0) { file.out($0) }
                }
            }
            if let failure { throw failure }
            paths.append(path)
            index += perFile
            fileNumber += 1
        }
        return paths
    }

    /// `mkdir -p`, saying which folder could not be made and why, rather than failing later on a
    /// file inside it.
    static func createFolder(_ directory: String) throws {
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            var info = stat()
            if stat(prefix, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw Diagnostic(
                        path: prefix, message: "is not a folder; --out names the folder the traces are written into")
                }
                continue
            }
            guard mkdir(prefix, 0o755) == 0 || errno == EEXIST else {
                throw Diagnostic(path: prefix, message: "cannot create folder: \(String(cString: strerror(errno)))")
            }
        }
    }
}
