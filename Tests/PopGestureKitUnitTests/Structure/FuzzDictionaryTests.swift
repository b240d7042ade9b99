import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// The fuzzer's dictionary (fuzz/popgesture.dict) names every word the format knows, so that a new
/// key, kind or rule reaches the fuzzer as soon as it reaches the loader.
@Suite struct FuzzDictionaryTests {
    static func words() -> [String] {
        var words = TraceDecoder.topKeys + TraceDecoder.eventKinds + StackConfig.keys + TraceDecoder.regionKeys
        words += [
            "id", "barHidden", "popDisabled", "maxStartX", "content", "width", "height", "t", "animated", "samples",
            "up", "cancel",
        ]
        words += ["gesture", "outcome", "reason", "pop", "intent", "final", "anomalies", "bar", "none", "ltr", "rtl"]
        words += Intent.allCases.map(\.rawValue)
        words += DocumentFormat.allCases.map(\.rawValue) + Presets.names + RulesLoader.topKeys
        words += RuleKey.all.map(\.name) + RuleKey.all.compactMap(\.section)
        for key in RuleKey.all {
            switch key.type {
            case .choice(let names), .uniqueList(let names): words += names
            default: break
            }
        }
        words +=
            GestureOutcome.allCases.map(\.rawValue) + GestureReason.allCases.map(\.rawValue)
            + PopResult.allCases.map(\.rawValue)
        words += AnomalyKind.allCases.map(\.rawValue) + ContentResult.allCases.map(\.rawValue)
        words += ContentRegion.Kind.allCases.map(\.rawValue) + ContentRegion.Axis.allCases.map(\.rawValue)
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }

    /// The quoted entries of a dictionary under fuzz/.
    static func entries(_ name: String) throws -> Set<String> {
        let text = try String(contentsOfFile: packageRoot + "/fuzz/" + name, encoding: .utf8)
        return Set(
            text.split(separator: "\n").compactMap { line -> String? in
                guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else {
                    return nil
                }
                return String(line[line.index(after: open)..<close])
            })
    }

    /// The config, baseline and `--vary` targets' dictionaries name every key of their format and
    /// the words it takes: the config's keys, formats and presets; the baseline's keys, format and
    /// failure kinds; every rule key and the trace key `sweep` varies.
    @Test func theOtherReadersDictionariesNameTheirWords() throws {
        let config = ConfigFile.keys + [DocumentFormat.config.rawValue, DocumentFormat.rules.rawValue] + Presets.names
        let baseline =
            ["format", "failures", "source", "kind", "expectation", "trace", Baseline.format] + Expectation.kinds
            + [CheckFailure.goldenKind, CheckFailure.uncheckedKind]
        let vary = RuleKey.all.map(\.path) + [SweepGrid.traceKey, SweepGrid.versionKey]
        for (file, words) in [("config.dict", config), ("baseline.dict", baseline), ("vary.dict", vary)] {
            let entries = try Self.entries(file)
            let missing = words.filter { !entries.contains($0) }
            #expect(missing.isEmpty, "add to fuzz/\(file):\n\(missing.map { "\"\($0)\"" }.joined(separator: "\n"))")
        }
    }

    @Test func theDictionaryNamesEveryWordOfTheFormat() throws {
        let text = try String(contentsOfFile: packageRoot + "/fuzz/popgesture.dict", encoding: .utf8)
        let entries = Set(
            text.split(separator: "\n").compactMap { line -> String? in
                guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else {
                    return nil
                }
                return String(line[line.index(after: open)..<close])
            })
        let missing = Self.words().filter { !entries.contains($0) }
        #expect(missing.isEmpty, "add to fuzz/popgesture.dict:\n\(missing.map { "\"\($0)\"" }.joined(separator: "\n"))")
    }
}
