import CFuzzer
import Foundation
import PopGestureKit

// The libFuzzer target over the whole load -> replay -> report path (`make fuzz`). Each input is a
// trace file: written to a scratch file (so libyaml reads bytes as from disk, invalid UTF-8 and its
// reader errors included), its rules comment resolved, every document loaded and replayed under
// rule versions that take each velocity estimator and both record modes, and every report rendered
// as JSON (parsed back with a strict parser: JSON has no NaN or infinity), golden line, text
// timeline, diff and explanation. A crash, a leak, a failed check or a slow input is a finding.

/// The scratch file every input is written to, in memory where the system has a tmpfs.
let scratch: String = {
    let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return folder + "/popgesture-fuzz-\(getpid()).yaml"
}()
let scratchFile: Int32 = open(scratch, O_RDWR | O_CREAT | O_TRUNC, 0o600)

/// Loaded once: a replay per velocity estimator (UIKit's, least squares, the last two samples),
/// and one that keeps no records, as `check` without a golden runs.
let replays: [Replay] = {
    do {
        let fd = try RulesLoader.load("fd")
        return [Replay(rules: fd), Replay(rules: try RulesLoader.load("cupertino")), Replay(rules: try RulesLoader.load("edge30")),
                Replay(rules: fd, keepsRecords: false)]
    } catch {
        fatalError("the presets do not load: \(error)")
    }
}()

/// `fd` for files without a rules comment, loaded once (loading it is most of a small input's cost).
let rulesChoice = RulesChoice(forced: nil)

func requireJSON(_ line: String, _ what: String) {
    var copy = line
    let valid = copy.withUTF8 { bytes in
        var parser = StrictJSON(bytes: bytes)
        return parser.value() && parser.atEnd
    }
    if !valid { fatalError("\(what) is not JSON: \(line.prefix(2000))") }
}

/// RFC 8259 and nothing more, without allocating (Foundation's parser costs most of a run under
/// AddressSanitizer): no NaN, no infinity, no trailing commas, no unescaped control characters.
struct StrictJSON {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0
    var depth = 0

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return at == bytes.count
        }
    }

    mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    mutating func eat(_ byte: UInt8) -> Bool {
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    mutating func value() -> Bool {
        skipSpace()
        guard at < bytes.count, depth < 512 else { return false }
        switch bytes[at] {
        case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), keyed: true)
        case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), keyed: false)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    mutating func container(close: UInt8, keyed: Bool) -> Bool {
        at += 1
        depth += 1
        defer { depth -= 1 }
        skipSpace()
        if eat(close) { return true }
        while true {
            if keyed {
                skipSpace()
                guard string() else { return false }
                skipSpace()
                guard eat(UInt8(ascii: ":")) else { return false }
            }
            guard value() else { return false }
            skipSpace()
            if eat(close) { return true }
            guard eat(UInt8(ascii: ",")) else { return false }
        }
    }

    mutating func literal(_ word: StaticString) -> Bool {
        for i in 0..<word.utf8CodeUnitCount {
            guard eat(word.utf8Start[i]) else { return false }
        }
        return true
    }

    mutating func string() -> Bool {
        guard eat(UInt8(ascii: "\"")) else { return false }
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""): return true
            case UInt8(ascii: "\\"):
                guard at < bytes.count else { return false }
                let escaped = bytes[at]
                at += 1
                if escaped == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        guard at < bytes.count, isHex(bytes[at]) else { return false }
                        at += 1
                    }
                } else if !Array("\"\\/bfnrt".utf8).contains(escaped) {
                    return false
                }
            case 0..<0x20: return false
            default: break
            }
        }
        return false
    }

    func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (0x61...0x66).contains(byte | 0x20) }
    func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    mutating func digits() -> Bool {
        let start = at
        while at < bytes.count, isDigit(bytes[at]) { at += 1 }
        return at > start
    }

    /// -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
    mutating func number() -> Bool {
        _ = eat(UInt8(ascii: "-"))
        if eat(UInt8(ascii: "0")) {
            if at < bytes.count, isDigit(bytes[at]) { return false }
        } else if !digits() {
            return false
        }
        if eat(UInt8(ascii: ".")), !digits() { return false }
        if eat(UInt8(ascii: "e")) || eat(UInt8(ascii: "E")) {
            if !eat(UInt8(ascii: "+")) { _ = eat(UInt8(ascii: "-")) }
            if !digits() { return false }
        }
        return true
    }
}

func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard scratchFile >= 0, ftruncate(scratchFile, 0) == 0 else { fatalError("cannot write \(scratch)") }
    if let data, size > 0, pwrite(scratchFile, data, size, 0) != size { fatalError("cannot write \(scratch)") }
    // The directive's own errors are part of what is checked; its rules are not used further.
    _ = try? rulesChoice.rules(for: scratch)
    // Odd sizes stop keeping events after a few samples: the streaming path a long recording takes.
    let loader = TraceFileLoader(path: scratch, sink: Replay.sink(replays), retainedSamples: size % 2 == 1 ? 8 : 200_000)
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
            requireJSON(Golden.line(forError: diagnostic, traceFile: scratch), "an error's golden line")
        default:
            break
        }
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data, size) }
unlink(scratch)
exit(status)
