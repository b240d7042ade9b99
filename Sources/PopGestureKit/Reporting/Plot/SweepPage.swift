import PopGestureCore

/// `sweep --format html`: the picture (the trade-off first), the table with the best versions and the
/// front marked, the front, the best and the flips, on one static page.
enum SweepPage {
    static func render(_ result: SweepResult, top: Int, files: Int) -> String {
        let title = SweepPlot.title(result)
        let documents = result.versions.first?.tally.documents ?? 0
        var body =
            "<h1>\(xmlEscaped(title))</h1>\n<p class=\"summary\"><span>\(counted(result.versions.count, "version"))</span>"
        body += "<span>\(counted(documents, "trace")) in \(counted(files, "file"))</span></p>\n"
        body += "<figure>\n\(SweepPlot(result: result).svg())</figure>\n"
        let best = Set(result.best)
        let front = Set(result.front)
        body += "<h2>Versions</h2>\n<table>\n<tr><th>#</th>" + result.keys.map { "<th>\(xmlEscaped($0))</th>" }.joined()
        body +=
            "<th>missed backs</th><th>false pops</th><th>failed expectations</th><th>completed pops</th><th>anomalies</th><th>errors</th></tr>\n"
        for (i, version) in result.versions.enumerated() {
            let t = version.tally
            body +=
                "<tr\(best.contains(i) ? " class=\"passed\"" : "")><td>\(i)\(best.contains(i) ? " ★ best" : "")\(front.contains(i) ? " ◆ front" : "")</td>"
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
        body += "</ol>\n<h2>Front</h2>\n<p>The versions no other beats on both missed backs and false pops:</p>\n<ul>\n"
        body += SweepTextRenderer.frontLines(result).map { "<li>\(xmlEscaped($0))</li>\n" }.joined() + "</ul>\n"
        body += "<h2>Flips (\(result.flips.count))</h2>\n"
        body +=
            result.flips.isEmpty
            ? "<p>none</p>\n"
            : "<ul>\n" + result.flips.map { "<li>\(xmlEscaped(result.describe($0)))</li>\n" }.joined() + "</ul>\n"
        return HTMLPage.render(title: title, body: body)
    }
}
