import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// The loader: every field of SPEC section 1 and every input error, with its 1-based line:column.
@Suite struct LoaderTests {
    static let header = "format: popgesture-trace/1\nstack: [{id: a}, {id: b}]\n"

    func expectError(
        _ yaml: String, _ line: Int, _ column: Int, _ words: String, suggestion: String? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        guard let error = loadError(yaml, sourceLocation: sourceLocation) else { return }
        checkError(
            error, path: "t.yaml", at: line, column, [words], suggestion: suggestion, sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("t.yaml:\(line):\(column): error: "), sourceLocation: sourceLocation)
    }

    // MARK: Valid documents

    @Test func everyFieldLoads() throws {
        let trace = try loadTrace(
            """
            format: popgesture-trace/1
            name: all-fields
            screen: {width: 320, height: 568}
            layoutDirection: rtl
            barAppearanceManaged: false
            initialBarHidden: true
            stack:
              - {id: inbox, barHidden: true}
              - {id: 7, popDisabled: true, maxStartX: -5}
            events:
              - touch: 0
                samples: [[0, 30, 400], [16, 42.5, 401]]
                up: 20
              - touch: 1
                samples: [[30, 1e1, 2E2]]
                cancel: 40
              - touch: 2
                samples: [[50, 0, 0]]
              - {t: 60, push: {id: settings, barHidden: false}}
              - {t: 70, pop: true, animated: false}
              - {t: 80, popToRoot: True}
              - {t: 90, setStack: [{id: inbox}, {id: search, barHidden: true}], animated: FALSE}
              - {t: 100, update: {id: search, popDisabled: true}}
              - {t: 110, setBarHidden: false}
            expect:
              - {gesture: 1, outcome: refused, reason: wrongDirection}
              - {gesture: 2, pop: cancelled}
              - {final: {stack: [inbox, search], barHidden: true}}
              - {anomalies: [barFlicker, wrongFinalBar]}
              - {bar: [[16, false], [366.5, true]]}
            """)
        #expect(trace.name == "all-fields" && trace.source == "t.yaml#1")
        #expect(trace.screen == Screen(width: 320, height: 568) && trace.layoutDirection == .rtl)
        #expect(trace.barAppearanceManaged == false && trace.initialBarHidden == true)
        // Ids are any scalar, as text; a negative maxStartX is clamped to 0 (no limit).
        #expect(
            trace.stack == [
                ViewControllerSpec(id: "inbox", barHidden: true, popDisabled: false, maxStartX: 0),
                ViewControllerSpec(id: "7", barHidden: false, popDisabled: true, maxStartX: 0),
            ])
        #expect(trace.events.count == 9)
        guard case .touch(let first) = trace.events[0].kind, case .touch(let second) = trace.events[1].kind,
            case .touch(let third) = trace.events[2].kind
        else {
            Issue.record("expected three strokes")
            return
        }
        #expect(
            first
                == Stroke(
                    finger: 0, samples: [Sample(t: 0, x: 30, y: 400), Sample(t: 16, x: 42.5, y: 401)], end: .up(20)))
        #expect(second.samples == [Sample(t: 30, x: 10, y: 200)] && second.end == .cancel(40))
        #expect(third.end == .stillDown && trace.events[2].t == 50)
        guard case .push(let pushed, let animated) = trace.events[3].kind else {
            Issue.record("push")
            return
        }
        #expect(pushed.id == "settings" && animated)  // animated defaults to true
        guard case .pop(false) = trace.events[4].kind, case .popToRoot(true) = trace.events[5].kind,
            case .setStack(let specs, false) = trace.events[6].kind, case .update(let update) = trace.events[7].kind,
            case .setBarHidden(false, true) = trace.events[8].kind
        else {
            Issue.record("operations: \(trace.events.map(\.kind))")
            return
        }
        // setStack and update keep unset keys unset, so kept instances keep their values.
        #expect(specs == [ViewControllerSpec(id: "inbox"), ViewControllerSpec(id: "search", barHidden: true)])
        #expect(update == ViewControllerSpec(id: "search", popDisabled: true))
        #expect(
            trace.expectations == [
                .outcome(gesture: 1, outcome: .refused, reason: .wrongDirection),
                .pop(gesture: 2, result: .cancelled),
                .final(stack: ["inbox", "search"], barHidden: true),
                .anomalies([.barFlicker, .wrongFinalBar]),
                .bar([.init(t: 16, hidden: false), .init(t: 366.5, hidden: true)]),
            ])
    }

    @Test func defaultsAndJSON() throws {
        // JSON is YAML; the default screen is 390 x 844, ltr, managed; the name is the file stem.
        let trace = try loadTrace(
            #"{"format": "popgesture-trace/1", "stack": [{"id": "a"}], "events": []}"#, path: "dir/swipe.yaml")
        #expect(trace.name == "swipe" && trace.screen == Screen(width: 390, height: 844))
        #expect(
            trace.layoutDirection == .ltr && trace.barAppearanceManaged && trace.initialBarHidden == nil
                && trace.events.isEmpty)
    }

    @Test func aliasedSamplesAndRows() throws {
        let trace = try loadTrace(
            """
            format: popgesture-trace/1
            stack: &s [{id: a}, {id: b}]
            events:
            - touch: 1
              samples: &swipe [[0, 30, 400], &late [16, 60, 400]]
              up: 20
            - touch: 2
              samples: *swipe
              up: 30
            - touch: 3
              samples: [[10, 1, 1], *late]
            """)
        guard case .touch(let second) = trace.events[1].kind, case .touch(let third) = trace.events[2].kind else {
            Issue.record("strokes")
            return
        }
        #expect(second.samples == [Sample(t: 0, x: 30, y: 400), Sample(t: 16, x: 60, y: 400)])
        #expect(third.samples == [Sample(t: 10, x: 1, y: 1), Sample(t: 16, x: 60, y: 400)])
        #expect(trace.stack.map(\.id) == ["a", "b"])
    }

    @Test func multiDocumentFilesNameAndNumberTheirDocuments() {
        let documents = loadDocuments(Self.header + "---\n" + Self.header + "name: second\n", path: "dir/pair.yaml")
        guard documents.count == 2, case .trace(let one, _) = documents[0], case .trace(let two, _) = documents[1]
        else {
            Issue.record("\(documents)")
            return
        }
        #expect(one.name == "pair#1" && one.source == "dir/pair.yaml#1")
        #expect(two.name == "second" && two.source == "dir/pair.yaml#2")
    }

    @Test func anInvalidDocumentDoesNotStopTheOthers() {
        let documents = loadDocuments(Self.header + "---\n" + Self.header + "barHiden: true\n---\n" + Self.header)
        #expect(documents.count == 3)
        guard case .trace = documents[0], case .failure(let source, let error) = documents[1],
            case .trace = documents[2]
        else {
            Issue.record("\(documents)")
            return
        }
        #expect(source == "t.yaml#2" && error.place?.line == 6 && error.place?.column == 1)
    }

    @Test func aSyntaxErrorEndsTheFileAfterTheDocumentsBefore() {
        let documents = loadDocuments(Self.header + "---\n" + "format: [unclosed\n" + "---\n" + Self.header)
        #expect(documents.count == 2)
        guard case .trace = documents[0], case .failure(_, let error) = documents[1] else {
            Issue.record("\(documents)")
            return
        }
        #expect(error.message.hasPrefix("malformed YAML"))
    }

    // MARK: Errors, with their positions

    @Test func malformedYAML() {
        // The flow sequence opened on line 2 is never closed; libyaml notices at the end of input.
        expectError(
            "format: popgesture-trace/1\nstack: [{id: a}\n", 3, 1, "malformed YAML: did not find expected ',' or ']'")
    }

    @Test func formatIsRequiredAndExact() {
        expectError("stack: [{id: a}]\n", 1, 1, "missing required key `format`")
        expectError(
            "format: popgesture-trace/2\nstack: [{id: a}]\n", 1, 9, "unknown format `popgesture-trace/2`",
            suggestion: "did you mean `popgesture-trace/1`?")
        // A rules document among traces is recognised as one (validate checks it, replays pass it by);
        // where only a stack-config may stand, another kind is named.
        guard case .rules = loadDocuments("format: popgesture-rules/1\nname: x\n").first else {
            Issue.record("a rules document was not recognised")
            return
        }
    }

    @Test func unknownKeysSuggestTheNearestKnownOne() {
        expectError(
            Self.header + "initialBarHiden: true\n", 3, 1, "unknown key `initialBarHiden` in a trace document",
            suggestion: "did you mean `initialBarHidden`?")
        expectError(
            "format: popgesture-trace/1\nstack:\n- {id: a, barHiden: true}\n", 3, 11, "unknown key `barHiden`",
            suggestion: "did you mean `barHidden`?")
        expectError(
            Self.header + "events:\n- {t: 5, pop: true, animted: false}\n", 4, 21,
            "unknown key `animted` in a `pop` event",
            suggestion: "did you mean `animated`?")
        expectError(
            Self.header + "events:\n- {tuch: 1, samples: [[0, 1, 2]]}\n", 4, 3, "unknown event kind `tuch`",
            suggestion: "did you mean `touch`?")
        expectError(
            Self.header + "events:\n- {t: 5, pop: true, push: {id: c}}\n", 4, 3,
            "exactly one kind, found `pop` and `push`")
        expectError(Self.header + "events:\n- {t: 5, animated: true}\n", 4, 3, "unknown event kind")
        expectError(Self.header + "stack: [{id: c}]\n", 3, 1, "duplicate key `stack`")
    }

    @Test func originIsAnyMappingAndNeverReplayed() throws {
        // Before and after the events (the streaming path reads `events` as they pass): nested content of any kind.
        let strokes = "events:\n- {touch: 1, samples: [[0, 30, 400], [16, 60, 400]], up: 32}\n"
        let origin =
            "origin:\n  recorder: popgesture-recorder/1\n  viewport: {width: 390, height: 844}\n  takes: [1, [2, 3]]\n  date: null\n"
        let plain = try loadTrace(Self.header + strokes)
        for yaml in [Self.header + origin + strokes, Self.header + strokes + origin] {
            let trace = try loadTrace(yaml)
            #expect(trace.events.count == plain.events.count && trace.stack == plain.stack)
        }
        expectError(
            Self.header + "origin: recorded on an iPhone\n", 3, 9,
            "expected `origin` (where the trace came from) to be a mapping, found `recorded on an iPhone`",
            suggestion: "write e.g. `origin: {recorder: popgesture-recorder/1, device: iPhone}`")
        expectError(
            Self.header + strokes + "origin: [iPhone]\n", 5, 9,
            "expected `origin` (where the trace came from) to be a mapping, found a list")
        expectError(
            Self.header + "orgin: {device: iPhone}\n", 3, 1, "unknown key `orgin` in a trace document",
            suggestion: "did you mean `origin`?")
    }

    @Test func scalarsFollowTheYAML12CoreSchema() {
        expectError(
            Self.header + "events:\n- {t: \"5\", pop: true}\n", 4, 7,
            "expected `t` (ms) to be a number, found the string \"5\"",
            suggestion: "remove the quotes: a quoted scalar is always a string")
        expectError(
            Self.header + "events:\n- touch: 1\n  samples: [[0, abc, 2]]\n", 5, 17,
            "expected sample x to be a number, found `abc`")
        expectError(
            Self.header + "events:\n- touch: 1\n  samples: [[.nan, 1, 2]]\n", 5, 14,
            "expected sample time t (ms) to be a finite number, found `.nan`")
        expectError(
            Self.header + "events:\n- touch: 1\n  samples: [[0, .inf, 2]]\n", 5, 17, "finite number, found `.inf`")
        expectError(Self.header + "events:\n- touch: 1\n  samples: [[0, 1e999, 2]]\n", 5, 17, "`1e999` is out of range")
        expectError(
            Self.header + "events:\n- touch: 1\n  samples: [[0, 0x10, 2]]\n", 5, 17,
            "expected sample x to be a number, found `0x10`")
        expectError(
            "format: popgesture-trace/1\nbarAppearanceManaged: yes\nstack: [{id: a}]\n", 2, 23,
            "expected `barAppearanceManaged` to be true or false, found `yes`",
            suggestion: "YAML 1.2 booleans are `true` and `false`")
        expectError(Self.header + "events:\n- {t: 5, pop: false}\n", 4, 15, "expected `pop: true`")
        expectError(
            Self.header + "events:\n- {t: 5, update: {id: a}, animated: false}\n", 4, 27,
            "unknown key `animated` in an `update` event")
        expectError(
            Self.header + "events:\n- {touch: -1, samples: [[0, 1, 2]]}\n", 4, 11,
            "expected the finger number `touch` to be an integer >= 0, found -1")
        expectError(
            Self.header + "events:\n- {touch: 1.5, samples: [[0, 1, 2]]}\n", 4, 11, "to be an integer >= 0, found `1.5`"
        )
        expectError(
            "format: popgesture-trace/1\nscreen: {width: 0}\nstack: [{id: a}]\n", 2, 17,
            "expected `screen.width` > 0, found 0")
        expectError(
            "format: popgesture-trace/1\nlayoutDirection: sideways\nstack: [{id: a}]\n", 2, 18,
            "expected `layoutDirection` to be ltr or rtl")
    }

    @Test func timesMustBeNonNegativeOrderedAndIncreasing() {
        expectError(Self.header + "events:\n- {t: -1, pop: true}\n", 4, 7, "expected `t` (ms) to be >= 0, found -1")
        expectError(
            Self.header + "events:\n- {t: 10, pop: true}\n- {t: 5, pop: true}\n", 5, 3,
            "event starts at t=5, before the event at line 4 (t=10); events must be ordered by start time")
        expectError(
            Self.header + "events:\n- touch: 1\n  samples: [[0, 1, 2], [16, 3, 4], [16, 5, 6]]\n", 5, 37,
            "sample time 16 is not after the previous sample's 16")
        expectError(
            Self.header + "events:\n- touch: 1\n  samples: [[0, 1, 2], [16, 3]]\n", 5, 24,
            "expected a sample [t, x, y] with 3 numbers, found 2")
        expectError(Self.header + "events:\n- touch: 1\n  samples: []\n", 5, 12, "`samples` is empty")
        expectError(
            Self.header + "events:\n- touch: 1\n  samples: [[0, 1, 2], [16, 3, 4]]\n  up: 10\n", 6, 7,
            "`up: 10` is earlier than the last sample (t=16)")
        expectError(
            Self.header + "events:\n- touch: 1\n  samples: [[0, 1, 2]]\n  up: 10\n  cancel: 12\n", 7, 3,
            "a stroke ends by `up` or by `cancel`, not both")
    }

    @Test func aFingerCannotBeDownTwice() {
        // Finger 1 is down from 0 to 50; it lands again at 40.
        expectError(
            Self.header
                + "events:\n- touch: 1\n  samples: [[0, 1, 2]]\n  up: 50\n- touch: 1\n  samples: [[40, 1, 2]]\n", 7, 3,
            "finger 1 touches down at t=40 while its stroke from line 4 is still down (until t=50)")
        // A stroke never lifted blocks its finger for the rest of the trace.
        expectError(
            Self.header + "events:\n- touch: 1\n  samples: [[0, 1, 2]]\n- touch: 1\n  samples: [[400, 1, 2]]\n", 6, 3,
            "still down (to the end of the trace)")
        // Reusing a finger once it is up is fine, even at the lift's own time.
        #expect(
            (try? loadTrace(
                Self.header
                    + "events:\n- touch: 1\n  samples: [[0, 1, 2]]\n  up: 50\n- touch: 1\n  samples: [[50, 1, 2]]\n"))
                != nil)
    }

    @Test func stacksAreNonEmptyWithUniqueIds() {
        expectError("format: popgesture-trace/1\nstack: []\n", 2, 8, "`stack` is empty")
        expectError(
            "format: popgesture-trace/1\nstack: [{id: a}, {id: a}]\n", 2, 18,
            "duplicate id `a` in `stack` (first at line 2)")
        expectError(
            Self.header + "events:\n- {t: 1, setStack: [{id: c}, {id: c}]}\n", 4, 30, "duplicate id `c` in `setStack`")
        expectError("format: popgesture-trace/1\nstack: [{barHidden: true}]\n", 2, 9, "missing required key `id`")
        expectError("format: popgesture-trace/1\n", 1, 1, "missing required key `stack`")
    }

    @Test func expectItemsAreChecked() {
        expectError(
            Self.header + "expect:\n- {gesture: 1, outcome: begun}\n", 4, 25, "unknown outcome `begun`",
            suggestion: "did you mean `began`?")
        expectError(
            Self.header + "expect:\n- {gesture: 1, outcome: refused, reason: touchEnded}\n", 4, 42,
            "`touchEnded` is not a reason for outcome refused")
        expectError(Self.header + "expect:\n- {anomalies: [flicker]}\n", 4, 16, "unknown anomaly kind `flicker`")
        expectError(
            Self.header + "expect:\n- {bar: [[10]]}\n", 4, 10, "expected a bar entry [t, hidden], found 1 values")
    }

    // MARK: Files

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "popgesture-loader-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func loadFile(_ path: String) -> [LoadedDocument] { Array(TraceFileLoader(path: path)) }

    static func firstError(_ path: String) -> Diagnostic? {
        for document in loadFile(path) { if case .failure(_, let error) = document { return error } }
        return nil
    }

    @Test func unreadableInputsAreErrorsNotCrashes() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(Self.firstError(dir + "/missing.yaml")?.message == "cannot read file: No such file or directory")
        #expect(Self.firstError(dir)?.message == "is a directory, expected a YAML file")
        _ = FileManager.default.createFile(atPath: dir + "/empty.yaml", contents: Data())
        #expect(Self.firstError(dir + "/empty.yaml")?.message == "contains no trace document")
        _ = FileManager.default.createFile(
            atPath: dir + "/comments.yaml", contents: Data("# nothing here\n# at all\n".utf8))
        #expect(Self.firstError(dir + "/comments.yaml")?.message == "contains no trace document")
        var random = SeededRandom(seed: 9)
        let garbage = Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        _ = FileManager.default.createFile(atPath: dir + "/garbage.yaml", contents: garbage)
        let error = Self.firstError(dir + "/garbage.yaml")
        #expect(
            error != nil
                && (error!.message.hasPrefix("not a YAML text file") || error!.message.hasPrefix("malformed YAML")),
            "\(String(describing: error))")
    }

    @Test func deepNestingAndAliasBombsAreRefused() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let nested = loadError("format: popgesture-trace/1\nstack: \(deep)\n")
        #expect(nested?.message.contains("nesting deeper than 256 levels") == true)
        // Billion laughs: nine levels of nine aliases each.
        var bomb =
            "format: popgesture-trace/1\nstack: [{id: a}]\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            bomb +=
                "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        let start = Date()
        let error = loadError(bomb)
        #expect(error?.message.contains("aliases expand past 1000000 nodes") == true, "\(String(describing: error))")
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func utf16WithAByteOrderMarkLoads() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var data = Data([0xFF, 0xFE])
        data.append(contentsOf: (Self.header + "name: wide\n").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        _ = FileManager.default.createFile(atPath: dir + "/wide.yaml", contents: data)
        guard case .trace(let trace, _) = Self.loadFile(dir + "/wide.yaml").first else {
            Issue.record("\(Self.loadFile(dir + "/wide.yaml"))")
            return
        }
        #expect(trace.name == "wide" && trace.stack.count == 2)
    }

    @Test func configIncludesResolveRelativeToTheTrace() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/stacks", withIntermediateDirectories: true)
        try
            "format: popgesture-stack/1\nscreen: {width: 320}\nlayoutDirection: rtl\nstack: [{id: inbox}, {id: thread}]\n"
            .write(toFile: dir + "/stacks/mail.yaml", atomically: true, encoding: .utf8)
        try "format: popgesture-trace/1\nconfig: stacks/mail.yaml\nlayoutDirection: ltr\n"
            .write(toFile: dir + "/t.yaml", atomically: true, encoding: .utf8)
        guard case .trace(let trace, _) = Self.loadFile(dir + "/t.yaml").first else {
            Issue.record("\(Self.loadFile(dir + "/t.yaml"))")
            return
        }
        // The config supplies screen and stack; the trace's own layoutDirection wins.
        #expect(
            trace.screen.width == 320 && trace.layoutDirection == .ltr && trace.stack.map(\.id) == ["inbox", "thread"])

        try "format: popgesture-trace/1\nconfig: stacks/none.yaml\n".write(
            toFile: dir + "/u.yaml", atomically: true, encoding: .utf8)
        let missing = Self.firstError(dir + "/u.yaml")
        #expect(
            missing?.place?.line == 2 && missing?.place?.column == 9
                && missing?.message.hasPrefix("cannot read config `stacks/none.yaml`") == true)

        try "format: popgesture-stack/1\nstack: [{id: a, barHiden: true}]\n".write(
            toFile: dir + "/stacks/bad.yaml", atomically: true, encoding: .utf8)
        try "format: popgesture-trace/1\nconfig: stacks/bad.yaml\n".write(
            toFile: dir + "/v.yaml", atomically: true, encoding: .utf8)
        let bad = Self.firstError(dir + "/v.yaml")
        // Blamed on the trace's `config:` value, naming the place in the config.
        #expect(bad?.path == dir + "/v.yaml" && bad?.place?.line == 2 && bad?.place?.column == 9)
        #expect(
            bad?.message.hasPrefix(
                "config `stacks/bad.yaml` is invalid: \(dir)/stacks/bad.yaml:2:17: unknown key `barHiden`") == true,
            "\(String(describing: bad))")

        // A config must be a stack-config: a trace there is named for what it is.
        try "format: popgesture-trace/1\nconfig: t.yaml\n".write(
            toFile: dir + "/w.yaml", atomically: true, encoding: .utf8)
        let wrongKind = Self.firstError(dir + "/w.yaml")
        #expect(wrongKind?.path == dir + "/w.yaml" && wrongKind?.place?.line == 2 && wrongKind?.place?.column == 9)
        #expect(
            wrongKind?.message
                == "config `t.yaml` is invalid: \(dir)/t.yaml:1:9: this is a trace document, expected `format: popgesture-stack/1`"
        )
    }
}

// MARK: - More of section 1, each error at its exact line and column

extension LoaderTests {
    // MARK: Valid input

    @Test func scalarsInEveryCoreSchemaSpelling() throws {
        // FALSE/True are booleans; +3, .5, 1E1, -.5, +2. are numbers; ids are text, quoted or not.
        let trace = try loadTrace(
            """
            format: popgesture-trace/1
            barAppearanceManaged: FALSE
            initialBarHidden: True
            stack: [{id: "yes"}, {id: 1.0, maxStartX: .5}]
            events:
              - {touch: +3, samples: [[1E1, -.5, +2.]]}
              - {t: 20, pop: TRUE, animated: False}
            """)
        #expect(trace.barAppearanceManaged == false && trace.initialBarHidden == true)
        #expect(trace.stack.map(\.id) == ["yes", "1.0"] && trace.stack[1].maxStartX == 0.5)
        #expect(
            trace.events == [
                TraceEvent(.touch(Stroke(finger: 3, samples: [Sample(t: 10, x: -0.5, y: 2)], end: .stillDown)), t: 10),
                TraceEvent(.pop(animated: false), t: 20),
            ])
    }

    @Test func everyEventKindWithItsDefaults() throws {
        // `animated` defaults to true; a pushed controller takes the stack defaults; `setStack` and
        // `update` leave unset keys nil so kept instances keep their values; a positive maxStartX stays.
        let trace = try loadTrace(
            Self.header + """
                events:
                  - {t: 900, push: {id: settings, maxStartX: 40}}
                  - {t: 1000, pop: true}
                  - {t: 2000, popToRoot: true, animated: false}
                  - {t: 2500, setStack: [{id: a}, {id: search, barHidden: true}]}
                  - {t: 2600, update: {id: search, popDisabled: true}}
                  - {t: 2700, setBarHidden: true}
                """)
        #expect(
            trace.events == [
                TraceEvent(
                    .push(
                        ViewControllerSpec(id: "settings", barHidden: false, popDisabled: false, maxStartX: 40),
                        animated: true), t: 900),
                TraceEvent(.pop(animated: true), t: 1000),
                TraceEvent(.popToRoot(animated: false), t: 2000),
                TraceEvent(
                    .setStack(
                        [ViewControllerSpec(id: "a"), ViewControllerSpec(id: "search", barHidden: true)], animated: true
                    ), t: 2500),
                TraceEvent(.update(ViewControllerSpec(id: "search", popDisabled: true)), t: 2600),
                TraceEvent(.setBarHidden(true, animated: true), t: 2700),
            ])
    }

    @Test func aliasedMappingsAndEvents() throws {
        let trace = try loadTrace(
            """
            format: popgesture-trace/1
            stack: [&root {id: inbox, barHidden: true}, {id: thread}]
            events:
              - &hide {t: 50, setBarHidden: true}
              - *hide
              - {t: 60, setStack: [*root]}
            """)
        #expect(
            trace.events == [
                TraceEvent(.setBarHidden(true, animated: true), t: 50),
                TraceEvent(.setBarHidden(true, animated: true), t: 50),
                TraceEvent(.setStack([ViewControllerSpec(id: "inbox", barHidden: true)], animated: true), t: 60),
            ])
    }

    @Test func errorsAboutAnAliasedNodeAreAtTheAlias() {
        // Where the alias stands decides the order and the duplicate: `stack: [&a {id: a}, ` is 20 characters.
        expectLoadError(
            "format: popgesture-trace/1\nstack: [&a {id: a}, *a]\n", at: 2, 21,
            ["duplicate id `a` in `stack` (first at line 2)"])
        expectLoadError(
            Self.header + "events:\n  - &late {t: 50, pop: true}\n  - {t: 60, pop: true}\n  - *late\n", at: 6, 5,
            ["event starts at t=50, before the event at line 5 (t=60)"])
        // An error inside the aliased content stays where the content is written.
        expectLoadError(Self.header + "x: &bad {t: -1, pop: true}\n", at: 3, 1, ["unknown key `x`"])
        expectLoadError(
            Self.header + "events:\n  - &bad {t: -1, pop: true}\n", at: 4, 14,
            ["expected `t` (ms) to be >= 0, found -1"])
    }

    @Test func oneOrSeveralDocumentsAreNamedAfterTheStem() {
        let several = loadDocuments(
            """
            format: popgesture-trace/1
            stack: [{id: a}]
            ---
            format: popgesture-trace/1
            name: named
            stack: [{id: a}]
            ---
            format: popgesture-trace/1
            stack: [{id: a}]
            """, path: "dir/swipes.yaml")
        #expect(several.map(\.source) == ["dir/swipes.yaml#1", "dir/swipes.yaml#2", "dir/swipes.yaml#3"])
        #expect(several.map(traceName) == ["swipes#1", "named", "swipes#3"])
        // A single document takes the bare stem (only the last extension goes), even between `---` and `...`.
        let single = loadDocuments(
            "---\nformat: popgesture-trace/1\nstack: [{id: a}]\n...\n", path: "dir/swipe.back.yaml")
        #expect(single.map(\.source) == ["dir/swipe.back.yaml#1"])
        #expect(single.map(traceName) == ["swipe.back"])
    }

    @Test func rulesAndStackDocumentsInATraceFileAreNotTraces() {
        let documents = loadDocuments(
            "format: popgesture-rules/1\nname: mine\nvelocity: last2\n---\nformat: popgesture-stack/1\nstack: [{id: a}]\n",
            path: "x.yaml")
        guard documents.count == 2, case .rules(let rules, let source) = documents[0],
            case .stackConfig(let stackSource) = documents[1]
        else {
            Issue.record("expected a rules and a stack-config document, got \(documents)")
            return
        }
        #expect(rules.name == "mine" && rules.velocity == .last2 && source == "x.yaml#1" && stackSource == "x.yaml#2")
    }

    @Test func aConfigSuppliesAllFiveKeysAndTheTraceOwnWin() throws {
        try withFolder([
            "traces/stacks/mail.yaml": """
            format: popgesture-stack/1
            name: mail
            screen: {width: 320, height: 568}
            layoutDirection: rtl
            barAppearanceManaged: false
            initialBarHidden: true
            stack: [{id: inbox, barHidden: true}, {id: thread}]
            """,
            "traces/swipe.yaml": """
            format: popgesture-trace/1
            config: stacks/mail.yaml
            layoutDirection: ltr
            initialBarHidden: false
            ---
            format: popgesture-trace/1
            config: stacks/mail.yaml
            stack: [{id: solo}]
            """,
        ]) { folder in
            let documents = Array(TraceFileLoader(path: folder + "/traces/swipe.yaml"))
            guard documents.count == 2, case .trace(let first, _) = documents[0],
                case .trace(let second, _) = documents[1]
            else {
                Issue.record("expected two traces, got \(documents)")
                return
            }
            #expect(first.screen == Screen(width: 320, height: 568) && first.barAppearanceManaged == false)
            #expect(first.layoutDirection == .ltr && first.initialBarHidden == false)  // the trace's own
            #expect(
                first.stack == [
                    ViewControllerSpec(id: "inbox", barHidden: true, popDisabled: false, maxStartX: 0),
                    ViewControllerSpec(id: "thread", barHidden: false, popDisabled: false, maxStartX: 0),
                ])
            #expect(
                second.stack.map(\.id) == ["solo"] && second.layoutDirection == .rtl && second.initialBarHidden == true)
        }
        // `config:` is a path: `config: ` is 8 characters.
        expectLoadError(
            "format: popgesture-trace/1\nconfig: [a]\n", at: 2, 9,
            ["expected `config` (a stack-config path), found a list"])
    }

    // MARK: Errors in the text itself

    @Test func aTabCannotIndent() {
        expectLoadError(
            "format: popgesture-trace/1\nstack:\n\t- {id: a}\n", at: 3, 1,
            ["malformed YAML: found character that cannot start any token"])
    }

    @Test func aBrokenDirectiveAfterTheFirstDocumentEndsTheFile() {
        // libyaml fails while looking for the second document; the first is delivered, and numbered.
        let documents = loadDocuments(Self.header + "...\n%YAML 1.2\n%YAML 1.2\n---\n" + Self.header, path: "d.yaml")
        guard documents.count == 2, case .trace(let first, _) = documents[0],
            case .failure(let source, let error) = documents[1]
        else {
            Issue.record("expected trace, failure; got \(documents)")
            return
        }
        #expect(first.name == "d#1" && source == "d.yaml#2")
        checkError(error, path: "d.yaml", at: 5, 1, ["malformed YAML", "duplicate %YAML directive"])
    }

    @Test func badCharactersAreReportedWhereTheyAreNotWhereLibyamlsReaderWas() {
        // libyaml decodes ahead of its scanner; the loader counts to the bad byte itself.
        // The NUL follows `name: a` (7 characters) on line 2.
        expectLoadError(
            "format: popgesture-trace/1\nname: a\u{0}b\nstack: [{id: a}]\n", at: 2, 8,
            ["not a YAML text file: control characters are not allowed at byte 34"])
        // Columns count characters, not bytes: `name: é` is 7 characters (8 bytes).
        expectLoadError(
            "format: popgesture-trace/1\nname: \u{e9}\u{1}\n", at: 2, 8,
            ["control characters are not allowed at byte 35"])
        // `\r\n` is one line break; a byte order mark takes no column.
        expectLoadError("format: popgesture-trace/1\r\nname: a\r\n\u{7}\n", at: 3, 1, ["control characters"])
        expectLoadError("\u{FEFF}name: \u{0}\n", at: 1, 7, ["control characters"])
        expectLoadError("\u{0}", at: 1, 1, ["control characters"])
    }

    @Test func badBytesInFilesAreReportedWhereTheyAre() throws {
        func utf16LE(_ text: String) -> [UInt8] {
            [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        try withFolder(bytes: [
            // `name: ab` is 8 characters: the 0xFF is the 9th.
            "invalid.yaml": Array("format: popgesture-trace/1\nname: ab".utf8) + [0xFF, 0x0A],
            "utf16-nul.yaml": utf16LE("format: popgesture-trace/1\nname: \u{e9}\u{0}\n"),
            "utf16-odd.yaml": utf16LE("format: popgesture-trace/1\nname: x") + [0x41],
            "utf16-keys.yaml": utf16LE("format: popgesture-trace/1\nstack: [{id: \u{e9}, barHiden: true}]\n"),
        ]) { folder in
            let errors = ["invalid.yaml", "utf16-nul.yaml", "utf16-odd.yaml", "utf16-keys.yaml"].map {
                firstFailure(TraceFileLoader(path: folder + "/" + $0))
            }
            if let error = errors[0] {
                checkError(
                    error, path: folder + "/invalid.yaml", at: 2, 9, ["not a YAML text file", "UTF-8", "at byte 35"])
            }
            if let error = errors[1] {
                checkError(error, path: folder + "/utf16-nul.yaml", at: 2, 8, ["control characters are not allowed"])
            }
            if let error = errors[2] {
                checkError(error, path: folder + "/utf16-odd.yaml", at: 2, 8, ["incomplete UTF-16 character"])
            }
            // A decoding error in UTF-16 and an error in its content both count characters: `stack: [{id: é, ` is 16.
            if let error = errors[3] {
                checkError(
                    error, path: folder + "/utf16-keys.yaml", at: 2, 17, ["unknown key `barHiden`"],
                    suggestion: "did you mean `barHidden`?")
            }
        }
    }

    @Test func binaryGarbageIsAnErrorAtItsFirstBadByte() throws {
        // Deterministic noise with NULs and invalid UTF-8, after a line that looks like YAML.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var bytes = Array("format: popgesture-trace/1\n".utf8)
        for i in 0..<8192 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes.append(i % 97 == 0 ? 0 : UInt8(truncatingIfNeeded: state >> 56))
        }
        try withFolder(bytes: ["noise.yaml": bytes]) { folder in
            let documents = Array(TraceFileLoader(path: folder + "/noise.yaml"))
            guard documents.count == 1, case .failure(_, let error) = documents[0] else {
                Issue.record("expected one error, got \(documents)")
                return
            }
            // The noise starts with a NUL at byte 27, the start of line 2.
            checkError(error, path: folder + "/noise.yaml", at: 2, 1, ["not a YAML text file", "at byte 27"])
        }
    }

    @Test func aListIsNotADocument() {
        expectLoadError("- format: popgesture-trace/1\n", at: 1, 1, ["expected a trace document", "found a list"])
        // An explicit empty document is a null where a document should be.
        expectLoadError("---\n...\n", at: 2, 1, ["expected a trace document", "found null"])
    }

    @Test func aTraceOrRulesFileWhereAStackConfigIsExpectedIsNamedAsOne() throws {
        try withFolder([
            "rules.yaml": "format: popgesture-rules/1\nvelocity: last2\n",
            "trace.yaml": "format: popgesture-trace/1\nconfig: rules.yaml\n",
            "self.yaml": "format: popgesture-trace/1\nconfig: self.yaml\n",
        ]) { folder in
            // The error is at the trace's `config:` value, naming the named file's format value.
            if let error = firstFailure(TraceFileLoader(path: folder + "/trace.yaml")) {
                checkError(
                    error, path: folder + "/trace.yaml", at: 2, 9,
                    [
                        "config `rules.yaml` is invalid: \(folder)/rules.yaml:1:9: this is a rules document",
                        "expected `format: popgesture-stack/1`",
                    ],
                    suggestion: "pass a rules file with `--rules`")
            }
            if let error = firstFailure(TraceFileLoader(path: folder + "/self.yaml")) {
                checkError(
                    error, path: folder + "/self.yaml", at: 2, 9,
                    [
                        "config `self.yaml` is invalid: \(folder)/self.yaml:1:9: this is a trace document",
                        "expected `format: popgesture-stack/1`",
                    ],
                    suggestion: "a trace's `config:` names a stack-config document, not another trace")
            }
            // And a trace given as rules.
            do {
                _ = try RulesLoader.load(folder + "/trace.yaml")
                Issue.record("a trace loaded as rules")
            } catch let error as Diagnostic {
                checkError(
                    error, path: folder + "/trace.yaml", at: 1, 9,
                    ["this is a trace document", "expected `format: popgesture-rules/1`"],
                    suggestion: "a trace is an input file; `--rules` and `extends` take a preset name or a rules file")
            }
        }
    }

    @Test func emptyAndCommentOnlyTextsHoldNoTrace() {
        for text in ["", "# only a comment\n# and another\n"] {
            let documents = loadDocuments(text, path: "empty.yaml")
            guard documents.count == 1, case .failure(let source, let error) = documents[0] else {
                Issue.record("expected one error for \(text.debugDescription), got \(documents)")
                continue
            }
            #expect(source == "empty.yaml")
            checkError(
                error, wholeFile: "empty.yaml", ["contains no trace document"],
                suggestion: "a trace starts with `format: popgesture-trace/1`")
        }
    }

    // MARK: Errors in keys and events

    @Test func unknownKeysElsewhere() {
        // `barHidden` belongs to a view controller; at the top level it is unknown (and too far from
        // `initialBarHidden` to be suggested).
        expectLoadError(Self.header + "barHiden: true\n", at: 3, 1, ["unknown key `barHiden` in a trace document"])
        // `screen: {width: 300, ` is 21 characters.
        expectLoadError(
            Self.header + "screen: {width: 300, hieght: 600}\n", at: 3, 22, ["unknown key `hieght` in `screen`"],
            suggestion: "did you mean `height`?")
    }

    @Test func duplicateKeysInEventsAreErrors() {
        // `  - {t: 5, ` is 11 characters.
        expectLoadError(
            Self.header + "events:\n  - {t: 5, t: 6, pop: true}\n", at: 4, 12, ["duplicate key `t` in a `pop` event"])
        // Samples are read as they stream past; a second `samples` is still caught.
        expectLoadError(
            Self.header + "events:\n  - touch: 1\n    samples: [[0, 1, 1]]\n    samples: [[0, 1, 1]]\n", at: 6, 5,
            ["duplicate key `samples` in a `touch` event"])
        expectLoadError(Self.header + "events: []\nevents: []\n", at: 4, 1, ["duplicate key `events`"])
    }

    @Test func eventShapes() {
        expectLoadError(
            Self.header + "events:\n  - {t: 5, push: {id: c}, pop: true}\n", at: 4, 5,
            ["an event has exactly one kind", "`push` and `pop`"], suggestion: "split it into two events")
        expectLoadError(
            Self.header + "events:\n  - tuch: 1\n    samples: [[0, 10, 10]]\n", at: 4, 5,
            [
                "unknown event kind `tuch`",
                "expected one of touch, push, pop, popToRoot, setStack, update, setBarHidden",
            ],
            suggestion: "did you mean `touch`?")
        expectLoadError(Self.header + "events:\n  - pop\n", at: 4, 5, ["expected an event (a mapping", "found `pop`"])
        expectLoadError(
            Self.header + "events:\n  - {pop: true}\n", at: 4, 5, ["missing required key `t` in a `pop` event"])
        expectLoadError(Self.header + "events: {t: 1}\n", at: 3, 9, ["expected `events` (a list), found a mapping"])
    }

    @Test func popAndPopToRootTakeTrue() {
        // `  - {t: 5, pop: ` is 16 characters.
        expectLoadError(
            Self.header + "events:\n  - {t: 5, pop: false}\n", at: 4, 17,
            ["expected `pop: true`, found `false`"],
            suggestion: "write `pop: true`; to skip the operation, remove the event")
        // A quoted "true" is a string; `  - {t: 5, popToRoot: ` is 22 characters.
        expectLoadError(
            Self.header + "events:\n  - {t: 5, popToRoot: \"true\"}\n", at: 4, 23,
            ["expected `popToRoot: true`", "the string \"true\""])
        expectLoadError(
            Self.header + "events:\n  - {t: 5, pop: yes}\n", at: 4, 17, ["expected `pop: true`, found `yes`"])
    }

    // MARK: Errors in scalars

    @Test func aQuotedNumberInASampleIsAString() {
        // Samples are read straight from libyaml's events, with the same errors: `    samples: [[0, ` is 18 characters.
        expectLoadError(
            Self.header + "events:\n  - touch: 1\n    samples: [[0, '30', 10]]\n", at: 5, 19,
            ["expected sample x to be a number", "found the string \"30\""],
            suggestion: "remove the quotes: a quoted scalar is always a string")
        expectLoadError(
            Self.header + "events:\n  - touch: 1\n    samples: [[!!str 0, 30, 10]]\n", at: 5, 16,
            ["expected sample time t (ms) to be a number", "found the string \"0\""])
    }

    @Test func nonFiniteNumbersOutsideSamples() {
        // `  - {t: ` is 8 characters.
        expectLoadError(
            Self.header + "events:\n  - {t: .nan, pop: true}\n", at: 4, 9,
            ["expected `t` (ms) to be a finite number, found `.nan`"])
        expectLoadError(
            Self.header + "events:\n  - {t: .Inf, pop: true}\n", at: 4, 9,
            ["expected `t` (ms) to be a finite number, found `.Inf`"])
        expectLoadError(
            Self.header + "events:\n  - {t: 1e999, pop: true}\n", at: 4, 9,
            ["expected `t` (ms) to be a finite number", "`1e999` is out of range"])
        // `    samples: [[0, ` is 18 characters.
        expectLoadError(
            Self.header + "events:\n  - touch: 1\n    samples: [[0, -.Inf, 10]]\n", at: 5, 19,
            ["finite number, found `-.Inf`"])
        expectLoadError(
            Self.header + "events:\n  - touch: 1\n    samples: [[0, -1e999, 10]]\n", at: 5, 19,
            ["`-1e999` is out of range"])
        // `screen: {width: ` is 16 characters.
        expectLoadError(
            Self.header + "screen: {width: .inf}\n", at: 3, 17, ["expected `screen.width` to be a finite number"])
    }

    @Test func onlyTrueAndFalseAreBooleans() {
        // `  - {t: 5, pop: true, animated: ` is 32 characters.
        expectLoadError(
            Self.header + "events:\n  - {t: 5, pop: true, animated: off}\n", at: 4, 33,
            ["expected `animated` to be true or false, found `off`"],
            suggestion: "YAML 1.2 booleans are `true` and `false`")
        expectLoadError(
            Self.header + "initialBarHidden: 1\n", at: 3, 19,
            ["expected `initialBarHidden` to be true or false, found `1`"])
        expectLoadError(Self.header + "initialBarHidden: \"true\"\n", at: 3, 19, ["found the string \"true\""])
    }

    @Test func negativeSampleTimesAndLifts() throws {
        // `    samples: [[` is 15 characters.
        expectLoadError(
            Self.header + "events:\n  - touch: 1\n    samples: [[-1, 10, 10]]\n", at: 5, 16,
            ["expected sample time t (ms) to be >= 0, found -1"])
        expectLoadError(
            Self.header + "events:\n  - touch: 1\n    samples: [[0, 10, 10]]\n    up: -1\n", at: 6, 9,
            ["expected `up` (ms) to be >= 0, found -1"])
        // A negative coordinate is fine (a finger past the edge).
        let trace = try loadTrace(Self.header + "events:\n  - {touch: 1, samples: [[0, -10, -20]]}\n")
        #expect(
            trace.events == [
                TraceEvent(.touch(Stroke(finger: 1, samples: [Sample(t: 0, x: -10, y: -20)], end: .stillDown)), t: 0)
            ])
    }

    @Test func screenAndLayoutDirection() {
        // `screen: {width: 390, height: ` is 29 characters.
        expectLoadError(
            Self.header + "screen: {width: 390, height: -1}\n", at: 3, 30, ["expected `screen.height` > 0, found -1"])
        expectLoadError(
            Self.header + "layoutDirection: RTL\n", at: 3, 18,
            ["expected `layoutDirection` to be ltr or rtl, found `RTL`"],
            suggestion: "did you mean `rtl`?")
    }

    // MARK: Errors in order and strokes

    @Test func aTouchStartsAtItsFirstSample() throws {
        expectLoadError(
            Self.header
                + "events:\n  - {t: 10, setBarHidden: true}\n  - {touch: 1, samples: [[9, 1, 1], [20, 2, 2]]}\n", at: 5,
            5,
            ["event starts at t=9, before the event at line 4 (t=10)"])
        // Equal start times are in order.
        let trace = try loadTrace(
            Self.header + "events:\n  - {t: 10, pop: true}\n  - {touch: 1, samples: [[10, 1, 1]]}\n")
        #expect(trace.events.map(\.t) == [10, 10])
    }

    @Test func sampleShapesAndOrderInEveryStyle() {
        // Block style is read the same way: line 8 is `      - [4, 10, 10]`, the 4 at column 10.
        expectLoadError(
            Self.header + """
                events:
                  - touch: 1
                    samples:
                      - [0, 10, 10]
                      - [5, 10, 10]
                      - [4, 10, 10]
                """, at: 8, 10, ["sample time 4 is not after the previous sample's 5", "strictly increase"])
        // `    samples: [` is 14 characters: rows start at column 15.
        expectLoadError(
            Self.header + "events:\n  - touch: 1\n    samples: [[0, 10, 10, 4]]\n", at: 5, 15,
            ["with 3 numbers, found 4"])
        expectLoadError(
            Self.header + "events:\n  - touch: 1\n    samples: [7]\n", at: 5, 15,
            ["expected a sample [t, x, y] (a list), found `7`"])
        expectLoadError(
            Self.header + "events:\n  - touch: 1\n    samples: 7\n", at: 5, 14,
            ["expected `samples`, a list of [t, x, y] (a list), found `7`"])
        expectLoadError(
            Self.header + "events:\n  - touch: 1\n    up: 5\n", at: 4, 5,
            ["missing required key `samples` in a `touch` event"])
        // An aliased row is checked where it is used: `    samples: [[5, 1, 1], ` is 25 characters.
        expectLoadError(
            Self.header
                + "events:\n  - {touch: 1, samples: [&r [0, 1, 1]]}\n  - touch: 2\n    samples: [[5, 1, 1], *r]\n",
            at: 6, 26, ["sample time 0 is not after the previous sample's 5"])
    }

    @Test func aCancelComesAtOrAfterTheLastSample() throws {
        // `  - {touch: 1, samples: [[0, 10, 10], [16, 20, 10]], cancel: ` is 61 characters.
        expectLoadError(
            Self.header + "events:\n  - {touch: 1, samples: [[0, 10, 10], [16, 20, 10]], cancel: 15.5}\n", at: 4, 62,
            ["`cancel: 15.5` is earlier than the last sample (t=16)"],
            suggestion: "the lift comes at or after the last sample")
        // At the last sample is fine.
        let trace = try loadTrace(
            Self.header + "events:\n  - {touch: 1, samples: [[0, 10, 10], [16, 20, 10]], cancel: 16}\n")
        #expect(
            trace.events == [
                TraceEvent(
                    .touch(
                        Stroke(
                            finger: 1, samples: [Sample(t: 0, x: 10, y: 10), Sample(t: 16, x: 20, y: 10)],
                            end: .cancel(16))), t: 0)
            ])
    }

    @Test func fingersOverlapOnlyOtherFingers() throws {
        expectLoadError(
            Self.header + """
                events:
                  - touch: 1
                    samples: [[0, 10, 10], [16, 20, 10]]
                    cancel: 100
                  - touch: 1
                    samples: [[99, 10, 10]]
                """, at: 7, 5,
            ["finger 1 touches down at t=99 while its stroke from line 4 is still down (until t=100)"],
            suggestion: "give the stroke an `up` before this one starts, or use another finger number")
        // Other fingers may overlap; a cancel frees a finger like an up.
        let trace = try loadTrace(
            Self.header + """
                events:
                  - touch: 1
                    samples: [[0, 10, 10], [16, 20, 10]]
                    up: 100
                  - touch: 2
                    samples: [[50, 10, 10]]
                    cancel: 60
                  - touch: 2
                    samples: [[60, 10, 10]]
                  - touch: 1
                    samples: [[100, 10, 10]]
                """)
        #expect(trace.events.count == 4)
    }

    @Test func fingerNumbersAreUnquotedIntegers() {
        // `  - {touch: ` is 12 characters.
        expectLoadError(
            Self.header + "events:\n  - {touch: \"1\", samples: [[0, 10, 10]]}\n", at: 4, 13,
            ["expected the finger number `touch` to be an integer >= 0, found the string \"1\""])
        expectLoadError(Self.header + "events:\n  - {touch: 1e0, samples: [[0, 10, 10]]}\n", at: 4, 13, ["found `1e0`"])
    }

    // MARK: Errors in stacks

    @Test func stackEntriesNeedAnId() {
        // `stack: [{id: ` is 13 characters.
        expectLoadError("format: popgesture-trace/1\nstack: [{id: ~}]\n", at: 2, 14, ["expected `id`, found null"])
        expectLoadError(
            "format: popgesture-trace/1\nstack: [inbox]\n", at: 2, 9,
            ["expected an entry of `stack` (a mapping), found `inbox`"])
        // `  - {t: 5, setStack: ` is 21 characters.
        expectLoadError(
            Self.header + "events:\n  - {t: 5, setStack: []}\n", at: 4, 22, ["`setStack` is empty"],
            suggestion: "e.g. `[{id: inbox}]`")
        // Ids are text: 1 and "1" are the same id. `stack: [{id: 1}, ` is 17 characters.
        expectLoadError("format: popgesture-trace/1\nstack: [{id: 1}, {id: \"1\"}]\n", at: 2, 18, ["duplicate id `1`"])
    }

    // MARK: Errors in files

    @Test func directoriesAndMissingFilesAreErrorsOfTheWholeFile() throws {
        try withFolder(["sub/x.yaml": "format: popgesture-trace/1\nstack: [{id: a}]\n"]) { folder in
            if let error = firstFailure(TraceFileLoader(path: folder + "/sub")) {
                checkError(
                    error, wholeFile: folder + "/sub", ["is a directory, expected a YAML file"],
                    suggestion:
                        "pass the directory to `validate`, `check` or `replay`, which read the *.yaml files inside")
            }
            let documents = Array(TraceFileLoader(path: folder + "/nope.yaml"))
            guard documents.count == 1, case .failure(let source, let error) = documents[0] else {
                Issue.record("expected one error, got \(documents)")
                return
            }
            #expect(source == folder + "/nope.yaml")
            checkError(error, wholeFile: folder + "/nope.yaml", ["cannot read file", "No such file or directory"])
        }
    }

    @Test func deepNestingIsRefusedAtTheLevelTooDeep() {
        // The 257th `[` is one level too deep.
        expectLoadError(String(repeating: "[", count: 10_000), at: 1, 257, ["nesting deeper than 256 levels"])
        // A trace's root mapping is read apart, so the 256 levels count from its values: the 258th `{`.
        expectLoadError(
            String(repeating: "{a: ", count: 10_000), at: 1, 4 * 257 + 1, ["nesting deeper than 256 levels"])
        // In a stroke's samples, read from the events: `    samples: [[` is 15 characters; the third
        // `[` (column 16) starts a node, so its 257th level is at column 16 + 256.
        expectLoadError(
            Self.header + "events:\n  - touch: 1\n    samples: " + String(repeating: "[", count: 10_000), at: 5,
            16 + 256,
            ["nesting deeper than 256 levels"])
        // Closed nesting is refused the same way.
        expectLoadError(
            String(repeating: "[", count: 300) + String(repeating: "]", count: 300), at: 1, 257,
            ["nesting deeper than 256 levels"])
    }

    @Test func anAliasBombIsRefusedQuicklyAtTheAliasPastTheBudget() {
        // Billion laughs: each level lists the one before 9 times. With aliases expanded the levels
        // have 10, 91, 820, 7381, 66430 and 597871 nodes; the aliases through level f expand to
        // 90 + 819 + 7380 + 66429 + 597870 = 672588 nodes, and the first `*f` (line 8, column 8)
        // passes the budget of 1,000,000.
        let bomb = """
            format: popgesture-trace/1
            a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]
            b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
            c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
            d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
            e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
            f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
            g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
            h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
            i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
            stack: *i
            events: *i
            """
        let clock = ContinuousClock()
        #expect(
            clock.measure { expectLoadError(bomb, at: 8, 8, ["aliases expand past 1000000 nodes", "alias bomb"]) }
                < .seconds(2))
        // The same levels defined in `expect`, set off inside a stroke's samples, which are read
        // straight from the events: `    samples: [[` is 15 characters.
        let levels =
            ["&a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
            + zip("bcdef", "abcde").map {
                "&\($0) [" + Array(repeating: "*\($1)", count: 9).joined(separator: ", ") + "]"
            }
        let samples =
            Self.header
            + "expect: [\(levels.joined(separator: ", "))]\nevents:\n  - touch: 1\n    samples: [[*f, 1, 1]]\n"
        #expect(
            clock.measure { expectLoadError(samples, at: 6, 16, ["aliases expand past 1000000 nodes"]) } < .seconds(2))
    }

    @Test func anErrorInsideAStrokeSkipsToTheNextDocument() {
        // The error is met in the middle of a samples list; the rest of the document is skipped.
        let documents = loadDocuments(
            Self.header + """
                events:
                  - touch: 1
                    samples: [[0, 1, 1], [x, 1, 1], [2, 1, 1]]
                    up: 5
                  - {t: 1, pop: true}
                ---
                \(Self.header)
                """)
        guard documents.count == 2, case .failure(let source, let error) = documents[0],
            case .trace(let trace, _) = documents[1]
        else {
            Issue.record("expected failure, trace; got \(documents)")
            return
        }
        // `    samples: [[0, 1, 1], [` is 26 characters.
        #expect(source == "t.yaml#1" && trace.source == "t.yaml#2" && trace.name == "t#2")
        checkError(error, path: "t.yaml", at: 5, 27, ["expected sample time t (ms) to be a number, found `x`"])
    }

    @Test func aSyntaxErrorInTheSecondDocumentEndsTheFile() {
        let documents = loadDocuments(
            Self.header + "---\nformat: popgesture-trace/1\nstack: [{id: b}\n---\n" + Self.header, path: "broken.yaml")
        guard documents.count == 2, case .trace(let first, _) = documents[0],
            case .failure(let source, let error) = documents[1]
        else {
            Issue.record("expected trace, failure; got \(documents)")
            return
        }
        // The first document is one of several, so it is numbered.
        #expect(first.name == "broken#1" && source == "broken.yaml#2")
        // libyaml notices the unclosed list at the `---` on line 6.
        checkError(error, path: "broken.yaml", at: 6, 1, ["malformed YAML", "did not find expected ',' or ']'"])
    }

    /// Issue 17: the error is the trace's (its document is the one not replayed), so it points at the
    /// trace's `config:` value, as an editor or CI annotation needs, and names the place in the config.
    @Test func aConfigWithAnErrorIsBlamedOnTheReferencingLine() throws {
        try withFolder([
            "stacks/bad.yaml": "format: popgesture-stack/1\nscreen: {width: 0}\nstack: [{id: a}]\n",
            "stacks/typo.yaml": "format: popgesture-stack/1\nstack: [{id: a, popDisabeld: true}]\n",
            "stacks/empty.yaml": "# nothing here\n",
            "t.yaml": """
            format: popgesture-trace/1
            config: stacks/bad.yaml
            ---
            format: popgesture-trace/1
            config: stacks/bad.yaml
            ---
            format: popgesture-trace/1
            config: stacks/typo.yaml
            ---
            format: popgesture-trace/1
            config: stacks/empty.yaml
            ---
            format: popgesture-trace/1
            config: stacks/missing.yaml
            """,
        ]) { folder in
            let documents = Array(TraceFileLoader(path: folder + "/t.yaml"))
            let errors = documents.compactMap { document -> Diagnostic? in
                if case .failure(_, let error) = document { error } else { nil }
            }
            #expect(documents.map(\.source) == (1...5).map { folder + "/t.yaml#\($0)" })
            guard errors.count == 5 else {
                Issue.record("expected five errors, got \(documents)")
                return
            }
            // Both traces naming the broken config get its error, each at its own `config:` value
            // (`config: ` is 8 characters); in the config, `screen: {width: ` is 16 characters.
            for (error, line) in zip(errors[0...1], [2, 5]) {
                checkError(
                    error, path: folder + "/t.yaml", at: line, 9,
                    [
                        "config `stacks/bad.yaml` is invalid: \(folder)/stacks/bad.yaml:2:17: expected `screen.width` > 0, found 0"
                    ])
            }
            // `stack: [{id: a, ` is 16 characters.
            checkError(
                errors[2], path: folder + "/t.yaml", at: 8, 9,
                ["config `stacks/typo.yaml` is invalid: \(folder)/stacks/typo.yaml:2:17: unknown key `popDisabeld`"],
                suggestion: "did you mean `popDisabled`?")
            checkError(
                errors[3], path: folder + "/t.yaml", at: 11, 9,
                [
                    "config `stacks/empty.yaml` is invalid: \(folder)/stacks/empty.yaml: contains no stack-config document"
                ])
            // One that cannot be read is an error at the trace's `config:` value (`config: ` is 8 characters).
            checkError(
                errors[4], path: folder + "/t.yaml", at: 14, 9,
                [
                    "cannot read config `stacks/missing.yaml`", "(\(folder)/stacks/missing.yaml)",
                    "No such file or directory",
                ])
        }
    }
}

// MARK: Helpers of the extension

private func traceName(_ document: LoadedDocument) -> String? {
    if case .trace(let trace, _) = document { trace.name } else { nil }
}

/// The first load error of an inline trace text (as `t.yaml`), checked.
private func expectLoadError(
    _ yaml: String, at line: Int, _ column: Int, _ words: [String], suggestion: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error = loadError(yaml, sourceLocation: sourceLocation) else { return }
    checkError(error, path: "t.yaml", at: line, column, words, suggestion: suggestion, sourceLocation: sourceLocation)
}

/// The first `.failure` of a file's documents.
private func firstFailure(_ loader: TraceFileLoader, sourceLocation: SourceLocation = #_sourceLocation) -> Diagnostic? {
    for document in loader {
        if case .failure(_, let error) = document { return error }
    }
    Issue.record("expected a load error, the file loaded", sourceLocation: sourceLocation)
    return nil
}
