import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Evidence past a block goes to a temporary file and must read back as it went in.
@Suite struct RecordLogTests {
    @Test func spilledElementsReadBackInOrder() {
        let log = RecordLog<ExpectationEvidence.BarPoint>(blockSize: 8)
        for i in 0..<100 { log.append(.init(t: Double(i) * 1.5, hidden: i % 3 == 0)) }
        #expect(log.count == 100)
        // 96 in the file (12 blocks of 8), 4 in memory.
        #expect((0..<100).allSatisfy { log[$0]?.t == Double($0) * 1.5 && log[$0]?.hidden == ($0 % 3 == 0) })
        #expect(log[100] == nil && log[-1] == nil)
        #expect(log.prefix(3).map(\.t) == [0, 1.5, 3])
        // Appending after reading back goes on at the end.
        log.append(.init(t: 7, hidden: false))
        #expect(log.count == 101 && log[100]?.t == 7 && log[95]?.t == 142.5)
    }

    @Test func rangesReadBackAcrossTheFileAndTheBlock() {
        let log = RecordLog<UInt8>(blockSize: 8)
        for i in 0..<30 { log.append(UInt8(i)) }
        // 24 in the file (3 blocks of 8), 6 in memory.
        #expect(log.elements(in: 0..<30) == (0..<30).map(UInt8.init))
        #expect(log.elements(in: 5..<11) == [5, 6, 7, 8, 9, 10])
        #expect(log.elements(in: 22..<27) == [22, 23, 24, 25, 26])
        #expect(log.elements(in: 25..<29) == [25, 26, 27, 28])
        #expect(log.elements(in: 28..<40) == [28, 29])
        #expect(log.elements(in: 30..<40).isEmpty && log.elements(in: 3..<3).isEmpty)
        // Reading back leaves appending where it was.
        log.append(30)
        #expect(log.elements(in: 23..<31) == [23, 24, 25, 26, 27, 28, 29, 30] && log.prefix(2) == [0, 1])
    }

    @Test func spilledEvidenceGivesTheSameVerdicts() throws {
        let rules = try RulesLoader.load("fd")
        var generator = RandomTraceGenerator(random: SeededRandom(seed: 0xB10C))
        for n in 0..<100 {
            let trace = generator.trace(n)
            let full = Replay(rules: rules).run(trace)
            let evidence = ExpectationEvidence(blockSize: 2)
            for gesture in full.gestures { evidence.add(gesture) }
            for entry in full.bar.dropFirst() { evidence.add(bar: entry) }
            for anomaly in full.anomalies { evidence.add(anomaly: anomaly.kind) }
            let items = SummaryReplayTests.expectations(holdingFor: full)
            // Each of `items` holds for the report it was read off, and each falsified one fails.
            for (expectations, failing) in [(items, 0), (SummaryReplayTests.falsified(items), items.count)] {
                let whole = ExpectationCheck.evaluate(expectations, against: .report(full), rules: rules)
                let summed = ExpectationCheck.evaluate(
                    expectations, against: .summary(evidence, final: full.final), rules: rules)
                #expect(whole.failures.map(\.index) == summed.failures.map(\.index), "trace \(n)")
                #expect(whole.failed == failing && whole.passed == expectations.count - failing, "trace \(n)")
            }
        }
    }
}
