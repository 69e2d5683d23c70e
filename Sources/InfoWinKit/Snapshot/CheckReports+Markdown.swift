extension CheckReports {
    /// A Markdown summary, as GitHub shows job summaries (`$GITHUB_STEP_SUMMARY`): a heading, a table of
    /// the failures with their messages (and links to their images when there is a report folder), then
    /// the counts. Every text from a spec, a path or a message is escaped, so no name can make a link, an
    /// image, markup or another table cell. `unused` lists goldens no checked spec made (relative to the
    /// golden folder); they are failures when `unusedFail`.
    package static func markdown(
        _ outcomes: [CheckOutcome], goldenFolder: String, reportFolder: String?, unused: [String] = [], unusedFail: Bool = false,
        shard: String? = nil
    ) -> String {
        let failures = outcomes.filter { $0.status != .passed }
        let failedCount = failures.count + (unusedFail ? unused.count : 0)
        let checked = Format.count(outcomes.count, "spec") + (shard.map { " (shard \($0))" } ?? "")
        var text = "## infowin check: " + (failedCount == 0 ? "\(checked), all passed" : "\(failedCount) of \(checked) failed") + "\n\n"
        text += "Golden images in " + markdownText(goldenFolder) + ".\n\n"
        if failedCount > 0 {
            let links = reportFolder != nil
            text += "| Spec | Status | Messages |" + (links ? " Images |" : "") + "\n"
            text += "|---|---|---|" + (links ? "---|" : "") + "\n"
            for outcome in failures {
                let messages = (outcome.changes.isEmpty ? [outcome.message] : outcome.changes).map(markdownText).joined(separator: "<br>")
                var row = "| " + markdownText(outcome.name) + " | " + summaryStatus(outcome) + " | " + messages + " |"
                if let reportFolder {
                    row += " " + imageLinks(outcome.reportImages, in: reportFolder) + " |"
                }
                text += row + "\n"
            }
            if unusedFail {
                for image in unused {
                    text += "| " + markdownText(Path.join(goldenFolder, image)) + " | unused golden | no checked spec made it |" + (links ? " |" : "") + "\n"
                }
            }
            text += "\n"
        }
        if !unused.isEmpty && !unusedFail {
            text += "Unused goldens (no checked spec made them): " + unused.map { markdownText(Path.join(goldenFolder, $0)) }.joined(separator: ", ") + "\n\n"
        }
        let counts: [(String, Int)] = [
            ("passed", outcomes.filter { $0.status == .passed }.count),
            ("failed", outcomes.filter { $0.status == .failed }.count),
            ("errors", outcomes.filter { $0.status == .error }.count),
            ("crashed", outcomes.filter { $0.status == .crash }.count),
            ("missing goldens", outcomes.filter(\.goldenWasMissing).count),
            ("new goldens recorded", outcomes.filter { $0.goldenWasMissing && $0.recorded }.count),
            ("goldens re-recorded", outcomes.filter { !$0.goldenWasMissing && $0.recorded }.count),
            ("unused goldens", unused.count),
        ]
        text += "| Result | Count |\n|---|---:|\n" + counts.map { "| \($0.0) | \($0.1) |\n" }.joined()
        return text
    }

    /// The status column: `failed`, `error`, `crash`, or what happened to the golden.
    private static func summaryStatus(_ outcome: CheckOutcome) -> String {
        switch (outcome.goldenWasMissing, outcome.recorded) {
        case (true, true): "new golden"
        case (true, false): "missing golden"
        case (false, true): "failed, re-recorded"
        case (false, false): outcome.status.rawValue
        }
    }

    /// Links to a failure's images: the report folder as given, joined with each image's path in it.
    private static func imageLinks(_ images: ReportImages?, in reportFolder: String) -> String {
        guard let images else { return "" }
        return [("expected", images.expected), ("actual", images.actual), ("difference", images.difference)].compactMap { title, path in
            path.map { "[\(title)](\(ReportLink.href(Path.join(reportFolder, $0))))" }
        }.joined(separator: " · ")
    }

    /// Text that Markdown shows as it is inside a table cell: the characters that start markup (links,
    /// images, emphasis, code, HTML, entities, math, strikethrough, `scheme:` autolinks) and the cell
    /// separator `|` are backslash-escaped, line breaks become `<br>`, other control characters U+FFFD.
    static func markdownText(_ text: String) -> String {
        var output = ""
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where afterCarriageReturn: continue
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": output += "<br>"
            case "\t": output += " "
            case "\\", "`", "*", "_", "[", "]", "(", ")", "<", ">", "&", "|", "~", "!", "#", "$", ":": output += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
