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
