import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// The bundled corpus in traces/ must show every behaviour issue 5 lists, and issue 16's pops ended
/// `by: interrupted`: this test replays it (each file under its own rule version) and names whatever
/// is missing.
@Suite struct CorpusCoverageTests {
    struct Coverage {
        var seen = Set<String>()
        var traces = 0
        mutating func add(_ item: String) { seen.insert(item) }
    }

    static func corpus() throws -> Coverage {
        var coverage = Coverage()
        let choice = RulesChoice(forced: nil)
        var configUsers: [String: Set<String>] = [:]
        for path in InputFiles.expand([packageRoot + "/traces"]) {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            if text.contains("Flutter Authors") { coverage.add("recorded:flutter") }
            if text.contains("Android Open Source Project") { coverage.add("recorded:android") }
            if text.contains("evemu") { coverage.add("recorded:evemu") }
            let replay = Replay(rules: try choice.rules(for: path))
            var documents = 0
            for document in TraceFileLoader(path: path, sink: Replay.sink([replay])) {
                switch document {
                case .rules:
                    coverage.add("rules file")
                    coverage.seen.insert("rules file:\(path)")
                case .stackConfig:
                    coverage.add("stack config")
                case .failure(let source, let error):
                    Issue.record("\(source) does not load: \(error)")
                default:
                    break
                }
                guard let (trace, reports) = replayed(document, under: [replay]) else { continue }
                documents += 1
                coverage.traces += 1
                let report = reports[0]
                if text.contains("config:") { configUsers[path, default: []].insert(trace.source) }
                for gesture in report.gestures {
                    if let outcome = gesture.outcome { coverage.add("outcome:\(outcome.rawValue)") }
                    if let reason = gesture.reason { coverage.add("reason:\(reason)") }
                    if let pop = gesture.pop {
                        coverage.add("pop:\(pop.result.rawValue)")
                        if let by = pop.by { coverage.add("by:\(by)") }
                    }
                    if gesture.outcome == .began, trace.layoutDirection == .rtl {
                        coverage.add("rtl began:\(report.rules)")
                    }
                }
                if trace.layoutDirection == .rtl {
                    coverage.add("rtl:\(report.rules)")
                    if report.gestures.contains(where: { $0.reason == .beyondMaxStartX }) {
                        coverage.add("rtl beyondMaxStartX:\(report.rules)")
                    }
                }
                for anomaly in report.anomalies { coverage.add("anomaly:\(anomaly.kind)") }
                for note in report.notes { coverage.add("note:\(note.kind)") }
                for transition in report.transitions where transition.kind != .interactivePop {
                    coverage.add("\(transition.kind.rawValue):\(transition.animated ? "animated" : "not animated")")
                }
                for note in report.notes where note.kind == .deferred {
                    let behind = report.transitions.last { $0.start <= note.t && ($0.end.map { $0 > note.t } ?? true) }
                    coverage.add(
                        behind?.kind == .interactivePop ? "deferred behind a pop" : "deferred behind a transition")
                }
                if !trace.expectations.isEmpty { coverage.add("expectations") }
                if let match = trace.name.firstMatch(
                    of:
                        /(push|button-pop|completed-swipe|cancelled-swipe)-(managed|unmanaged)-(shown|hidden)-to-(shown|hidden)/
                ) {
                    coverage.add("bar matrix:\(report.rules):\(match.1)-\(match.2)-\(match.3)-to-\(match.4)")
                }
            }
            if documents > 1 { coverage.add("multi-document file") }
        }
        let files = configUsers.filter { !$0.value.isEmpty }
        if files.count >= 2, files.values.reduce(0, { $0 + $1.count }) >= 3 {
            coverage.add("config shared by several traces")
        }
        return coverage
    }

    static let required: [String] = {
        var items = [
            "reason:atRoot", "reason:popDisabled", "reason:beyondMaxStartX", "reason:beyondLocationLimit",
            "reason:transitioning", "reason:wrongDirection", "reason:notHorizontal", "reason:tooManyTouches",
            "reason:outsideEdge", "reason:touchEnded", "reason:touchCancelled", "reason:traceEnded",
            "pop:completed", "pop:cancelled", "pop:unfinished", "pop:ignored",
            "by:projection", "by:lowSampleVelocity", "by:fling", "by:progress", "by:velocitySign",
            "by:touchCancelled", "by:atRoot", "by:transitioning", "by:interrupted",
            // The cross-platform presets (traces/presets).
            "by:speedOrDistance", "by:linearProjection",
            "anomaly:barFlicker", "anomaly:wrongFinalBar", "anomaly:abruptBarChange", "anomaly:nestedTransition",
            "note:deferred", "note:duplicatePush", "note:popAtRoot", "note:unknownVC",
            "deferred behind a transition", "deferred behind a pop",
            "rtl:fd", "rtl:fd-1.1", "rtl beyondMaxStartX:fd",
            "multi-document file", "config shared by several traces", "rules file", "stack config",
            "recorded:flutter", "recorded:android", "recorded:evemu",
        ]
        for kind in ["push", "pop", "popToRoot", "setStack"] {
            items += ["\(kind):animated", "\(kind):not animated"]
        }
        for rules in ["fd", "fd-1.1"] {
            for kind in ["push", "button-pop", "completed-swipe", "cancelled-swipe"] {
                for managed in ["managed", "unmanaged"] {
                    for from in ["shown", "hidden"] {
                        for to in ["shown", "hidden"] {
                            items.append("bar matrix:\(rules):\(kind)-\(managed)-\(from)-to-\(to)")
                        }
                    }
                }
            }
        }
        return items
    }()

    @Test func theCorpusCoversEveryListedBehaviour() throws {
        let coverage = try Self.corpus()
        let missing = Self.required.filter { !coverage.seen.contains($0) }
        #expect(missing.isEmpty, "traces/ lacks: \(missing.joined(separator: ", "))")
        #expect(coverage.traces >= 60, "traces/ holds \(coverage.traces) trace documents, fewer than 60")
        // A mirrored rules file accepts the RTL leading-edge swipe that fd refuses.
        #expect(
            coverage.seen.contains { $0.hasPrefix("rtl began:") && $0 != "rtl began:fd" && $0 != "rtl began:fd-1.1" },
            "no RTL trace begins under a mirrored rules file")
        #expect(coverage.seen.filter { $0.hasPrefix("rules file:") }.count >= 3, "fewer than three example rules files")
    }
}
