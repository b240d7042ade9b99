import PopGestureCore

/// Text and attribute values for XML, SVG and HTML. XML 1.0 allows no control characters but tab and
/// newline; they become U+FFFD.
func xmlEscaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\n": out += "&#10;"
        case "\t": out.unicodeScalars.append(scalar)
        default:
            if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                out += "\u{FFFD}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out
}

/// The inverse of `xmlEscaped` for what it writes (U+FFFD stays).
func xmlUnescaped(_ text: String) -> String {
    guard text.contains("&") else { return text }
    return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
        .replacingOccurrences(of: "&#10;", with: "\n").replacingOccurrences(of: "&amp;", with: "&")
}
