import PopGestureCore

/// A user's own screen for `record --stack-config SCREEN.yaml`: a `popgesture-stack/1` document (as
/// `import --stack-config` reads it) whose top view controller the page draws, its regions at their
/// frames and its navigation bar as configured. The page scales the stack by one ratio from the
/// config's screen to the phone's viewport (`Page/recorder.js`, `scaledConfig`), writes the ratio
/// into each take's `origin.scale`, and gives each take that scaled stack.
public struct RecorderScreen: Sendable {
    /// The config's `name`, else its file's name without extension: the takes' scenario.
    public var name: String
    public var path: String
    public var screen: Screen
    public var barAppearanceManaged: Bool
    public var initialBarHidden: Bool?
    /// Bottom to top: the top one is drawn, the one below is what a swipe back shows.
    public var stack: [ViewControllerSpec]

    /// Reads the config at `path`; a config the page cannot draw (one view controller, a
    /// right-to-left layout) is an error that says why.
    public static func load(_ path: String) throws -> RecorderScreen {
        let reader = try YAMLDocumentReader(path: path)
        let config = try StackConfig(reading: reader)
        let settings = try TraceDecoder.settings(config.values)
        guard let stack = settings.stack, stack.count >= 2 else {
            throw Diagnostic(
                path: path,
                message: "`record --stack-config` needs a stack of two view controllers or more: the top one is "
                    + "drawn and a swipe back shows the one below",
                suggestion: "add the screen below to `stack`")
        }
        guard settings.layoutDirection == .ltr else {
            throw Diagnostic(
                path: path,
                message: "the recorder page draws left-to-right screens; this stack config is right-to-left",
                suggestion: "record with a copy of the config without `layoutDirection: rtl`")
        }
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.split(separator: ".").first.map(String.init) ?? file
        let name = (try? config.values["name"]?.text("`name`")) ?? nil
        return RecorderScreen(
            name: name ?? stem, path: path, screen: settings.screen,
            barAppearanceManaged: settings.barAppearanceManaged, initialBarHidden: settings.initialBarHidden,
            stack: stack)
    }

    /// The stay prompt for a region, by its kind: what that content is for.
    public static func stayPrompt(_ region: ContentRegion) -> String {
        switch region.kind {
        case .scroll: region.axis == .horizontal ? "Scroll \(region.id) to the left" : "Scroll \(region.id) down"
        case .swipeRow: "Open \(region.id)"
        case .control: "Drag \(region.id)"
        }
    }

    /// The stay prompts the page takes in turn: one per region of the top view controller, or the
    /// plain screen's when it has none.
    public var stayPrompts: [String] {
        let regions = stack.last?.content ?? []
        return regions.isEmpty ? [RecorderScenario.plain.stayPrompt] : regions.map(Self.stayPrompt)
    }

    /// The screen as the page's settings hold it: `{name, screen, stack, ...}` in the config's points.
    func write(_ w: inout JSONWriter) {
        w.open("{")
        w.key("name")
        w.string(name)
        w.key("screen")
        w.open("{")
        w.key("width")
        w.number(screen.width)
        w.key("height")
        w.number(screen.height)
        w.close("}")
        w.key("stayPrompts")
        w.array(stayPrompts) { $0.string($1) }
        w.key("barAppearanceManaged")
        w.bool(barAppearanceManaged)
        if let initialBarHidden {
            w.key("initialBarHidden")
            w.bool(initialBarHidden)
        }
        w.key("stack")
        w.array(stack) { w, spec in
            w.open("{")
            w.key("id")
            w.string(spec.id)
            if let barHidden = spec.barHidden {
                w.key("barHidden")
                w.bool(barHidden)
            }
            if let popDisabled = spec.popDisabled {
                w.key("popDisabled")
                w.bool(popDisabled)
            }
            if let maxStartX = spec.maxStartX {
                w.key("maxStartX")
                w.number(maxStartX)
            }
            if let content = spec.content {
                w.key("content")
                w.array(content) { w, region in Self.write(region, &w) }
            }
            w.close("}")
        }
        w.close("}")
    }

    private static func write(_ region: ContentRegion, _ w: inout JSONWriter) {
        w.open("{")
        w.key("id")
        w.string(region.id)
        w.key("kind")
        w.string(region.kind.rawValue)
        w.key("frame")
        w.array([region.frame.x, region.frame.y, region.frame.width, region.frame.height]) { $0.number($1) }
        let keys = ContentRegion.keys(of: region.kind)
        if keys.contains("axis"), let axis = region.axis {
            w.key("axis")
            w.string(axis.rawValue)
        }
        if keys.contains("offset") {
            w.key("offset")
            w.number(region.offset)
        }
        if keys.contains("maxOffset"), let maxOffset = region.maxOffset {
            w.key("maxOffset")
            w.number(maxOffset)
        }
        if keys.contains("open") {
            w.key("open")
            w.bool(region.open)
        }
        if keys.contains("protected") {
            w.key("protected")
            w.bool(region.protected)
        }
        w.close("}")
    }
}
