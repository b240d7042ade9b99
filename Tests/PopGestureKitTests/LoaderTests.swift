import Foundation
import Testing
@testable import PopGestureKit

/// The loader: every field of SPEC section 1 and every input error, with its 1-based line:column.
@Suite struct LoaderTests {
    static let header = "format: popgesture-trace/1\nstack: [{id: a}, {id: b}]\n"

    func expectError(_ yaml: String, _ line: Int, _ column: Int, _ words: String, suggestion: String? = nil,
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let error = loadError(yaml, sourceLocation: sourceLocation) else { return }
        #expect(error.line == line && error.column == column, "at \(error.line):\(error.column): \(error.message)", sourceLocation: sourceLocation)
        #expect(error.message.contains(words), "\(error.message)", sourceLocation: sourceLocation)
        if let suggestion {
            #expect(error.suggestion == suggestion, "\(String(describing: error.suggestion))", sourceLocation: sourceLocation)
        }
        #expect(error.description.hasPrefix("t.yaml:\(line):\(column): error: "), sourceLocation: sourceLocation)
    }

    // MARK: Valid documents

    @Test func everyFieldLoads() throws {
        let trace = try loadTrace("""
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
        #expect(trace.stack == [ViewControllerSpec(id: "inbox", barHidden: true, popDisabled: false, maxStartX: 0),
                                ViewControllerSpec(id: "7", barHidden: false, popDisabled: true, maxStartX: 0)])
        #expect(trace.events.count == 9)
        guard case .touch(let first) = trace.events[0].kind, case .touch(let second) = trace.events[1].kind,
              case .touch(let third) = trace.events[2].kind else {
            Issue.record("expected three strokes")
            return
        }
        #expect(first == Stroke(finger: 0, samples: [Sample(t: 0, x: 30, y: 400), Sample(t: 16, x: 42.5, y: 401)], end: .up(20)))
        #expect(second.samples == [Sample(t: 30, x: 10, y: 200)] && second.end == .cancel(40))
        #expect(third.end == .stillDown && trace.events[2].t == 50)
        guard case .push(let pushed, let animated) = trace.events[3].kind else { Issue.record("push"); return }
        #expect(pushed.id == "settings" && animated)  // animated defaults to true
        guard case .pop(false) = trace.events[4].kind, case .popToRoot(true) = trace.events[5].kind,
              case .setStack(let specs, false) = trace.events[6].kind, case .update(let update) = trace.events[7].kind,
              case .setBarHidden(false, true) = trace.events[8].kind else {
            Issue.record("operations: \(trace.events.map(\.kind))")
            return
        }
        // setStack and update keep unset keys unset, so kept instances keep their values.
        #expect(specs == [ViewControllerSpec(id: "inbox"), ViewControllerSpec(id: "search", barHidden: true)])
        #expect(update == ViewControllerSpec(id: "search", popDisabled: true))
        #expect(trace.expectations == [
            .outcome(gesture: 1, outcome: .refused, reason: "wrongDirection"),
            .pop(gesture: 2, result: .cancelled),
            .final(stack: ["inbox", "search"], barHidden: true),
            .anomalies([.barFlicker, .wrongFinalBar]),
            .bar([.init(t: 16, hidden: false), .init(t: 366.5, hidden: true)]),
        ])
    }

    @Test func defaultsAndJSON() throws {
        // JSON is YAML; the default screen is 390 x 844, ltr, managed; the name is the file stem.
        let trace = try loadTrace(#"{"format": "popgesture-trace/1", "stack": [{"id": "a"}], "events": []}"#, path: "dir/swipe.yaml")
        #expect(trace.name == "swipe" && trace.screen == Screen(width: 390, height: 844))
        #expect(trace.layoutDirection == .ltr && trace.barAppearanceManaged && trace.initialBarHidden == nil && trace.events.isEmpty)
    }

    @Test func aliasedSamplesAndRows() throws {
        let trace = try loadTrace("""
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
        guard documents.count == 2, case .trace(let one) = documents[0], case .trace(let two) = documents[1] else {
            Issue.record("\(documents)")
            return
        }
        #expect(one.name == "pair#1" && one.source == "dir/pair.yaml#1")
        #expect(two.name == "second" && two.source == "dir/pair.yaml#2")
    }

    @Test func anInvalidDocumentDoesNotStopTheOthers() {
        let documents = loadDocuments(Self.header + "---\n" + Self.header + "barHiden: true\n---\n" + Self.header)
        #expect(documents.count == 3)
        guard case .trace = documents[0], case .failure(let source, let error) = documents[1], case .trace = documents[2] else {
            Issue.record("\(documents)")
            return
        }
        #expect(source == "t.yaml#2" && error.line == 6 && error.column == 1)
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
        expectError("format: popgesture-trace/1\nstack: [{id: a}\n", 3, 1, "malformed YAML: did not find expected ',' or ']'")
    }

    @Test func formatIsRequiredAndExact() {
        expectError("stack: [{id: a}]\n", 1, 1, "missing required key `format`")
        expectError("format: popgesture-trace/2\nstack: [{id: a}]\n", 1, 9, "unknown format `popgesture-trace/2`",
                    suggestion: "did you mean `popgesture-trace/1`?")
        // A rules document among traces is recognised as one (validate checks it, replays pass it by);
        // where only a stack-config may stand, another kind is named.
        guard case .rules = loadDocuments("format: popgesture-rules/1\nname: x\n").first else {
            Issue.record("a rules document was not recognised")
            return
        }
    }

    @Test func unknownKeysSuggestTheNearestKnownOne() {
        expectError(Self.header + "initialBarHiden: true\n", 3, 1, "unknown key `initialBarHiden` in a trace document",
                    suggestion: "did you mean `initialBarHidden`?")
        expectError("format: popgesture-trace/1\nstack:\n- {id: a, barHiden: true}\n", 3, 11, "unknown key `barHiden`",
                    suggestion: "did you mean `barHidden`?")
        expectError(Self.header + "events:\n- {t: 5, pop: true, animted: false}\n", 4, 21, "unknown key `animted` in a `pop` event",
                    suggestion: "did you mean `animated`?")
        expectError(Self.header + "events:\n- {tuch: 1, samples: [[0, 1, 2]]}\n", 4, 3, "unknown event kind `tuch`",
                    suggestion: "did you mean `touch`?")
        expectError(Self.header + "events:\n- {t: 5, pop: true, push: {id: c}}\n", 4, 3, "exactly one kind, found `pop` and `push`")
        expectError(Self.header + "events:\n- {t: 5, animated: true}\n", 4, 3, "unknown event kind")
        expectError(Self.header + "stack: [{id: c}]\n", 3, 1, "duplicate key `stack`")
    }

    @Test func scalarsFollowTheYAML12CoreSchema() {
        expectError(Self.header + "events:\n- {t: \"5\", pop: true}\n", 4, 7, "expected `t` (ms) to be a number, found the string \"5\"",
                    suggestion: "remove the quotes: a quoted scalar is always a string")
        expectError(Self.header + "events:\n- touch: 1\n  samples: [[0, abc, 2]]\n", 5, 17, "expected sample x to be a number, found `abc`")
        expectError(Self.header + "events:\n- touch: 1\n  samples: [[.nan, 1, 2]]\n", 5, 14, "expected sample time t (ms) to be a finite number, found `.nan`")
        expectError(Self.header + "events:\n- touch: 1\n  samples: [[0, .inf, 2]]\n", 5, 17, "finite number, found `.inf`")
        expectError(Self.header + "events:\n- touch: 1\n  samples: [[0, 1e999, 2]]\n", 5, 17, "`1e999` is out of range")
        expectError(Self.header + "events:\n- touch: 1\n  samples: [[0, 0x10, 2]]\n", 5, 17, "expected sample x to be a number, found `0x10`")
        expectError("format: popgesture-trace/1\nbarAppearanceManaged: yes\nstack: [{id: a}]\n", 2, 23,
                    "expected `barAppearanceManaged` to be true or false, found `yes`", suggestion: "YAML 1.2 booleans are `true` and `false`")
        expectError(Self.header + "events:\n- {t: 5, pop: false}\n", 4, 15, "expected `pop: true`")
        expectError(Self.header + "events:\n- {t: 5, update: {id: a}, animated: false}\n", 4, 27, "unknown key `animated` in a `update` event")
        expectError(Self.header + "events:\n- {touch: -1, samples: [[0, 1, 2]]}\n", 4, 11, "expected the finger number `touch` to be an integer >= 0, found -1")
        expectError(Self.header + "events:\n- {touch: 1.5, samples: [[0, 1, 2]]}\n", 4, 11, "to be an integer >= 0, found `1.5`")
        expectError("format: popgesture-trace/1\nscreen: {width: 0}\nstack: [{id: a}]\n", 2, 17, "expected `screen.width` > 0, found 0")
        expectError("format: popgesture-trace/1\nlayoutDirection: sideways\nstack: [{id: a}]\n", 2, 18, "expected `layoutDirection` to be ltr or rtl")
    }

    @Test func timesMustBeNonNegativeOrderedAndIncreasing() {
        expectError(Self.header + "events:\n- {t: -1, pop: true}\n", 4, 7, "expected `t` (ms) to be >= 0, found -1")
        expectError(Self.header + "events:\n- {t: 10, pop: true}\n- {t: 5, pop: true}\n", 5, 3,
                    "event starts at t=5, before the event at line 4 (t=10); events must be ordered by start time")
        expectError(Self.header + "events:\n- touch: 1\n  samples: [[0, 1, 2], [16, 3, 4], [16, 5, 6]]\n", 5, 37,
                    "sample time 16 is not after the previous sample's 16")
        expectError(Self.header + "events:\n- touch: 1\n  samples: [[0, 1, 2], [16, 3]]\n", 5, 24, "expected a sample [t, x, y] with 3 numbers, found 2")
        expectError(Self.header + "events:\n- touch: 1\n  samples: []\n", 5, 12, "`samples` is empty")
        expectError(Self.header + "events:\n- touch: 1\n  samples: [[0, 1, 2], [16, 3, 4]]\n  up: 10\n", 6, 7,
                    "`up: 10` is earlier than the last sample (t=16)")
        expectError(Self.header + "events:\n- touch: 1\n  samples: [[0, 1, 2]]\n  up: 10\n  cancel: 12\n", 7, 3,
                    "a stroke ends by `up` or by `cancel`, not both")
    }

    @Test func aFingerCannotBeDownTwice() {
        // Finger 1 is down from 0 to 50; it lands again at 40.
        expectError(Self.header + "events:\n- touch: 1\n  samples: [[0, 1, 2]]\n  up: 50\n- touch: 1\n  samples: [[40, 1, 2]]\n", 7, 3,
                    "finger 1 touches down at t=40 while its stroke from line 4 is still down (until t=50)")
        // A stroke never lifted blocks its finger for the rest of the trace.
        expectError(Self.header + "events:\n- touch: 1\n  samples: [[0, 1, 2]]\n- touch: 1\n  samples: [[400, 1, 2]]\n", 6, 3,
                    "still down (to the end of the trace)")
        // Reusing a finger once it is up is fine, even at the lift's own time.
        #expect((try? loadTrace(Self.header + "events:\n- touch: 1\n  samples: [[0, 1, 2]]\n  up: 50\n- touch: 1\n  samples: [[50, 1, 2]]\n")) != nil)
    }

    @Test func stacksAreNonEmptyWithUniqueIds() {
        expectError("format: popgesture-trace/1\nstack: []\n", 2, 8, "`stack` is empty")
        expectError("format: popgesture-trace/1\nstack: [{id: a}, {id: a}]\n", 2, 18, "duplicate id `a` in `stack` (first at line 2)")
        expectError(Self.header + "events:\n- {t: 1, setStack: [{id: c}, {id: c}]}\n", 4, 30, "duplicate id `c` in `setStack`")
        expectError("format: popgesture-trace/1\nstack: [{barHidden: true}]\n", 2, 9, "missing required key `id`")
        expectError("format: popgesture-trace/1\n", 1, 1, "missing required key `stack`")
    }

    @Test func expectItemsAreChecked() {
        expectError(Self.header + "expect:\n- {gesture: 1, outcome: begun}\n", 4, 25, "unknown outcome `begun`", suggestion: "did you mean `began`?")
        expectError(Self.header + "expect:\n- {gesture: 1, outcome: refused, reason: touchEnded}\n", 4, 42, "`touchEnded` is not a reason for outcome refused")
        expectError(Self.header + "expect:\n- {anomalies: [flicker]}\n", 4, 16, "unknown anomaly kind `flicker`")
        expectError(Self.header + "expect:\n- {bar: [[10]]}\n", 4, 10, "expected a bar entry [t, hidden], found 1 values")
    }

    // MARK: Files

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("popgesture-loader-\(UUID().uuidString)").path
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
        #expect(Self.firstError(dir + "/missing.yaml")?.message == "cannot read file: No such file or directory")
        #expect(Self.firstError(dir)?.message == "is a directory, expected a YAML file")
        FileManager.default.createFile(atPath: dir + "/empty.yaml", contents: Data())
        #expect(Self.firstError(dir + "/empty.yaml")?.message == "contains no trace document")
        FileManager.default.createFile(atPath: dir + "/comments.yaml", contents: Data("# nothing here\n# at all\n".utf8))
        #expect(Self.firstError(dir + "/comments.yaml")?.message == "contains no trace document")
        var random = SeededRandom(seed: 9)
        let garbage = Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        FileManager.default.createFile(atPath: dir + "/garbage.yaml", contents: garbage)
        let error = Self.firstError(dir + "/garbage.yaml")
        #expect(error != nil && (error!.message.hasPrefix("not a YAML text file") || error!.message.hasPrefix("malformed YAML")), "\(String(describing: error))")
    }

    @Test func deepNestingAndAliasBombsAreRefused() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let nested = loadError("format: popgesture-trace/1\nstack: \(deep)\n")
        #expect(nested?.message.contains("nesting deeper than 256 levels") == true)
        // Billion laughs: nine levels of nine aliases each.
        var bomb = "format: popgesture-trace/1\nstack: [{id: a}]\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            bomb += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        let start = Date()
        let error = loadError(bomb)
        #expect(error?.message.contains("aliases expand past 1000000 nodes") == true, "\(String(describing: error))")
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func utf16WithAByteOrderMarkLoads() throws {
        let dir = try Self.temporaryDirectory()
        var data = Data([0xFF, 0xFE])
        data.append(contentsOf: (Self.header + "name: wide\n").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        FileManager.default.createFile(atPath: dir + "/wide.yaml", contents: data)
        guard case .trace(let trace) = Self.loadFile(dir + "/wide.yaml").first else {
            Issue.record("\(Self.loadFile(dir + "/wide.yaml"))")
            return
        }
        #expect(trace.name == "wide" && trace.stack.count == 2)
    }

    @Test func configIncludesResolveRelativeToTheTrace() throws {
        let dir = try Self.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/stacks", withIntermediateDirectories: true)
        try "format: popgesture-stack/1\nscreen: {width: 320}\nlayoutDirection: rtl\nstack: [{id: inbox}, {id: thread}]\n"
            .write(toFile: dir + "/stacks/mail.yaml", atomically: true, encoding: .utf8)
        try "format: popgesture-trace/1\nconfig: stacks/mail.yaml\nlayoutDirection: ltr\n"
            .write(toFile: dir + "/t.yaml", atomically: true, encoding: .utf8)
        guard case .trace(let trace) = Self.loadFile(dir + "/t.yaml").first else {
            Issue.record("\(Self.loadFile(dir + "/t.yaml"))")
            return
        }
        // The config supplies screen and stack; the trace's own layoutDirection wins.
        #expect(trace.screen.width == 320 && trace.layoutDirection == .ltr && trace.stack.map(\.id) == ["inbox", "thread"])

        try "format: popgesture-trace/1\nconfig: stacks/none.yaml\n".write(toFile: dir + "/u.yaml", atomically: true, encoding: .utf8)
        let missing = Self.firstError(dir + "/u.yaml")
        #expect(missing?.line == 2 && missing?.column == 9 && missing?.message.hasPrefix("cannot read config `stacks/none.yaml`") == true)

        try "format: popgesture-stack/1\nstack: [{id: a, barHiden: true}]\n".write(toFile: dir + "/stacks/bad.yaml", atomically: true, encoding: .utf8)
        try "format: popgesture-trace/1\nconfig: stacks/bad.yaml\n".write(toFile: dir + "/v.yaml", atomically: true, encoding: .utf8)
        let bad = Self.firstError(dir + "/v.yaml")
        #expect(bad?.path == dir + "/stacks/bad.yaml" && bad?.line == 2 && bad?.column == 17)

        // A config must be a stack-config: a trace there is named for what it is.
        try "format: popgesture-trace/1\nconfig: t.yaml\n".write(toFile: dir + "/w.yaml", atomically: true, encoding: .utf8)
        let wrongKind = Self.firstError(dir + "/w.yaml")
        #expect(wrongKind?.path == dir + "/t.yaml" && wrongKind?.line == 1 && wrongKind?.column == 9)
        #expect(wrongKind?.message == "this is a trace document, expected `format: popgesture-stack/1`")
    }

    // MARK: Rules

    @Test func presetsCarryTheSPECsValues() throws {
        let fd = try RulesLoader.load("fd")
        #expect(fd.recognizer == Rules.Recognizer(region: .fullscreen, edgeWidth: 15, kind: .uikit, hysteresis: 10, slop: 18, maxTouches: 1))
        #expect(fd.begin == [.rootOnly, .popDisabled, .maxStartX, .transitioning, .direction])
        #expect(fd.mirrorDirection && !fd.mirrorMaxStartX && fd.locationLimit == 40 && fd.velocity == .uikit)
        #expect(fd.completion == Rules.Completion(model: .projection, projectionDistance: 187.5, projectionCap: 0.5,
                                                  progressThreshold: 0.5, flingVelocity: 0, popOnZero: false))
        #expect(fd.transition == Rules.Transition(duration: 350, settle: .uikit, progressCap: 0.999))
        #expect(fd.bar == Rules.Bar(inject: .fd, restoreOnDisappear: true))
        let old = try RulesLoader.load("fd-1.1")
        #expect(old.begin == [.rootOnly, .popDisabled, .transitioning, .direction] && !old.mirrorDirection && !old.bar.restoreOnDisappear)
        let uikit = try RulesLoader.load("uikit")
        #expect(uikit.recognizer.region == .edge && uikit.recognizer.edgeWidth == 15 && uikit.begin == [.rootOnly, .transitioning, .direction])
        #expect(uikit.bar.inject == BlockInjection.none)
        let tz = try RulesLoader.load("tz")
        #expect(tz.begin == [.transitioning, .rootOnly, .popDisabled, .direction, .locationLimit] && !tz.mirrorDirection && tz.locationLimit == 40)
        let cupertino = try RulesLoader.load("cupertino")
        #expect(cupertino.recognizer.region == .edge && cupertino.recognizer.edgeWidth == 20 && cupertino.recognizer.kind == .horizontalSlop)
        #expect(cupertino.begin == [.rootOnly, .transitioning] && cupertino.velocity == .lsq2)
        #expect(cupertino.completion.model == .threshold && cupertino.completion.progressThreshold == 0.5 && cupertino.completion.flingVelocity == 1)
        #expect(cupertino.transition == Rules.Transition(duration: 500, settle: .cupertino, progressCap: 1))
        let edge30 = try RulesLoader.load("edge30")
        #expect(edge30.begin == [.rootOnly] && edge30.velocity == .last2 && edge30.completion.progressThreshold == 0.3)
        #expect(edge30.completion.flingVelocity == 0 && edge30.transition == Rules.Transition(duration: 150, settle: .linear, progressCap: 1))
    }

    @Test func extendsMergesMappingsAndReplacesLists() throws {
        let merged = try rules("format: popgesture-rules/1\nname: m\nextends: cupertino\nrecognizer: {edgeWidth: 40}\nbegin: [rootOnly]\n")
        #expect(merged.name == "m")
        #expect(merged.recognizer.edgeWidth == 40 && merged.recognizer.kind == .horizontalSlop && merged.recognizer.slop == 18)
        #expect(merged.begin == [.rootOnly] && merged.velocity == .lsq2)
        // Without extends, unset keys take fd's values.
        let plain = try rules("format: popgesture-rules/1\nvelocity: last2\n")
        let fd = try RulesLoader.load("fd")
        #expect(plain.velocity == .last2 && plain.begin == fd.begin && plain.name == "inline-rules")
    }

    func rulesError(_ yaml: String) -> Diagnostic? {
        do {
            _ = try rules(yaml)
            Issue.record("the rules loaded")
            return nil
        } catch {
            return error as? Diagnostic
        }
    }

    @Test func rulesFieldsAreValidated() {
        let check = rulesError("format: popgesture-rules/1\nbegin: [rootOnyl]\n")
        #expect(check?.line == 2 && check?.column == 9 && check?.suggestion == "did you mean `rootOnly`?")
        let duration = rulesError("format: popgesture-rules/1\ntransition: {duration: -5}\n")
        #expect(duration?.line == 2 && duration?.column == 24 && duration?.message.contains("to be >= 0, found -5") == true)
        #expect(rulesError("format: popgesture-rules/1\nvelocity: kalman\n")?.message.contains("unknown velocity estimator `kalman`") == true)
        #expect(rulesError("format: popgesture-rules/1\nrecognizer: {maxTouches: 0}\n")?.message.contains("integer >= 1, found 0") == true)
        #expect(rulesError("format: popgesture-rules/1\nbegin: [rootOnly, rootOnly]\n")?.message.contains("listed twice") == true)
        #expect(rulesError("format: popgesture-rules/1\ntransition: {progressCap: 1.5}\n")?.message.contains("in (0, 1]") == true)
        #expect(rulesError("format: popgesture-rules/1\nbar: {inject: some}\n")?.suggestion == nil)
    }

    @Test func extendsCyclesAndUnknownPresetsAreErrors() throws {
        let dir = try Self.temporaryDirectory()
        try "format: popgesture-rules/1\nextends: b.yaml\n".write(toFile: dir + "/a.yaml", atomically: true, encoding: .utf8)
        try "format: popgesture-rules/1\nextends: a.yaml\n".write(toFile: dir + "/b.yaml", atomically: true, encoding: .utf8)
        do {
            _ = try RulesLoader.load(dir + "/a.yaml")
            Issue.record("a cycle loaded")
        } catch let error as Diagnostic {
            #expect(error.message.contains("`extends` cycle"))
        }
        do {
            _ = try RulesLoader.load("fdd")
            Issue.record("an unknown preset loaded")
        } catch let error as Diagnostic {
            #expect(error.suggestion == "did you mean `fd`?")
        }
    }

    @Test func resolvedRulesReadBack() throws {
        for name in Presets.names {
            let preset = try RulesLoader.load(name)
            let again = try rules(RulesLoader.yaml(for: preset))
            #expect(again == preset, "\(name)")
        }
    }
}
