import PopGestureCore

/// `sweep --format html`: the picture (when the keys have one), the table with the best versions
/// marked, and the flips, on one static page.
enum SweepPage {
    static func render(_ result: SweepResult, top: Int, files: Int) -> String {
        let title = "popgesture sweep from \(result.base): " + result.keys.joined(separator: " x ")
        let documents = result.versions.first?.tally.documents ?? 0
        var body =
            "<h1>\(xmlEscaped(title))</h1>\n<p class=\"summary\"><span>\(counted(result.versions.count, "version"))</span>"
        body += "<span>\(counted(documents, "trace")) in \(counted(files, "file"))</span></p>\n"
        if SweepPlot.refusal(keys: result.keys.count) == nil {
            body += "<figure>\n\(SweepPlot(result: result).svg())</figure>\n"
        }
        let best = Set(result.best)
        body += "<h2>Versions</h2>\n<table>\n<tr><th>#</th>" + result.keys.map { "<th>\(xmlEscaped($0))</th>" }.joined()
        body +=
            "<th>missed backs</th><th>false pops</th><th>failed expectations</th><th>completed pops</th><th>anomalies</th><th>errors</th></tr>\n"
        for (i, version) in result.versions.enumerated() {
            let t = version.tally
            body +=
                "<tr\(best.contains(i) ? " class=\"passed\"" : "")><td>\(i)\(best.contains(i) ? " ★ best" : "")</td>"
            body += version.values.map { "<td>\(xmlEscaped($0.text))</td>" }.joined()
            body +=
                [t.intent.missedBack, t.intent.falsePop, t.failed, t.completed, t.anomalyCount, t.errors].map {
                    "<td>\($0)</td>"
                }.joined() + "</tr>\n"
        }
        body += "</table>\n<h2>Best</h2>\n<ol>\n"
        for i in result.ranking.prefix(max(top, 0)) {
            let t = result.versions[i].tally
            body +=
                "<li>#\(i) \(xmlEscaped(result.name(i))): \(t.intent.missedBack) missed backs, \(t.intent.falsePop) false pops, \(t.failed) failed expectations</li>\n"
        }
        body += "</ol>\n<h2>Flips (\(result.flips.count))</h2>\n"
        body +=
            result.flips.isEmpty
            ? "<p>none</p>\n"
            : "<ul>\n" + result.flips.map { "<li>\(xmlEscaped(result.describe($0)))</li>\n" }.joined() + "</ul>\n"
        return HTMLPage.render(title: title, body: body)
    }
}
