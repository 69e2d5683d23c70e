extension CheckReports {
    /// An HTML page (inline style, nothing fetched) that shows each failure's expected, actual and
    /// difference images; links are relative, percent-encoded paths (`ReportLink`), every text is escaped.
    /// `unused` lists goldens no checked spec made (relative to the golden folder).
    package static func html(_ results: CheckResults, unused: [String] = []) -> String {
        let failures = results.specs.filter(\.fails)
        var body = "<h1>infowin check</h1>\n<p>\(results.specs.count - failures.count) of \(results.specs.count) specs match their golden images in "
            + "<code>\(escape(results.goldenFolder))</code>; \(failures.count) failed.</p>\n"
        if !unused.isEmpty {
            body += "<section>\n<h2>Unused goldens</h2>\n<p>No checked spec made these:</p>\n<ul>\n"
                + unused.map { "<li><code>\(escape(Path.join(results.goldenFolder, $0)))</code></li>\n" }.joined() + "</ul>\n</section>\n"
        }
        for entry in failures {
            let label = entry.crashed ? "crash" : entry.status.rawValue
            body += "<section>\n<h2>\(escape(entry.name)) <span class=\"\(label)\">\(label)</span></h2>\n"
            body += "<ul>\n" + entry.messages.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
            if let images = entry.images {
                body += "<div class=\"images\">\n"
                for (title, path) in [("expected", images.expected), ("actual", images.actual), ("difference", images.diff)] {
                    guard let path else { continue }
                    let link = ReportLink.href(path)
                    body += "<figure><figcaption>\(title)</figcaption><a href=\"\(escape(link))\"><img src=\"\(escape(link))\" alt=\"\(title)\"></a></figure>\n"
                }
                body += "</div>\n"
            }
            body += "</section>\n"
        }
        let passed = results.specs.filter { !$0.fails }
        if !passed.isEmpty {
            body += "<details><summary>\(passed.count) passed</summary><ul>\n" + passed.map { "<li>\(escape($0.name))</li>\n" }.joined() + "</ul></details>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>infowin check: \(failures.count) failed</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #202124; }
            section { border-top: 1px solid #dadce0; padding-top: 1em; margin-top: 1em; }
            .images { display: flex; gap: 1em; flex-wrap: nowrap; }
            figure { margin: 0; flex: 1 1 0; min-width: 0; } figcaption { font-weight: bold; }
            img { width: 100%; height: auto; box-sizing: border-box; border: 1px solid #dadce0; }
            .failed, .error, .recorded { color: #fff; background: #d93025; border-radius: 4px; padding: 0 6px; font-size: 12px; }
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }
}
