import Foundation
import PopGesture
import PopGestureCore
import Testing

/// Issue 41, item 3, for the library: `Trace.load(contentsOf:)` finds the rules comment in the bytes
/// its loader read, so the file is opened once. `LoadCounter`, the core's count of opens, is not
/// part of the public API (hence this file apart from PublicAPITests); the rule version chosen is.
@Suite(.serialized) struct LibraryReadOnceTests {
    @Test func aFileIsOpenedOnceAndItsCommentStillChooses() throws {
        let path = bundled("pop/cupertino.yaml")
        LoadCounter.shared.start()
        let before = LoadCounter.shared.count(path)
        let traces = try Trace.load(contentsOf: path)
        #expect(LoadCounter.shared.count(path) == before + 1)
        #expect(traces.first?.defaultRules == .cupertino)
    }
}
