internal import PopGestureCore

/// A rule version: how gestures are recognized, released and settled, and what the navigation bar
/// does (docs/reference/rules.md). One of the presets, or a rules file (`format: popgesture-rules/1`,
/// which may `extends` a preset).
///
/// ```swift
/// let report = try Trace.load(contentsOf: "swipe.yaml")[0].replay(rules: .uikit)
/// let mine = try Rules(contentsOf: "Tests/rules/our-app.yaml")
/// ```
public struct Rules: Sendable, Equatable, CustomStringConvertible {
    let core: PopGestureCore.Rules

    init(core: PopGestureCore.Rules) { self.core = core }

    /// The rule version's name: a preset's name, or the rules file's `name` (else its file name).
    public var name: String { core.name }
    public var description: String { core.name }

    /// A preset by name (`fd`, `fd-1.1`, `uikit`, ...; ``presetNames`` lists them), or a rules file
    /// by path: what `popgesture --rules` accepts.
    /// - Throws: ``PopGestureError`` when no preset has that name and no rules file loads from it.
    public init(_ presetOrPath: String) throws {
        do {
            core = try RulesLoader.load(presetOrPath)
        } catch {
            throw PopGestureError(error, path: presetOrPath)
        }
    }

    /// A rules file (`format: popgesture-rules/1`).
    /// - Throws: ``PopGestureError`` when the file cannot be read or is not a valid rules file.
    public init(contentsOf path: String) throws {
        // A bare name would be taken for a preset; a path with a folder never is.
        try self.init(path.contains("/") ? path : "./" + path)
    }

    /// Every preset's name, in the order `popgesture rules list` prints them.
    public static var presetNames: [String] { Presets.names }

    /// A preset that always loads (the presets are built in, and tested).
    private static func preset(_ name: String) -> Rules {
        Rules(core: try! RulesLoader.load(name))
    }

    /// FDFullscreenPopGesture master, the default: a full-screen pan with `maxStartX`, willAppear
    /// blocks and the disappear hook.
    public static let fd = preset("fd")
    /// FDFullscreenPopGesture tag 1.1: no `maxStartX`, direction not mirrored, no disappear hook.
    public static let fd11 = preset("fd-1.1")
    /// UIKit's own edge swipe: a 15 pt leading edge, no bar management.
    public static let uikit = preset("uikit")
    /// TZScrollViewPopGesture: a full-screen pan that must start within 40 pt of the left edge.
    public static let tz = preset("tz")
    /// Flutter's CupertinoPageRoute: a 20 pt edge, horizontal slop, least-squares velocity.
    public static let cupertino = preset("cupertino")
    /// Flutter's CupertinoPageRoute on its Navigator (2024).
    public static let flutter = preset("flutter")
    /// A hand-made UIScreenEdgePan that completes past 30 %.
    public static let edge30 = preset("edge30")
    /// TZ's rule without `popDisabled`; every view controller sets its bar in viewWillAppear.
    public static let lh = preset("lh")
    /// SwipeTransition: a full-screen pan after UIKit's own edge pop, completing past 50 % or 1000 pt/s.
    public static let swipeTransition = preset("swipetransition")
    /// SloppySwiper: a full-screen pan whose first velocity must point right; the release velocity decides.
    public static let sloppySwiper = preset("sloppyswiper")
    /// Telegram-iOS: a mostly horizontal pan past 2 pt, or any from the 16 pt edge; past 20 % or 1000 pt/s.
    public static let telegram = preset("telegram")
    /// Framework7's swipe-back: a 30 px edge; within 300 ms past 10 px, later past half the width.
    public static let framework7 = preset("framework7")
    /// Ionic's swipe back: a 50 pt edge, a 10 pt pan within 40 degrees, a moving-average velocity
    /// sampled once a frame, complete past 0.2 px/ms or half the width.
    public static let ionic = preset("ionic")
    /// React Navigation 7's stack on iOS: a 50 pt edge band, UIKit's pan either way, translation plus
    /// 0.3 s of velocity against half the width, the iOS spring.
    public static let reactNavigation = preset("react-navigation")
    /// React Navigation 8: its activation criteria in force (5 pt toward the pop, refused past 20 pt
    /// vertically).
    public static let reactNavigation8 = preset("react-navigation-8")
    /// react-native-screens' full-screen swipe below iOS 26: UIKit's pan anywhere within
    /// gestureResponseDistance, React Navigation's release rule, (1 - p) x 500 ms to settle.
    public static let rnScreensFullscreen = preset("rn-screens-fullscreen")
}
