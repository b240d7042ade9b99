import Foundation
import PopGestureCore

/// The one page `record` serves to a phone (or writes with `--page`): a mock navigation stack that
/// records every touch of a take and turns it into a trace document. Everything is inline (style,
/// script, icon), so the page makes no request but its own and its takes.
public struct RecorderPage: Sendable {
    /// Each take's scenario, in turn.
    public var scenarios: [RecorderScenario]
    /// A fixed sequence of prompts, repeated; empty: the page mixes `back` and `stay`.
    public var prompts: [Intent]
    /// Served: takes go to the server, which answers with verdicts. Not served (`--page`): the page
    /// keeps its takes and downloads them as one `takes.yaml`.
    public var served: Bool

    public init(scenarios: [RecorderScenario] = RecorderScenario.allCases, prompts: [Intent] = [], served: Bool) {
        self.scenarios = scenarios.isEmpty ? RecorderScenario.allCases : scenarios
        self.prompts = prompts
        self.served = served
    }

    /// `record --page`: the page to `path` (whole or not at all), or to standard output.
    public func write(to path: String?, console: Console = Console()) -> ExitStatus {
        guard let path else {
            console.out(html)
            return console.finish(.ok)
        }
        var file = AtomicFile(path: path, what: "the recorder page")
        if let failure = file.openFailure {
            console.report(failure)
            return .errors
        }
        file.write(html)
        do {
            try file.commit()
        } catch {
            console.report(asDiagnostic(error, path: path))
            return .errors
        }
        console.err("wrote \(path): open it in a phone's browser; its Download button saves the takes as takes.yaml\n")
        return console.finish(.ok)
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
        w.array(scenarios) { $0.string($1.rawValue) }
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
        w.close("}")
        return w.text
    }

    public var html: String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover"/>
        <link rel="icon" href="data:,"/>
        <title>popgesture recorder</title>
        <style>
        \(Self.style)</style>
        </head>
        <body>
        <div id="app">
          <div id="root" class="screen"><div class="bar"><span class="title">Home</span></div><div class="list" id="rootlist"></div></div>
          <div id="top" class="screen"><div class="bar"><span class="barback">&#x2039; Home</span><span class="title" id="title"></span></div><div id="content"></div></div>
          <div id="hud">
            <div id="prompt"></div>
            <div id="notice"></div>
            <div id="controls"><button id="skip" type="button">Skip</button><button id="undo" type="button">Undo</button><button id="download" type="button">Download</button><span id="count"></span></div>
            <ul id="log"></ul>
          </div>
        </div>
        <script>
        "use strict";
        const SETTINGS = \(settings);
        \(RecorderPageScript.source)</script>
        </body>
        </html>

        """
    }

    static let style = """
        html, body { margin: 0; height: 100%; overflow: hidden; background: #000; }
        body { font-family: -apple-system, "Helvetica Neue", "DejaVu Sans", Arial, sans-serif; font-size: 16px;
               -webkit-user-select: none; user-select: none; -webkit-touch-callout: none; -webkit-text-size-adjust: 100%; }
        #app { position: fixed; inset: 0; touch-action: none; overflow: hidden; }
        .screen { position: absolute; inset: 0; background: #f2f2f7; overflow: hidden; will-change: transform; }
        #top { box-shadow: -6px 0 16px rgba(0,0,0,0.25); }
        .bar { position: absolute; left: 0; right: 0; top: 0; height: 56px; background: #f9f9f9; border-bottom: 1px solid #c6c6c8;
               display: flex; align-items: center; justify-content: center; }
        .title { font-weight: 600; }
        .barback { position: absolute; left: 10px; color: #007aff; font-size: 17px; }
        .list { position: absolute; left: 0; right: 0; top: 56px; }
        .row { height: 48px; border-bottom: 1px solid #ddd; background: #fff; display: flex; align-items: center; padding-left: 16px; }
        .region { position: absolute; overflow: hidden; }
        .strip { position: absolute; top: 0; bottom: 0; left: 0; display: flex; will-change: transform; }
        .card { flex: none; height: 100%; box-sizing: border-box; border: 8px solid #f2f2f7; border-radius: 18px; color: #fff;
                font-size: 28px; display: flex; align-items: center; justify-content: center; }
        .swiperow { background: #ff3b30; }
        .swiperow .delete { position: absolute; right: 0; top: 0; bottom: 0; width: 96px; color: #fff; display: flex;
                            align-items: center; justify-content: center; }
        .swiperow .face { position: absolute; inset: 0; background: #fff; border-bottom: 1px solid #ddd; display: flex;
                          align-items: center; padding-left: 16px; will-change: transform; }
        .track { position: absolute; left: 0; right: 0; top: 50%; height: 4px; margin-top: -2px; border-radius: 2px; background: #c7c7cc; }
        .fill { position: absolute; left: 0; top: 50%; height: 4px; margin-top: -2px; border-radius: 2px; background: #007aff; }
        .knob { position: absolute; top: 50%; width: 28px; height: 28px; margin: -14px 0 0 -14px; border-radius: 14px; background: #fff;
                box-shadow: 0 1px 4px rgba(0,0,0,0.35); }
        .scroller { position: absolute; left: 0; right: 0; top: 0; will-change: transform; }
        #hud { position: absolute; left: 0; right: 0; bottom: 0; max-height: 40%; padding: 8px 12px calc(8px + env(safe-area-inset-bottom));
               background: rgba(28,28,30,0.88); color: #fff; font-size: 14px; pointer-events: none; overflow: hidden; }
        #prompt { font-size: 20px; font-weight: 600; }
        #notice { color: #ffd60a; min-height: 1em; }
        #controls { margin: 6px 0; }
        #controls button { pointer-events: auto; font-size: 15px; margin-right: 8px; padding: 6px 14px; border-radius: 8px; border: 0;
                           background: #3a3a3c; color: #fff; }
        #count { color: #aeaeb2; }
        #log { margin: 0; padding: 0; list-style: none; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
        #log .error { color: #ff6961; }
        #log .missed, #log .falsepop { color: #ffb340; }

        """
}
