import Foundation
import Testing

/// The start tags of an HTML page, each with its attributes, and the text of every element, as
/// Python's html.parser reads them: HTML5 (scripts, void elements) is not XML, so `XMLElements`
/// cannot read every page, and a browser's own parser would need Chromium in the unit tests.
struct HTMLElements {
    var tags: [String] = []
    /// `attributes[i]` belongs to `tags[i]`; an attribute without a value reads as "".
    var attributes: [[String: String]] = []
    var texts: [String] = []

    init(_ html: String) throws {
        let dir = try CLI.fixture([
            "page.html": html,
            "parse.py": """
            import html.parser, json, sys
            class P(html.parser.HTMLParser):
                def __init__(self):
                    super().__init__(convert_charrefs=True)
                    self.tags, self.attributes, self.texts = [], [], []
                def handle_starttag(self, tag, attrs):
                    self.tags.append(tag)
                    self.attributes.append({name: value or "" for name, value in attrs})
                def handle_data(self, data): self.texts.append(data)
            p = P()
            p.feed(open(sys.argv[1], encoding="utf-8").read())
            p.close()
            print(json.dumps({"tags": p.tags, "attributes": p.attributes, "texts": p.texts}))

            """,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["-c", "python3 parse.py page.html"], in: dir, shell: true)
        try #require(run.status == 0, "python3: \(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        tags = object["tags"] as? [String] ?? []
        attributes = object["attributes"] as? [[String: String]] ?? []
        texts = object["texts"] as? [String] ?? []
    }

    /// The attributes of every element named `tag`, in order.
    func attributes(of tag: String) -> [[String: String]] {
        zip(tags, attributes).filter { $0.0 == tag }.map(\.1)
    }
}
