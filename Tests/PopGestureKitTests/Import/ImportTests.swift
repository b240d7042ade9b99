import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `popgesture import`: the raw recordings of Tests/Data against the traces a faithful importer makes
/// of them, each mapping rule of docs/reference/importers.md on a small recording computed by
/// hand, positioned diagnostics for bad input, the output through the loader and the replay, and
/// the writer's bounded buffer on a long recording.
@Suite struct ImportTests {
    // MARK: Helpers

    struct Imported {
        var yaml = ""
        var warnings: [Diagnostic] = []
        var error: Diagnostic?
        var documents: TraceDocumentWriter?
        var writes = 0
    }

    /// Imports `text` as if it were the file `path`.
    static func importing(_ text: String, path: String, format: ImportFormat? = nil, screen: Screen? = nil) -> Imported
    {
        importing(text, path: path, importer: Importer(format: format, screen: screen))
    }

    /// Imports `text` as if it were the file `path`, with `importer`'s flags.
    static func importing(_ text: String, path: String, importer: Importer) -> Imported {
        var result = Imported()
        do {
            let documents = TraceDocumentWriter(settings: try importer.settings()) {
                result.yaml += $0
                result.writes += 1
            }
            result.documents = documents
            try importer.convert(path: path, text: text, into: documents) { result.warnings.append($0) }
        } catch {
            result.error = asDiagnostic(error, path: path)
        }
        return result
    }

    /// The strokes of an import that must succeed, through the trace loader.
    static func strokes(
        _ text: String, path: String = "r.evemu", format: ImportFormat? = nil,
        screen: Screen? = Screen(width: 100, height: 200),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [Stroke] {
        let result = importing(text, path: path, format: format, screen: screen)
        if let error = result.error {
            Issue.record("import failed: \(error)", sourceLocation: sourceLocation)
            throw LoadFailure()
        }
        return try loadTrace(result.yaml, path: "out.yaml", sourceLocation: sourceLocation).events.compactMap {
            if case .touch(let stroke) = $0.kind { stroke } else { nil }
        }
    }

    /// Strokes within 1e-9 of the hand-computed ones (scaling divides, then multiplies).
    static func expectStrokes(
        _ actual: [Stroke], _ expected: [Stroke], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let problems = differences(actual, expected, time: 1e-9, position: 1e-9)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))\ngot \(actual)", sourceLocation: sourceLocation)
    }

    /// The comparison of `recordings/raw/README.md`: per finger the same strokes in start order, the
    /// same number of samples, times within `time`, positions within `position`, the same ending.
    static func differences(_ actual: [Stroke], _ expected: [Stroke], time: Double, position: Double) -> [String] {
        var problems: [String] = []
        if actual.map(\.finger) != expected.map(\.finger) {
            problems.append(
                "strokes by finger in trace order: \(actual.map(\.finger)), expected \(expected.map(\.finger))")
        }
        for finger in Set(expected.map(\.finger)).union(actual.map(\.finger)).sorted() {
            let ours = actual.filter { $0.finger == finger }
            let theirs = expected.filter { $0.finger == finger }
            guard ours.count == theirs.count else {
                problems.append("finger \(finger): \(ours.count) strokes, expected \(theirs.count)")
                continue
            }
            for (index, (a, b)) in zip(ours, theirs).enumerated() {
                let name = "finger \(finger) stroke \(index + 1)"
                guard a.samples.count == b.samples.count else {
                    problems.append("\(name): \(a.samples.count) samples, expected \(b.samples.count)")
                    continue
                }
                for (p, q) in zip(a.samples, b.samples)
                where abs(p.t - q.t) > time || abs(p.x - q.x) > position || abs(p.y - q.y) > position {
                    problems.append("\(name): sample \(p), expected \(q)")
                    break
                }
                switch (a.end, b.end) {
                case (.up(let x), .up(let y)) where abs(x - y) <= time: break
                case (.cancel(let x), .cancel(let y)) where abs(x - y) <= time: break
                case (.stillDown, .stillDown): break
                default: problems.append("\(name): ends \(a.end), expected \(b.end)")
                }
            }
        }
        return problems
    }

    static func stroke(_ finger: Int, _ samples: [[Double]], _ end: Stroke.End) -> Stroke {
        Stroke(finger: finger, samples: samples.map { Sample(t: $0[0], x: $0[1], y: $0[2]) }, end: end)
    }

    /// A protocol B touchscreen 100 x 200 units: with `--screen 100x200` a unit is a point.
    static let slotted = "N: test touchscreen\nA: 2f 0 9 0 0 0\nA: 35 0 100 0 0 0\nA: 36 0 200 0 0 0\n"
    /// The same without slots: protocol A.
    static let contactLists = "N: test touchpad\nA: 35 0 100 0 0 0\nA: 36 0 200 0 0 0\n"
    /// Only ABS_X and ABS_Y: single touch.
    static let pen = "N: test pen\nA: 00 0 100 0 0 0\nA: 01 0 200 0 0 0\n"

    // MARK: The raw recordings

    static let raw = dataRoot + "/recordings/raw"

    /// Every recording of `raw/{evemu,libinput,csv}` (the libinput file is GPL-3.0, kept with its
    /// licence beside it, as Tests/Data/README.md says).
    static let recordings: [String] = ["evemu", "libinput", "csv"].flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: raw + "/" + folder)) ?? []).sorted().map {
            folder + "/" + $0
        }
    }

    @Test
    func rawRecordingsArePresent() {
        #expect(
            Self.recordings.count == 18,
            "expected the 18 raw recordings of \(Self.raw) (evemu, libinput, csv); found \(Self.recordings.count)")
    }

    @Test(arguments: recordings)
    func rawRecordingGivesItsExpectedTrace(_ recording: String) throws {
        let path = Self.raw + "/" + recording
        let expectedPath = Self.raw + "/expected/" + stem(of: recording) + ".yaml"
        // The README's rule: --screen 390x844, the default.
        let result = Self.importing(try String(contentsOfFile: path, encoding: .utf8), path: path, screen: nil)
        try #require(result.error == nil, "\(result.error!)")
        let ours = try loadTrace(result.yaml, path: "out.yaml")
        let expected = try loadTrace(try String(contentsOfFile: expectedPath, encoding: .utf8), path: expectedPath)
        func strokes(_ trace: Trace) -> [Stroke] {
            trace.events.compactMap { if case .touch(let stroke) = $0.kind { stroke } else { nil } }
        }
        let problems = Self.differences(strokes(ours), strokes(expected), time: 0.01, position: 0.01)
        #expect(problems.isEmpty, "\(recording):\n\(problems.prefix(10).joined(separator: "\n"))")
        #expect(ours.name == expected.name && ours.screen == Screen(width: 390, height: 844))
        #expect(ours.stack.map(\.id) == ["root", "detail"])
        // Only bcm5974's finger 1 stays down; nothing else is worth a warning.
        #expect(
            result.warnings.map(\.message)
                == (recording.contains("bcm5974")
                    ? ["finger 1 is still down when the recording ends; its stroke is kept without `up`"] : []))
        // It replays: two screens, so a swipe back could pop.
        let report = Replay(rules: try RulesLoader.load("fd")).run(ours)
        #expect(report.gestures.allSatisfy { $0.outcome != nil })
    }

    // MARK: Protocol B

    @Test func protocolBSlotsPersistAndTrackingIDMinusOneLifts() throws {
        let strokes = try Self.strokes(
            Self.slotted + """
                E: 1.000000 0004 0005 0000
                E: 1.000000 0003 0039 0005
                E: 1.000000 0003 0035 0010
                E: 1.000000 0003 0036 0020
                E: 1.000000 0000 0000 0000
                E: 1.010000 0003 002f 0001
                E: 1.010000 0003 0039 0006
                E: 1.010000 0003 0035 0050
                E: 1.010000 0003 0036 0060
                E: 1.010000 0000 0000 0000
                E: 1.020000 0003 0035 0055
                E: 1.020000 0000 0000 0000
                E: 1.030000 0003 002f 0000
                E: 1.030000 0003 0039 -001
                E: 1.030000 0000 0000 0000
                E: 1.040000 0003 002f 0001
                E: 1.040000 0003 0039 -001
                E: 1.040000 0000 0000 0000

                """)
        // t counts from the first event (the MSC at 1.000000). Slot 0 is current at the start: finger 0
        // down at (10, 20) at t = 0. At 10 slot 1 opens finger 1 at (50, 60); finger 0 sent nothing,
        // so no sample. At 20 the x goes to slot 1, still current: (55, 60). -1 lifts each slot.
        Self.expectStrokes(
            strokes,
            [
                Self.stroke(0, [[0, 10, 20]], .up(30)),
                Self.stroke(1, [[10, 50, 60], [20, 55, 60]], .up(40)),
            ])
    }

    @Test func protocolBTrackingIDChangeEndsTheStrokeAndOpensAnother() throws {
        let strokes = try Self.strokes(
            Self.slotted + """
                E: 0.000000 0003 0039 0005
                E: 0.000000 0003 0035 0010
                E: 0.000000 0003 0036 0020
                E: 0.000000 0000 0000 0000
                E: 0.010000 0003 0039 0007
                E: 0.010000 0000 0000 0000
                E: 0.020000 0003 0035 0030
                E: 0.020000 0000 0000 0000
                E: 0.030000 0003 002f 0001
                E: 0.030000 0003 0039 0008
                E: 0.030000 0003 0035 0070
                E: 0.030000 0003 0036 0080
                E: 0.030000 0003 0039 -001
                E: 0.030000 0000 0000 0000
                E: 0.040000 0003 002f 0000
                E: 0.040000 0003 0039 -001
                E: 0.040000 0000 0000 0000

                """)
        // Id 5 -> 7 at t = 10: the first stroke lifts at 10 and a second opens at 10 where the slot
        // was (positions persist). Slot 1 is active and inactive within the frame at 30: no stroke.
        Self.expectStrokes(
            strokes,
            [
                Self.stroke(0, [[0, 10, 20]], .up(10)),
                Self.stroke(0, [[10, 10, 20], [20, 30, 20]], .up(40)),
            ])
    }

    // MARK: Protocol A

    @Test func protocolAMatchesContactsByDistanceWhenTheirOrderSwaps() throws {
        let strokes = try Self.strokes(
            Self.contactLists + """
                E: 0.000000 0003 0035 0010
                E: 0.000000 0003 0036 0010
                E: 0.000000 0000 0002 0000
                E: 0.000000 0003 0035 0090
                E: 0.000000 0003 0036 0090
                E: 0.000000 0000 0002 0000
                E: 0.000000 0000 0000 0000
                E: 0.010000 0003 0035 0088
                E: 0.010000 0003 0036 0092
                E: 0.010000 0000 0002 0000
                E: 0.010000 0003 0035 0012
                E: 0.010000 0003 0036 0011
                E: 0.010000 0000 0002 0000
                E: 0.010000 0000 0000 0000
                E: 0.020000 0003 0035 0013
                E: 0.020000 0003 0036 0011
                E: 0.020000 0000 0002 0000
                E: 0.020000 0003 0035 0050
                E: 0.020000 0000 0002 0000
                E: 0.020000 0000 0000 0000
                E: 0.030000 0000 0000 0000

                """)
        // t = 0: contacts (10, 10), (90, 90) open fingers 0 and 1 in order. t = 10: the contacts
        // come swapped; matching finger 0 to (12, 11) and finger 1 to (88, 92) costs 5 + 8 = 13
        // (squared units), the other way 78²+82² + 78²+79²: each finger keeps its side. By order,
        // finger 0 would jump to (88, 92). t = 20: one whole contact (13, 11); the second lacks its y
        // and is dropped. It is nearest finger 0 (1 vs 75²+81²): finger 1 lifts. t = 30: no contact
        // lifts finger 0.
        Self.expectStrokes(
            strokes,
            [
                Self.stroke(0, [[0, 10, 10], [10, 12, 11], [20, 13, 11]], .up(30)),
                Self.stroke(1, [[0, 90, 90], [10, 88, 92]], .up(20)),
            ])
    }

    @Test func protocolATiesGoToTheLeastContactIndicesInFingerOrder() throws {
        func contacts(_ t: String, _ points: [(Int, Int)]) -> String {
            points.map { "E: \(t) 0003 0035 \($0.0)\nE: \(t) 0003 0036 \($0.1)\nE: \(t) 0000 0002 0000\n" }.joined()
                + "E: \(t) 0000 0000 0000\n"
        }
        let strokes = try Self.strokes(
            Self.contactLists + contacts("0.000000", [(40, 50), (60, 50)]) + contacts("0.010000", [(50, 40), (50, 60)])
                + contacts("0.020000", [(50, 50)]) + contacts("0.030000", [(50, 50), (10, 10)])
                + contacts("0.040000", []))
        // t = 10: fingers at (40, 50) and (60, 50), contacts (50, 40) and (50, 60): every pair costs 200,
        // both matchings 400. The tie goes to contact indices [0, 1] in finger order: finger 0 to
        // (50, 40), finger 1 to (50, 60). t = 20: one contact (50, 50), 100 from either finger; an
        // unmatched finger counts after every index, so [0, -] beats [-, 0]: finger 0 keeps it, finger 1
        // lifts. t = 30: finger 0 stays on (50, 50) (no move, no sample); the new contact (10, 10) opens
        // the lowest free finger, 1. t = 40: no contacts lift both.
        Self.expectStrokes(
            strokes,
            [
                Self.stroke(0, [[0, 40, 50], [10, 50, 40], [20, 50, 50]], .up(40)),
                Self.stroke(1, [[0, 60, 50], [10, 50, 60]], .up(20)),
                Self.stroke(1, [[30, 10, 10]], .up(40)),
            ])
    }

    @Test func protocolAMatchingByHand() {
        // Three fingers, two contacts: the lowest total is fingers 0 and 2 (0 + 1).
        #expect(ProtocolATracker.match([(0, 0), (50, 50), (100, 100)], [(101, 100), (0, 0)]) == [1, nil, 0])
        // Two fingers, three contacts: both fingers matched, the far contact left to open a finger.
        #expect(ProtocolATracker.match([(0, 0), (10, 0)], [(500, 500), (11, 0), (1, 0)]) == [2, 1])
        #expect(ProtocolATracker.match([], [(1, 1)]) == [])
        #expect(ProtocolATracker.match([(1, 1)], []) == [nil])
    }

    // MARK: Single touch

    @Test func singleTouchIsDownWhileBTNTouchAndTakesTheLastHoverPosition() throws {
        let result = Self.importing(
            Self.pen + """
                E: 0.000000 0003 0000 0010
                E: 0.000000 0003 0001 0020
                E: 0.000000 0000 0000 0000
                E: 0.010000 0003 0000 0012
                E: 0.010000 0000 0000 0000
                E: 0.020000 0001 014a 0001
                E: 0.020000 0000 0000 0000
                E: 0.030000 0003 0001 0025
                E: 0.030000 0000 0000 0000
                E: 0.040000 0003 0000 0012
                E: 0.040000 0000 0000 0000
                E: 0.050000 0001 014a 0000
                E: 0.050000 0000 0000 0000
                E: 0.060000 0003 0000 0050
                E: 0.060000 0000 0000 0000
                E: 0.070000 0001 014a 0001
                E: 0.070000 0003 0000 0055
                E: 0.070000 0000 0000 0000

                """, path: "pen.evemu", screen: Screen(width: 100, height: 200))
        // Hovering at 0 and 10 makes nothing. BTN_TOUCH at 20 puts finger 0 down at the last hover
        // position (12, 20); y moves at 30; x "moves" to the same 12 at 40: no sample. Up at 50.
        // Hover to 50, down again at 70 at (55, 25), never lifted: kept down, with a warning.
        let strokes = try loadTrace(result.yaml).events.compactMap {
            if case .touch(let s) = $0.kind { s } else { nil }
        }
        Self.expectStrokes(
            strokes,
            [
                Self.stroke(0, [[20, 12, 20], [30, 12, 25]], .up(50)),
                Self.stroke(0, [[70, 55, 25]], .stillDown),
            ])
        #expect(
            result.warnings.map(\.description) == [
                "pen.evemu:21:4: warning: finger 0 is still down when the recording ends; its stroke is kept without `up`"
            ])
    }

    // MARK: Time and scaling

    @Test func aSampleAtTheTimeOfTheLastOneReplacesItsPosition() throws {
        let strokes = try Self.strokes(
            Self.slotted + """
                E: 0.000000 0003 0039 0001
                E: 0.000000 0003 0035 0010
                E: 0.000000 0003 0036 0020
                E: 0.000000 0000 0000 0000
                E: 0.000000 0003 0035 0011
                E: 0.000000 0000 0000 0000
                E: 0.010000 0003 0035 0030
                E: 0.010000 0000 0000 0000
                E: 0.010000 0003 0035 0035
                E: 0.010000 0000 0000 0000
                E: 0.020000 0003 0035 0040
                E: 0.020000 0000 0000 0000
                E: 0.030000 0003 0039 -001
                E: 0.030000 0000 0000 0000

                """)
        // Two frames at t = 0: the second replaces the down's position (11, 20); two at 10: (35, 20)
        // stays. Times strictly increase.
        Self.expectStrokes(strokes, [Self.stroke(0, [[0, 11, 20], [10, 35, 20], [20, 40, 20]], .up(30))])
    }

    @Test func eachAxisRangeSpansTheWholeScreenWithoutClamping() throws {
        let recording = """
            A: 2f 0 9 0 0 0
            A: 35 -100 300 0 0 0
            A: 36 1000 2000 0 0 0
            E: 0.000000 0003 0039 0001
            E: 0.000000 0003 0035 0100
            E: 0.000000 0003 0036 1250
            E: 0.000000 0000 0000 0000
            E: 0.010000 0003 0035 0500
            E: 0.010000 0003 0036 0900
            E: 0.010000 0000 0000 0000

            """
        // x = (v - min) / (max - min) * W: (100 + 100) / 400 * 390 = 195 and (500 + 100) / 400 * 390 = 585,
        // past the screen (no clamping); y: 250 / 1000 * 844 = 211 and -100 / 1000 * 844 = -84.4.
        Self.expectStrokes(
            try Self.strokes(recording, screen: nil), [Self.stroke(0, [[0, 195, 211], [10, 585, -84.4]], .stillDown)])
        // --screen 200x100: 200 / 400 * 200 = 100, 250 / 1000 * 100 = 25 (the aspect is not kept).
        Self.expectStrokes(
            try Self.strokes(recording, screen: Screen(width: 200, height: 100)),
            [Self.stroke(0, [[0, 100, 25], [10, 300, -10]], .stillDown)])
    }

    @Test func rangesFromTheDescriptionCommentsWhenThereAreNoALines() throws {
        let strokes = try Self.strokes(
            """
            # EVEMU 1.3
            #   Event type 3 (EV_ABS)
            #     Event code 0 (ABS_X)
            #       Value      382
            #       Min          0
            #       Max        799
            #     Event code 53 (ABS_MT_POSITION_X)
            #       Value        0
            #       Min          0
            #       Max         50
            #     Event code 54 (ABS_MT_POSITION_Y)
            #       Min          0
            #       Max        100
            N: commented
            E: 0.000000 0003 0035 0025
            E: 0.000000 0003 0036 0050
            E: 0.000000 0000 0002 0000
            E: 0.000000 0000 0000 0000

            """)
        // No slot range: protocol A, x = 25 / 50 * 100 = 50, y = 50 / 100 * 200 = 100.
        Self.expectStrokes(strokes, [Self.stroke(0, [[0, 50, 100]], .stillDown)])
    }

    // MARK: CSV

    @Test func csvWithPhase() throws {
        let strokes = try Self.strokes(
            """
            t,x,y,finger,phase
            5,10,20,0,down
            10,12,20,0,move
            10,13,21,0,move
            12,50,50,1,down
            15,14,22,0,up
            # a comment, then a blank line

            20,55,50,1,move
            25,55,50,1,cancel

            """, path: "log.csv")
        // Times and points as written. The second move at t = 10 replaces the first; the up row's
        // (14, 22) is not a sample; cancel ends finger 1.
        Self.expectStrokes(
            strokes,
            [
                Self.stroke(0, [[5, 10, 20], [10, 13, 21]], .up(15)),
                Self.stroke(1, [[12, 50, 50], [20, 55, 50]], .cancel(25)),
            ])
    }

    @Test func csvWithoutPhaseInAnotherColumnOrder() throws {
        let strokes = try Self.strokes(
            """
            \u{FEFF}Finger, Y, pressure, T, X
            0, 20, 0.5, 0, 10
            1, 60, 0.5, 4, 50
            0, 21, 0.5, 8, 11
            0, 22, 0.5, 16, 12
            1, 61, 0.5, 20, 51
            """, path: "log.csv", screen: nil)
        // Headers in any case and order (after a byte order mark), `pressure` ignored; without a phase
        // each finger's rows are one stroke, lifted at its last row.
        Self.expectStrokes(
            strokes,
            [
                Self.stroke(0, [[0, 10, 20], [8, 11, 21], [16, 12, 22]], .up(16)),
                Self.stroke(1, [[4, 50, 60], [20, 51, 61]], .up(20)),
            ])
    }

    // MARK: libinput record

    static let libinputRecord = """
        # libinput record
        version: 1
        ndevices: 2
        libinput:
          version: "1.29.2"
        devices:
        - node: /dev/input/event6
          evdev:
            # Name: test touchscreen
            name: "test touchscreen"
            absinfo:
              47: [0, 4, 0, 0, 0]
              53: [0, 100, 0, 0, 13]
              54: [0, 200, 0, 0, 13]
          hid: [0x05, 0x01]
          events:
          - evdev:
            - [  1, 500000,   4,   5,       0] # EV_MSC / MSC_TIMESTAMP
          - evdev:
            - [  1, 510000,   3,  57,       3]
            - [  1, 510000,   3,  53,      10]
            - [  1, 510000,   3,  54,      20]
            - [  1, 510000,   0,   0,       0]
          - libinput:
            - {type: TOUCH_DOWN, time: 1.51}
          - evdev:
            - [  1, 520000,   3,  53,      15]
            - [  1, 520000,   0,   0,       0]
          - evdev:
            - [  1, 530000,   3,  57,      -1]
            - [  1, 530000,   0,   0,       0]
        - node: /dev/input/event3
          evdev:
            name: "test keyboard"
            absinfo: {}
          events:
          - evdev:
            - [  1, 600000,   1,  30,       1]
            - [  1, 600000,   0,   0,       0]

        """

    @Test func libinputRecordDevicesAreDocumentsAndTimeCountsFromTheFirstEventInTheFile() throws {
        let result = Self.importing(Self.libinputRecord, path: "two.yml", screen: Screen(width: 100, height: 200))
        #expect(result.error == nil)
        let documents = loadDocuments(result.yaml, path: "out.yaml")
        guard documents.count == 1, case .trace(let trace, _) = documents[0] else {
            Issue.record("expected one trace, got \(documents)")
            return
        }
        // Two devices: the documents are named stem#N; the keyboard has no touch axes and is left out.
        // Time 0 is the MSC_TIMESTAMP at 1.500000: down at 10 ms, moved at 20, lifted at 30.
        #expect(trace.name == "two#1")
        Self.expectStrokes(
            trace.events.compactMap { if case .touch(let s) = $0.kind { s } else { nil } },
            [Self.stroke(0, [[10, 10, 20], [20, 15, 20]], .up(30))])
        #expect(
            result.warnings.map(\.description) == [
                "two.yml:34:5: warning: device 2 has no touch axes (no ABS_MT_POSITION_X/Y or ABS_X/Y range); it is left out"
            ])
        // Its origin: the device's name and node from the record, its absinfo ranges.
        #expect(
            result.yaml.contains(
                """
                origin:
                  importer: "popgesture \(PopGestureVersion.current)"
                  format: libinput
                  file: two.yml
                  device: "test touchscreen"
                  node: "/dev/input/event6"
                  axes: {ABS_MT_SLOT: [0, 4], ABS_MT_POSITION_X: [0, 100], ABS_MT_POSITION_Y: [0, 200]}

                """), "\(result.yaml)")
    }

    // MARK: Format inference

    @Test(arguments: [
        ("r.evemu", "# EVEMU 1.3\n# comment\nN: a\n", ImportFormat.evemu),
        ("r.txt", "\nE: 0.000001 0003 0039 0001\n", .evemu),
        ("r.yml", "# libinput record\nversion: 1\n", .libinput),
        ("r.yaml", "---\nversion: 1\n", .libinput),
        ("r.log", "t,x,y,finger\n", .csv),
        ("R.CSV", "version: 1\n", .csv),
        ("swipe.txt", "add device 1: /dev/input/event2\n", .getevent),
        ("swipe.txt", "[   51581.396147] EV_ABS       ABS_MT_TRACKING_ID   00000b4a\n", .getevent),
        ("swipe.txt", "[   51581.396147] 0003 0039 00000b4a\n", .getevent),
        ("swipe.txt", "/dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000b4a\n", .getevent),
        ("swipe.txt", "EV_ABS       ABS_MT_TRACKING_ID   00000b4a\n", .getevent),
        ("r.txt", "[1.5] not a time stamp\n", .csv),
    ])
    func formatIsInferredFromTheContent(_ path: String, _ text: String, _ format: ImportFormat) throws {
        #expect(try ImportFormat.infer(LineReader(text: text, path: path)) == format)
    }

    // MARK: Bad input

    /// The import's error, which must be at `line`:`column` and say `words`.
    static func expectError(
        _ text: String, path: String = "bad.evemu", format: ImportFormat? = nil, _ line: Int, _ column: Int,
        _ words: String,
        suggestion: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let result = importing(text, path: path, format: format)
        guard let error = result.error else {
            Issue.record("expected an error, the recording imported:\n\(result.yaml)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.severity == .error && error.path == path, sourceLocation: sourceLocation)
        #expect(error.place == Diagnostic.Place(line: line, column: column), "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(words), "\(error)", sourceLocation: sourceLocation)
        if let suggestion { #expect(error.suggestion == suggestion, sourceLocation: sourceLocation) }
    }

    static let down =
        "E: 0.000000 0003 0039 0001\nE: 0.000000 0003 0035 0010\nE: 0.000000 0003 0036 0020\nE: 0.000000 0000 0000 0000\n"

    @Test func aTruncatedEventLineIsAnErrorAtItsEnd() {
        // Line 9: `E: 0.010000 0003` is 16 characters; the code would start at column 17.
        Self.expectError(
            Self.slotted + Self.down + "E: 0.010000 0003", 9, 17,
            "truncated event line: expected `E: SEC.USEC TYPE CODE VALUE`, found 2 of its 4 fields (no code)",
            suggestion: "the file ends inside this line: was the recording cut short?")
        Self.expectError(
            Self.slotted + Self.down + "E: 0.010000 0003 0035 12a\n", 9, 23,
            "expected the event value as a decimal integer")
        Self.expectError(Self.slotted + "E: 1 0003 0035 12\n", 5, 4, "expected the event time as SEC.USEC")
        Self.expectError(Self.slotted + "X: 1\n", 5, 1, "unexpected `X:`")
    }

    @Test func aRecordingCutInsideAFrameKeepsItsFramesAndWarns() {
        let result = Self.importing(Self.slotted + Self.down + "E: 0.010000 0003 0035 0030\n", path: "cut.evemu")
        #expect(result.error == nil)
        #expect(
            result.warnings.map(\.description) == [
                "cut.evemu:9:4: warning: the recording ends inside a frame: the events from here on have no SYN_REPORT and are left out (a recording cut short?)",
                "cut.evemu:8:4: warning: finger 0 is still down when the recording ends; its stroke is kept without `up`",
            ])
    }

    @Test func unknownEventTypesAndCodesAreWarnedOnceAndIgnored() {
        let result = Self.importing(
            Self.slotted + Self.down
                + "E: 0.010000 0003 0040 0001\nE: 0.010000 0020 0000 0001\nE: 0.010000 0003 0040 0002\nE: 0.010000 0000 0000 0000\n"
                + "E: 0.020000 0003 0039 -001\nE: 0.020000 0000 0000 0000\n", path: "u.evemu")
        #expect(result.error == nil)
        #expect(
            result.warnings.map(\.description) == [
                "u.evemu:9:4: warning: unknown event code 64 (0x40) of EV_ABS; its codes go up to 0x3f; ignored",
                "u.evemu:10:4: warning: unknown event type 32 (0x20); evdev defines EV_SYN (0) to EV_FF_STATUS (0x17); ignored",
            ])
    }

    @Test func missingOrEmptyAxisRangesAreErrors() {
        // No ranges at all: reported where the events start, line 2.
        Self.expectError("N: bare\n" + Self.down, 2, 1, "missing axis ranges", suggestion: EvemuReader.rangeHint)
        // Only x for the multitouch position, nothing for single touch.
        Self.expectError(
            "A: 35 0 100 0 0 0\n" + Self.down, 2, 1, "none for ABS_MT_POSITION_Y (54), ABS_X (0), ABS_Y (1)")
        Self.expectError(
            "A: 2f 0 9 0 0 0\nA: 35 100 100 0 0 0\nA: 36 0 200 0 0 0\n" + Self.down, 2, 1,
            "empty range for ABS_MT_POSITION_X (53): min 100, max 100")
        Self.expectError(
            """
            version: 1
            devices:
            - evdev:
                absinfo: {0: [0, 100, 0, 0, 0]}
              events: []
            """, path: "bad.yml", 4, 5, "missing axis ranges", suggestion: LibinputRecordReader.rangeHint)
    }

    @Test func aFingerThatNeverLiftsStaysDownInAValidTrace() throws {
        let result = Self.importing(Self.slotted + Self.down, path: "held.evemu")
        let trace = try loadTrace(result.yaml)
        guard case .touch(let stroke) = trace.events.first?.kind else {
            Issue.record("expected a stroke")
            return
        }
        #expect(stroke.end == .stillDown)
        #expect(
            result.warnings.map(\.description) == [
                "held.evemu:8:4: warning: finger 0 is still down when the recording ends; its stroke is kept without `up`"
            ])
    }

    @Test func timeGoingBackIsAnError() {
        Self.expectError(
            Self.slotted + "E: 0.500000 0004 0005 0000\n" + Self.down, 6, 4,
            "event time 0.000000 s is before the previous event's, 0.500000 s (line 5); evdev times never go back")
        Self.expectError(
            "t,x,y,finger\n5,1,1,0\n4,1,1,0\n", path: "bad.csv", 3, 1,
            "t=4 is before the previous row's t=5 (line 2); rows must be in time order")
    }

    @Test func badLibinputRecords() {
        // Cut inside the row of line 21: libyaml's own message, where the input ends.
        Self.expectError(
            String(
                Self.libinputRecord.prefix(
                    upTo: Self.libinputRecord.firstRange(of: "[  1, 510000,   3,  53,")!.upperBound)),
            path: "cut.yml", 22, 1, "malformed YAML: did not find expected node content")
        Self.expectError(
            "version: 2\ndevices: []\n", path: "v.yml", format: .libinput, 1, 10,
            "unsupported libinput record version `2`; this importer reads version 1")
        Self.expectError(
            "version: 1\ndevices:\n- evdev: {absinfo: {53: [0, 9], 54: [0, 9]}}\n  events:\n  - evdev:\n    - [0, 1, 3, 53]\n",
            path: "r.yml",
            6, 7, "expected an evdev row of 5 numbers [sec, usec, type, code, value], found 4")
    }

    @Test func badCSVLogs() {
        Self.expectError(
            "t,x,y,fingr\n0,1,2,0\n", path: "a.csv", 1, 7, "the header has no `finger` column",
            suggestion: "did you mean `finger` for `fingr`?")
        Self.expectError(
            "t,x,y,finger,phase\n0,1,2,0,down\n5,1,2", path: "a.csv", 3, 6,
            "expected 5 fields as the header names, found 3",
            suggestion: "the file ends inside this row: was it cut short?")
        Self.expectError(
            "t,x,y,finger,phase\n0,1,2,0,dwn\n", path: "a.csv", 2, 9, "unknown phase `dwn`",
            suggestion: "did you mean `down`?")
        Self.expectError("t,x,y,finger,phase\n0,1,2,0,move\n", path: "a.csv", 2, 9, "finger 0 moves but is not down")
        Self.expectError(
            "t,x,y,finger,phase\n0,1,2,0,down\n1,1,2,0,down\n", path: "a.csv", 3, 9,
            "finger 0 touches down again while its stroke from line 2 is still down")
        Self.expectError(
            "t,x,y,finger\n-1,1,2,0\n", path: "a.csv", 2, 1, "expected `t` to be a time in ms >= 0, found `-1`")
        Self.expectError("# only a comment\n", path: "a.csv", 1, 1, "no header row")
    }

    // MARK: Through the loader and the replay

    @Test func anImportedSwipeBackLoadsAndPopsUnderFD() throws {
        // A 390 x 844 unit panel on the default 390 x 844 screen: units are points. Finger 0 lands at
        // x = 10 and moves 30 pt every 16 ms to x = 310: a fast swipe back from the root's child.
        var events =
            "E: 0.000000 0003 0039 0001\nE: 0.000000 0003 0035 0010\nE: 0.000000 0003 0036 0400\nE: 0.000000 0000 0000 0000\n"
        for step in 1...10 {
            let t = String(format: "0.%06d", step * 16_000)
            events += "E: \(t) 0003 0035 \(10 + 30 * step)\nE: \(t) 0000 0000 0000\n"
        }
        events += "E: 0.170000 0003 0039 -001\nE: 0.170000 0000 0000 0000\n"
        let result = Self.importing(
            "A: 2f 0 9 0 0 0\nA: 35 0 390 0 0 0\nA: 36 0 844 0 0 0\n" + events, path: "swipe.evemu")
        #expect(result.error == nil && result.warnings.isEmpty)
        let documents = loadDocuments(result.yaml, path: "swipe.yaml")
        guard documents.count == 1, case .trace(let trace, _) = documents[0] else {
            Issue.record("expected one valid trace, got \(documents)")
            return
        }
        #expect(trace.stack.map(\.id) == ["root", "detail"])
        let report = Replay(rules: try RulesLoader.load("fd")).run(trace)
        #expect(report.gestures.count == 1 && report.gestures[0].outcome == .began)
        #expect(report.gestures.first?.pop?.result == .completed)
        #expect(report.final.stack == ["root"])
    }

    @Test func aStackConfigGivesTheStackAndScreenAndScreenOverridesIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "popgesture-import-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = dir + "/stack.yaml"
        try
            "format: popgesture-stack/1\nscreen: {width: 320}\nlayoutDirection: rtl\nstack: [{id: \"1\"}, {id: thread, barHidden: true, maxStartX: 40}]\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let settings = try Importer(stackConfig: config).settings()
        #expect(settings.screen == Screen(width: 320, height: 844) && settings.layoutDirection == .rtl)
        #expect(settings.stack.map(\.id) == ["1", "thread"] && settings.stack[1].maxStartX == 40)
        #expect(
            try Importer(screen: Screen(width: 400, height: 800), stackConfig: config).settings().screen
                == Screen(width: 400, height: 800))
        // The header round-trips through the loader, the id "1" quoted.
        var yaml = ""
        try TraceDocumentWriter(settings: settings) { yaml += $0 }.begin(
            name: "true", origin: TraceOrigin(format: .csv, path: "logs/true.csv"), path: "true.csv"
        ).finish()
        #expect(
            yaml.contains("name: \"true\"\n")
                && yaml.contains("- {id: \"1\"}\n- {id: thread, barHidden: true, maxStartX: 40}\n"))
        let trace = try loadTrace(yaml)
        #expect(
            trace.name == "true" && trace.stack == settings.stack && trace.layoutDirection == .rtl
                && trace.events.isEmpty)
        // A bad config is the config's own error.
        try "format: popgesture-stack/1\nstack: [{id: a, barHiden: true}]\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        #expect(throws: Diagnostic.self) { try Importer(stackConfig: config).settings() }
    }

    // MARK: Streaming

    @Test func aLongRecordingIsWrittenAsItGoesWithABoundedBuffer() throws {
        // 3,000 gestures one after another, every tenth with a second finger: a few strokes held at once.
        var text = Self.slotted
        var t = 0
        func event(_ type: Int, _ code: Int, _ value: Int) {
            text +=
                "E: \(t / 1_000_000).\(String(t % 1_000_000).leftPadded(to: 6)) \(String(type, radix: 16).leftPadded(to: 4)) \(String(code, radix: 16).leftPadded(to: 4)) \(value)\n"
        }
        for stroke in 0..<3_000 {
            let fingers = stroke % 10 == 0 ? [0, 1] : [0]
            for finger in fingers {
                event(3, 0x2f, finger)
                event(3, 0x39, stroke * 2 + finger)
                event(3, 0x35, 10 + finger)
                event(3, 0x36, 20)
            }
            event(0, 0, 0)
            for step in 1...5 {
                t += 8_000
                for finger in fingers {
                    event(3, 0x2f, finger)
                    event(3, 0x35, 10 + finger + step)
                }
                event(0, 0, 0)
            }
            t += 8_000
            for finger in fingers {
                event(3, 0x2f, finger)
                event(3, 0x39, -1)
            }
            event(0, 0, 0)
            t += 100_000
        }
        let result = Self.importing(text, path: "long.evemu")
        #expect(result.error == nil && result.warnings.isEmpty)
        let strokes = try #require(result.documents?.current)
        #expect(strokes.strokesWritten == 3_300)
        // At most the two strokes of a two-finger gesture and the next one are held, never the recording.
        #expect(strokes.peakHeldStrokes <= 3)
        // Written in pieces as it went, not once at the end.
        #expect(result.writes > 5)
    }

    @Test func theWriterOrdersStrokesByStartThenFingerAndStreamsTheFirst() throws {
        var out = ""
        let writer = StrokeWriter { out += $0 }
        let here = SourcePosition(path: "w", line: 1, column: 1)
        try writer.advance(to: 0)
        writer.down(2, Sample(t: 0, x: 1, y: 1), at: here)
        // A second frame at the same time opens a lower finger: it goes first.
        try writer.advance(to: 0)
        writer.down(1, Sample(t: 0, x: 5, y: 5), at: here)
        try writer.advance(to: 10)
        writer.move(1, Sample(t: 10, x: 6, y: 5))
        writer.move(1, Sample(t: 10, x: 7, y: 5))
        writer.end(2, .cancel(10))
        try writer.advance(to: 20)
        writer.end(1, .up(20))
        #expect(try writer.finish().isEmpty)
        #expect(
            out == """
                events:
                - touch: 1
                  samples:
                  - [0, 5, 5]
                  - [10, 7, 5]
                  up: 20
                - touch: 2
                  samples:
                  - [0, 1, 1]
                  cancel: 10

                """)
    }

    // MARK: The command

    @Test func theCommandWritesStandardOutputOrAFileWholeAndNeverOverwritesUnasked() throws {
        let lifted = Self.slotted + Self.down + "E: 0.010000 0003 0039 -001\nE: 0.010000 0000 0000 0000\n"
        let dir = try CommandLineTests.fixture([
            "a.evemu": lifted, "b.csv": "t,x,y,finger\n0,1,2,0\n", "held.evemu": Self.slotted + Self.down,
            "bad.evemu": Self.slotted + "E: 0.010000 0004 0005 0000\n" + Self.down,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = { (arguments: [String]) in try CommandLineTests.run(["import"] + arguments, in: dir) }

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
        #expect(try CommandLineTests.run(["validate", "out.yaml"], in: dir).status == 0)
        #expect(try CommandLineTests.run(["replay", "out.yaml"], in: dir).status == 0)

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
        #expect(try CommandLineTests.run(["validate", "held.yaml"], in: dir).status == 0)

        #expect(try run(["a.evemu", "--screen", "wide"]).status == 2)
        #expect(try run(["--from", "pdf", "a.evemu"]).status == 2)
    }
}
