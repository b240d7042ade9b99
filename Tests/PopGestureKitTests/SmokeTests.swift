import Testing
@testable import PopGestureKit

@Test func smoke() throws {
    let report = try replay("""
        format: popgesture-trace/1
        stack: [{id: a}, {id: b}]
        events:
        - touch: 1
          samples: [[0, 50, 400], [20, 240, 400], [32, 240, 400]]
          up: 44
        """)
    #expect(report.gestures.count == 1)
}
