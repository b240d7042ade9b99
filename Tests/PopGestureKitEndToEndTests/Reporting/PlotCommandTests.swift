import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `popgesture plot` and `check --format html` run as commands: the files they write and the plots they hold.
@Suite(.serialized) struct PlotCommandTests {

    @Test func commandWritesOneFilePerDocumentOrOnePage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plot-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let two =
            Traces.cancelledSwipe + "\n---\n"
            + Traces.cancelledSwipe.replacingOccurrences(of: "name: cancelled-swipe", with: "name: again")
        try two.write(toFile: dir + "/two.yaml", atomically: true, encoding: .utf8)

        let stdout = try CLI.run(["plot", "two.yaml"], in: dir)
        #expect(stdout.status == 2)
        #expect(stdout.stderr.contains("--document N"))

        let one = try CLI.run(["plot", "two.yaml", "--document", "2"], in: dir)
        #expect(one.status == 0)
        let svg = try XMLElements(one.stdout)
        #expect(svg.root == "svg" && svg.elements.first?.title == "again (two.yaml#2) under fd")

        let files = try CLI.run(["plot", "two.yaml", "-o", "p.svg"], in: dir)
        #expect(files.status == 0)
        #expect(
            FileManager.default.fileExists(atPath: dir + "/p-1.svg")
                && FileManager.default.fileExists(atPath: dir + "/p-2.svg"))

        let page = try CLI.run(["plot", "two.yaml", "-o", "p.html"], in: dir)
        #expect(page.status == 0)
        let html = try String(contentsOfFile: dir + "/p.html", encoding: .utf8)
        // One plot per document, each titled by its trace.
        #expect(
            try XMLElements(html).named("svg").map(\.title) == [
                "cancelled-swipe (two.yaml#1) under fd", "again (two.yaml#2) under fd",
            ])

        let missing = try CLI.run(["plot", "two.yaml", "--document", "3"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no trace document #3"))
    }

    /// Two files: one passing, one failing its `pop` expectation, and one that is not YAML.
    @Test func checkHTMLPutsFailuresFirstWithTheirPlots() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("check-html-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let expecting = Traces.cancelledSwipe + "\nexpect:\n  - {gesture: 1, pop: cancelled}\n"
        try expecting.write(toFile: dir + "/a-passes.yaml", atomically: true, encoding: .utf8)
        try expecting.replacingOccurrences(of: "pop: cancelled", with: "pop: completed").write(
            toFile: dir + "/b-fails.yaml", atomically: true, encoding: .utf8)
        try "format: popgesture-trace/1\nstack: [oops\n".write(
            toFile: dir + "/c-broken.yaml", atomically: true, encoding: .utf8)

        let run = try CLI.run(["check", ".", "--format", "html", "-o", "report.html"], in: dir)
        #expect(run.status == 2)
        #expect(run.stdout == "wrote report.html\n")
        let html = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        let again = try CLI.run(["check", ".", "--format", "html"], in: dir)
        #expect(again.stdout == html, "the page is the same bytes on standard output and on every run")
        let page = try XMLElements(html)
        #expect(page.root == "html")
        let statuses = page.filter {
            $0.name == "td" && ["passed", "failed", "error"].contains($0.attributes["class"] ?? "")
        }.map { $0.attributes["class"]! }
        #expect(statuses == ["failed", "error", "passed"])
        #expect(
            page.named("svg").map(\.title) == ["cancelled-swipe (./b-fails.yaml#1) under fd"],
            "only the failure is plotted")
        #expect(
            page.named("td").contains {
                $0.attributes.isEmpty
                    && $0.text.hasPrefix("expect[0]: gesture 1: expected pop completed, got cancelled")
            })
        let summary = try #require(
            page.indices(named: "p").first { page.elements[$0].attributes["class"] == "summary" })
        #expect(
            page.children(of: summary).map { [$0.attributes["class"], $0.text] } == [
                [nil, "3 traces in 3 files"], ["passed", "1 passed"], ["failed", "1 failed"], ["error", "1 error"],
            ])
        #expect(!page.elements.contains { $0.name == "script" })

        // A folder that does not exist: refused before the run, nothing written.
        let misuse = try CLI.run(["check", ".", "--format", "html", "-o", "missing/x.html"], in: dir)
        #expect(
            misuse.status == 2 && misuse.stdout.isEmpty
                && misuse.stderr.contains("missing/x.html: error: cannot write the output file"), "\(misuse.stderr)")
    }
}
