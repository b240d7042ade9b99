import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `popgesture import --from uikit` run as a command.
@Suite(.serialized) struct UIKitLogImportCommandTests {

    @Test func theCommandImportsAUIKitLogThatValidates() throws {
        let dir = try CLI.fixture(["touches.csv": Recordings.uikitLog])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["import", "--from", "uikit", "touches.csv", "-o", "touches.yaml"], in: dir)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(try CLI.run(["validate", "touches.yaml"], in: dir).status == 0)
        let misspelt = try CLI.run(
            ["import", "--from", "uikit", "touches.csv", "--columns", "tm=timestamp"], in: dir)
        #expect(misspelt.status == 2 && misspelt.stdout.isEmpty)
        #expect(misspelt.stderr.contains("unknown column `tm`") && misspelt.stderr.contains("did you mean `t`?"))
        let wrongFormat = try CLI.run(["import", "touches.csv", "--axis-range", "ABS_X=0:10"], in: dir)
        #expect(wrongFormat.status == 2 && wrongFormat.stdout.isEmpty)
        #expect(
            wrongFormat.stderr
                == "touches.csv: error: --axis-range is for getevent recordings; this is csv, which gives its own ranges (leave --axis-range out, or pass --from getevent if it is getevent output)\n"
        )
    }
}
