import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Each renderer alone, SwiftLint's way (its `ReporterTests`): one fixed set of results, written out
/// here, goes through every renderer of its command, and the bytes must equal a canned file under
/// References/Renderers/, named after the renderer with the extension of what it writes
/// (`CheckJSONRenderer.json`, `SweepSVGRenderer.svg`). No trace is read and no replay runs, so a
/// change to a renderer shows here alone, apart from the loader's and the replay's; the commands'
/// whole outputs are `ReferenceOutputTests`'. `RECORD_REFERENCES=1 swift test --filter
/// RendererFixtureTests` rewrites the canned files; review the diff before committing it.
@Suite struct RendererFixtureTests {
    static let folder = ReferenceOutputTests.folder + "/Renderers"

    struct Case: Sendable, CustomTestStringConvertible {
        var renderer: String
        var fileExtension: String
        var render: @Sendable (Console) -> Void
        var testDescription: String { renderer }
        var file: String { "\(renderer).\(fileExtension)" }
    }

    // MARK: The fixed results

    /// check: a passed trace with a back label, a failed one, an input error, an unchecked trace, a
    /// warning; the summary counts them as the run would.
    static func check(_ renderer: inout some CheckRenderer) {
        var passed = CheckedDocument(source: "traces/a.yaml#1", trace: "swipe-back", rules: "fd")
        passed.passedExpectations = 4
        passed.intent.back = 1
        passed.location = SourcePosition(path: "traces/a.yaml", line: 1, column: 1)
        var failed = CheckedDocument(source: "traces/a.yaml#2", trace: "short-drag", rules: "fd")
        failed.passedExpectations = 1
        failed.location = SourcePosition(path: "traces/a.yaml", line: 12, column: 1)
        failed.failures = [
            CheckFailure(
                kind: "pop", message: "expect[1]: gesture 1: expected pop completed, got cancelled by projection",
                expectation: 1, location: SourcePosition(path: "traces/a.yaml", line: 21, column: 3))
        ]
        let error = CheckedDocument(
            source: "traces/b.yaml",
            error: Diagnostic(
                path: "traces/b.yaml", line: 3, column: 18, message: "unknown key `barHiden` in an entry of `stack`",
                suggestion: "did you mean `barHidden`?"))
        var unchecked = CheckedDocument(source: "traces/c.yaml#1", trace: "tap", rules: "cupertino")
        unchecked.unchecked = true
        unchecked.location = SourcePosition(path: "traces/c.yaml", line: 2, column: 1)
        var warning = Diagnostic(
            path: "traces/c.yaml", line: 1, column: 1,
            message: "`# popgesture-rule: cupertino` is not a rules comment; the file is replayed under fd",
            suggestion: "did you mean `# popgesture-rules: cupertino`?", severity: .warning)
        warning.kind = RulesChoice.lookalikeKind

        var summary = CheckSummary()
        renderer.begin()
        for (documents, file) in [
            ([passed, failed], CheckedFile(path: "traces/a.yaml", documents: 2)),
            ([error], CheckedFile(path: "traces/b.yaml")),
            ([unchecked], CheckedFile(path: "traces/c.yaml", documents: 1)),
        ] {
            for document in documents {
                summary.add(document)
                renderer.add(.document(document))
            }
            summary.add(file)
            renderer.add(.fileEnd(file))
        }
        renderer.warning(warning)
        summary.warnings = 1
        renderer.end(summary)
    }

    /// diff: one trace changed (a gesture and the bar), one unchanged.
    static func diff(_ renderer: inout some DiffRenderer) {
        let changes = ChangeList()
        changes.append(
            ReportChange(
                kind: "refused(outsideEdge) -> began", detail: "gesture 1: refused(outsideEdge) -> began, pop completed"
            ),
            whole: false)
        changes.append(
            ReportChange(kind: "bar timeline", detail: "bar: [0 hidden] -> [0 hidden, 340 shown]"), whole: true)
        var summary = DiffSummary(base: "fd-1.1", head: "fd")
        renderer.begin()
        for trace in [
            ComparedTrace(source: "traces/a.yaml#1", trace: "swipe-back", changes: changes),
            ComparedTrace(source: "traces/a.yaml#2", trace: "short-drag", changes: ChangeList()),
        ] {
            summary.add(trace)
            renderer.add(trace)
        }
        renderer.end(summary)
    }

    /// validate: one invalid document with a second error, among three.
    static func validate(_ renderer: inout some ValidateRenderer) {
        var diagnostic = Diagnostic(
            path: "traces/b.yaml", line: 3, column: 18, message: "unknown key `barHiden` in an entry of `stack`",
            suggestion: "did you mean `barHidden`?")
        diagnostic.further = [
            Diagnostic(path: "traces/b.yaml", line: 7, column: 9, message: "expected `t` to be a number, found `soon`")
        ]
        renderer.begin()
        renderer.add(InvalidDocument(source: "traces/b.yaml#1", diagnostic: diagnostic))
        renderer.end(ValidateSummary(files: 2, documents: 3, invalid: 1))
    }

    /// sweep: one key, two versions; a back label missed at 0 and kept at 40, its flip.
    static func sweep(_ renderer: inout some SweepRenderer) {
        func tally(missedBack: Int, completed: Int) -> SweepTally {
            var tally = SweepTally()
            tally.documents = 2
            tally.passed = 3
            tally.intent.back = 1
            tally.intent.missedBack = missedBack
            tally.began = completed
            tally.pops[PopResult.allCases.firstIndex(of: .completed)!] = completed
            return tally
        }
        let result = SweepResult(
            base: "fd", keys: ["maxStartX"],
            versions: [
                .init(values: [.number(0)], tally: tally(missedBack: 1, completed: 0), differing: 1),
                .init(values: [.number(40)], tally: tally(missedBack: 0, completed: 1), differing: 0),
            ],
            flips: [
                SweepFlip(
                    source: "traces/a.yaml#1", gesture: 1, intent: .back,
                    results: ["refused(beyondMaxStartX)", "completed"])
            ],
            flipsAll: false)
        renderer.begin()
        renderer.end(SweepSummary(result: result, files: 1, top: 5, mark: nil))
    }

    // MARK: Every renderer

    static let cases: [Case] = [
        Case(renderer: "CheckTextRenderer", fileExtension: "txt") { console in
            var renderer = CheckTextRenderer(console: console, paint: Paint(false))
            check(&renderer)
        },
        Case(renderer: "CheckJSONRenderer", fileExtension: "json") { console in
            var renderer = CheckJSONRenderer(console: console, mark: nil)
            check(&renderer)
        },
        Case(renderer: "CheckJUnitRenderer", fileExtension: "xml") { console in
            var renderer = CheckJUnitRenderer(console: console, mark: nil)
            check(&renderer)
        },
        Case(renderer: "CheckHTMLRenderer", fileExtension: "html") { console in
            var renderer = CheckHTMLRenderer(title: "popgesture check traces") { console.out($0) }
            check(&renderer)
        },
        Case(renderer: "CheckGitHubRenderer", fileExtension: "txt") { console in
            var renderer = CheckGitHubRenderer(console: console)
            check(&renderer)
        },
        Case(renderer: "CheckMarkdownRenderer", fileExtension: "md") { console in
            var renderer = CheckMarkdownRenderer(console: console)
            check(&renderer)
        },
        Case(renderer: "CheckSARIFRenderer", fileExtension: "sarif") { console in
            var renderer = CheckSARIFRenderer(console: console)
            check(&renderer)
        },
        Case(renderer: "DiffTextRenderer", fileExtension: "txt") { console in
            var renderer = DiffTextRenderer(console: console)
            diff(&renderer)
        },
        Case(renderer: "DiffJSONRenderer", fileExtension: "json") { console in
            var renderer = DiffJSONRenderer(console: console)
            diff(&renderer)
        },
        Case(renderer: "ValidateTextRenderer", fileExtension: "txt") { console in
            var renderer = ValidateTextRenderer(console: console, paint: Paint(false))
            validate(&renderer)
        },
        Case(renderer: "ValidateJSONRenderer", fileExtension: "json") { console in
            var renderer = ValidateJSONRenderer(console: console)
            validate(&renderer)
        },
        Case(renderer: "SweepTextRenderer", fileExtension: "txt") { console in
            var renderer = SweepTextRenderer(console: console)
            sweep(&renderer)
        },
        Case(renderer: "SweepJSONRenderer", fileExtension: "json") { console in
            var renderer = SweepJSONRenderer(console: console)
            sweep(&renderer)
        },
        Case(renderer: "SweepSVGRenderer", fileExtension: "svg") { console in
            var renderer = SweepSVGRenderer(console: console)
            sweep(&renderer)
        },
        Case(renderer: "SweepHTMLRenderer", fileExtension: "html") { console in
            var renderer = SweepHTMLRenderer(console: console)
            sweep(&renderer)
        },
    ]

    @Test(arguments: cases)
    func rendersItsCannedBytes(_ example: Case) throws {
        let capture = ConsoleCapture()
        example.render(Console(capturingInto: capture))
        #expect(capture.errors.isEmpty, "\(example.renderer) wrote to standard error: \(capture.errors)")
        let file = Self.folder + "/" + example.file
        if ReferenceOutputTests.recording {
            try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
            try capture.output.write(toFile: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: file, encoding: .utf8)
        #expect(
            capture.output == expected,
            "\(example.renderer) differs from References/Renderers/\(example.file) (RECORD_REFERENCES=1 rewrites it; review the diff)"
        )
    }

    /// Every renderer in Reporting/ has its case, and every canned file its renderer: a new format
    /// cannot go without canned bytes.
    @Test func everyRendererHasItsCannedOutput() throws {
        let reporting = packageRoot + "/Sources/PopGestureKit/Reporting"
        let source = try FileManager.default.contentsOfDirectory(atPath: reporting)
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOfFile: reporting + "/" + $0, encoding: .utf8) }.joined()
        let declared = source.matches(of: /\nstruct (\w+Renderer): \w+Renderer \{/).map { String($0.output.1) }
        #expect(Set(declared) == Set(Self.cases.map(\.renderer)))
        let canned = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
        #expect(Set(canned) == Set(Self.cases.map(\.file)))
    }
}
