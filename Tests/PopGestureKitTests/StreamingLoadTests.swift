import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// A trace replayed while it is read must give the report of the same trace loaded whole, whatever
/// the order of its keys.
@Suite struct StreamingLoadTests {
    static let events = """
        events:
        - touch: 1
          samples: [[0, 30, 400], [16, 42, 401], [33, 80, 402], [50, 140, 402]]
          up: 60
        - {t: 400, push: {id: settings, barHidden: true}}
        - touch: 2
          samples: [[900, 200, 300], [916, 212, 301], [950, 230, 302]]
          cancel: 960
        """

    /// The first document of `yaml`, replayed under `rules` while it is read, as the batch driver does.
    static func streamed(_ yaml: String, rules: String = "fd", retainedSamples: Int = 200_000) throws -> (
        documents: [LoadedDocument], replays: [Replay]
    ) {
        let replays = [Replay(rules: try RulesLoader.load(rules))]
        return (
            Array(
                TraceFileLoader(
                    text: yaml, path: "s.yaml", sink: Replay.sink(replays), retainedSamples: retainedSamples)), replays
        )
    }

    @Test(arguments: [
        // The header first: the replay starts at `events` and runs as they are read.
        "format: popgesture-trace/1\nname: a\nscreen: {width: 320}\nstack: [{id: inbox}, {id: thread}]\n\(events)\nexpect: [{gesture: 1, outcome: began}]\n",
        // Keys that shape the replay after `events`: it runs again from the kept events.
        "format: popgesture-trace/1\nstack: [{id: inbox}, {id: thread}]\n\(events)\nscreen: {width: 320}\nname: a\nexpect: [{gesture: 1, outcome: began}]\n",
        // No stack before `events`: the events are kept and replayed at the end.
        "format: popgesture-trace/1\n\(events)\nname: a\nstack: [{id: inbox}, {id: thread}]\nscreen: {width: 320}\nexpect: [{gesture: 1, outcome: began}]\n",
    ])
    func streamedReportEqualsWholeReport(_ yaml: String) throws {
        let (documents, replays) = try Self.streamed(yaml)
        guard let (trace, reports) = replayed(documents.first, under: replays) else {
            Issue.record("expected a replayed trace, got \(documents)")
            return
        }
        let whole = Replay(rules: try RulesLoader.load("fd")).run(try loadTrace(yaml, path: "s.yaml"))
        #expect(reports == [whole])
        #expect(trace.screen.width == 320 && reports[0].trace == "a")
        #expect(reports[0].gestures.count == 2 && reports[0].expectations.passed == 1)
    }

    @Test func lateHeaderKeyAfterALongEventListIsAnError() throws {
        let yaml =
            "format: popgesture-trace/1\nstack: [{id: inbox}, {id: thread}]\n\(Self.events)\nscreen: {width: 320}\n"
        let documents = try Self.streamed(yaml, retainedSamples: 3).documents
        guard case .failure(_, let diagnostic) = documents.first else {
            Issue.record("expected an error, got \(documents)")
            return
        }
        #expect(diagnostic.line == 1 && diagnostic.column == 1)
        #expect(diagnostic.message.contains("comes after an `events` list of more than 3 samples"))
        #expect(
            diagnostic.suggestion == "put those keys before `events`, so a long recording is replayed as it is read")
        // Under the bound it replays again and is right.
        let fine = try Self.streamed(yaml, retainedSamples: 100)
        guard let (trace, _) = replayed(fine.documents.first, under: fine.replays) else {
            Issue.record("expected a replayed trace")
            return
        }
        #expect(trace.screen.width == 320)
    }

    @Test func streamedTracesKeepNoEventsPastTheBound() throws {
        let yaml = "format: popgesture-trace/1\nstack: [{id: inbox}, {id: thread}]\n\(Self.events)\n"
        let (documents, replays) = try Self.streamed(yaml, retainedSamples: 3)
        guard let (trace, reports) = replayed(documents.first, under: replays) else {
            Issue.record("expected a replayed trace")
            return
        }
        #expect(trace.events.isEmpty)
        #expect(reports[0].gestures.count == 2)
        // Swipe back, the push, then the second swipe pops `settings` and is cancelled.
        #expect(reports[0].transitions.map(\.kind) == [.interactivePop, .push, .interactivePop])
        #expect(reports[0].gestures[1].pop?.result == .cancelled)
    }
}

/// `check` without goldens replays without records; its verdicts must be those of the full replay.
@Suite struct SummaryReplayTests {
    /// Expectations that hold for `report`, one of each kind per gesture and for the whole trace.
    static func expectations(holdingFor report: TraceReport) -> [PopGestureCore.Expectation] {
        var items: [PopGestureCore.Expectation] = []
        for gesture in report.gestures {
            items.append(.outcome(gesture: gesture.index, outcome: gesture.outcome!, reason: gesture.reason))
            if let pop = gesture.pop { items.append(.pop(gesture: gesture.index, result: pop.result)) }
            items.append(.content(gesture: gesture.index, result: gesture.content?.result))
            items.append(.intent(gesture: gesture.index, intent: gesture.pop?.result == .completed ? .back : .stay))
        }
        items.append(.final(stack: report.final.stack, barHidden: report.final.barHidden))
        items.append(.anomalies(report.anomalies.map(\.kind)))
        items.append(.detections(collapsed(report.detections.map(\.direction))))
        items.append(.bar(report.bar.dropFirst().map { .init(t: $0.t, hidden: $0.hidden) }))
        return items
    }

    /// The same, each turned false.
    static func falsified(_ items: [PopGestureCore.Expectation]) -> [PopGestureCore.Expectation] {
        items.map { item in
            switch item {
            case .outcome(let n, let outcome, _):
                .outcome(gesture: n, outcome: outcome == .began ? .refused : .began, reason: nil)
            case .pop(let n, let result): .pop(gesture: n, result: result == .completed ? .cancelled : .completed)
            case .final(let stack, let hidden): .final(stack: (stack ?? []) + ["nowhere"], barHidden: hidden)
            case .anomalies(let kinds): .anomalies(kinds + [.barFlicker])
            case .bar(let points): .bar(points + [.init(t: -1, hidden: true)])
            case .content(let n, let result): .content(gesture: n, result: result == .claimed ? .lost : .claimed)
            case .detections(let runs): .detections(runs + [runs.last == .up ? .down : .up])
            case .intent(let n, let intent): .intent(gesture: n, intent: intent == .back ? .stay : .back)
            }
        }
    }

    @Test(arguments: Presets.names)
    func summaryVerdictsEqualFullVerdicts(_ preset: String) throws {
        let rules = try RulesLoader.load(preset)
        let full = Replay(rules: rules)
        let summary = Replay(rules: rules, keepsRecords: false)
        var generator = RandomTraceGenerator(random: SeededRandom(seed: 0xC0FFEE))
        for n in 0..<200 {
            var trace = generator.trace(n)
            let report = full.run(trace)
            trace.expectations = Self.expectations(holdingFor: report)
            let summed = summary.run(trace)
            #expect(
                summed.expectations.failed == 0 && summed.expectations.passed == trace.expectations.count,
                "trace \(n): \(summed.expectations.failures.map(\.message))")
            #expect(summed.final == report.final && summed.gestures.isEmpty && summed.bar.count == 1)
            trace.expectations = Self.falsified(trace.expectations)
            let wrong = summary.run(trace)
            let wrongFull = full.run(trace)
            #expect(wrong.expectations.failed == trace.expectations.count)
            #expect(wrong.expectations.failures.map(\.index) == wrongFull.expectations.failures.map(\.index))
        }
    }
}

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

/// A failure lists at most twenty of what happened.
@Suite struct LongFailureListTests {
    @Test func aLongAnomalyListIsCut() throws {
        var report = TraceReport(trace: "t", source: "t.yaml#1", rules: "fd")
        report.anomalies = (0..<25).map { Finding(kind: .barFlicker, t: Double($0), detail: "bar changed 2 times") }
        report.bar =
            [BarEntry(t: 0, hidden: false, animated: false, cause: "initial")]
            + (1...22).map { BarEntry(t: Double($0), hidden: $0 % 2 == 1, animated: true, cause: "app") }
        let results = ExpectationCheck.evaluate(
            [.anomalies([]), .bar([])], against: .report(report), rules: try RulesLoader.load("fd"))
        #expect(results.failed == 2)
        let anomalies = results.failures[0].message
        #expect(
            anomalies.hasPrefix(
                "expect[0]: anomalies: expected [], got ["
                    + Array(repeating: "barFlicker", count: 20).joined(separator: ", ")
                    + ", ... 25 in all]: barFlicker at t=0 (bar changed 2 times); "))
        #expect(anomalies.hasSuffix("barFlicker at t=19 (bar changed 2 times)"))
        #expect(results.failures[1].message.contains("[20, false], ... 22 in all] (causes: app, "))
    }
}
