import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The elements of an XML text (SVG, JUnit) in document order, each with its attributes, its own
/// text, the text of its `<title>` child and its parent; parsing fails the test when the text is not
/// well-formed. Tests assert elements and attribute values through it, never substrings of markup.
struct XMLElements {
    struct Element: Equatable {
        var name: String
        var attributes: [String: String]
        /// The character data directly inside the element (entities and character references read).
        var text = ""
        var title = ""
        /// The index of the enclosing element in `elements`; nil for the root.
        var parent: Int?
    }
    var elements: [Element] = []
    var root: String? { elements.first?.name }

    init(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        let parsed = parser.parse()
        #expect(
            parsed, "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")\n\(text)",
            sourceLocation: sourceLocation)
        guard parsed else { throw LoadFailure() }
        elements = collector.elements
    }

    func first(where predicate: (Element) -> Bool) -> Element? { elements.first(where: predicate) }
    func filter(_ predicate: (Element) -> Bool) -> [Element] { elements.filter(predicate) }
    func named(_ name: String) -> [Element] { elements.filter { $0.name == name } }
    func indices(named name: String) -> [Int] { elements.indices.filter { elements[$0].name == name } }

    /// The elements directly inside the one at `index`, in order.
    func children(of index: Int) -> [Element] { elements.filter { $0.parent == index } }

    /// The tree's shape: each element's name, indented two spaces per level, so that a test can
    /// write the nesting it expects as it would read it.
    var outline: [String] {
        elements.map { element in
            var depth = 0
            var parent = element.parent
            while let index = parent {
                depth += 1
                parent = elements[index].parent
            }
            return String(repeating: "  ", count: depth) + element.name
        }
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(Element(name: name, attributes: attributes, parent: open.last))
            open.append(elements.count - 1)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let current = open.last else { return }
            elements[current].text += string
            // A title names the element it sits in.
            if elements[current].name == "title", let parent = elements[current].parent {
                elements[parent].title += string
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }
    }
}
