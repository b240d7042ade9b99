import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `schemas/rules.schema.json` must say what the rule-key table says: the rules part of the schema is
/// generated here from the table and must equal the committed one, key for key.
///
/// In Swift rather than in `Tests/schema/check_schemas.py`: the table is Swift, so a test here reads
/// it directly, where the script would need a command printing the table or a copy of it.
@Suite struct RulesSchemaTests {
    static let schema: [String: JSONValue] = {
        let path = packageRoot + "/schemas/rules.schema.json"
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data),
            case .object(let schema) = json(object)
        else { fatalError("cannot read \(path) as a JSON object") }
        return schema
    }()

    static var properties: [String: JSONValue] {
        guard case .object(let properties)? = schema["properties"] else { return [:] }
        return properties
    }

    /// JSONSerialization's objects as JSONValue, so that schemas compare with `==`; a JSON `true`
    /// is an NSNumber whose type is `c` (char), every other number is not.
    static func json(_ value: Any) -> JSONValue {
        switch value {
        case let text as String: .string(text)
        case let number as NSNumber:
            String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        case let items as [Any]: .array(items.map(json))
        case let members as [String: Any]: .object(members.mapValues(json))
        default: .null
        }
    }

    /// The schema of one key as the table gives it; its description is the summary, then fd's value.
    static func generated(_ key: RuleKey) -> JSONValue {
        var members: [String: JSONValue] = ["description": .string("\(key.summary) fd: \(RulesPrinter.text(key.fd)).")]
        switch key.type {
        case .choice(let names):
            members["enum"] = .array(names.map(JSONValue.string))
        case .nonNegativeNumber:
            members["type"] = .string("number")
            members["minimum"] = .number(0)
        case .positiveNumber(let maximum):
            members["type"] = .string("number")
            members["exclusiveMinimum"] = .number(0)
            members["maximum"] = .number(maximum)
        case .fraction:
            members["type"] = .string("number")
            members["exclusiveMinimum"] = .number(0)
            members["exclusiveMaximum"] = .number(1)
        case .bound:
            members["type"] = .string("number")
            members["anyOf"] = .array([
                .object(["description": .string("No bound."), "const": .number(-1)]),
                .object(["minimum": .number(0)]),
            ])
        case .integer(let minimum):
            members["type"] = .string("integer")
            members["minimum"] = .number(Double(minimum))
        case .bool:
            members["type"] = .string("boolean")
        case .detectors:
            members["type"] = .string("array")
            members["items"] = .object([
                "description": .string(key.itemSummary ?? ""), "type": .string("object"),
                "additionalProperties": .bool(false),
                "required": .array([.string("kind")]),
                "properties": .object([
                    "kind": .object([
                        "description": .string("The detector's kind."),
                        "enum": .array(DetectorRule.Kind.allCases.map { .string($0.rawValue) }),
                    ]),
                    "name": .object([
                        "description": .string("What its detections and anomalies call it; default: its kind."),
                        "type": .string("string"),
                    ]),
                    "minMoveDistance": .object([
                        "description": .string("Points the offset must move past before a report (>= 0). Default 5."),
                        "type": .string("number"), "minimum": .number(0),
                    ]),
                    "compare": .object([
                        "description": .string(
                            "previous (the article's code: every did-scroll moves the start) or dragStart (the start moves only on a report). Default previous."
                        ),
                        "enum": .array(DetectorRule.Compare.allCases.map { .string($0.rawValue) }),
                    ]),
                ]),
            ])
        case .uniqueList(let names):
            members["type"] = .string("array")
            members["uniqueItems"] = .bool(true)
            members["items"] = .object([
                "description": .string(key.itemSummary ?? ""), "enum": .array(names.map(JSONValue.string)),
            ])
        }
        return .object(members)
    }

    /// The schema of one top-level key: a sub-mapping, closed, holding its keys; or a key alone.
    static func generated(_ keys: [RuleKey]) -> JSONValue {
        guard let section = keys[0].section else { return generated(keys[0]) }
        return .object([
            "description": .string(RuleKey.sectionSummaries[section] ?? ""),
            "type": .string("object"),
            "additionalProperties": .bool(false),
            "properties": .object(Dictionary(uniqueKeysWithValues: keys.map { ($0.name, generated($0)) })),
        ])
    }

    @Test(arguments: RuleKey.topLevel.map(\.name))
    func schemaStatesTheKeyAsTheTableDoes(_ name: String) throws {
        let keys = try #require(RuleKey.topLevel.first { $0.name == name }).keys
        let expected = Self.generated(keys)
        let committed = Self.properties[name]
        #expect(
            committed == expected,
            "\(Self.differences(committed, expected, at: "/properties/\(name)").joined(separator: "\n"))")
    }

    /// Where two JSON values differ, as JSON pointers with what the table wants there.
    static func differences(_ committed: JSONValue?, _ expected: JSONValue?, at pointer: String) -> [String] {
        guard case .object(let have)? = committed, case .object(let want)? = expected else {
            guard committed != expected else { return [] }
            return ["\(pointer): \(committed?.rendered ?? "absent"), the table says \(expected?.rendered ?? "absent")"]
        }
        return Set(have.keys).union(want.keys).sorted().flatMap {
            differences(have[$0], want[$0], at: "\(pointer)/\($0)")
        }
    }

    @Test func schemaHasExactlyTheTablesKeysAndTheDocumentKeys() {
        #expect(Set(Self.properties.keys) == Set(RuleKey.documentKeys + RuleKey.topLevel.map(\.name)))
        #expect(Self.schema["additionalProperties"] == .bool(false))
        // A sub-mapping's keys are compared whole above. Its keys must be adjacent in the table, or it
        // would be two top-level entries (and `rules show` would print it twice).
        #expect(RuleKey.topLevel.map(\.name).count == Set(RuleKey.topLevel.map(\.name)).count)
    }

    @Test func extendsNamesEveryPreset() throws {
        guard case .object(let extends)? = Self.properties["extends"], case .array(let choices)? = extends["anyOf"],
            case .object(let presets)? = choices.first
        else {
            Issue.record("schema's `extends` has no anyOf list of presets")
            return
        }
        #expect(presets["enum"] == .array(Presets.names.map(JSONValue.string)))
    }
}
