import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `import --from getevent`: the evemu recordings of Tests/Data printed as Android's getevent prints the same
/// kernel events must import to the same traces; getevent's own line forms (descriptions, node
/// prefixes, `rate`, labels it has no number for); and each bad input's error.
@Suite struct GeteventImportTests {
    // MARK: evemu -> getevent (a test helper, not an importer)

    /// The names linux/input-event-codes.h gives the types and codes of the recordings, kept
    /// apart from the reader's table so that a wrong number in either shows. A code left out here is
    /// printed in hex, as getevent prints a code its label table lacks.
    static let typeNames: [UInt16: String] = [0: "EV_SYN", 1: "EV_KEY", 3: "EV_ABS", 4: "EV_MSC"]
    static let codeNames: [UInt16: [UInt16: String]] = [
        0: [0: "SYN_REPORT", 2: "SYN_MT_REPORT"],
        1: [
            0x110: "BTN_LEFT", 0x140: "BTN_TOOL_PEN", 0x145: "BTN_TOOL_FINGER", 0x14a: "BTN_TOUCH",
            0x14d: "BTN_TOOL_DOUBLETAP", 0x14e: "BTN_TOOL_TRIPLETAP",
        ],
        3: [
            0x00: "ABS_X", 0x01: "ABS_Y", 0x02: "ABS_Z", 0x08: "ABS_WHEEL", 0x18: "ABS_PRESSURE", 0x19: "ABS_DISTANCE",
            0x1a: "ABS_TILT_X", 0x1b: "ABS_TILT_Y", 0x1c: "ABS_TOOL_WIDTH", 0x28: "ABS_MISC", 0x2f: "ABS_MT_SLOT",
            0x30: "ABS_MT_TOUCH_MAJOR", 0x31: "ABS_MT_TOUCH_MINOR", 0x32: "ABS_MT_WIDTH_MAJOR",
            0x33: "ABS_MT_WIDTH_MINOR",
            0x34: "ABS_MT_ORIENTATION", 0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y",
            0x39: "ABS_MT_TRACKING_ID",
        ],
        4: [0: "MSC_SERIAL"],
    ]

    /// An evemu recording's events as `getevent -lt` (`labels`) or `getevent -t` prints the same kernel
    /// events, after the device's description as `getevent -lp` or `-p` prints it, with the format
    /// strings of AOSP's toolbox/getevent.c: `[%8ld.%06ld] `, then `%-12.12s %-20.20s %-20.20s` for
    /// labels (`%04x`, `%04x` and `%08x` padded alike for what has none) or `%04x %04x %08x`. Times
    /// are moved by `uptime` seconds, as a phone's clock counts from boot; `node` prefixes each event
    /// as getevent does when it watches every device.
    static func getevent(
        fromEvemu evemu: String, labels: Bool, uptime: Int64 = 51_581, node: String? = nil, describe: Bool = true
    ) -> String {
        func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
        }
        func hex(_ value: UInt32, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        var name = ""
        var axes: [(code: UInt16, numbers: [Int64])] = []
        var events = ""
        for line in evemu.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let tag = words.first else { continue }
            if tag == "N:" { name = line.dropFirst(3).trimmingCharacters(in: " ") }
            if tag == "A:" {
                axes.append((UInt16(words[1], radix: 16)!, words[2...].map { Int64($0)! } + [0, 0, 0]))
            }
            guard tag == "E:" else { continue }
            let time = words[1].split(separator: ".")
            let type = UInt16(words[2], radix: 16)!
            let code = UInt16(words[3], radix: 16)!
            let value = Int32(words[4])!
            let seconds = String(Int64(time[0])! + uptime)
            events += "[" + String(repeating: " ", count: max(0, 8 - seconds.count)) + seconds + "." + time[1] + "] "
            if let node { events += node + ": " }
            if labels {
                events += typeNames[type].map { pad($0, 12) } ?? hex(UInt32(type), 4) + "        "
                events +=
                    " " + (codeNames[type]?[code].map { pad($0, 20) } ?? hex(UInt32(code), 4) + "                ")
                let valueName = type == 1 ? [0: "UP", 1: "DOWN", 2: "REPEAT"][value] : nil
                events += " " + (valueName.map { pad($0, 20) } ?? hex(UInt32(bitPattern: value), 8) + "            ")
            } else {
                events += "\(hex(UInt32(type), 4)) \(hex(UInt32(code), 4)) \(hex(UInt32(bitPattern: value), 8))"
            }
            events += "\n"
        }
        guard describe else { return events }
        var text = "add device 1: \(node ?? "/dev/input/event5")\n  name:     \"\(name)\"\n  events:\n"
        for (index, axis) in axes.enumerated() {
            text += index == 0 ? "    ABS (0003):" : "\n               "
            if labels, let label = codeNames[3]?[axis.code] {
                text += " " + pad(label, 20) + " "
            } else {
                text += " " + hex(UInt32(axis.code), 4) + " " + (labels ? String(repeating: " ", count: 15) : "")
            }
            let n = axis.numbers
            text += " : value 0, min \(n[0]), max \(n[1]), fuzz \(n[2]), flat \(n[3]), resolution \(n[4])"
        }
        text += "\n  input props:\n    INPUT_PROP_DIRECT\n"
        return text + events
    }

    static let raw = dataRoot + "/recordings/raw"
    static let evemuRecordings: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: raw + "/evemu")) ?? []).sorted()

    /// The `events:` part of an imported stream (everything else names the file and format).
    static func events(_ yaml: String) -> Substring {
        yaml[yaml.range(of: "\nevents:")!.lowerBound...]
    }

    @Test(arguments: evemuRecordings)
    func aGeteventCaptureOfTheSameEventsGivesTheEvemuTrace(_ recording: String) throws {
        let evemu = try String(contentsOfFile: Self.raw + "/evemu/" + recording, encoding: .utf8)
        let original = ImportTests.importing(evemu, path: recording, screen: nil)
        try #require(original.error == nil)
        let expectedPath = Self.raw + "/expected/" + stem(of: recording) + ".yaml"
        let expected = try loadTrace(try String(contentsOfFile: expectedPath, encoding: .utf8), path: expectedPath)
        func strokes(_ trace: Trace) -> [Stroke] {
            trace.events.compactMap { if case .touch(let stroke) = $0.kind { stroke } else { nil } }
        }
        for labels in [true, false] {
            let name = stem(of: recording) + (labels ? ".lt" : ".t") + ".getevent"
            let capture = Self.getevent(fromEvemu: evemu, labels: labels)
            // Inferred from the first line, as a user's file would be.
            let result = ImportTests.importing(capture, path: name, screen: nil)
            try #require(result.error == nil, "\(name): \(result.error!)")
            // The same strokes to the byte as the evemu original, and so the expected trace.
            #expect(Self.events(result.yaml) == Self.events(original.yaml), "\(name)")
            let problems = ImportTests.differences(
                strokes(try loadTrace(result.yaml)), strokes(expected), time: 0.01, position: 0.01)
            #expect(problems.isEmpty, "\(name):\n\(problems.prefix(5).joined(separator: "\n"))")
            #expect(result.warnings.map(\.message) == original.warnings.map(\.message), "\(name)")
            #expect(result.yaml.contains("  format: getevent\n  file: \(name)\n"))
            #expect(result.yaml.contains("  node: \"/dev/input/event5\"\n"))
        }
    }

    @Test
    func theEvemuToGeteventHelperPrintsWhatGeteventPrints() throws {
        // Its lines checked by hand against getevent.c's format strings: the first event of the
        // Atmel recording (E: 0.000000 0003 002f 0000, ABS_MT_SLOT 0) and its first axis.
        let evemu = try String(
            contentsOfFile: Self.raw + "/evemu/atmel-maxtouch-touchscreen-2-fingers-touch-release.evemu",
            encoding: .utf8)
        let labelled = Self.getevent(fromEvemu: evemu, labels: true).split(separator: "\n")
        #expect(labelled[0] == "add device 1: /dev/input/event5")
        #expect(labelled[1] == "  name:     \"Atmel maXTouch Touchscreen\"")
        #expect(
            labelled[3]
                == "    ABS (0003): ABS_X                 : value 0, min 0, max 799, fuzz 0, flat 0, resolution 0")
        let firstEvent = try #require(labelled.first { $0.hasPrefix("[") })
        #expect(firstEvent.hasPrefix("[   51581.") && firstEvent.dropFirst(18).hasPrefix("EV_ABS       ABS_MT_"))
        let numeric = Self.getevent(fromEvemu: evemu, labels: false).split(separator: "\n")
        #expect(numeric[3] == "    ABS (0003): 0000  : value 0, min 0, max 799, fuzz 0, flat 0, resolution 0")
        #expect(try #require(numeric.first { $0.hasPrefix("[") }).dropFirst(18).hasPrefix("0003 00"))
    }

    // MARK: getevent's own forms, by hand

    /// A two-slot screen 100 x 200 units described as getevent -lp prints it, on /dev/input/event2;
    /// with `--screen 100x200` a unit is a point.
    static let described = """
        add device 1: /dev/input/event0
          name:     "gpio-keys"
          events:
            KEY (0001): KEY_VOLUMEDOWN        KEY_VOLUMEUP          KEY_POWER
          input props:
            <none>
        add device 2: /dev/input/event2
          name:     "fts_ts"
          events:
            KEY (0001): KEY_WAKEUP            BTN_TOUCH*
            ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 1, fuzz 0, flat 0, resolution 0
                        ABS_MT_TOUCH_MAJOR    : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_X     : value 0, min 0, max 100, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_Y     : value 0, min 0, max 200, fuzz 0, flat 0, resolution 0
                        ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
          input props:
            INPUT_PROP_DIRECT

        """

    @Test func everyDeviceWatchedTheTouchscreenIsKnownByItsDescription() throws {
        // getevent -lt without a device: each event names its node; the keys' device is passed by; a
        // key label the reader has no number for (KEY_WAKEUP) is a point in time, not an error; -r's
        // `rate` is read past. Finger 0 lands at (10, 20) at 0 ms, moves to (12, 20) at 8.5 ms, finger
        // 1 lands at (50, 60) at 8.5 ms, both lift at 17 ms.
        let text =
            Self.described + """
                [    1000.000000] /dev/input/event0: EV_KEY       KEY_VOLUMEDOWN       DOWN
                [    1000.100000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000b4a
                [    1000.100000] /dev/input/event2: EV_KEY       BTN_TOUCH            DOWN
                [    1000.100000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000000a
                [    1000.100000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000014
                [    1000.100000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
                [    1000.108500] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000000c
                [    1000.108500] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001
                [    1000.108500] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000b4b
                [    1000.108500] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000032
                [    1000.108500] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    0000003c
                [    1000.108500] /dev/input/event2: EV_KEY       KEY_WAKEUP           UP
                [    1000.108500] /dev/input/event2: EV_SYN       SYN_REPORT           00000000             rate 117
                [    1000.117000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
                [    1000.117000] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000000
                [    1000.117000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
                [    1000.117000] /dev/input/event2: EV_KEY       BTN_TOUCH            UP
                [    1000.117000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000             rate 117

                """
        let result = ImportTests.importing(text, path: "two.getevent", screen: Screen(width: 100, height: 200))
        try #require(result.error == nil, "\(result.error!)")
        #expect(result.warnings.isEmpty)
        let trace = try loadTrace(result.yaml)
        ImportTests.expectStrokes(
            trace.events.compactMap { if case .touch(let s) = $0.kind { s } else { nil } },
            [
                ImportTests.stroke(0, [[0, 10, 20], [8.5, 12, 20]], .up(17)),
                ImportTests.stroke(1, [[8.5, 50, 60]], .up(17)),
            ])
        #expect(
            result.yaml.contains(
                """
                origin:
                  importer: "popgesture \(PopGestureVersion.current)"
                  format: getevent
                  file: two.getevent
                  device: fts_ts
                  node: "/dev/input/event2"
                  axes: {ABS_MT_SLOT: [0, 1], ABS_MT_POSITION_X: [0, 100], ABS_MT_POSITION_Y: [0, 200]}
                  mapping:
                    protocol: "B (slots)"
                """))
    }

    @Test func linesEndingInCarriageReturnsAsAdbShellWritesThem() throws {
        let text =
            Self.described.replacingOccurrences(of: "\n", with: "\r\r\n")
            + "[ 1.000000] EV_ABS ABS_MT_TRACKING_ID 00000001\r\r\n[ 1.000000] EV_ABS ABS_MT_POSITION_X 00000005\r\r\n"
            + "[ 1.000000] EV_ABS ABS_MT_POSITION_Y 00000006\r\r\n[ 1.000000] EV_SYN SYN_REPORT 00000000\r\r\n"
        let result = ImportTests.importing(text, path: "crlf.getevent", screen: Screen(width: 100, height: 200))
        try #require(result.error == nil, "\(result.error!)")
        #expect(Self.events(result.yaml) == "\nevents:\n- touch: 0\n  samples:\n  - [0, 5, 6]\n")
        #expect(result.yaml.contains("  device: fts_ts\n"))
    }

    /// `import -` reads standard input, as every other command does (issue 40: it read a file named
    /// `-`), so that `adb shell getevent -lt | popgesture import --from getevent -` works; a file
    /// named `-` is `./-`.
    @Test func aDashIsStandardInput() throws {
        let recording =
            Self.described
            + "[ 1.000000] EV_ABS ABS_MT_TRACKING_ID 00000001\n[ 1.000000] EV_ABS ABS_MT_POSITION_X 00000005\n"
            + "[ 1.000000] EV_ABS ABS_MT_POSITION_Y 00000006\n[ 1.000000] EV_SYN SYN_REPORT 00000000\n"
            + "[ 1.020000] EV_ABS ABS_MT_TRACKING_ID ffffffff\n[ 1.020000] EV_SYN SYN_REPORT 00000000\n"
        let dir = try CommandLineTests.fixture(["r.getevent": recording, "-": "not a recording\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let piped = try CommandLineTests.run(
            ["-c", "\"$0\" import --from getevent --screen 100x200 - < r.getevent", CommandLineTests.binary], in: dir,
            shell: true)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(
            Self.events(piped.stdout) == "\nevents:\n- touch: 0\n  samples:\n  - [0, 5, 6]\n  up: 20\n",
            "\(piped.stdout)")
        #expect(piped.stdout.contains("name: \"-\"\n") || piped.stdout.contains("name: -\n"), "\(piped.stdout)")
        let file = try CommandLineTests.run(["import", "--from", "getevent", "./-"], in: dir)
        #expect(file.status == 2 && file.stderr.hasPrefix("./-:1:1: error: "), "\(file.stderr)")
    }

    /// A finger whose Y position is never reported cannot be a stroke: it is left out with a warning
    /// naming its slot and the axis, and when nothing else touched, the import fails (exit 2, no
    /// trace written) instead of giving `events: []` with exit 0 (issue 40).
    @Test func aFingerWithoutAPositionIsSaidAndNothingLeftIsAnError() throws {
        let x = { (t: String) in "[ \(t)] EV_ABS ABS_MT_POSITION_X 00000005\n" }
        let y = { (t: String) in "[ \(t)] EV_ABS ABS_MT_POSITION_Y 00000006\n" }
        let syn = { (t: String) in "[ \(t)] EV_SYN SYN_REPORT 00000000\n" }
        // Slot 0 down with X only, two frames, lifted; then (second case) slot 1 down in full.
        let noY =
            Self.described + "[ 1.000000] EV_ABS ABS_MT_TRACKING_ID 00000007\n" + x("1.000000") + syn("1.000000")
            + "[ 1.016000] EV_ABS ABS_MT_POSITION_X 00000009\n" + syn("1.016000")
            + "[ 1.032000] EV_ABS ABS_MT_TRACKING_ID ffffffff\n" + syn("1.032000")
        // Line 20 is the first frame's SYN_REPORT: the description is 17 lines, then three events.
        let warning =
            "r.getevent:20:1: warning: finger 0 (slot 0, tracking id 7) is down from here but its ABS_MT_POSITION_Y (54) is never reported; it is left out of the trace"
        let alone = ImportTests.importing(noY, path: "r.getevent")
        #expect(alone.warnings.map(\.description) == [warning], "\(alone.warnings)")
        #expect(
            alone.error?.description
                == "r.getevent:7:1: error: no stroke is left: 1 contact went down without a position, and nothing else touched (record every ABS_ event of the device (not through a filter such as `grep`))"
        )
        // On the command line: the warning, the error, exit 2 and no trace on standard output.
        let dir = try CommandLineTests.fixture(["r.getevent": noY])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CommandLineTests.run(["import", "--from", "getevent", "r.getevent"], in: dir)
        #expect(run.status == 2 && run.stdout == "", "\(run.stdout)")
        #expect(run.stderr.hasPrefix(warning + "\nr.getevent:7:1: error: no stroke is left"), "\(run.stderr)")
        let other =
            noY + "[ 1.100000] EV_ABS ABS_MT_SLOT 00000001\n[ 1.100000] EV_ABS ABS_MT_TRACKING_ID 00000008\n"
            + x("1.100000") + y("1.100000") + syn("1.100000") + "[ 1.150000] EV_ABS ABS_MT_TRACKING_ID ffffffff\n"
            + syn("1.150000")
        let kept = ImportTests.importing(other, path: "r.getevent")
        #expect(kept.error == nil, "\(kept.error!)")
        #expect(kept.warnings.map(\.description) == [warning])
        #expect(
            Self.events(kept.yaml) == "\nevents:\n- touch: 1\n  samples:\n  - [100, 19.5, 25.32]\n  up: 150\n",
            "\(kept.yaml)")
    }

    @Test func withoutADescriptionTheAxisRangesComeFromTheFlags() throws {
        let text = """
            [   20.000000] 0003 002f 00000000
            [   20.000000] 0003 0039 00000007
            [   20.000000] 0003 0035 00000438
            [   20.000000] 0003 0036 00000000
            [   20.000000] 0000 0000 00000000
            [   20.016000] 0003 0039 ffffffff
            [   20.016000] 0000 0000 00000000

            """
        // Without ranges: the error says to capture -lp or pass them.
        let missing = ImportTests.importing(text, path: "raw.txt")
        #expect(missing.error?.message.hasPrefix("missing axis ranges") == true)
        #expect(missing.error?.suggestion?.contains("getevent -lp /dev/input/eventN") == true)
        #expect(missing.error?.suggestion?.contains("--axis-range ABS_MT_POSITION_X=MIN:MAX") == true)
        // Ranges for x and y only: the slot events cannot be read, and the error says which flag.
        var importer = Importer(
            format: .getevent, screen: Screen(width: 100, height: 200),
            axisRanges: [try AxisRangeArgument("ABS_MT_POSITION_X=0:1080"), try AxisRangeArgument("0036=0:2400")])
        let noSlots = Self.importing(text, importer)
        #expect(noSlots.error?.message.contains("no ABS_MT_SLOT range") == true && noSlots.error?.place?.line == 1)
        #expect(noSlots.error?.suggestion?.contains("--axis-range ABS_MT_SLOT=0:N") == true)
        // With the slots: x = 1080 units of 0...1080 on a 100 pt screen is 100 pt.
        importer.axisRanges.append(try AxisRangeArgument("abs_mt_slot=0:9"))
        let imported = Self.importing(text, importer)
        try #require(imported.error == nil, "\(imported.error!)")
        #expect(Self.events(imported.yaml) == "\nevents:\n- touch: 0\n  samples:\n  - [0, 100, 0]\n  up: 16\n")
        #expect(
            imported.yaml.contains(
                "axes: {ABS_MT_SLOT: [0, 9], ABS_MT_POSITION_X: [0, 1080], ABS_MT_POSITION_Y: [0, 2400]}"))
        // A flag's range wins over the description's.
        let over = Importer(
            screen: Screen(width: 100, height: 200), axisRanges: [try AxisRangeArgument("ABS_MT_POSITION_X=0:50")])
        let overridden = Self.importing(
            Self.described
                + "[ 1.000000] EV_ABS ABS_MT_TRACKING_ID 00000001\n[ 1.000000] EV_ABS ABS_MT_POSITION_X 00000019\n[ 1.000000] EV_ABS ABS_MT_POSITION_Y 00000014\n[ 1.000000] EV_SYN SYN_REPORT 00000000\n",
            over)
        #expect(Self.events(overridden.yaml).contains("  - [0, 50, 20]\n"), "\(overridden.yaml)")
    }

    @Test func axisRangeArguments() throws {
        #expect(try AxisRangeArgument("ABS_MT_POSITION_Y=-5:2399") == AxisRangeArgument("36=-5:2399"))
        #expect(try AxisRangeArgument("ABS_X=0:10").code == 0)
        let misspelt = #expect(throws: Diagnostic.self) { try AxisRangeArgument("ABS_MT_POSITON_X=0:1") }
        #expect(misspelt?.suggestion == "did you mean `ABS_MT_POSITION_X`?")
        #expect(throws: Diagnostic.self) { try AxisRangeArgument("ABS_X=5:5") }
        #expect(throws: Diagnostic.self) { try AxisRangeArgument("ABS_X=0-10") }
    }

    static func importing(_ text: String, _ importer: Importer) -> ImportTests.Imported {
        ImportTests.importing(text, path: "r.getevent", importer: importer)
    }

    // MARK: Bad input

    static let touch = "[ 1.000000] EV_ABS       ABS_MT_TRACKING_ID   00000001\n"
    /// The ranges of `described` as flags.
    static let flags = [
        try! AxisRangeArgument("ABS_MT_SLOT=0:1"), try! AxisRangeArgument("ABS_MT_POSITION_X=0:100"),
        try! AxisRangeArgument("ABS_MT_POSITION_Y=0:200"),
    ]

    @Test func badGeteventCaptures() {
        // getevent -l without -t: no times.
        ImportTests.expectError(
            Self.described + "EV_ABS       ABS_MT_TRACKING_ID   00000001\n", path: "a.getevent", 18, 1,
            "an event without a timestamp", suggestion: "record with -t: `adb shell getevent -lt /dev/input/eventN`")
        ImportTests.expectError(
            "/dev/input/event2: 0003 0039 00000001\n", path: "a.getevent", format: .getevent, 1, 1,
            "an event without a timestamp")
        // A description after the events.
        let ranges = Importer(screen: Screen(width: 100, height: 200), axisRanges: Self.flags)
        let late = Self.importing(Self.touch + Self.described, ranges)
        #expect(late.error?.place == Diagnostic.Place(line: 2, column: 1))
        #expect(
            late.error?.message.hasPrefix("a device description after the first event (line 1)") == true,
            "\(late.error.map(String.init(describing:)) ?? "")")
        #expect(late.error?.suggestion == "put the `getevent -lp` output in front of the events")
        // Unknown labels: a type, a code of a type whose codes are all known, a value.
        ImportTests.expectError(
            Self.described + "[ 1.000000] EV_ABZ       ABS_MT_TRACKING_ID   00000001\n", path: "a.getevent", 18, 13,
            "unknown event type `EV_ABZ`", suggestion: "did you mean `EV_ABS`?")
        ImportTests.expectError(
            Self.described + "[ 1.000000] EV_ABS       ABS_MT_TRAKING_ID    00000001\n", path: "a.getevent", 18, 26,
            "unknown event code `ABS_MT_TRAKING_ID` for EV_ABS", suggestion: "did you mean `ABS_MT_TRACKING_ID`?")
        ImportTests.expectError(
            Self.described + "[ 1.000000] EV_KEY       BTN_TOUCH            DOWM\n", path: "a.getevent", 18, 47,
            "expected the event value as getevent prints it", suggestion: "did you mean `DOWN`?")
        ImportTests.expectError(
            Self.described + "    ABS (0003): ABS_MT_POSITON_X : value 0, min 0, max 1, fuzz 0, flat 0, resolution 0\n",
            path: "a.getevent", 18, 17,
            "unknown axis `ABS_MT_POSITON_X`", suggestion: "did you mean `ABS_MT_POSITION_X`?")
        // A line cut short, at its end.
        ImportTests.expectError(
            Self.described + Self.touch + "[ 1.000000] EV_ABS       ABS_MT_POSITION_X", path: "a.getevent", 19, 43,
            "truncated event line", suggestion: "the file ends inside this line: was the recording cut short?")
        ImportTests.expectError(Self.described + "[ 1.0000", path: "a.getevent", 18, 9, "truncated timestamp")
        // An axis without its range; a second device nobody described.
        ImportTests.expectError(
            "add device 1: /dev/input/event2\n  events:\n    ABS (0003): ABS_MT_SLOT           : value 0\n",
            path: "a.getevent", 3, 17,
            "the axis ABS_MT_SLOT has no `min N, max N`")
        let second = Self.importing(
            "[ 1.000000] /dev/input/event2: EV_SYN SYN_REPORT 00000000\n[ 1.000000] /dev/input/event3: EV_SYN SYN_REPORT 00000000\n",
            ranges)
        #expect(
            second.error?.place?.line == 2
                && second.error?.message.hasPrefix("an event of `/dev/input/event3`, a second device") == true)
    }

    // MARK: Nothing half-written

    @Test func aFailedImportWritesNothingToStandardOutputOrTheOutputFile() throws {
        // Each bad input: exit 2, its error, and not a byte on standard output or in the -o file.
        // 4,000 frames of one stroke: past the 64 KiB the stroke writer writes out at once.
        var many = Self.described
        for i in 0..<4_000 {
            let time = "[ 1.\(String(i * 250).leftPadded(to: 6))] "
            let x = String(i % 100, radix: 16).leftPadded(to: 8)
            many +=
                time + "EV_ABS ABS_MT_TRACKING_ID 00000001\n" + time + "EV_ABS ABS_MT_POSITION_X \(x)\n" + time
                + "EV_ABS ABS_MT_POSITION_Y 00000014\n" + time + "EV_SYN SYN_REPORT 00000000\n"
        }
        let bad: [(file: String, text: String, error: String)] = [
            (
                "untimed.getevent", Self.described + "EV_ABS       ABS_MT_TRACKING_ID   00000001\n",
                "untimed.getevent:18:1: error: an event without a timestamp"
            ),
            (
                "late.getevent", Self.touch + Self.described,
                "late.getevent:2:1: error: a device description after the first event (line 1)"
            ),
            (
                "label.getevent", Self.described + "[ 1.000000] EV_ABS ABS_MT_TRAKING_ID 00000001\n",
                "label.getevent:18:20: error: unknown event code `ABS_MT_TRAKING_ID`"
            ),
            // A long stroke already made when the line cut short comes: its document was not written.
            (
                "cut.getevent", many + "[ 2.000000] EV_ABS ABS_MT_POSITION_X",
                "cut.getevent:16018:37: error: truncated event line"
            ),
            (
                "phase.csv", "timestamp,touch,phase,x,y\n183749.5,0x6000,began,10,20\n183749.6,0x6000,movd,11,20\n",
                "phase.csv:3:17: error: unknown phase `movd`; expected began, moved, stationary, ended or cancelled (did you mean `moved`?)"
            ),
        ]
        let dir = try CommandLineTests.fixture(Dictionary(uniqueKeysWithValues: bad.map { ($0.file, $0.text) }))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (file, _, error) in bad {
            let format =
                file.hasSuffix(".csv")
                ? ["--from", "uikit"]
                : Self.flags.flatMap {
                    ["--axis-range", "\(Evdev.absLabel($0.code))=\($0.range.lowerBound):\($0.range.upperBound)"]
                }
            let out = try CommandLineTests.run(["import", file, "--screen", "100x200"] + format, in: dir)
            #expect(out.status == 2 && out.stdout.isEmpty, "\(file): \(out.stdout.prefix(200))")
            #expect(out.stderr.hasPrefix(error), "\(file): \(out.stderr)")
            let written = try CommandLineTests.run(
                ["import", file, "--screen", "100x200", "-o", "out.yaml"] + format, in: dir)
            #expect(written.status == 2 && written.stdout.isEmpty && written.stderr == out.stderr)
            #expect(!FileManager.default.fileExists(atPath: dir + "/out.yaml"), "\(file)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp.") }.isEmpty)
        }
    }

    @Test func standardOutputGetsWholeDocumentsUpToTheLimit() throws {
        var out: [String] = []
        let documents = TraceDocumentWriter(settings: try Importer().settings(), limit: 2_000) { out.append($0) }
        let first = try documents.begin(name: "a", origin: TraceOrigin(format: .csv, path: "a.csv"), path: "a.csv")
        first.down(0, Sample(t: 0, x: 1, y: 1), at: SourcePosition(path: "a.csv", line: 2, column: 1))
        try first.advance(to: 5)
        #expect(out.isEmpty)
        _ = try first.finish()
        // The whole document in one piece, once it is complete.
        #expect(
            out.count == 1 && out[0].hasPrefix("format: popgesture-trace/1\nname: a\n")
                && out[0].hasSuffix("  - [0, 1, 1]\n"))
        let second = try documents.begin(name: "b", origin: TraceOrigin(format: .csv, path: "b.csv"), path: "b.csv")
        second.down(0, Sample(t: 0, x: 1, y: 1), at: SourcePosition(path: "b.csv", line: 2, column: 1))
        var error: Diagnostic?
        do {
            // The stroke writer hands on its text 64 KiB at a time: 5,000 samples are past that.
            for t in 1...5_000 {
                second.move(0, Sample(t: Double(t), x: Double(t), y: 1))
                try second.advance(to: Double(t) + 1)
            }
        } catch let problem as Diagnostic {
            error = problem
        }
        // Past 2,000 bytes: an error naming the file and suggesting -o, and nothing of b written.
        #expect(error?.path == "b.csv" && error?.message.hasPrefix("its trace document is over") == true)
        #expect(error?.suggestion?.hasPrefix("write it with -o OUT.yaml") == true)
        #expect(out.count == 1)
    }
}

extension GeteventImportTests {
    /// A fuzzing finding (issue 40): a CSV saved as UTF-16 (Excel's "Unicode text") was read as UTF-8
    /// and refused for a field count on a line the file does not have as text. Each line-based reader
    /// now says what the file is, at its first line, in either byte order.
    @Test(arguments: [("csv", "log.csv"), ("getevent", "r.getevent"), ("uikit", "touches.csv"), ("evemu", "r.evemu")])
    func aUTF16RecordingIsRefusedAsSuch(_ format: String, _ name: String) throws {
        let dir = try CommandLineTests.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (bom, big) in [([UInt8](arrayLiteral: 0xFF, 0xFE), false), ([0xFE, 0xFF], true)] {
            let units = Array("t,x,y,finger\n0,10,20,0\n".utf16)
            let bytes =
                bom + units.flatMap { big ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name))
            let run = try CommandLineTests.run(["import", "--from", format, name], in: dir)
            #expect(run.status == 2 && run.stdout.isEmpty, "\(run.stdout)")
            #expect(
                run.stderr
                    == "\(name):1:1: error: is UTF-16 text (it starts with a UTF-16 byte order mark), expected UTF-8 (convert it to UTF-8 first, for example with `iconv -f UTF-16 -t UTF-8`)\n",
                "\(format): \(run.stderr)")
        }
    }
}
