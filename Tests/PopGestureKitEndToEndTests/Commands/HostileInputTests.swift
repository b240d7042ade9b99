import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 30: what a careful user would throw at `import`, `plot`, `explain` and the `--shard`,
/// `--document` and `--gesture` flags, run through the built binary. Each case's message is written
/// out by hand: the file, the line and column where there is one, what was expected; exit 2, nothing
/// on standard output, no temporary file left.
@Suite(.serialized) struct HostileInputTests {
    /// The binary in a fresh folder holding `files` (raw bytes, so that a file need not be UTF-8).
    static func run(_ arguments: [String], files: [String: [UInt8]] = [:], inspect: (String) -> Void = { _ in }) throws
        -> CLI.Run
    {
        let dir = try CLI.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, bytes) in files { FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(bytes)) }
        let run = try HardeningTests.run(arguments, in: dir)
        #expect(
            HardeningTests.temporaryFiles(in: dir).isEmpty,
            "\(arguments) left \(HardeningTests.temporaryFiles(in: dir))")
        inspect(dir)
        return run
    }

    static func expectError(
        _ arguments: [String], _ files: [String: [UInt8]], _ message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let run = try Self.run(arguments, files: files)
        #expect(run.status == 2, "\(arguments): exit \(run.status)", sourceLocation: sourceLocation)
        #expect(run.stderr == message, "\(arguments)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, "\(arguments) wrote \(run.stdout.prefix(200))", sourceLocation: sourceLocation)
    }

    static func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    /// An evemu device with slots 0-9, positions 0-1000 by 0-2000, tracking ids; `events` after it.
    static func evemu(_ events: String) -> [UInt8] {
        text("N: t\nA: 2f 0 9 0 0 0\nA: 35 0 1000 0 0 0\nA: 36 0 2000 0 0 0\nA: 39 0 65535 0 0 0\n" + events)
    }

    // MARK: import

    @Test func importRefusesEmptyBinaryAndNonUTF8Files() throws {
        try Self.expectError(
            ["import", "--from", "evemu", "r.evemu"], ["r.evemu": []],
            "r.evemu: error: the file is empty; expected an evemu recording\n")
        // A NUL ended the message where it was quoted (fputs stops there), and other control bytes
        // reached the terminal as they were: now each is shown as \u{..}. (The bytes start with a
        // lone 0xFF: 0xFF 0xFE would be UTF-16's byte order mark, refused as such, below.)
        try Self.expectError(
            ["import", "--from", "evemu", "r.evemu"],
            ["r.evemu": [0xFF, 0x00, 0x62, 0x1B, 0x5B, 0x32, 0x4A, 0x0A]],
            "r.evemu:1:1: error: unexpected `\u{FFFD}\\u{0}b\\u{1B}[2J`: an evemu recording holds `N:`, `I:`, `P:`, `B:`, `A:` and `E:` lines and `#` comments\n"
        )
        try Self.expectError(
            ["import", "--from", "evemu", "r.evemu"],
            ["r.evemu": [0xFF, 0xFE, 0x00, 0x62, 0x1B, 0x5B, 0x32, 0x4A, 0x0A]],
            "r.evemu:1:1: error: is UTF-16 text (it starts with a UTF-16 byte order mark), expected UTF-8 (convert it to UTF-8 first, for example with `iconv -f UTF-16 -t UTF-8`)\n"
        )
        try Self.expectError(
            ["import", "r.csv"], ["r.csv": Self.text("t,x,y,finger\n0,") + [0xFF, 0xFE] + Self.text(",1,0\n")],
            "r.csv:2:3: error: expected `x` to be a number of points within ±1e9, found `\u{FFFD}\u{FFFD}`\n")
        try Self.expectError(
            ["import", "r.csv"], ["r.csv": Self.text("t,x,y,finger\n0,1,1,0\n1,2,2,0\n2,3,3")],
            "r.csv:4:6: error: expected 4 fields as the header names, found 3 (the file ends inside this row: was it cut short?)\n"
        )
    }

    @Test func aTenMegabyteLineIsQuotedByItsStart() throws {
        let digits = String(repeating: "9", count: 10_000_000)
        try Self.expectError(
            ["import", "r.csv"], ["r.csv": Self.text("t,x,y,finger\n0,1,1," + digits + "\n")],
            "r.csv:2:7: error: expected `finger` to be an integer >= 0, found `\(String(repeating: "9", count: 40))…`\n"
        )
    }

    @Test func importRefusesNumbersNoTraceCanHold() throws {
        try Self.expectError(
            ["import", "r.csv"], ["r.csv": Self.text("t,x,y,finger\n0,NaN,1,0\n")],
            "r.csv:2:3: error: expected `x` to be a number of points within ±1e9, found `NaN`\n")
        try Self.expectError(
            ["import", "r.csv"], ["r.csv": Self.text("t,x,y,finger\n0,1,-inf,0\n")],
            "r.csv:2:5: error: expected `y` to be a number of points within ±1e9, found `-inf`\n")
        // 1e308 is finite, but the loader holds positions to ±1e9: the import wrote a trace that
        // did not load back.
        try Self.expectError(
            ["import", "r.csv"], ["r.csv": Self.text("t,x,y,finger\n0,1e308,1,0\n")],
            "r.csv:2:3: error: expected `x` to be a number of points within ±1e9, found `1e308`\n")
        try Self.expectError(
            ["import", "r.csv"], ["r.csv": Self.text("t,x,y,finger\n0,1,1,0\n2e308,1,1,0\n")],
            "r.csv:3:1: error: expected `t` to be a time in ms >= 0, found `2e308`\n")
        try Self.expectError(
            ["import", "r.csv"], ["r.csv": Self.text("t,x,y,finger\n0,1,1,99999999999999999999\n")],
            "r.csv:2:7: error: expected `finger` to be an integer >= 0, found `99999999999999999999`\n")
    }

    @Test func negativeZeroAndSubNanosecondStepsImportToTracesThatLoad() throws {
        // -0 is written 0; a sample 1e-7 ms after the last (the loader wants a nanosecond between
        // samples, and refused the import) replaces its position at its time.
        let run = try Self.run(
            ["import", "r.csv"], files: ["r.csv": Self.text("t,x,y,finger\n-0,-0,1,0\n0.0000001,2,1,0\n5,3,1,0\n")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasSuffix("events:\n- touch: 0\n  samples:\n  - [0, 2, 1]\n  - [5, 3, 1]\n  up: 5\n"),
            "\(run.stdout)")
        let loaded = loadDocuments(run.stdout)
        #expect(loaded.count == 1)
        if case .failure(_, let error)? = loaded.first { Issue.record("does not load: \(error)") }
    }

    @Test func importRefusesTimeGoingBackAndSlotsOutsideTheirRange() throws {
        try Self.expectError(
            ["import", "r.csv"], ["r.csv": Self.text("t,x,y,finger\n10,1,1,0\n5,1,1,0\n")],
            "r.csv:3:1: error: t=5 is before the previous row's t=10 (line 2); rows must be in time order (sort the rows by `t`)\n"
        )
        try Self.expectError(
            ["import", "r.evemu"],
            [
                "r.evemu": Self.evemu(
                    "E: 0.010000 0003 0039 5\nE: 0.010000 0003 0035 10\nE: 0.010000 0003 0036 10\nE: 0.010000 0000 0000 0\nE: 0.005000 0003 0035 20\n"
                )
            ],
            "r.evemu:10:4: error: event time 0.005000 s is before the previous event's, 0.010000 s (line 9); evdev times never go back (a recording whose clock jumped back, or two recordings joined, must be split there)\n"
        )
        try Self.expectError(
            ["import", "r.evemu"], ["r.evemu": Self.evemu("E: 0.000000 0003 002f 99\n")],
            "r.evemu:6:4: error: slot 99 is outside the device's ABS_MT_SLOT range 0...9\n")
    }

    @Test func twoSlotsWithOneHugeTrackingIDAreTwoFingers() throws {
        // Slot 0 and slot 1 both carry tracking id 2147483647: the slot, not the id, is the finger.
        // Positions: 10/1000 * 390 = 3.9, 10/2000 * 844 = 4.22; 500/1000 * 390 = 195, 500/2000 * 844 = 211.
        let events = """
            E: 0.000000 0003 0039 2147483647
            E: 0.000000 0003 0035 10
            E: 0.000000 0003 0036 10
            E: 0.000000 0000 0000 0
            E: 0.010000 0003 002f 1
            E: 0.010000 0003 0039 2147483647
            E: 0.010000 0003 0035 500
            E: 0.010000 0003 0036 500
            E: 0.010000 0000 0000 0
            E: 0.020000 0003 0039 -1
            E: 0.020000 0003 002f 0
            E: 0.020000 0003 0039 -1
            E: 0.020000 0000 0000 0

            """
        let run = try Self.run(["import", "r.evemu"], files: ["r.evemu": Self.evemu(events)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasSuffix(
                "events:\n- touch: 0\n  samples:\n  - [0, 3.9, 4.22]\n  up: 20\n- touch: 1\n  samples:\n  - [10, 195, 211]\n  up: 20\n"
            ), "\(run.stdout)")
    }

    @Test func axisRangesThatCannotScaleAndEventsBeforeTheDescription() throws {
        try Self.expectError(
            ["import", "r.evemu"],
            ["r.evemu": Self.text("N: t\nA: 35 0 0 0 0 0\nA: 36 0 100 0 0 0\nE: 0.0 0003 0035 5\n")],
            "r.evemu:2:1: error: empty range for ABS_MT_POSITION_X (53): min 0, max 0; positions cannot be scaled onto the screen\n"
        )
        try Self.expectError(
            ["import", "r.evemu"],
            ["r.evemu": Self.text("N: t\nA: 35 100 0 0 0 0\nA: 36 0 100 0 0 0\nE: 0.0 0003 0035 5\n")],
            "r.evemu:2:1: error: empty range for ABS_MT_POSITION_X (53): min 100, max 0; positions cannot be scaled onto the screen\n"
        )
        // An event before the description is complete: the ranges are checked at that event.
        try Self.expectError(
            ["import", "r.evemu"],
            ["r.evemu": Self.text("N: t\nA: 35 0 1000 0 0 0\nE: 0.000000 0003 0035 10\nA: 36 0 2000 0 0 0\n")],
            "r.evemu:3:1: error: missing axis ranges: a touch device needs ranges for ABS_MT_POSITION_X and ABS_MT_POSITION_Y (multitouch) or ABS_X and ABS_Y (single touch); none for ABS_MT_POSITION_Y (54), ABS_X (0), ABS_Y (1) (evemu-record writes each axis before the events as `A: CODE MIN MAX FUZZ FLAT RESOLUTION`, CODE in hex (e.g. `A: 35 0 799 0 0 0`); copy the device's lines from `evemu-describe`)\n"
        )
    }

    @Test func aDeviceValueFarOutsideItsRangeIsAnErrorNotAnUnloadableTrace() throws {
        // x range 0...1 on a 390-point screen: 2147483647 scales to 837,518,622,330 points, past
        // the ±1e9 a trace holds; the import wrote it and the trace did not load.
        let description = "N: t\nA: 35 0 1 0 0 0\nA: 36 0 1 0 0 0\nA: 39 0 65535 0 0 0\nA: 2f 0 9 0 0 0\n"
        let events =
            "E: 0.000000 0003 0039 1\nE: 0.000000 0003 0035 2147483647\nE: 0.000000 0003 0036 1\nE: 0.000000 0000 0000 0\n"
        try Self.expectError(
            ["import", "r.evemu"], ["r.evemu": Self.text(description + events)],
            "r.evemu:9:4: error: the touch at (837518622330, 844) points is beyond ±1e9 points, more than a trace holds (its device values lie far outside the axis ranges the recording gives: check them)\n"
        )
    }

    @Test func aDeviceNameWithControlCharactersReadsBack() throws {
        // getevent quotes the device's name as the kernel gives it: DEL, a C1 control and U+FFFE
        // were written into the origin as they were, and libyaml refused the imported file.
        let name: [UInt8] =
            Self.text("sec") + [0x7F, 0xC2, 0x85, 0xC2, 0x9B, 0xEF, 0xBF, 0xBE, 0x04] + Self.text("touch")
        let recording =
            Self.text("add device 1: /dev/input/event5\n  name:     \"") + name + Self.text("\"\n  events:\n")
            + Self.text("    ABS (0003): 0035  : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0\n")
            + Self.text("                0036  : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0\n")
            + Self.text("                0039  : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0\n")
            + Self.text(
                "[    1200.000000] 0003 0039 00000007\n[    1200.000000] 0003 0035 00000010\n[    1200.000000] 0003 0036 00000800\n"
            )
            + Self.text(
                "[    1200.000000] 0000 0000 00000000\n[    1200.016000] 0003 0039 ffffffff\n[    1200.016000] 0000 0000 00000000\n"
            )
        let run = try Self.run(["import", "--from", "getevent", "r.txt"], files: ["r.txt": recording])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"sec\\x7f\\x85\\x9b\\ufffe\\x04touch\""), "\(run.stdout)")
        let loaded = loadDocuments(run.stdout)
        guard case .trace? = loaded.first else {
            Issue.record("does not load: \(loaded)")
            return
        }
    }

    // MARK: plot and explain

    static let trace = text(CLI.trace)

    @Test func plotAndExplainRefuseEmptyTruncatedAndNonUTF8Traces() throws {
        for command in ["plot", "explain"] {
            try Self.expectError(
                [command, "t.yaml"], ["t.yaml": []],
                "t.yaml: error: contains no trace document (a trace starts with `format: popgesture-trace/1`)\n")
            try Self.expectError(
                [command, "t.yaml"],
                ["t.yaml": Self.text("format: popgesture-trace/1\nname: ") + [0xFF] + Self.text("\n")],
                "t.yaml:2:7: error: not a YAML text file: invalid leading UTF-8 octet at byte 33\n")
            try Self.expectError(
                [command, "t.yaml"],
                [
                    "t.yaml": Self.text(
                        "format: popgesture-trace/1\nname: x\nstack: [{id: a}, {id: b}]\nevents:\n- touch: 0\n  samples: [[.nan, 1, 1]]\n  up: 5\n"
                    )
                ],
                "t.yaml:6:14: error: expected sample time t (ms) to be a finite number, found `.nan`\n")
            try Self.expectError(
                [command, "t.yaml"],
                [
                    "t.yaml": Self.text(
                        "format: popgesture-trace/1\nname: x\nstack: [{id: a}, {id: b}]\nevents:\n- touch: 0\n  samples: [[10, 1, 1], [5, 2, 2]]\n  up: 20\n"
                    )
                ],
                "t.yaml:6:26: error: sample time 5 is not after the previous sample's 10; times must strictly increase within a stroke\n"
            )
            try Self.expectError(
                [command, "t.yaml"],
                [
                    "t.yaml": Self.text(
                        "format: popgesture-trace/1\nname: x\nstack: [{id: a}, {id: b}]\nevents:\n- touch: 0\n  samples: [[-0.0, -0.0, 1], [5, 1e308, 2]]\n  up: 20\n"
                    )
                ],
                "t.yaml:6:34: error: expected sample x within ±1e9 points, found 1e+308\n")
        }
    }

    @Test func documentsAndGesturesOutOfRange() throws {
        try Self.expectError(
            ["plot", "t.yaml", "--document", "2"], ["t.yaml": Self.trace], "t.yaml: error: has no trace document #2\n")
        try Self.expectError(
            ["explain", "t.yaml", "--document", "2"], ["t.yaml": Self.trace],
            "t.yaml: error: has no trace document #2\n")
        try Self.expectError(
            ["explain", "t.yaml", "--gesture", "3"], ["t.yaml": Self.trace],
            "t.yaml#1: error: has no gesture 3: the trace has 1 gesture (choose --gesture 1)\n")
        // `-1` was read as a missing value ("Missing value for '--document <N>'"), and a number past
        // Int as an invalid one without saying what is valid.
        for (flag, value) in [
            ("--document", "0"), ("--document", "-1"), ("--document", "99999999999999999999"), ("--gesture", "-1"),
            ("--gesture", "0"),
        ] {
            for command in flag == "--gesture" ? ["explain"] : ["plot", "explain"] {
                let run = try Self.run([command, "t.yaml", flag, value], files: ["t.yaml": Self.trace])
                #expect(run.status == 2, "\(command) \(flag) \(value): \(run.status)")
                #expect(
                    run.stderr.hasPrefix(
                        "Error: The value '\(value)' is invalid for '\(flag) <N>': \(flag) counts from 1: expected a whole number from 1 (e.g. \(flag) 2), found `\(value)`\n"
                    ),
                    "\(command) \(flag) \(value): \(run.stderr)")
            }
        }
    }

    @Test func shardArgumentsSayWhatIsWrong() throws {
        for (value, message) in [
            ("0/0", "N must be from 1 to 10000 (e.g. 2/4)"),
            ("3/2", "K must be from 1 to N, here 2 (e.g. 1/2)"),
            ("-1/2", "K must be from 1 to N, here 2 (e.g. 1/2)"),
            ("1/0", "N must be from 1 to 10000 (e.g. 2/4)"),
            // Past Int: refused before anything is allocated for it (1/1000000000000 crashed,
            // allocating a load per shard).
            ("1/99999999999999999999", "N must be from 1 to 10000 (e.g. 2/4)"),
            ("1/1000000000000", "N must be from 1 to 10000 (e.g. 2/4)"),
            ("1/2/3", "expected K/N, the Kth of N slices counted from 1 (e.g. 2/4)"),
        ] {
            for command in ["check", "replay", "diff"] {
                let run = try Self.run([command, "--shard", value, "t.yaml"], files: ["t.yaml": Self.trace])
                #expect(run.status == 2, "\(command) --shard \(value): \(run.status)")
                #expect(
                    run.stderr.hasPrefix(
                        "Error: The value '\(value)' is invalid for '--shard <K/N|auto>': \(message)\n"),
                    "\(command) --shard \(value): \(run.stderr)")
                #expect(run.stdout.isEmpty)
            }
        }
    }
}
