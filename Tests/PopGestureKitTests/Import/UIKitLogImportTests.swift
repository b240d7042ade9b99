import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `import --from uikit` and `--columns`: a UIKit touch log (UITouch.timestamp seconds from any
/// origin, a text identity per touch, UIKit's phases) with hand-computed strokes; the lift row's
/// warning; the suggestions for a misspelt phase or the other log's words.
@Suite struct UIKitLogImportTests {
    static func importing(
        _ text: String, format: ImportFormat = .uikit, columns: String? = nil, path: String = "touches.csv"
    ) -> ImportTests.Imported {
        ImportTests.importing(
            text, path: path,
            importer: Importer(format: format, screen: Screen(width: 390, height: 844), columns: columns))
    }

    static func strokes(_ result: ImportTests.Imported, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [Stroke]
    {
        try #require(result.error == nil, "\(result.error!)", sourceLocation: sourceLocation)
        return try loadTrace(result.yaml).events.compactMap {
            if case .touch(let stroke) = $0.kind { stroke } else { nil }
        }
    }

    /// Two touches by their object addresses: every phase, a cancel, and an address used again by a
    /// later touch; times are seconds since boot.
    static let log = """
        # UITouch.timestamp is seconds since boot
        timestamp,touch,phase,x,y
        183749.25,0x600003a04000,began,30,400
        183749.266667,0x600003a04000,moved,42,401
        183749.283333,0x600003a08000,began,200,500
        183749.283333,0x600003a04000,stationary,42,401
        183749.3,0x600003a04000,moved,80,402
        183749.300000,0x600003a08000,cancelled,200,500
        183749.316667,0x600003a04000,ENDED,80,402
        183749.4,0x600003a08000,began,100,100
        183749.45,0x600003a08000,ended,100,100

        """

    @Test func aUIKitLogWithEveryPhaseTwoTouchesAndACancel() throws {
        let result = Self.importing(Self.log)
        // ms from the first row (183749.25 s): 0.016667 s is 16.667 ms, exactly, from the decimal
        // digits. The first touch is finger 0 and the second, begun while it is down, finger 1;
        // `stationary` adds nothing; the cancel ends finger 1; the address begun again once both are
        // up takes the lowest free number, 0. Lift rows' positions equal the last samples: no warning.
        ImportTests.expectStrokes(
            try Self.strokes(result),
            [
                ImportTests.stroke(0, [[0, 30, 400], [16.667, 42, 401], [50, 80, 402]], .up(66.667)),
                ImportTests.stroke(1, [[33.333, 200, 500]], .cancel(50)),
                ImportTests.stroke(0, [[150, 100, 100]], .up(200)),
            ])
        #expect(result.warnings.isEmpty)
        #expect(result.yaml.contains("  - [16.667, 42, 401]\n"))
        #expect(
            result.yaml.contains(
                """
                origin:
                  importer: "popgesture \(PopGestureVersion.current)"
                  format: uikit
                  file: touches.csv
                  mapping:
                    columns: "t=timestamp,x=x,y=y,finger=touch,phase=phase"
                    time: "s from the first row, as ms"
                    fingers: "each touch numbered from 0 as it begins, the lowest number free"
                    phases: "began,moved,stationary,ended,cancelled"
                events:
                """))
    }

    @Test func columnsAreRenamedForEitherLog() throws {
        let renamed = """
            time,id,kind,locationX,locationY,force
            10.5,a,began,1,2,0.3
            10.508,a,moved,3,4,0.3
            10.516,a,ended,3,4,0

            """
        let result = Self.importing(renamed, columns: "t=time, finger=id,phase=kind,x=locationX,y=locationY")
        ImportTests.expectStrokes(try Self.strokes(result), [ImportTests.stroke(0, [[0, 1, 2], [8, 3, 4]], .up(16))])
        #expect(result.yaml.contains("columns: \"t=time,x=locationx,y=locationy,finger=id,phase=kind\"\n"))
        // The plain log with another name for `t`, and without a phase column.
        let plain = Self.importing("ms,x,y,finger\n5,1,2,0\n9,3,4,0\n", format: .csv, columns: "t=ms")
        ImportTests.expectStrokes(try Self.strokes(plain), [ImportTests.stroke(0, [[5, 1, 2], [9, 3, 4]], .up(9))])
        #expect(plain.yaml.contains("columns: \"t=ms,x=x,y=y,finger=finger\"\n"))
        // A role that does not exist.
        let bad = #expect(throws: Diagnostic.self) { try CSVMapping.csv.renamed("tm=time") }
        #expect(bad?.message == "--columns: unknown column `tm`; the columns are t, x, y, finger and phase")
        #expect(bad?.suggestion == "did you mean `t`?")
        #expect(throws: Diagnostic.self) { try CSVMapping.csv.renamed("t") }
        #expect(throws: Diagnostic.self) { try CSVMapping.csv.renamed("t=a,t=b") }
    }

    @Test func aLiftRowFarFromTheLastSampleWarns() throws {
        let log = "t,x,y,finger,phase\n0,10,20,0,down\n10,20,20,0,move\n20,23,24,0,up\n30,5,5,1,down\n40,6,5,1,up\n"
        let result = Self.importing(log, format: .csv, path: "lift.csv")
        // Finger 0 lifts 5 pt from (20, 20) (3-4-5); finger 1 exactly 1 pt away, which is not more than 1.
        ImportTests.expectStrokes(
            try Self.strokes(result),
            [
                ImportTests.stroke(0, [[0, 10, 20], [10, 20, 20]], .up(20)),
                ImportTests.stroke(1, [[30, 5, 5]], .up(40)),
            ])
        #expect(
            result.warnings.map(\.description) == [
                "lift.csv:4:4: warning: finger 0 lifts at (23, 24), 5 pt from its last sample (20, 20) at 10 ms; a lift row's position is not a sample, so the trace ends at the last sample (add a `move` row at the lift's time to keep that position)"
            ])
    }

    @Test func badUIKitLogs() {
        func expectError(
            _ text: String, format: ImportFormat = .uikit, _ line: Int, _ column: Int, _ message: String,
            suggestion: String?,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let error = Self.importing(text, format: format, path: "bad.csv").error
            #expect(
                error?.place == Diagnostic.Place(line: line, column: column), "\(String(describing: error))",
                sourceLocation: sourceLocation)
            #expect(error?.message == message, sourceLocation: sourceLocation)
            #expect(error?.suggestion == suggestion, sourceLocation: sourceLocation)
        }
        let header = "timestamp,touch,phase,x,y\n"
        expectError(
            header + "1.0,a,begun,1,2\n", 2, 7,
            "unknown phase `begun`; expected began, moved, stationary, ended or cancelled",
            suggestion: "did you mean `began`?")
        expectError(
            header + "1.0,a,down,1,2\n", 2, 7,
            "unknown phase `down`; expected began, moved, stationary, ended or cancelled",
            suggestion: "`down` is a phase of the plain CSV log: pass --from csv")
        expectError(
            "t,x,y,finger,phase\n0,1,2,0,began\n", format: .csv, 2, 9,
            "unknown phase `began`; expected down, move, up or cancel",
            suggestion: "`began` is a phase of the UIKit touch log: pass --from uikit")
        expectError(
            header + "1.0,a,began,1,2\n1.1,b,moved,1,2\n", 3, 5, "touch `b` is moved but never began",
            suggestion: "start each touch with a `began` row")
        expectError(
            header + "1.0,a,stationary,1,2\n", 2, 5, "touch `a` is stationary but never began",
            suggestion: "start each touch with a `began` row")
        expectError(
            header + "1.0,a,began,1,2\n0.5,a,moved,1,2\n", 3, 1,
            "timestamp=0.5 is before the previous row's timestamp=1.0 (line 2); rows must be in time order",
            suggestion: "sort the rows by `timestamp`")
        expectError(
            header + "soon,a,began,1,2\n", 2, 1,
            "expected `timestamp` to be a time in seconds (UITouch.timestamp), found `soon`", suggestion: nil)
        // A UIKit log read as the plain one: its header says which --from to pass.
        expectError(
            header + "1.0,a,began,1,2\n", format: .csv, 1, 1,
            "the header has no `t` column; this log needs t, x, y, finger (and may have phase)",
            suggestion: "a UIKit touch log (timestamp in seconds): pass --from uikit")
    }

    @Test func theCommandImportsAUIKitLogThatValidates() throws {
        let dir = try CommandLineTests.fixture(["touches.csv": Self.log])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CommandLineTests.run(["import", "--from", "uikit", "touches.csv", "-o", "touches.yaml"], in: dir)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(try CommandLineTests.run(["validate", "touches.yaml"], in: dir).status == 0)
        let misspelt = try CommandLineTests.run(
            ["import", "--from", "uikit", "touches.csv", "--columns", "tm=timestamp"], in: dir)
        #expect(misspelt.status == 2 && misspelt.stdout.isEmpty)
        #expect(misspelt.stderr.contains("unknown column `tm`") && misspelt.stderr.contains("did you mean `t`?"))
        let wrongFormat = try CommandLineTests.run(["import", "touches.csv", "--axis-range", "ABS_X=0:10"], in: dir)
        #expect(wrongFormat.status == 2 && wrongFormat.stdout.isEmpty)
        #expect(
            wrongFormat.stderr
                == "touches.csv: error: --axis-range is for getevent recordings; this is csv, which gives its own ranges (leave --axis-range out, or pass --from getevent if it is getevent output)\n"
        )
    }
}
