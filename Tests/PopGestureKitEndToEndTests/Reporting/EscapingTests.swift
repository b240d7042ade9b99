import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// What a hostile trace name, view-controller id or file name can put into popgesture's SVG, HTML
/// and JUnit (issue 30): each output parses (an XML parser for SVG and JUnit, Python's html.parser
/// for HTML), no element comes from the input, and the text reads back exactly as written.
@Suite(.serialized) struct EscapingTests {
    /// `<script>`, `]]>`, quotes, `&`, `%0A`, a newline and `::` (GitHub's workflow commands).
    static let name = "<script>alert(\"x\")</script> ]]> & %0A \n::error file=x::y 'q'"
    static let root = "<b>&root]]>"
    static let detail = "det\"ail\n::warning::"
    static let file = "h <i>&\"::%0A.yaml"

    /// The name and ids as YAML double-quoted scalars.
    static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// Fails its expectation (a completed pop, expected cancelled), so that every report shows it.
    static let trace = """
        format: popgesture-trace/1
        name: \(quoted(name))
        stack: [{id: \(quoted(root))}, {id: \(quoted(detail))}]
        events:
        - touch: 1
          samples: [[0, 30, 400], [16, 42, 401], [33, 80, 402], [50, 140, 402]]
          up: 60
        expect:
        - {gesture: 1, pop: cancelled}

        """

    static func output(_ arguments: [String], file: String? = nil) throws -> String {
        let dir = try CLI.fixture([Self.file: Self.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(arguments, in: dir)
        #expect(run.status <= 1, "\(arguments): \(run.stderr)")
        guard let file else { return run.stdout }
        return try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
    }

    @Test func svg() throws {
        let svg = try XMLElements(try Self.output(["plot", Self.file]))
        #expect(svg.root == "svg")
        #expect(!svg.elements.contains { $0.name == "script" })
        #expect(svg.elements.first?.title == "\(Self.name) (\(Self.file)#1) under fd")
        #expect(svg.elements.contains { $0.title.hasPrefix("interactivePop \(Self.detail)→\(Self.root) completed") })
    }

    @Test func junit() throws {
        let xml = try XMLElements(try Self.output(["check", "--format", "junit", Self.file]))
        #expect(xml.root == "testsuites")
        #expect(xml.elements.map(\.name) == ["testsuites", "testsuite", "testcase", "failure"])
        #expect(xml.elements[1].attributes["name"] == Self.file)
        #expect(xml.elements[2].attributes["name"] == "\(Self.file)#1 \(Self.name)")
        #expect(xml.elements[2].attributes["classname"] == Self.file)
    }

    /// The JUnit renderer's line shapes are what `merge` accepts: a filled line escapes its values
    /// onto one line and matches its own pattern; the same line with a raw quote or break does not.
    @Test func junitLinesAndTheirPatternsAgree() throws {
        let failure = CheckJUnitRenderer.failure("a \"b\" <c>\nd", "GoldenMismatch", "e & f")
        #expect(
            failure
                == #"      <failure message="a &quot;b&quot; &lt;c&gt;&#10;d" type="GoldenMismatch">e &amp; f</failure>"#
        )
        let pattern = try NSRegularExpression(pattern: "^" + CheckJUnitRenderer.failure.pattern + "$")
        func matches(_ line: String) -> Bool {
            pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
        }
        #expect(matches(failure))
        #expect(!matches(#"      <failure message="a "b"" type="GoldenMismatch">e</failure>"#))
        #expect(!matches(#"      <failure message="a" type="Other">e</failure>"#))
        #expect(
            CheckJUnitRenderer.suite("x\ty.yaml", "2", "1", "0", "0")
                == "  <testsuite name=\"x\ty.yaml\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\">")
    }

    @Test func htmlReport() throws {
        let page = try HTMLElements(
            try Self.output(["check", "--format", "html", "-o", "r.html", Self.file], file: "r.html"))
        #expect(!page.tags.contains("script"))
        #expect(!page.tags.contains("b") && !page.tags.contains("i"), "a tag from the input: \(page.tags)")
        // The table's link, the failure's heading, the plot's title and its heading text.
        #expect(page.texts.contains(Self.name))
        #expect(page.texts.contains("FAIL \(Self.name) — \(Self.file)#1 (fd)"))
        #expect(page.texts.contains("\(Self.file)#1"))
    }

    @Test func htmlPlotPage() throws {
        let page = try HTMLElements(try Self.output(["plot", Self.file, "-o", "p.html"], file: "p.html"))
        #expect(!page.tags.contains("script") && !page.tags.contains("b") && !page.tags.contains("i"), "\(page.tags)")
        #expect(page.texts.contains("\(Self.name) (\(Self.file)#1) under fd"))
    }
}
