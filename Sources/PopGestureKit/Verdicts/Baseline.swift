import PopGestureCore

/// A baseline (`check --write-baseline FILE`, `--baseline FILE`): the failures a team has accepted
/// for now. A failure is known by where it is, not by its wording: the trace document (`source`,
/// `path#N` as the run names it), the failure's kind and the `expect` item's index, so that a message
/// that words the same failure better does not make it new.
///
/// The file is JSON, one failure a line, keys sorted:
/// `{"failures": [{"expectation": 1, "kind": "pop", "source": "traces/a.yaml#1", "trace": "swipe"}, ...],
/// "format": "popgesture-baseline/1"}` (`trace` is for people; it is not compared).
public struct Baseline: Sendable {
    public static let format = "popgesture-baseline/1"

    public struct Entry: Hashable, Sendable {
        public var source: String
        public var kind: String
        public var expectation: Int?
    }

    /// In the file's order, which is the run's.
    public private(set) var entries: [Entry] = []
    private var set: Set<Entry> = []

    public init() {}

    mutating func add(_ entry: Entry) {
        if set.insert(entry).inserted { entries.append(entry) }
    }

    func contains(_ entry: Entry) -> Bool { set.contains(entry) }

    /// The entries of one trace file.
    func entries(ofFile path: String) -> [Entry] {
        entries.filter { traceFile(ofSource: $0.source) == path }
    }

    /// Reads a baseline through the YAML reader (JSON is YAML): every problem at its line and column.
    public static func load(_ path: String) throws -> Baseline {
        let reader = try YAMLDocumentReader(path: path)
        guard let root = try reader.nextDocument() else {
            throw Diagnostic(
                path: path, message: "is empty; expected a baseline (`format: \(format)`)",
                suggestion: "write one with `popgesture check --write-baseline \(path)`")
        }
        let fields = try MappingFields(root, "a baseline", known: ["format", "failures"])
        let formatNode = try fields.required("format")
        let written = try formatNode.text("`format`")
        guard written == format else {
            throw formatNode.error(
                "expected `format: \(format)`, found `\(written)`", suggestion: "write it again with --write-baseline")
        }
        var baseline = Baseline()
        for item in try fields.required("failures").expectSequence("`failures`, the accepted failures") {
            let entry = try MappingFields(
                item, "a baseline failure", known: ["source", "kind", "expectation", "trace"])
            let kindNode = try entry.required("kind")
            let kind = try kindNode.choice(
                "failure kind", among: Expectation.kinds + [CheckFailure.goldenKind, CheckFailure.uncheckedKind])
            var index: Int?
            if let indexNode = entry["expectation"] {
                if case .scalar(let text, false) = indexNode.content, isNullScalar(text) {
                    index = nil
                } else {
                    index = try indexNode.integer("`expectation` (the item's index in `expect`, from 0)", minimum: 0)
                }
            }
            if Expectation.kinds.contains(kind), index == nil {
                throw item.error("a `\(kind)` failure needs `expectation`, the item's index in `expect`")
            }
            _ = try entry["trace"]?.text("`trace`")
            baseline.add(
                Entry(source: try entry.required("source").text("`source` (path#N)"), kind: kind, expectation: index))
        }
        return baseline
    }

    /// The file's bytes; `traces` names each entry's trace, for people reading it. One entry a line,
    /// so that a baseline's diff in review shows the failures accepted or fixed.
    package func rendered(traces: [Entry: String]) -> String {
        var w = JSONWriter(capacity: 256 + entries.count * 128)
        w.open("{")
        w.key("failures")
        w.open("[")
        for (index, entry) in entries.enumerated() {
            w.raw(index == 0 ? "\n" : ",\n")
            // Each entry by a writer of its own: the lines' separators are not the writer's `, `.
            var line = JSONWriter(capacity: 256)
            line.value(
                .object([
                    "source": .string(entry.source), "kind": .string(entry.kind),
                    "expectation": .optional(entry.expectation.map(Double.init)), "trace": .optional(traces[entry]),
                ]))
            w.raw(line.bytes)
        }
        if !entries.isEmpty { w.raw("\n") }
        w.close("]")
        w.key("format")
        w.string(Self.format)
        w.close("}")
        w.raw("\n")
        return w.text
    }
}

extension Baseline.Entry {
    init(_ failure: CheckFailure, source: String) {
        self.init(source: source, kind: failure.kind, expectation: failure.expectation)
    }

    /// `a.yaml#1 expect[1] (pop)`, `a.yaml#2 golden`.
    var described: String {
        source + (expectation.map { " expect[\($0)] (\(kind))" } ?? " \(kind)")
    }
}

/// The trace file of a document's source, without its `#N`.
func traceFile(ofSource source: String) -> String {
    let file = source.split(separator: "#", omittingEmptySubsequences: false).dropLast().joined(separator: "#")
    return file.isEmpty ? source : file
}
