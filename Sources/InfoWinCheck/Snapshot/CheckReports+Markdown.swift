import InfoWinKit

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
        let results = CheckResults(outcomes, shard: shard, goldenFolder: goldenFolder, reportFolder: reportFolder)
        return markdown(results, reportFolder: reportFolder, unused: unused, unusedFail: unusedFail)
    }

    /// The Markdown summary of `results`, whose image paths are relative to `reportFolder`.
    package static func markdown(_ results: CheckResults, reportFolder: String?, unused: [String] = [], unusedFail: Bool = false) -> String {
        let entries = results.specs, goldenFolder = results.goldenFolder
        let failedCount = entries.filter(\.fails).count + (unusedFail ? unused.count : 0)
        let shards = Set(entries.compactMap(\.shard)).sorted()
        let shard = results.shard ?? (shards.isEmpty ? nil : shards.joined(separator: ", "))
        let checked = Format.count(entries.count, "spec") + (shard.map { " (shard\(shards.count > 1 ? "s" : "") \($0))" } ?? "")
        var text = "## infowin check: " + (failedCount == 0 ? "\(checked), all passed" : "\(failedCount) of \(checked) failed") + "\n\n"
        text += "Golden images in " + markdownText(goldenFolder) + ".\n\n"
        if failedCount > 0 {
            let links = reportFolder != nil
            text += "| Spec | Status | Messages |" + (links ? " Images |" : "") + "\n"
            text += "|---|---|---|" + (links ? "---|" : "") + "\n"
            // One row a group: its first render whole, the others named under it (SPEC.md, "Shards by
            // render, causes, CI engines").
            for group in results.failureGroups {
                let entry = group.members[0], others = group.members.dropFirst()
                var messages = entry.messages.map(markdownText).joined(separator: "<br>")
                if !others.isEmpty {
                    messages = "**\(Format.grouped(group.members.count)) renders, one cause:** " + markdownText(group.cause) + "<br>" + messages
                        + "<br>also: " + others.map { markdownText($0.name) }.joined(separator: ", ")
                }
                var row = "| " + markdownText(entry.name) + " | " + summaryStatus(entry) + " | " + messages + " |"
                if let reportFolder {
                    row += " " + imageLinks(entry.images, in: reportFolder) + " |"
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
        let missing = { (entry: CheckResults.Entry) in entry.kind == .missingGolden || entry.newGolden }
        var counts: [(String, Int)] = [
            ("passed", entries.filter { !$0.fails }.count),
            ("failed", entries.filter { $0.fails && $0.status != .error }.count),
            ("errors", entries.filter { $0.status == .error && !$0.crashed }.count),
            ("crashed", entries.filter(\.crashed).count),
            ("missing goldens", entries.filter(missing).count),
            ("new goldens recorded", entries.filter { $0.status == .recorded && missing($0) }.count),
            ("goldens re-recorded", entries.filter { $0.status == .recorded && !missing($0) }.count),
            ("unused goldens", unused.count),
        ]
        // Passed without being drawn (SPEC.md, "Unchanged specs"): counted when there are some.
        let skipped = entries.filter { $0.skipped != nil }.count
        if skipped > 0 { counts.insert(("skipped (unchanged, not drawn)", skipped), at: 1) }
        // What --quiet silenced, counted when there is some (SPEC.md, "Shards by render, causes, CI engines").
        if results.silencedWarnings > 0 { counts.append(("warnings silenced (--quiet)", results.silencedWarnings)) }
        text += "| Result | Count |\n|---|---:|\n" + counts.map { "| \($0.0) | \($0.1) |\n" }.joined()
        return text
    }

    /// The status column: `failed`, `error`, `crash`, or what happened to the golden.
    private static func summaryStatus(_ entry: CheckResults.Entry) -> String {
        switch (entry.kind == .missingGolden, entry.status) {
        case (true, .recorded): "new golden"
        case (true, _): "missing golden"
        case (false, .recorded): "failed, re-recorded"
        case (false, _): entry.crashed ? "crash" : entry.status.rawValue
        }
    }

    /// Links to a failure's images: the report folder as given, joined with each image's path in it.
    private static func imageLinks(_ images: CheckResults.Images?, in reportFolder: String) -> String {
        guard let images else { return "" }
        return [("expected", images.expected), ("actual", images.actual), ("difference", images.diff)].compactMap { title, path in
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
            case _ where isInvisibleControl(scalar): output += "⟨U+" + String(scalar.value, radix: 16, uppercase: true) + "⟩"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Bidi controls (U+202A–U+202E, U+2066–U+2069, the marks U+200E, U+200F, U+061C) and invisible format
    /// characters (U+200B, U+2060–U+2064, U+206A–U+206F, U+FEFF): raw, a name holding one would reorder or
    /// hide the summary's text around it ("Trojan Source"), so each is shown by its code point. The joiners
    /// U+200C and U+200D stay: scripts and emoji need them, and they move nothing.
    private static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0x206A...0x206F, 0xFEFF: true
        default: false
        }
    }
}
