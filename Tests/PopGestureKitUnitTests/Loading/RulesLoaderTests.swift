import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Rules documents and presets (`RulesLoader`, SPEC section 7): every preset field by field, `extends`
/// chains (presets and files, merged mappings, replaced lists, cycles), each rules error at its
/// line and column, and resolved rules printed and read back.
@Suite struct RulesLoaderTests {
    @Test func presetsCarryTheSPECsValues() throws {
        let fd = try RulesLoader.load("fd")
        #expect(
            fd.recognizer
                == Rules.Recognizer(
                    region: .fullscreen, edgeWidth: 15, kind: .uikit, hysteresis: 10, slop: 18, maxTouches: 1,
                    arena: .contested, firstVelocity: false, systemEdge: .none))
        #expect(fd.stackOps == .deferred)
        #expect(fd.begin == [.rootOnly, .popDisabled, .maxStartX, .transitioning, .direction])
        #expect(fd.mirrorDirection && !fd.mirrorMaxStartX && fd.locationLimit == 40 && fd.velocity == .uikit)
        #expect(
            fd.completion
                == Rules.Completion(
                    model: .projection, projectionDistance: 187.5, projectionCap: 0.5,
                    progressThreshold: 0.5, flingVelocity: 0, popOnZero: false, strict: false,
                    onCancel: .cancel, velocityThreshold: 1000, quickTime: 300, quickDistance: 10))
        #expect(fd.transition == Rules.Transition(duration: 350, settle: .uikit, progressCap: 0.999))
        #expect(fd.bar == Rules.Bar(inject: .fd, restoreOnDisappear: true))
        let old = try RulesLoader.load("fd-1.1")
        #expect(
            old.begin == [.rootOnly, .popDisabled, .transitioning, .direction] && !old.mirrorDirection
                && !old.bar.restoreOnDisappear)
        let uikit = try RulesLoader.load("uikit")
        #expect(
            uikit.recognizer.region == .edge && uikit.recognizer.edgeWidth == 15
                && uikit.begin == [.rootOnly, .transitioning, .direction])
        #expect(uikit.bar.inject == BlockInjection.none)
        let tz = try RulesLoader.load("tz")
        #expect(
            tz.begin == [.transitioning, .rootOnly, .popDisabled, .direction, .locationLimit] && !tz.mirrorDirection
                && tz.locationLimit == 40)
        let cupertino = try RulesLoader.load("cupertino")
        #expect(
            cupertino.recognizer.region == .edge && cupertino.recognizer.edgeWidth == 20
                && cupertino.recognizer.kind == .horizontalSlop)
        #expect(cupertino.begin == [.rootOnly, .transitioning] && cupertino.velocity == .lsq2)
        #expect(
            cupertino.completion.model == .threshold && cupertino.completion.progressThreshold == 0.5
                && cupertino.completion.flingVelocity == 1)
        #expect(cupertino.transition == Rules.Transition(duration: 500, settle: .cupertino, progressCap: 1))
        let edge30 = try RulesLoader.load("edge30")
        #expect(edge30.begin == [.rootOnly] && edge30.velocity == .last2 && edge30.completion.progressThreshold == 0.3)
        #expect(edge30.completion.strict && edge30.completion.onCancel == .decide)
        #expect(
            edge30.completion.flingVelocity == 0
                && edge30.transition == Rules.Transition(duration: 150, settle: .fixed, progressCap: 1))
    }

    @Test func extendsMergesMappingsAndReplacesLists() throws {
        let merged = try rules(
            "format: popgesture-rules/1\nname: m\nextends: cupertino\nrecognizer: {edgeWidth: 40}\nbegin: [rootOnly]\n")
        #expect(merged.name == "m")
        #expect(
            merged.recognizer.edgeWidth == 40 && merged.recognizer.kind == .horizontalSlop
                && merged.recognizer.slop == 18)
        #expect(merged.begin == [.rootOnly] && merged.velocity == .lsq2)
        // Without extends, unset keys take fd's values.
        let plain = try rules("format: popgesture-rules/1\nvelocity: last2\n")
        let fd = try RulesLoader.load("fd")
        #expect(plain.velocity == .last2 && plain.begin == fd.begin && plain.name == "inline-rules")
    }

    @Test func rulesFieldsAreValidated() {
        let check = rulesError("format: popgesture-rules/1\nbegin: [rootOnyl]\n")
        #expect(check?.place?.line == 2 && check?.place?.column == 9 && check?.suggestion == "did you mean `rootOnly`?")
        let duration = rulesError("format: popgesture-rules/1\ntransition: {duration: -5}\n")
        #expect(
            duration?.place == Diagnostic.Place(line: 2, column: 24)
                && duration?.message.contains("to be >= 0, found -5") == true)
        #expect(
            rulesError("format: popgesture-rules/1\nvelocity: kalman\n")?.message.contains(
                "unknown velocity estimator `kalman`") == true)
        #expect(
            rulesError("format: popgesture-rules/1\nrecognizer: {maxTouches: 0}\n")?.message.contains(
                "integer >= 1, found 0") == true)
        #expect(
            rulesError("format: popgesture-rules/1\nbegin: [rootOnly, rootOnly]\n")?.message.contains("listed twice")
                == true)
        #expect(
            rulesError("format: popgesture-rules/1\ntransition: {progressCap: 1.5}\n")?.message.contains("in (0, 1]")
                == true)
        #expect(rulesError("format: popgesture-rules/1\nbar: {inject: some}\n")?.suggestion == nil)
    }

    @Test func extendsCyclesAndUnknownPresetsAreErrors() throws {
        let dir = try LoaderTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "format: popgesture-rules/1\nextends: b.yaml\n".write(
            toFile: dir + "/a.yaml", atomically: true, encoding: .utf8)
        try "format: popgesture-rules/1\nextends: a.yaml\n".write(
            toFile: dir + "/b.yaml", atomically: true, encoding: .utf8)
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

    /// The `fd` preset, field by field from SPEC section 7.
    static let fd = Rules(
        name: "fd",
        recognizer: .init(
            region: .fullscreen, edgeWidth: 15, kind: .uikit, hysteresis: 10, slop: 18, maxTouches: 1,
            arena: .contested,
            firstVelocity: false, systemEdge: .none
        ),
        stackOps: .deferred, begin: [.rootOnly, .popDisabled, .maxStartX, .transitioning, .direction],
        mirrorDirection: true, mirrorMaxStartX: false, mirrorProgress: true, locationLimit: 40, velocity: .uikit,
        completion: .init(
            model: .projection, projectionDistance: 187.5, projectionCap: 0.5, progressThreshold: 0.5,
            flingVelocity: 0, popOnZero: false, strict: false, onCancel: .cancel, velocityThreshold: 1000,
            quickTime: 300, quickDistance: 10),
        transition: .init(duration: 350, settle: .uikit, progressCap: 0.999),
        bar: .init(inject: .fd, restoreOnDisappear: true),
        content: .init(policy: .uikit, ties: .content, hysteresis: 10, deceleration: 0.998), detectors: [],
        // The cross-platform models' numbers, at their sources' values (fd uses none of them).
        pan: .init(threshold: 10, maxAngle: 40), activeOffset: .init(x: 5, failY: 20),
        responseDistance: .init(start: -1, end: -1, top: -1, bottom: -1),
        ema: .init(weight: 0.7, window: 100, perFrame: true), frameClock: .init(rate: 60, phase: 0),
        speedOrDistance: .init(speed: 0.2, fraction: 0.5),
        linearProjection: .init(velocityImpact: 0.3, cap: -1, fraction: 0.5),
        spring: .init(
            stiffness: 1000, damping: 500, mass: 3, restDisplacement: 10, restSpeed: 10, overshootClamping: true),
        animator: .init(duration: 500))

    /// Every preset as the SPEC's table gives it; keys a preset does not name take fd's values.
    static let presets: [String: Rules] = {
        var fd11 = fd
        fd11.name = "fd-1.1"
        fd11.begin = [.rootOnly, .popDisabled, .transitioning, .direction]
        fd11.mirrorDirection = false
        fd11.bar.restoreOnDisappear = false
        var uikit = fd
        uikit.name = "uikit"
        uikit.recognizer.region = .edge
        uikit.begin = [.rootOnly, .transitioning, .direction]
        uikit.bar = .init(inject: .none, restoreOnDisappear: false)
        uikit.content.policy = .requirePopToFail
        var tz = fd
        tz.name = "tz"
        tz.begin = [.transitioning, .rootOnly, .popDisabled, .direction, .locationLimit]
        tz.mirrorDirection = false
        tz.bar = .init(inject: .none, restoreOnDisappear: false)
        tz.content.policy = .requirePopToFail
        var cupertino = fd
        cupertino.name = "cupertino"
        cupertino.recognizer.region = .edge
        cupertino.recognizer.edgeWidth = 20
        cupertino.recognizer.kind = .horizontalSlop
        cupertino.begin = [.rootOnly, .transitioning]
        cupertino.velocity = .lsq2
        cupertino.completion.model = .threshold
        cupertino.completion.flingVelocity = 1.0
        cupertino.transition = .init(duration: 500, settle: .cupertino, progressCap: 1)
        cupertino.bar = .init(inject: .none, restoreOnDisappear: false)
        // Flutter's back-gesture detector sits above the page in the arena; kTouchSlop.
        cupertino.content.ties = .pop
        cupertino.content.hysteresis = 18
        var flutter = cupertino
        flutter.name = "flutter"
        flutter.recognizer.arena = .byContent
        flutter.stackOps = .immediate
        flutter.begin = [.rootOnly, .popDisabled, .transitioning]
        flutter.completion.onCancel = .decide
        var edge30 = fd
        edge30.name = "edge30"
        edge30.recognizer.region = .edge
        edge30.begin = [.rootOnly]
        edge30.velocity = .last2
        edge30.completion.model = .threshold
        edge30.completion.progressThreshold = 0.3
        edge30.completion.strict = true
        edge30.completion.onCancel = .decide
        edge30.transition = .init(duration: 150, settle: .fixed, progressCap: 1)
        edge30.bar = .init(inject: .none, restoreOnDisappear: false)
        var lh = tz
        lh.name = "lh"
        lh.begin = [.transitioning, .rootOnly, .direction, .locationLimit]
        lh.bar = .init(inject: .all, restoreOnDisappear: false)
        // FDFullscreenPopGesture's peers (docs/reference/rules.md, 7.2).
        var swipeTransition = fd
        swipeTransition.name = "swipetransition"
        swipeTransition.recognizer.systemEdge = .uikit
        swipeTransition.begin = [.rootOnly, .transitioning, .velocityHorizontal, .velocityDirection]
        swipeTransition.mirrorDirection = false
        swipeTransition.mirrorProgress = false
        swipeTransition.completion.model = .progressOrVelocity
        swipeTransition.completion.strict = true
        swipeTransition.transition = .init(duration: 300, settle: .linear, progressCap: 1)
        swipeTransition.bar = .init(inject: .none, restoreOnDisappear: false)
        var sloppySwiper = fd
        sloppySwiper.name = "sloppyswiper"
        sloppySwiper.recognizer.firstVelocity = true
        sloppySwiper.begin = [.rootOnly, .transitioning]
        sloppySwiper.mirrorDirection = false
        sloppySwiper.mirrorProgress = false
        sloppySwiper.completion.model = .velocitySign
        sloppySwiper.completion.onCancel = .decide
        sloppySwiper.transition = .init(duration: 250, settle: .linear, progressCap: 1)
        sloppySwiper.bar = .init(inject: .none, restoreOnDisappear: false)
        var telegram = fd
        telegram.name = "telegram"
        telegram.recognizer.kind = .dominantAxis
        telegram.recognizer.edgeWidth = 16
        telegram.recognizer.slop = 2
        telegram.begin = [.rootOnly, .transitioning, .popDisabled]
        telegram.mirrorDirection = false
        telegram.mirrorProgress = false
        telegram.completion.model = .progressOrVelocity
        telegram.completion.progressThreshold = 0.2
        telegram.completion.strict = true
        telegram.completion.onCancel = .decide
        telegram.transition = .init(duration: 500, settle: .telegram, progressCap: 1)
        telegram.bar = .init(inject: .none, restoreOnDisappear: false)
        telegram.content.policy = .requirePopToFail
        var framework7 = fd
        framework7.name = "framework7"
        framework7.recognizer.region = .edge
        framework7.recognizer.edgeWidth = 30
        framework7.recognizer.kind = .firstMove
        framework7.recognizer.maxTouches = 10
        framework7.begin = [.transitioning, .rootOnly]
        framework7.completion.model = .quickSwipe
        framework7.completion.strict = true
        framework7.completion.onCancel = .hold
        framework7.transition = .init(duration: 300, settle: .fixed, progressCap: 1)
        framework7.bar = .init(inject: .none, restoreOnDisappear: false)
        // The cross-platform models (docs/reference/cross-platform.md).
        var ionic = fd
        ionic.name = "ionic"
        ionic.recognizer.region = .edge
        ionic.recognizer.edgeWidth = 50
        ionic.recognizer.kind = .pan
        ionic.begin = [.rootOnly, .popDisabled, .transitioning]
        ionic.velocity = .ema
        ionic.completion.model = .speedOrDistance
        ionic.completion.onCancel = .decide
        ionic.transition = .init(duration: 540, settle: .ionic, progressCap: 0.9999)
        ionic.bar = .init(inject: .none, restoreOnDisappear: false)
        var reactNavigation = fd
        reactNavigation.name = "react-navigation"
        reactNavigation.recognizer.region = .edgeRect
        reactNavigation.recognizer.edgeWidth = 50
        reactNavigation.begin = [.rootOnly, .popDisabled]
        reactNavigation.completion.model = .linearProjection
        reactNavigation.transition = .init(duration: 483, settle: .spring, progressCap: 1)
        reactNavigation.bar = .init(inject: .none, restoreOnDisappear: false)
        var reactNavigation8 = reactNavigation
        reactNavigation8.name = "react-navigation-8"
        reactNavigation8.recognizer.kind = .activeOffset
        var rnScreens = fd
        rnScreens.name = "rn-screens-fullscreen"
        rnScreens.begin = [.rootOnly, .popDisabled, .responseDistance]
        rnScreens.completion.model = .linearProjection
        rnScreens.transition = .init(duration: 350, settle: .animator, progressCap: 1)
        rnScreens.bar = .init(inject: .none, restoreOnDisappear: false)
        return [
            "fd": fd, "fd-1.1": fd11, "uikit": uikit, "tz": tz, "cupertino": cupertino, "flutter": flutter,
            "edge30": edge30, "lh": lh, "swipetransition": swipeTransition, "sloppyswiper": sloppySwiper,
            "telegram": telegram, "framework7": framework7, "ionic": ionic, "react-navigation": reactNavigation,
            "react-navigation-8": reactNavigation8, "rn-screens-fullscreen": rnScreens,
        ]
    }()

    @Test func everyPresetHasItsTable() {
        #expect(Set(Self.presets.keys) == Set(Presets.names))
    }

    @Test(arguments: Presets.names)
    func eachPresetEqualsTheTableInEveryField(_ name: String) throws {
        #expect(try RulesLoader.load(name) == Self.presets[name])
    }

    @Test func unusualRulesRoundTrip() throws {
        var odd = Self.fd
        odd.name = "yes"  // printed quoted, so it stays a string
        odd.completion.projectionDistance = 0.1 + 0.2
        odd.transition.progressCap = 1e-7
        odd.recognizer.maxTouches = 3
        #expect(try rules(RulesLoader.yaml(for: odd)) == odd)
    }

    @Test func extendsAFileRelativeToTheExtendingOne() throws {
        try withFolder([
            "rules/base.yaml":
                "format: popgesture-rules/1\nextends: uikit\nrecognizer: {edgeWidth: 25, maxTouches: 2}\nbegin: [rootOnly, direction]\n",
            "rules/mine.yaml":
                "format: popgesture-rules/1\nextends: base.yaml\nrecognizer: {edgeWidth: 30}\nbegin: [transitioning]\n",
        ]) { folder in
            // Mappings merge through the chain, lists replace; unnamed, the rules take the file's stem.
            var expected = Self.presets["uikit"]!
            expected.name = "mine"
            expected.recognizer.edgeWidth = 30
            expected.recognizer.maxTouches = 2
            expected.begin = [.transitioning]
            let mine = try RulesLoader.load(folder + "/rules/mine.yaml")
            #expect(mine == expected)
        }
    }

    @Test func rulesErrorsAreAtTheUsersLine() {
        // Merged over fd, the user's nodes keep their places in inline-rules.yaml.
        expectRulesError(
            "format: popgesture-rules/1\nbegin: [rootOnyl, direction]\n", at: 2, 9,
            ["unknown begin check `rootOnyl`", "rootOnly, popDisabled"], suggestion: "did you mean `rootOnly`?")
        expectRulesError(
            "format: popgesture-rules/1\nbegin: [rootOnly, rootOnly]\n", at: 2, 19,
            ["begin check `rootOnly` is listed twice"])
        expectRulesError(
            "format: popgesture-rules/1\ntransition: {duration: -1}\n", at: 2, 24,
            ["expected `duration` (ms) to be >= 0, found -1"])
        expectRulesError(
            "format: popgesture-rules/1\nvelocity: kalman\n", at: 2, 11,
            ["unknown velocity estimator `kalman`; expected one of uikit, lsq2, last2"])
        expectRulesError(
            "format: popgesture-rules/1\nvelocity: lsq\n", at: 2, 11, ["unknown velocity estimator `lsq`"],
            suggestion: "did you mean `lsq2`?")
        expectRulesError(
            "format: popgesture-rules/1\nrecognizer: {maxTouches: 0}\n", at: 2, 26,
            ["expected `maxTouches` to be an integer >= 1, found 0"])
        expectRulesError(
            "format: popgesture-rules/1\ntransition: {progressCap: 0}\n", at: 2, 27,
            ["expected `progressCap` in (0, 1], found 0"])
        expectRulesError(
            "format: popgesture-rules/1\nrecognizer: {regoin: edge}\n", at: 2, 14,
            ["unknown key `regoin` in `recognizer`"],
            suggestion: "did you mean `region`?")
        expectRulesError(
            "format: popgesture-rules/1\nextends: cupertin\n", at: 2, 10, ["`extends: cupertin` names no preset"],
            suggestion: "did you mean `cupertino`?")
        expectRulesError(
            "format: popgesture-rules/1\ncompletion: {onCancel: decided}\n", at: 2, 24,
            ["unknown onCancel `decided`; expected one of cancel, decide"], suggestion: "did you mean `decide`?")
        expectRulesError(
            "format: popgesture-rules/1\ncompletion: {strict: 1}\n", at: 2, 22,
            ["expected `strict` to be true or false"])
        expectRulesError(
            "format: popgesture-rules/1\ntransition: {settle: fixd}\n", at: 2, 22,
            ["unknown settle model `fixd`; expected one of uikit, linear, cupertino, fixed"],
            suggestion: "did you mean `fixed`?")
        expectRulesError(
            "format: popgesture-rules/1\nmirrorDirection: no\n", at: 2, 18,
            ["expected `mirrorDirection` to be true or false"],
            suggestion: "YAML 1.2 booleans are `true` and `false`")
    }

    @Test func anExtendsCycleIsAnErrorAtTheExtendsThatCloses() throws {
        try withFolder([
            "a.yaml": "format: popgesture-rules/1\nextends: b.yaml\n",
            "b.yaml": "format: popgesture-rules/1\nextends: a.yaml\n",
        ]) { folder in
            let a = folder + "/a.yaml"
            let b = folder + "/b.yaml"
            do {
                _ = try RulesLoader.load(a)
                Issue.record("an extends cycle loaded")
            } catch let error as Diagnostic {
                // Found at b's `extends` value (`extends: ` is 9 characters), which leads back to a.
                checkError(error, path: b, at: 2, 10, ["`extends` cycle: \(a) -> \(b) -> \(a)"])
            }
        }
    }

    @Test func unknownPresetsAndMissingRulesFiles() throws {
        do {
            _ = try RulesLoader.load("nosuchpreset")
            Issue.record("an unknown preset loaded")
        } catch let error as Diagnostic {
            // Not a path and no such file: a misspelt preset, at no position in any file (issue 13).
            checkError(
                error, wholeFile: "", ["unknown preset or file `nosuchpreset`"],
                suggestion:
                    "presets are fd, fd-1.1, uikit, tz, cupertino, flutter, edge30, lh, swipetransition, sloppyswiper, telegram, framework7, ionic, react-navigation, react-navigation-8, rn-screens-fullscreen"
            )
        }
        do {
            _ = try RulesLoader.load("cupertion")
            Issue.record("an unknown preset loaded")
        } catch let error as Diagnostic {
            #expect(error.suggestion == "did you mean `cupertino`?")
        }
        try withFolder(["r.yaml": "format: popgesture-rules/1\nextends: gone/base.yaml\n"]) { folder in
            do {
                _ = try RulesLoader.load(folder + "/r.yaml")
                Issue.record("a missing extends target loaded")
            } catch let error as Diagnostic {
                checkError(
                    error, path: folder + "/r.yaml", at: 2, 10,
                    ["cannot read rules file `\(folder)/gone/base.yaml`", "No such file"])
            }
        }
    }
}

/// The error of an inline rules document (its path is `inline-rules.yaml`), checked.
private func expectRulesError(
    _ yaml: String, at line: Int, _ column: Int, _ words: [String], suggestion: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        _ = try rules(yaml)
        Issue.record("expected a rules error, the rules loaded", sourceLocation: sourceLocation)
    } catch let error as Diagnostic {
        checkError(
            error, path: "inline-rules.yaml", at: line, column, words, suggestion: suggestion,
            sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a diagnostic, got \(error)", sourceLocation: sourceLocation)
    }
}
