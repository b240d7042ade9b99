/// One key of a rules document (SPEC section 7): where it sits, what it holds, what it does, and the
/// `fd` preset's value for it.
///
/// `RuleKey.all` is the one list of the keys. The loader checks and decodes a document by it,
/// `rules show` prints by it (in its order), the `fd` preset is its defaults, and a test holds
/// `schemas/rules.schema.json` to it; so a new rule key is a field of `Rules` and a row here.
public struct RuleKey: Sendable {
    /// What a key holds: how the loader checks a value and how the schema states it.
    public enum ValueType: Sendable, Equatable {
        /// One of these names, an enumeration's `allCases`.
        case choice([String])
        /// A finite number >= 0.
        case nonNegativeNumber
        /// A finite number in (0, maximum].
        case positiveNumber(atMost: Double)
        /// A finite number in (0, 1), both ends out.
        case fraction
        /// A finite number >= 0, or -1 for no bound (react-native-screens' convention).
        case bound
        /// An integer >= minimum.
        case integer(minimum: Int)
        case bool
        /// A list of these names, each at most once, in an order that matters.
        case uniqueList([String])
        /// A list of detectors, each a mapping (SPEC section 10).
        case detectors
    }

    /// `recognizer.region` for a key of a sub-mapping, `begin` for a top-level one.
    public let path: String
    public let type: ValueType
    /// One line on what the key does (the schema's description says this, then `fd: VALUE.`).
    public let summary: String
    /// For a list, one line on its items.
    public let itemSummary: String?
    /// The `fd` preset's value, hence that of every rules document that leaves the key out.
    public let fd: RuleValue
    /// What a diagnostic calls the value (`` `edgeWidth` ``, `recognizer kind`); a list's, one item.
    package let label: String
    package let get: @Sendable (Rules) -> RuleValue
    package let set: @Sendable (inout Rules, RuleValue) -> Void

    /// The sub-mapping holding the key (`recognizer`), nil for a top-level key.
    public var section: String? {
        path.firstIndex(of: ".").map { String(path[..<$0]) }
    }

    /// The key's name in its mapping: `region` for `recognizer.region`.
    public var name: String {
        path.firstIndex(of: ".").map { String(path[path.index(after: $0)...]) } ?? path
    }
}

/// A rule key's value, free of its Swift type, as the loader reads it and `rules show` writes it.
public enum RuleValue: Sendable, Equatable {
    case name(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case names([String])
    case detectors([DetectorRule])
}

extension RuleKey {
    /// Every rule key, in the order `rules show` prints them and the schema lists them; a
    /// sub-mapping's keys are adjacent. The cross-platform models' keys (RuleKeys+CrossPlatform.swift)
    /// come last.
    public static let all: [RuleKey] = older + crossPlatform

    private static let older: [RuleKey] = [
        choice(
            "recognizer.region", \.recognizer.region, noun: "region", fd: .fullscreen,
            "fullscreen: any down point; edge: the down point must be within edgeWidth of the leading edge (else refused, outsideEdge); edgeRect (react-native-gesture-handler's hitSlop): inside the edgeWidth-wide band as UIKit's CGRectContainsPoint sees it, its minimum-x side in and its maximum-x side out."
        ),
        nonNegative(
            "recognizer.edgeWidth", \.recognizer.edgeWidth, fd: 15, "The edge region's width in points (>= 0)."),
        choice(
            "recognizer.kind", \.recognizer.kind, noun: "recognizer kind", fd: .uikit,
            "uikit: recognized when |d.x| or |d.y| reaches the hysteresis, which is removed from the translation; horizontalSlop (Flutter): when |d.x| > slop; pan (Ionic): when |d| reaches pan.threshold within pan.maxAngle of the x axis, else refused; activeOffset (react-native-gesture-handler 3): when c * d.x > activeOffset.x, refused once |d.y| > activeOffset.failY; dominantAxis (Telegram): when |d.x| > slop and |d.x| > 2|d.y|, refused at a move the other way or with |d.y| > slop and |d.y| > 2|d.x|, a down within edgeWidth of the start edge recognized as uikit; firstMove (Framework7): at the first move, refused when |d.y| > |d.x| or it goes the other way."
        ),
        nonNegative(
            "recognizer.hysteresis", \.recognizer.hysteresis, fd: 10, "uikit recognizer's hysteresis in points (>= 0)."),
        nonNegative("recognizer.slop", \.recognizer.slop, fd: 18, "horizontalSlop recognizer's slop in points (>= 0)."),
        integer(
            "recognizer.maxTouches", \.recognizer.maxTouches, minimum: 1, fd: 1,
            "Fingers that may be down before the decision; one more fails the gesture (tooManyTouches). Integer >= 1."),
        choice(
            "recognizer.arena", \.recognizer.arena, noun: "arena", fd: .contested,
            "contested: recognized as kind says; alone (Flutter): the only member of its gesture arena, it wins at the tracked finger's down (began there, translation from the down point, direction and horizontal pass); byContent: alone unless the down point hits a content region."
        ),
        // FDFullscreenPopGesture's peers (issue 37).
        bool(
            "recognizer.firstVelocity", \.recognizer.firstVelocity, fd: false,
            "SloppySwiper: the first move with a non-zero velocity is refused when |v.y| > |v.x| (notHorizontal) or v.x k <= 0 (wrongDirection), recognized or not."
        ),
        choice(
            "recognizer.systemEdge", \.recognizer.systemEdge, noun: "system edge", fd: SystemEdge.none,
            "none, or uikit (SwipeTransition): a down within the uikit preset's edge is UIKit's own edge pop's, replayed under that preset (its recognizer, checks, velocity, completion and settle)."
        ),
        choice(
            "stackOps", \.stackOps, noun: "stackOps", fd: .deferred,
            "deferred: push, pop, popToRoot and setStack wait while a transition or an interactive pop is in flight; immediate (Flutter's Navigator): they run at once, transitions overlap, and one arriving during an interactive pop interrupts it."
        ),
        uniqueList(
            "begin", \.begin, noun: "begin check",
            fd: [.rootOnly, .popDisabled, .maxStartX, .transitioning, .direction],
            "The arbiter's begin checks, run in this order at recognition; the first that refuses decides. Each at most once.",
            items: BeginCheck.allCases.map { check in
                // Each check with the refusal reason it reports, when that has another name.
                let reason = "\(check.reason)"
                return reason == check.rawValue ? reason : "\(check.rawValue) (\(reason))"
            }),
        bool("mirrorDirection", \.mirrorDirection, fd: true, "direction check refuses the other way in rtl (k = -1)."),
        bool(
            "mirrorMaxStartX", \.mirrorMaxStartX, fd: false,
            "maxStartX check measures the leading-edge distance instead of location.x."),
        bool(
            "mirrorProgress", \.mirrorProgress, fd: true,
            "The pop's progress and velocity run leftward in rtl (c = -1); false: rightward always, as a library whose animation ignores the layout."
        ),
        nonNegative(
            "locationLimit", \.locationLimit, fd: 40,
            "locationLimit check refuses when location.x is beyond this, in points (>= 0)."),
        choice(
            "velocity", \.velocity, noun: "velocity estimator", fd: .uikit,
            "The velocity estimator: uikit (0.2 latest + 0.8 previous raw sample), lsq2 (Flutter's least-squares fit), last2 (last two samples) or ema (Ionic's moving average, the ema mapping)."
        ),
        choice(
            "completion.model", \.completion.model, noun: "completion model", fd: .projection,
            "projection (UIKit's projected progress), threshold (fling velocity, else progress), velocitySign, speedOrDistance (Ionic), linearProjection (React Navigation, react-native-screens), progressOrVelocity (past progressThreshold or velocityThreshold) or quickSwipe (by quickTime: past quickDistance, else past progressThreshold)."
        ),
        nonNegative(
            "completion.projectionDistance", \.completion.projectionDistance, fd: 187.5,
            "projection: points the projected progress must pass, as min(projectionDistance / W, projectionCap)."),
        nonNegative(
            "completion.projectionCap", \.completion.projectionCap, fd: 0.5,
            "projection: the threshold's cap, a fraction of the width."),
        nonNegative(
            "completion.progressThreshold", \.completion.progressThreshold, fd: 0.5,
            "threshold, progressOrVelocity, quickSwipe: completes iff progress >= this (> with `strict`)."),
        bool(
            "completion.strict", \.completion.strict, fd: false,
            "threshold, progressOrVelocity, quickSwipe: complete iff progress > progressThreshold instead of >=."),
        nonNegative(
            "completion.flingVelocity", \.completion.flingVelocity, fd: 0,
            "threshold: widths per second at or beyond which the velocity alone decides; 0 = no fling."),
        bool("completion.popOnZero", \.completion.popOnZero, fd: false, "velocitySign: a zero velocity completes too."),
        choice(
            "completion.onCancel", \.completion.onCancel, noun: "onCancel", fd: .cancel,
            "A touch cancel of the tracked finger: cancel (the pop is cancelled, by touchCancelled, and settles linearly), decide (decided like a lift, as a handler that treats UIGestureRecognizerStateCancelled like Ended) or hold (nothing decides: the pop stays unfinished, Framework7)."
        ),
        // FDFullscreenPopGesture's peers (issue 37).
        nonNegative(
            "completion.velocityThreshold", \.completion.velocityThreshold, unit: "pt/s", fd: 1000,
            "progressOrVelocity: a velocity along the pop beyond this, in points per second, completes whatever the progress."
        ),
        nonNegative(
            "completion.quickTime", \.completion.quickTime, unit: "ms", fd: 300,
            "quickSwipe: a release less than this many milliseconds after the down is quick."),
        nonNegative(
            "completion.quickDistance", \.completion.quickDistance, unit: "pt", fd: 10,
            "quickSwipe: a quick release completes past this many points of translation."),
        nonNegative(
            "transition.duration", \.transition.duration, unit: "ms", fd: 350,
            "D in milliseconds (>= 0): animated operations and the settle models use it."),
        choice(
            "transition.settle", \.transition.settle, noun: "settle model", fd: .uikit,
            "uikit (by release velocity, at most D), linear (r * D), cupertino (Flutter's timing), fixed (D whatever the distance), ionic (Ionic's duration, at most D, on its easing curve), spring (React Native's spring, the spring mapping), animator (react-native-screens: (1 - p) * animator.duration) or telegram (by release velocity within 50 to 200 ms; 100 ms to cancel)."
        ),
        positive(
            "transition.progressCap", \.transition.progressCap, atMost: 1, fd: 0.999,
            "The largest progress the interactive pop reaches, in (0, 1]."),
        choice(
            "bar.inject", \.bar.inject, noun: "bar injection", fd: .fd,
            "Which view controllers get willAppear blocks: fd (FDFullscreenPopGesture's rule), all (every instance while managed) or none."
        ),
        bool(
            "bar.restoreOnDisappear", \.bar.restoreOnDisappear, fd: true,
            "FDFullscreenPopGesture's disappear hook: after willAppear, show the bar if the top does not prefer it hidden."
        ),
        choice(
            "content.policy", \.content.policy, noun: "content policy", fd: .uikit,
            "How content under the finger competes with the pop: uikit (the first to recognize wins), requirePopToFail (TZ, LH: content waits until the pop fails), simultaneousAtEdge (FD README's fix: a scroll view at offset 0 recognizes with the pop) or edgeYields (a horizontal scroll view at offset 0 fails a drag in the pop direction)."
        ),
        choice(
            "content.ties", \.content.ties, noun: "content ties", fd: .content,
            "Who wins when the content moment and the pop's recognition fall on one sample: content or pop."),
        nonNegative(
            "content.hysteresis", \.content.hysteresis, fd: 10,
            "The content moment: the drag's distance in points (>= 0) at which content decides."),
        fraction(
            "content.deceleration", \.content.deceleration, fd: 0.998,
            "A claimed scroll view's deceleration rate per millisecond after the lift, in (0, 1)."),
        RuleKey(
            path: "detectors", type: .detectors,
            summary:
                "Detectors that watch the replay and report what an app's own code would have seen (docs/reference/detectors.md), in the order they report.",
            itemSummary:
                "A detector: kind scrollDirection, optional name, minMoveDistance (>= 0, default 5) and compare (previous or dragStart, default previous).",
            fd: .detectors([]), label: "detector",
            get: { .detectors($0.detectors) },
            set: { rules, value in rules.detectors = value.detectors ?? mismatch("detectors", value) }),
    ]

    /// What each sub-mapping is for.
    public static let sectionSummaries: [String: String] = [
        "recognizer": "Where a gesture may start and when it is recognized.",
        "completion": "How a lift decides whether the pop completes.",
        "transition": "Transition duration and settle timing.",
        "bar": "Navigation bar management.",
        "content":
            "Content under the finger: scroll views, swipe rows and controls competing with the pop (docs/reference/content.md).",
    ].merging(crossPlatformSections) { $1 }

    /// Keys of a rules document that are not rules: they say what the document is and what it extends.
    public static let documentKeys = ["format", "name", "extends"]

    /// The top-level keys of the rules in order, each with its keys: a sub-mapping's, or itself alone.
    public static let topLevel: [(name: String, keys: [RuleKey])] = all.reduce(into: []) { groups, key in
        let name = key.section ?? key.path
        if groups.last?.name == name {
            groups[groups.count - 1].keys.append(key)
        } else {
            groups.append((name, [key]))
        }
    }

    public static func named(_ path: String) -> RuleKey? {
        all.first { $0.path == path }
    }
}

// MARK: Rows

// One builder per value type: each ties the key's Swift field to its `RuleValue`, so a row cannot
// give a default or an accessor of the wrong type.
extension RuleKey {
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ path: String, _ field: WritableKeyPath<Rules, T> & Sendable, noun: String, fd: T, _ summary: String
    ) -> RuleKey where T.RawValue == String {
        RuleKey(
            path: path, type: .choice(T.allCases.map(\.rawValue)), summary: summary, itemSummary: nil,
            fd: .name(fd.rawValue), label: noun,
            get: { .name($0[keyPath: field].rawValue) },
            set: { rules, value in rules[keyPath: field] = T(rawValue: value.name ?? mismatch(path, value))! })
    }

    static func nonNegative(
        _ path: String, _ field: WritableKeyPath<Rules, Double> & Sendable, unit: String? = nil,
        fd: Double, _ summary: String
    ) -> RuleKey {
        number(path, field, type: .nonNegativeNumber, unit: unit, fd: fd, summary)
    }

    static func positive(
        _ path: String, _ field: WritableKeyPath<Rules, Double> & Sendable, atMost maximum: Double,
        fd: Double, _ summary: String
    ) -> RuleKey {
        number(path, field, type: .positiveNumber(atMost: maximum), unit: nil, fd: fd, summary)
    }

    static func fraction(
        _ path: String, _ field: WritableKeyPath<Rules, Double> & Sendable, fd: Double,
        _ summary: String
    ) -> RuleKey {
        number(path, field, type: .fraction, unit: nil, fd: fd, summary)
    }

    static func number(
        _ path: String, _ field: WritableKeyPath<Rules, Double> & Sendable, type: ValueType, unit: String?,
        fd: Double, _ summary: String
    ) -> RuleKey {
        RuleKey(
            path: path, type: type, summary: summary, itemSummary: nil, fd: .number(fd),
            label: unit.map { "\(code(path)) (\($0))" } ?? code(path),
            get: { .number($0[keyPath: field]) },
            set: { rules, value in rules[keyPath: field] = value.number ?? mismatch(path, value) })
    }

    static func integer(
        _ path: String, _ field: WritableKeyPath<Rules, Int> & Sendable, minimum: Int, fd: Int,
        _ summary: String
    ) -> RuleKey {
        RuleKey(
            path: path, type: .integer(minimum: minimum), summary: summary, itemSummary: nil, fd: .integer(fd),
            label: code(path),
            get: { .integer($0[keyPath: field]) },
            set: { rules, value in rules[keyPath: field] = value.integer ?? mismatch(path, value) })
    }

    static func bool(
        _ path: String, _ field: WritableKeyPath<Rules, Bool> & Sendable, fd: Bool, _ summary: String
    ) -> RuleKey {
        RuleKey(
            path: path, type: .bool, summary: summary, itemSummary: nil, fd: .bool(fd), label: code(path),
            get: { .bool($0[keyPath: field]) },
            set: { rules, value in rules[keyPath: field] = value.bool ?? mismatch(path, value) })
    }

    /// A number's or a flag's name in a diagnostic: `` `edgeWidth` ``.
    private static func code(_ path: String) -> String {
        "`\(path.split(separator: ".").last!)`"
    }

    private static func uniqueList<T: RawRepresentable & CaseIterable & Sendable>(
        _ path: String, _ field: WritableKeyPath<Rules, [T]> & Sendable, noun: String, fd: [T], _ summary: String,
        items: [String]
    ) -> RuleKey where T.RawValue == String {
        let last = items.count > 1 ? items.dropLast().joined(separator: ", ") + " or " + items.last! : items.joined()
        return RuleKey(
            path: path, type: .uniqueList(T.allCases.map(\.rawValue)), summary: summary, itemSummary: last + ".",
            fd: .names(fd.map(\.rawValue)), label: noun,
            get: { .names($0[keyPath: field].map(\.rawValue)) },
            set: { rules, value in
                rules[keyPath: field] = (value.names ?? mismatch(path, value)).map { T(rawValue: $0)! }
            })
    }
}

// Each key's payload, nil for another case.
extension RuleValue {
    fileprivate var name: String? { if case .name(let name) = self { name } else { nil } }
    fileprivate var number: Double? { if case .number(let number) = self { number } else { nil } }
    fileprivate var integer: Int? { if case .integer(let integer) = self { integer } else { nil } }
    fileprivate var bool: Bool? { if case .bool(let bool) = self { bool } else { nil } }
    fileprivate var names: [String]? { if case .names(let names) = self { names } else { nil } }
    fileprivate var detectors: [DetectorRule]? { if case .detectors(let detectors) = self { detectors } else { nil } }
}

/// The loader hands `set` a value it checked against the key's type, so another case is a bug. (It
/// returns T, never, so that it can stand after `??`.)
private func mismatch<T>(_ path: String, _ value: RuleValue) -> T {
    preconditionFailure("`\(path)` cannot hold \(value)")
}
