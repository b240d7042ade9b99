import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `popgesture import --from getevent` run as a command: standard input, a finger never placed, a failed import.
@Suite(.serialized) struct GeteventImportCommandTests {
    /// From `events:` on: the strokes.
    static func events(_ yaml: String) -> Substring {
        yaml[yaml.range(of: "\nevents:")!.lowerBound...]
    }

    /// `import -` reads standard input, as every other command does (issue 40: it read a file named
    /// `-`), so that `adb shell getevent -lt | popgesture import --from getevent -` works; a file
    /// named `-` is `./-`.
    @Test func aDashIsStandardInput() throws {
        let recording =
            Recordings.geteventDescribed
            + "[ 1.000000] EV_ABS ABS_MT_TRACKING_ID 00000001\n[ 1.000000] EV_ABS ABS_MT_POSITION_X 00000005\n"
            + "[ 1.000000] EV_ABS ABS_MT_POSITION_Y 00000006\n[ 1.000000] EV_SYN SYN_REPORT 00000000\n"
            + "[ 1.020000] EV_ABS ABS_MT_TRACKING_ID ffffffff\n[ 1.020000] EV_SYN SYN_REPORT 00000000\n"
        let dir = try CLI.fixture(["r.getevent": recording, "-": "not a recording\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let piped = try CLI.run(
            ["-c", "\"$0\" import --from getevent --screen 100x200 - < r.getevent", CLI.binary], in: dir,
            shell: true)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(
            Self.events(piped.stdout) == "\nevents:\n- touch: 0\n  samples:\n  - [0, 5, 6]\n  up: 20\n",
            "\(piped.stdout)")
        #expect(piped.stdout.contains("name: \"-\"\n") || piped.stdout.contains("name: -\n"), "\(piped.stdout)")
        let file = try CLI.run(["import", "--from", "getevent", "./-"], in: dir)
        #expect(file.status == 2 && file.stderr.hasPrefix("./-:1:1: error: "), "\(file.stderr)")
    }

    /// A finger whose Y position is never reported, and nothing else touched: the warning, the
    /// error, exit 2 and no trace on standard output (the import itself: `GeteventImportTests`).
    @Test func aFingerWithoutAPositionAloneFailsTheImport() throws {
        let dir = try CLI.fixture(["r.getevent": Recordings.geteventWithoutY])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["import", "--from", "getevent", "r.getevent"], in: dir)
        #expect(run.status == 2 && run.stdout == "", "\(run.stdout)")
        #expect(
            run.stderr.hasPrefix(Recordings.geteventWithoutYWarning + "\nr.getevent:7:1: error: no stroke is left"),
            "\(run.stderr)")
    }

    // MARK: Nothing half-written

    @Test func aFailedImportWritesNothingToStandardOutputOrTheOutputFile() throws {
        // Each bad input: exit 2, its error, and not a byte on standard output or in the -o file.
        // 4,000 frames of one stroke: past the 64 KiB the stroke writer writes out at once.
        var many = Recordings.geteventDescribed
        for i in 0..<4_000 {
            let time = "[ 1.\(String(i * 250).leftPadded(to: 6))] "
            let x = String(i % 100, radix: 16).leftPadded(to: 8)
            many +=
                time + "EV_ABS ABS_MT_TRACKING_ID 00000001\n" + time + "EV_ABS ABS_MT_POSITION_X \(x)\n" + time
                + "EV_ABS ABS_MT_POSITION_Y 00000014\n" + time + "EV_SYN SYN_REPORT 00000000\n"
        }
        let bad: [(file: String, text: String, error: String)] = [
            (
                "untimed.getevent", Recordings.geteventDescribed + "EV_ABS       ABS_MT_TRACKING_ID   00000001\n",
                "untimed.getevent:18:1: error: an event without a timestamp"
            ),
            (
                "late.getevent", Recordings.geteventTouch + Recordings.geteventDescribed,
                "late.getevent:2:1: error: a device description after the first event (line 1)"
            ),
            (
                "label.getevent", Recordings.geteventDescribed + "[ 1.000000] EV_ABS ABS_MT_TRAKING_ID 00000001\n",
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
        let dir = try CLI.fixture(Dictionary(uniqueKeysWithValues: bad.map { ($0.file, $0.text) }))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (file, _, error) in bad {
            let format =
                file.hasSuffix(".csv")
                ? ["--from", "uikit"]
                : Recordings.geteventFlags.flatMap {
                    ["--axis-range", "\(Evdev.absLabel($0.code))=\($0.range.lowerBound):\($0.range.upperBound)"]
                }
            let out = try CLI.run(["import", file, "--screen", "100x200"] + format, in: dir)
            #expect(out.status == 2 && out.stdout.isEmpty, "\(file): \(out.stdout.prefix(200))")
            #expect(out.stderr.hasPrefix(error), "\(file): \(out.stderr)")
            let written = try CLI.run(
                ["import", file, "--screen", "100x200", "-o", "out.yaml"] + format, in: dir)
            #expect(written.status == 2 && written.stdout.isEmpty && written.stderr == out.stderr)
            #expect(!FileManager.default.fileExists(atPath: dir + "/out.yaml"), "\(file)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp.") }.isEmpty)
        }
    }
}

extension GeteventImportCommandTests {
    /// A fuzzing finding (issue 40): a CSV saved as UTF-16 (Excel's "Unicode text") was read as UTF-8
    /// and refused for a field count on a line the file does not have as text. Each line-based reader
    /// now says what the file is, at its first line, in either byte order.
    @Test(arguments: [("csv", "log.csv"), ("getevent", "r.getevent"), ("uikit", "touches.csv"), ("evemu", "r.evemu")])
    func aUTF16RecordingIsRefusedAsSuch(_ format: String, _ name: String) throws {
        let dir = try CLI.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (bom, big) in [([UInt8](arrayLiteral: 0xFF, 0xFE), false), ([0xFE, 0xFF], true)] {
            let units = Array("t,x,y,finger\n0,10,20,0\n".utf16)
            let bytes =
                bom + units.flatMap { big ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name))
            let run = try CLI.run(["import", "--from", format, name], in: dir)
            #expect(run.status == 2 && run.stdout.isEmpty, "\(run.stdout)")
            #expect(
                run.stderr
                    == "\(name):1:1: error: is UTF-16 text (it starts with a UTF-16 byte order mark), expected UTF-8 (convert it to UTF-8 first, for example with `iconv -f UTF-16 -t UTF-8`)\n",
                "\(format): \(run.stderr)")
        }
    }
}
