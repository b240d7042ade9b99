import PopGestureCore

/// SPEC section 1's `origin` of an imported trace: which recording it came from and how it was
/// read, so that a trace in a corpus can be followed back to its recording and re-imported. The
/// replay never reads it.
struct TraceOrigin {
    /// The version of popgesture whose importer wrote the trace (a new version may map differently).
    static let importer = "popgesture \(PopGestureVersion.current)"

    var format: ImportFormat
    /// The recording's file name, without its folder: the folder is where it was on one machine.
    var file: String
    /// The device as the recording names it, where it does.
    var device: String?
    /// The device node (`/dev/input/event2`), where the recording says it.
    var node: String?
    /// The axis ranges the positions were scaled with, by label, in code order.
    var axes: [(label: String, min: Int64, max: Int64)] = []
    /// How the recording became strokes, in words.
    var mapping: [(key: String, value: String)] = []

    init(format: ImportFormat, path: String) {
        self.format = format
        file = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    }

    /// The ranges of an evdev device's touch axes and its protocol.
    init(format: ImportFormat, path: String, device: EvdevDevice, screen: Screen) {
        self.init(format: format, path: path)
        self.device = device.name
        node = device.node
        for code in device.trackerAxes {
            if let range = device.ranges[code] { axes.append((Evdev.absLabel(code), range.min, range.max)) }
        }
        mapping = [
            ("protocol", device.protocolName),
            (
                "scale",
                "each axis range spans the screen, \(formatNumber(screen.width)) x \(formatNumber(screen.height))"
            ),
            ("time", "ms from the first event of the recording"),
        ]
    }

    /// The `origin:` block, at the document's top level.
    var yaml: String {
        var text = "origin:\n  importer: \(TraceDocumentWriter.scalar(Self.importer))\n  format: \(format.rawValue)\n"
        text += "  file: \(TraceDocumentWriter.scalar(file))\n"
        if let device { text += "  device: \(TraceDocumentWriter.scalar(device))\n" }
        if let node { text += "  node: \(TraceDocumentWriter.scalar(node))\n" }
        if !axes.isEmpty {
            text += "  axes: {" + axes.map { "\($0.label): [\($0.min), \($0.max)]" }.joined(separator: ", ") + "}\n"
        }
        if !mapping.isEmpty {
            text += "  mapping:\n" + mapping.map { "    \($0.key): \(TraceDocumentWriter.scalar($0.value))\n" }.joined()
        }
        return text
    }
}

/// The version `popgesture --version` prints and imported traces name in their `origin`.
public enum PopGestureVersion {
    public static let current = "0.1.0"
}
