import Foundation
import PopGestureCore

/// The one page `record` serves to a phone (or writes with `--page`): a mock navigation stack that
/// records every touch of a take and turns it into a trace document. Its files are in `Page/`
/// (`recorder.html`, `recorder.css`, `take.js`, the take assembly that Node.js tests, and
/// `recorder.js`), built in by the RecorderPage plugin as `RecorderPageFiles`. Everything is inline
/// (style, script, icon), so the page makes no request but its own and its takes.
public struct RecorderPage: Sendable {
    /// Each take's scenario, in turn.
    public var scenarios: [RecorderScenario]
    /// A fixed sequence of prompts, repeated; empty: the page mixes `back` and `stay`.
    public var prompts: [Intent]
    /// Served: takes go to the server, which answers with verdicts. Not served (`--page`): the page
    /// keeps its takes and downloads them as one `takes.yaml`.
    public var served: Bool
    /// The number the page gives its first take: the server's next file number when it serves the
    /// page (so that the page, the terminal and the files count alike), 1 for `--page`.
    public var next = 1
    /// `--stack-config`: the user's screen, drawn instead of the scenarios.
    public var screen: RecorderScreen?

    public init(scenarios: [RecorderScenario] = RecorderScenario.allCases, prompts: [Intent] = [], served: Bool) {
        self.scenarios = scenarios.isEmpty ? RecorderScenario.allCases : scenarios
        self.prompts = prompts
        self.served = served
    }

    /// `record --page`: the page to standard output, or to `-o`'s `path` (whole or not at all, then
    /// `wrote PATH`, and a note on standard error says what to do with it).
    public func write(to path: String?, console: Console = Console()) -> ExitStatus {
        guard let path else {
            console.out(html)
            return console.finish(.ok)
        }
        let file: Console
        do {
            file = try console.writingOutput(to: path, what: "the recorder page")
        } catch {
            console.report(error)
            return .errors
        }
        file.out(html)
        let status = file.finish(.ok)
        if status == .ok {
            console.report(
                Diagnostic(
                    path: path,
                    message: "open it in a phone's browser; its Download button saves the takes as takes.yaml",
                    severity: .note))
        }
        return status
    }

    /// The recorder that every take names in its `origin`.
    public static let recorder = "popgesture-recorder/1"

    /// The page's settings as a JSON object literal for the script; the token is read from the page's
    /// own address, so the page's bytes hold no secret.
    var settings: String {
        var w = JSONWriter(capacity: 1024)
        w.open("{")
        w.key("served")
        w.bool(served)
        w.key("recorder")
        w.string(Self.recorder)
        w.key("scenarios")
        if let screen {
            w.array([screen.name]) { $0.string($1) }
        } else {
            w.array(scenarios) { $0.string($1.rawValue) }
        }
        w.key("prompts")
        w.array(prompts) { $0.string($1.rawValue) }
        w.key("stayPrompts")
        w.open("{")
        for scenario in RecorderScenario.allCases {
            w.key(string: scenario.rawValue)
            w.string(scenario.stayPrompt)
        }
        w.close("}")
        w.key("backPrompt")
        w.string(RecorderScenario.backPrompt)
        w.key("next")
        w.int(next)
        if let screen {
            w.key("config")
            screen.write(&w)
        }
        w.close("}")
        return w.text
    }

    /// The page: `Page/recorder.html` with its style, its settings and its script (`Page/take.js`,
    /// then `Page/recorder.js`) put in, so that it is one file that asks for nothing else.
    public var html: String {
        Self.fill(
            RecorderPageFiles.recorder_html,
            [
                "/*@STYLE@*/": RecorderPageFiles.recorder_css, "/*@SETTINGS@*/": settings,
                "/*@SCRIPT@*/": RecorderPageFiles.take_js + RecorderPageFiles.recorder_js,
            ])
    }

    /// `template` with each placeholder replaced once, in one pass, so that nothing put in is read as
    /// a placeholder.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = Substring(template)
        while let found = values.keys.compactMap({ key in rest.range(of: key).map { (key, $0) } })
            .min(by: { $0.1.lowerBound < $1.1.lowerBound })
        {
            out += rest[..<found.1.lowerBound]
            out += values[found.0]!
            rest = rest[found.1.upperBound...]
        }
        return out + rest
    }
}
