/// The built-in rule versions of SPEC section 7, kept as rules documents so that they go through the
/// same loader, merge and validation as a user's rules file, and `rules show` prints them the same way.
public enum Presets {
    public struct Preset: Sendable {
        public let name: String
        public let summary: String
        /// A rules document; every preset but `fd` extends `fd`.
        public let document: String
    }

    /// The presets in the order `rules list` prints them: the older ones, then the cross-platform
    /// models (Presets+CrossPlatform.swift).
    public static let all: [Preset] = older + crossPlatform

    private static let older: [Preset] = [
        // Every key's default is in the table; `fd` is that table written out.
        Preset(
            name: "fd",
            summary:
                "FDFullscreenPopGesture master: full-screen pan, maxStartX, willAppear blocks and the disappear hook",
            document: RulesPrinter.document(name: "fd", value: \.fd)),
        Preset(
            name: "fd-1.1",
            summary: "FDFullscreenPopGesture tag 1.1: no maxStartX, direction not mirrored, no disappear hook",
            document: """
                format: popgesture-rules/1
                name: fd-1.1
                begin: [rootOnly, popDisabled, transitioning, direction]
                mirrorDirection: false
                bar: {inject: fd, restoreOnDisappear: false}
                """),
        Preset(
            name: "uikit", summary: "UIKit's own edge swipe: 15 pt leading edge, no bar management",
            document: """
                format: popgesture-rules/1
                name: uikit
                recognizer: {region: edge, edgeWidth: 15}
                begin: [rootOnly, transitioning, direction]
                mirrorDirection: true
                bar: {inject: none, restoreOnDisappear: false}
                content: {policy: requirePopToFail}
                """),
        Preset(
            name: "tz",
            summary: "TZScrollViewPopGesture: full-screen pan that must start within 40 pt of the left edge",
            document: """
                format: popgesture-rules/1
                name: tz
                begin: [transitioning, rootOnly, popDisabled, direction, locationLimit]
                mirrorDirection: false
                locationLimit: 40
                bar: {inject: none, restoreOnDisappear: false}
                content: {policy: requirePopToFail}
                """),
        Preset(
            name: "cupertino",
            summary: "Flutter's CupertinoPageRoute: 20 pt edge, horizontal slop, least-squares velocity, 50 % or fling",
            document: """
                format: popgesture-rules/1
                name: cupertino
                recognizer: {region: edge, edgeWidth: 20, kind: horizontalSlop, slop: 18}
                begin: [rootOnly, transitioning]
                velocity: lsq2
                completion: {model: threshold, progressThreshold: 0.5, flingVelocity: 1.0}
                transition: {duration: 500, settle: cupertino, progressCap: 1}
                bar: {inject: none, restoreOnDisappear: false}
                content: {ties: pop, hysteresis: 18}
                """),
        Preset(
            name: "flutter",
            summary:
                "Flutter's CupertinoPageRoute on its Navigator (2024): cupertino's gesture alone in its arena unless content is under the finger, operations never deferred, a pointer cancel decided like a lift",
            document: """
                format: popgesture-rules/1
                name: flutter
                recognizer: {region: edge, edgeWidth: 20, kind: horizontalSlop, slop: 18, arena: byContent}
                stackOps: immediate
                begin: [rootOnly, popDisabled, transitioning]
                velocity: lsq2
                completion: {model: threshold, progressThreshold: 0.5, flingVelocity: 1.0, onCancel: decide}
                transition: {duration: 500, settle: cupertino, progressCap: 1}
                bar: {inject: none, restoreOnDisappear: false}
                content: {ties: pop, hysteresis: 18}
                """),
        Preset(
            name: "edge30",
            summary:
                "The seed article's hand-made UIScreenEdgePan: 15 pt edge, last-two-samples velocity, completes past 30 %, a cancel decided like a lift, a fixed 150 ms settle",
            document: """
                format: popgesture-rules/1
                name: edge30
                recognizer: {region: edge, edgeWidth: 15}
                begin: [rootOnly]
                velocity: last2
                completion: {model: threshold, progressThreshold: 0.3, strict: true, flingVelocity: 0, onCancel: decide}
                transition: {duration: 150, settle: fixed, progressCap: 1}
                bar: {inject: none, restoreOnDisappear: false}
                """),
        Preset(
            name: "lh",
            summary:
                "The LH category of the seed article: TZ's rule without popDisabled, every view controller sets its bar in viewWillAppear",
            document: """
                format: popgesture-rules/1
                name: lh
                begin: [transitioning, rootOnly, direction, locationLimit]
                mirrorDirection: false
                locationLimit: 40
                bar: {inject: all, restoreOnDisappear: false}
                content: {policy: requirePopToFail}
                """),
        // FDFullscreenPopGesture's peers (docs/reference/rules.md, "Where the peers' presets come from").
        Preset(
            name: "swipetransition",
            summary:
                "SwipeTransition: a full-screen pan after UIKit's own edge pop, cancelled at its start unless its velocity points right, completing past 50 % or 1000 pt/s, 300 ms linear settle",
            document: """
                format: popgesture-rules/1
                name: swipetransition
                recognizer: {systemEdge: uikit}
                begin: [rootOnly, transitioning, velocityHorizontal, velocityDirection]
                mirrorDirection: false
                mirrorProgress: false
                completion: {model: progressOrVelocity, progressThreshold: 0.5, strict: true, velocityThreshold: 1000}
                transition: {duration: 300, settle: linear, progressCap: 1}
                bar: {inject: none, restoreOnDisappear: false}
                """),
        Preset(
            name: "sloppyswiper",
            summary:
                "SloppySwiper: a full-screen pan that fails unless its first non-zero velocity points right, completing whenever the release velocity does, a cancel decided alike, 250 ms linear settle",
            document: """
                format: popgesture-rules/1
                name: sloppyswiper
                recognizer: {firstVelocity: true}
                begin: [rootOnly, transitioning]
                mirrorDirection: false
                mirrorProgress: false
                completion: {model: velocitySign, onCancel: decide}
                transition: {duration: 250, settle: linear, progressCap: 1}
                bar: {inject: none, restoreOnDisappear: false}
                """),
        Preset(
            name: "telegram",
            summary:
                "Telegram-iOS: a full-screen pan validated at once from the 16 pt edge, elsewhere when mostly horizontal past 2 pt; completes past 20 % or 1000 pt/s, at a cancel too; content waits for it",
            document: """
                format: popgesture-rules/1
                name: telegram
                recognizer: {kind: dominantAxis, edgeWidth: 16, slop: 2}
                begin: [rootOnly, transitioning, popDisabled]
                mirrorDirection: false
                mirrorProgress: false
                completion: {model: progressOrVelocity, progressThreshold: 0.2, strict: true, velocityThreshold: 1000, onCancel: decide}
                transition: {duration: 500, settle: telegram, progressCap: 1}
                bar: {inject: none, restoreOnDisappear: false}
                content: {policy: requirePopToFail}
                """),
        Preset(
            name: "framework7",
            summary:
                "Framework7's swipe-back: a touch within 30 px of the edge, taken at its first move unless that scrolls or goes the wrong way; completes within 300 ms past 10 px, later past half the width",
            document: """
                format: popgesture-rules/1
                name: framework7
                recognizer: {region: edge, edgeWidth: 30, kind: firstMove, maxTouches: 10}
                begin: [transitioning, rootOnly]
                completion: {model: quickSwipe, progressThreshold: 0.5, strict: true, quickTime: 300, quickDistance: 10, onCancel: hold}
                transition: {duration: 300, settle: fixed, progressCap: 1}
                bar: {inject: none, restoreOnDisappear: false}
                """),
    ]

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> Preset? {
        all.first { $0.name == name }
    }
}
