import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `popgesture import` run as a command: standard output, `-o` written whole, never over a file unasked.
@Suite(.serialized) struct ImportCommandTests {

    // MARK: The command

    @Test func theCommandWritesStandardOutputOrAFileWholeAndNeverOverwritesUnasked() throws {
        let lifted = Recordings.slotted + Recordings.down + "E: 0.010000 0003 0039 -001\nE: 0.010000 0000 0000 0000\n"
        let dir = try CLI.fixture([
            "a.evemu": lifted, "b.csv": "t,x,y,finger\n0,1,2,0\n", "held.evemu": Recordings.slotted + Recordings.down,
            "bad.evemu": Recordings.slotted + "E: 0.010000 0004 0005 0000\n" + Recordings.down,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = { (arguments: [String]) in try CLI.run(["import"] + arguments, in: dir) }

        // Standard output: one document per recording, the format of each inferred.
        let both = try run(["a.evemu", "b.csv", "--screen", "100x200"])
        #expect(both.status == 0 && both.stderr.isEmpty, "\(both.stderr)")
        #expect(
            both.stdout.hasPrefix(
                """
                format: popgesture-trace/1
                name: a
                screen: {width: 100, height: 200}
                stack:
                - {id: root}
                - {id: detail}
                origin:
                  importer: "popgesture \(PopGestureVersion.current)"
                  format: evemu
                  file: a.evemu
                  device: "test touchscreen"
                  axes: {ABS_MT_SLOT: [0, 9], ABS_MT_POSITION_X: [0, 100], ABS_MT_POSITION_Y: [0, 200]}
                  mapping:
                    protocol: "B (slots)"
                    scale: "each axis range spans the screen, 100 x 200"
                    time: "ms from the first event of the recording"
                events:
                - touch: 0
                  samples:
                  - [0, 10, 20]
                  up: 10
                ---
                format: popgesture-trace/1
                name: b

                """), "\(both.stdout)")

        // -o: the same bytes in a file; an existing one is kept unless --force.
        #expect(try run(["a.evemu", "b.csv", "--screen", "100x200", "-o", "out.yaml"]).status == 0)
        #expect(try String(contentsOfFile: dir + "/out.yaml", encoding: .utf8) == both.stdout)
        let again = try run(["b.csv", "-o", "out.yaml"])
        #expect(again.status == 2)
        #expect(again.stderr == "out.yaml: error: already exists; not overwritten (pass --force to replace it)\n")
        #expect(try String(contentsOfFile: dir + "/out.yaml", encoding: .utf8) == both.stdout)
        #expect(try run(["b.csv", "-o", "out.yaml", "--force"]).status == 0)
        #expect(try String(contentsOfFile: dir + "/out.yaml", encoding: .utf8).contains("name: b\n"))
        #expect(try CLI.run(["validate", "out.yaml"], in: dir).status == 0)
        #expect(try CLI.run(["replay", "out.yaml"], in: dir).status == 0)

        // An error stops the import: exit 2, the file untouched, no temporary file left behind.
        let failed = try run(["a.evemu", "bad.evemu", "-o", "out.yaml", "--force"])
        #expect(failed.status == 2)
        #expect(
            failed.stderr
                == "bad.evemu:6:4: error: event time 0.000000 s is before the previous event's, 0.010000 s (line 5); evdev times never go back (a recording whose clock jumped back, or two recordings joined, must be split there)\n"
        )
        #expect(try String(contentsOfFile: dir + "/out.yaml", encoding: .utf8).contains("name: b\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp.") }.isEmpty)

        // A folder that does not exist: the path and the system's reason.
        let nowhere = try run(["a.evemu", "-o", "missing/out.yaml"])
        #expect(nowhere.status == 2)
        // No line of a file that was never written (issue 13): the path, then the reason.
        #expect(
            nowhere.stderr == "missing/out.yaml: error: cannot write the imported traces: No such file or directory\n")

        // Warnings: exit 1, and the trace is still written.
        let held = try run(["held.evemu", "-o", "held.yaml"])
        #expect(held.status == 1)
        #expect(
            held.stderr
                == "held.evemu:8:4: warning: finger 0 is still down when the recording ends; its stroke is kept without `up`\n"
        )
        #expect(try CLI.run(["validate", "held.yaml"], in: dir).status == 0)

        #expect(try run(["a.evemu", "--screen", "wide"]).status == 2)
        #expect(try run(["--from", "pdf", "a.evemu"]).status == 2)
    }
}
