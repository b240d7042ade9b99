import PopGestureCore

/// SVG elements written as text with coordinates rounded to a tenth of a pixel, so the same plot is
/// the same bytes on every run and a long trace does not pay for digits nobody sees.
struct SVGCanvas {
    private(set) var body = ""

    /// Generic families only: the file must render alike with no font of its own.
    static let font = "font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\""

    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        // -0 prints as "-0"; a coordinate never needs the sign.
        return formatNumber(rounded == 0 ? 0 : rounded)
    }

    mutating func raw(_ text: String) { body += text }

    /// The `<svg>` element with its size, the generic font and a `<title>`; the caller closes it.
    mutating func open(width: Double, height: Double, title: String) {
        let w = Self.number(width)
        let h = Self.number(height)
        body +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" \(Self.font) font-size=\"12\">\n"
        body += "<title>\(xmlEscaped(title))</title>\n"
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, style: String, title: String? = nil) {
        element(
            "line",
            "x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" \(style)",
            title: title)
    }

    mutating func polyline(_ points: [(Double, Double)], style: String) {
        guard points.count > 1 else { return }
        let list = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
        body += "<polyline points=\"\(list)\" fill=\"none\" \(style)/>\n"
    }

    mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, style: String, title: String? = nil)
    {
        element(
            "rect",
            "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(max(width, 0)))\" height=\"\(Self.number(height))\" \(style)",
            title: title)
    }

    enum Anchor: String { case start, middle, end }

    /// A rectangle a label must stay inside: a lane, the header, the picture.
    struct Box {
        var left: Double
        var top: Double
        var right: Double
        var bottom: Double
    }

    /// The width a line of text takes at `size` px, over-estimated so that a label placed by it fits:
    /// DejaVu Sans, the first of the generic fonts, runs about 0.53 em a character (0.58 em for
    /// digits); 0.62 em each is counted, and 1 em for a wide (CJK) character.
    static func estimatedWidth(_ text: String, size: Double = 12) -> Double {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 1 : 0.62) } * size
    }

    /// `text` at (x, y) with `anchor`, moved the least that keeps it inside `box`, and cut with `…`
    /// when it is wider than the box: a label never leaves its lane or the picture. A label that
    /// fits where it was asked is written as asked.
    mutating func label(
        _ x: Double, _ y: Double, _ text: String, anchor: Anchor = .start, within box: Box, size: Double = 12,
        style: String = ""
    ) {
        let room = box.right - box.left - 4
        var shown = text
        while Self.estimatedWidth(shown, size: size) > room, shown.count > 1 {
            shown = String(shown.dropLast(shown.hasSuffix("…") ? 2 : 1)) + "…"
        }
        let width = Self.estimatedWidth(shown, size: size)
        let left =
            switch anchor {
            case .start: x
            case .middle: x - width / 2
            case .end: x - width
            }
        // The baseline: an ascent of about an em above it, a descent of a quarter below.
        let baseline = min(max(y, box.top + size), box.bottom - size / 4 - 1)
        if left < box.left + 2 {
            self.text(box.left + 2, baseline, shown, anchor: .start, style: style)
        } else if left + width > box.right - 2 {
            self.text(box.right - 2, baseline, shown, anchor: .end, style: style)
        } else {
            self.text(x, baseline, shown, anchor: anchor, style: style)
        }
    }

    mutating func text(_ x: Double, _ y: Double, _ text: String, anchor: Anchor = .start, style: String = "") {
        body +=
            "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" text-anchor=\"\(anchor.rawValue)\"\(style.isEmpty ? "" : " " + style)>\(xmlEscaped(text))</text>\n"
    }

    /// A marker centred on (x, y): the shape carries the meaning as much as the colour, so a greyscale
    /// print or a colour-blind reader still tells them apart.
    mutating func marker(_ shape: MarkerShape, _ x: Double, _ y: Double, colour: String, title: String? = nil) {
        element("path", "d=\"\(shape.path(x, y))\" \(shape.style(colour))", title: title)
    }

    private mutating func element(_ name: String, _ attributes: String, title: String?) {
        if let title {
            body += "<\(name) \(attributes)><title>\(xmlEscaped(title))</title></\(name)>\n"
        } else {
            body += "<\(name) \(attributes)/>\n"
        }
    }
}

/// The plot's point symbols; each legend entry pairs one with a colour.
enum MarkerShape {
    case circle, hollowCircle, square, cross, diamond, hollowDiamond, triangle, star

    func path(_ x: Double, _ y: Double) -> String {
        let n = SVGCanvas.number
        let r = 5.0
        switch self {
        case .circle, .hollowCircle:
            return "M\(n(x - r)),\(n(y))a\(n(r)),\(n(r)) 0 1,0 \(n(2 * r)),0a\(n(r)),\(n(r)) 0 1,0 \(n(-2 * r)),0Z"
        case .square:
            return "M\(n(x - r + 1)),\(n(y - r + 1))h\(n(2 * r - 2))v\(n(2 * r - 2))h\(n(-2 * r + 2))Z"
        case .cross:
            return "M\(n(x - r)),\(n(y - r))L\(n(x + r)),\(n(y + r))M\(n(x - r)),\(n(y + r))L\(n(x + r)),\(n(y - r))"
        case .diamond, .hollowDiamond:
            let d = r + 1.5
            return "M\(n(x)),\(n(y - d))L\(n(x + d)),\(n(y))L\(n(x)),\(n(y + d))L\(n(x - d)),\(n(y))Z"
        case .triangle:
            return "M\(n(x)),\(n(y - r - 1))L\(n(x + r + 1)),\(n(y + r))L\(n(x - r - 1)),\(n(y + r))Z"
        case .star:
            return "M\(n(x - r - 1)),\(n(y))H\(n(x + r + 1))M\(n(x)),\(n(y - r - 1))V\(n(y + r + 1))"
                + "M\(n(x - r + 1)),\(n(y - r + 1))L\(n(x + r - 1)),\(n(y + r - 1))M\(n(x - r + 1)),\(n(y + r - 1))L\(n(x + r - 1)),\(n(y - r + 1))"
        }
    }

    func style(_ colour: String) -> String {
        switch self {
        case .circle, .square, .diamond, .triangle: "fill=\"\(colour)\" stroke=\"#000\" stroke-width=\"1\""
        case .hollowCircle, .hollowDiamond: "fill=\"#fff\" stroke=\"\(colour)\" stroke-width=\"2.5\""
        case .cross, .star: "fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2.5\""
        }
    }
}
