import InfoWinKit

extension CheckReports {
    /// The report page: every failure with its messages, links to its spec and golden (relative paths),
    /// and its expected, actual and difference images side by side at full width, with a swipe, an onion
    /// skin and 1:1 / 2× / 4× zoom with a pixel grid; then the specs that passed, collapsed. Filters by
    /// status and by message text; keys j/k (next, previous) and 1/2/3 (the views). Everything is inline
    /// (nothing fetched, no server needed: it works from file://); every text is escaped, every link is a
    /// relative, percent-encoded path (`ReportLink`). Images load lazily and entries off screen are not
    /// laid out (`content-visibility`), so 5,000 specs open without the page freezing.
    /// `unused` lists goldens no checked spec made (relative to the golden folder).
    package static func html(_ results: CheckResults, unused: [String] = []) -> String {
        let failures = results.failureGroups, others = results.specs.filter { !$0.fails }
        var body = "<header>\n<h1>infowin check</h1>\n<p class=\"totals\">" + totals(results) + "</p>\n"
        body += filters(results) + "<p class=\"keys\">Keys: <kbd>j</kbd>/<kbd>k</kbd> next and previous failure, "
            + "<kbd>1</kbd> side by side, <kbd>2</kbd> swipe, <kbd>3</kbd> onion skin, <kbd>+</kbd>/<kbd>-</kbd> zoom.</p>\n</header>\n<main>\n"
        if !unused.isEmpty {
            body += "<section class=\"unused\">\n<h2>Unused goldens</h2>\n<p>No checked spec made these:</p>\n<ul>\n"
                + unused.map { "<li><code>\(escape(Path.join(results.goldenFolder, $0)))</code></li>\n" }.joined() + "</ul>\n</section>\n"
        }
        if failures.isEmpty { body += "<p class=\"none\">No failures.</p>\n" }
        for (index, group) in failures.enumerated() {
            body += failureSection(group, index: index)
        }
        if !others.isEmpty {
            body += "<details id=\"passed\">\n<summary><span id=\"passed-count\">\(others.count)</span> passed</summary>\n<ul class=\"passed-list\">\n"
            for entry in others {
                body += "<li class=\"passed-row\" data-status=\"\(entry.status.rawValue)\"><span class=\"name\">\(escape(entry.name))</span>"
                    + (entry.status == .recorded ? " <span class=\"badge recorded\">recorded</span>" : "")
                    + " " + links(entry) + "<span class=\"messages\" hidden>\(escape(entry.messages.joined(separator: "\n")))</span></li>\n"
            }
            body += "</ul>\n</details>\n"
        }
        body += "</main>\n"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>infowin check: \(results.specs.filter(\.fails).count) failed</title>
            <style>
            \(ReportPageAssets.css)\(ReportPageAssets.reviewCSS)</style>
            </head>
            <body>
            \(body)<script>
            \(ReportPageAssets.script)\(ReportPageAssets.reviewScript)</script>
            </body>
            </html>

            """
    }

    /// `3 of 5,000 specs failed (2 causes); … (golden images in golden; shards 1/3, 2/3, 3/3)`.
    private static func totals(_ results: CheckResults) -> String {
        let failed = results.specs.filter(\.fails).count, groups = results.failureGroups.count
        let shards = Set(results.specs.compactMap(\.shard)).union(results.shard.map { [$0] } ?? []).sorted()
        return "\(Format.grouped(failed)) of \(Format.count(results.specs.count, "spec")) failed"
            + (groups < failed ? " (\(Format.count(groups, "cause")))" : "") + "; "
            + "\(Format.grouped(results.specs.count - failed)) match their golden images in <code>\(escape(results.goldenFolder))</code>"
            + (shards.isEmpty ? "" : " (shard\(shards.count > 1 ? "s" : "") \(escape(shards.joined(separator: ", "))))") + "."
    }

    /// The status check boxes (with counts) and the message filter.
    private static func filters(_ results: CheckResults) -> String {
        var html = "<form id=\"filters\" onsubmit=\"return false\">\n"
        for status in CheckResults.Status.allCases {
            let count = results.specs.filter { $0.status == status }.count
            html += "<label class=\"status \(status.rawValue)\"><input type=\"checkbox\" value=\"\(status.rawValue)\" checked> "
                + "\(status.rawValue) <span class=\"count\">\(Format.grouped(count))</span></label>\n"
        }
        html += "<input id=\"search\" type=\"search\" placeholder=\"Filter by name or message\" aria-label=\"Filter by name or message\">\n"
            + "<span class=\"shown\"><span id=\"shown\">\(Format.grouped(results.specs.count))</span> shown</span>\n</form>\n"
        return html
    }

    /// Links to the spec and its golden, relative to the report.
    private static func links(_ entry: CheckResults.Entry) -> String {
        "<span class=\"links\"><a class=\"spec-link\" href=\"\(escape(ReportLink.href(entry.spec)))\">spec</a> · "
            + "<a class=\"golden-link\" href=\"\(escape(ReportLink.href(entry.golden)))\">golden</a></span>"
    }

    /// One group's entry: its cause and count when it has several renders, its first render shown whole,
    /// and the others one click away (`variants`).
    private static func failureSection(_ group: CheckResults.FailureGroup, index: Int) -> String {
        let entry = group.members[0]
        let label = entry.crashed ? "crash" : entry.kind?.rawValue ?? entry.status.rawValue
        var html = "<section class=\"entry\" id=\"entry-\(index + 1)\" data-status=\"\(entry.status.rawValue)\" data-view=\"side\" data-zoom=\"fit\""
            + " data-renders=\"\(group.members.count)\">\n"
        if group.members.count > 1 {
            html += "<p class=\"cause\">\(Format.grouped(group.members.count)) renders, one cause: <span class=\"cause-text\">\(escape(group.cause))</span></p>\n"
        }
        html += "<h2><span class=\"badge \(entry.status.rawValue)\">\(escape(label))</span> <span class=\"name\">\(escape(entry.name))</span>"
            + (entry.status == .recorded ? " <span class=\"badge recorded\">recorded</span>" : "")
            + (entry.shard.map { " <span class=\"shard\">shard \(escape($0))</span>" } ?? "") + "</h2>\n"
        html += "<ul class=\"messages\">\n" + entry.messages.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
        html += "<p>" + links(entry) + "</p>\n"
        html += variants(group.members.dropFirst(), cause: group.cause)
        guard let images = entry.images, !images.all.isEmpty else { return html + "</section>\n" }
        let comparable = images.expected != nil && images.actual != nil
        html += "<div class=\"toolbar\" role=\"toolbar\">"
        for (view, title) in [("side", "1 side by side"), ("swipe", "2 swipe"), ("onion", "3 onion skin")] {
            html += "<button type=\"button\" data-view-button=\"\(view)\" aria-pressed=\"\(view == "side")\"\(view == "side" || comparable ? "" : " disabled")>\(title)</button>"
        }
        html += "<span class=\"gap\"></span>"
        for (zoom, title) in [("fit", "fit"), ("1", "1:1"), ("2", "2×"), ("4", "4×")] {
            html += "<button type=\"button\" data-zoom-button=\"\(zoom)\" aria-pressed=\"\(zoom == "fit")\">\(title)</button>"
        }
        html += "</div>\n<div class=\"side\">\n"
        for (role, path) in [("expected", images.expected), ("actual", images.actual), ("diff", images.diff)] {
            guard let path else { continue }
            let link = escape(ReportLink.href(path)), title = role == "diff" ? "difference" : role
            html += "<figure class=\"pane\"><figcaption><a href=\"\(link)\">\(title)</a></figcaption><div class=\"scroller\"><span class=\"frame\">"
                + "<img class=\"shot \(role)\" src=\"\(link)\" alt=\"\(title)\" loading=\"lazy\" decoding=\"async\"></span></div></figure>\n"
        }
        return html + "</div>\n</section>\n"
    }

    /// The other renders of a group, collapsed: each with its name, what its messages say besides the
    /// cause, its links and its actual and difference images (loaded when opened).
    private static func variants(_ others: ArraySlice<CheckResults.Entry>, cause: String) -> String {
        guard !others.isEmpty else { return "" }
        var html = "<details class=\"variants\">\n<summary>\(Format.grouped(others.count)) more with this cause</summary>\n<ul class=\"variant-list\">\n"
        for entry in others {
            let rest = FailureCause.messages(entry.messages, without: cause)
            html += "<li class=\"variant\" data-status=\"\(entry.status.rawValue)\"><span class=\"variant-name\">\(escape(entry.name))</span>"
                + (entry.shard.map { " <span class=\"shard\">shard \(escape($0))</span>" } ?? "")
                + " " + links(entry)
                + (rest.isEmpty ? "" : "<span class=\"variant-messages\">\(escape(rest.joined(separator: "; ")))</span>")
            for (role, path) in [("actual", entry.images?.actual), ("diff", entry.images?.diff)] {
                guard let path else { continue }
                let link = escape(ReportLink.href(path)), title = role == "diff" ? "difference" : role
                html += "<a class=\"thumb\" href=\"\(link)\"><img class=\"\(role)\" src=\"\(link)\" alt=\"\(title)\" loading=\"lazy\" decoding=\"async\"></a>"
            }
            html += "</li>\n"
        }
        return html + "</ul>\n</details>\n"
    }
}
