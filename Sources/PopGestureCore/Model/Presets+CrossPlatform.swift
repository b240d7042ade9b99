/// The cross-platform back gestures (issue 42), each from its own source
/// (docs/reference/cross-platform.md); like every preset but `fd`, each extends `fd`.
extension Presets {
    static let crossPlatform: [Preset] = [
        Preset(
            name: "ionic",
            summary:
                "Ionic's swipe back (iOS mode): 50 pt edge, a 10 pt pan within 40 degrees, a moving-average velocity sampled once a frame, complete past 0.2 px/ms or half the width",
            document: """
                format: popgesture-rules/1
                name: ionic
                recognizer: {region: edge, edgeWidth: 50, kind: pan}
                begin: [rootOnly, popDisabled, transitioning]
                velocity: ema
                completion: {model: speedOrDistance, onCancel: decide}
                transition: {duration: 540, settle: ionic, progressCap: 0.9999}
                bar: {inject: none, restoreOnDisappear: false}
                """),
        // 7.x, the released line, is the default React Navigation.
        Preset(
            name: "react-navigation",
            summary:
                "React Navigation 7's stack on iOS: a 50 pt edge band, UIKit's pan either way, complete when translation + 0.3 s of velocity passes half the width, the iOS spring",
            document: """
                format: popgesture-rules/1
                name: react-navigation
                recognizer: {region: edgeRect, edgeWidth: 50}
                begin: [rootOnly, popDisabled]
                completion: {model: linearProjection}
                transition: {duration: 483, settle: spring, progressCap: 1}
                bar: {inject: none, restoreOnDisappear: false}
                """),
        Preset(
            name: "react-navigation-8",
            summary:
                "React Navigation 8 (main): react-navigation with its activation criteria in force: 5 pt toward the pop, refused past 20 pt vertically",
            document: """
                format: popgesture-rules/1
                name: react-navigation-8
                recognizer: {region: edgeRect, edgeWidth: 50, kind: activeOffset}
                begin: [rootOnly, popDisabled]
                completion: {model: linearProjection}
                transition: {duration: 483, settle: spring, progressCap: 1}
                bar: {inject: none, restoreOnDisappear: false}
                """),
        Preset(
            name: "rn-screens-fullscreen",
            summary:
                "react-native-screens' fullScreenSwipeEnabled below iOS 26: UIKit's pan anywhere within gestureResponseDistance, React Navigation's release rule, the animator's (1 - p) x 500 ms",
            document: """
                format: popgesture-rules/1
                name: rn-screens-fullscreen
                begin: [rootOnly, popDisabled, responseDistance]
                completion: {model: linearProjection}
                transition: {duration: 350, settle: animator, progressCap: 1}
                bar: {inject: none, restoreOnDisappear: false}
                """),
    ]
}
