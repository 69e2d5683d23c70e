/// The reports of a check run: a self-contained HTML page for people and a JUnit XML file for CI servers.
package enum CheckReports {
    /// An HTML page (inline style, no scripts, nothing fetched) that shows each failure's expected,
    /// actual and difference images side by side; image links are relative, percent-encoded paths
    /// inside the report folder (`ReportLink`), and every text is escaped.
    /// `unused` lists goldens no checked spec made (relative to the golden folder).
    package static func html(_ outcomes: [CheckOutcome], goldenFolder: String, unused: [String] = []) -> String {
        let failures = outcomes.filter { $0.status != .passed }
        var body = "<h1>infowin check</h1>\n<p>\(outcomes.count - failures.count) of \(outcomes.count) specs match their golden images in "
            + "<code>\(escape(goldenFolder))</code>; \(failures.count) failed.</p>\n"
        if !unused.isEmpty {
            body += "<section>\n<h2>Unused goldens</h2>\n<p>No checked spec made these:</p>\n<ul>\n"
                + unused.map { "<li><code>\(escape(Path.join(goldenFolder, $0)))</code></li>\n" }.joined() + "</ul>\n</section>\n"
        }
        for outcome in failures {
            body += "<section>\n<h2>\(escape(outcome.name)) <span class=\"\(outcome.status.rawValue)\">\(outcome.status.rawValue)</span></h2>\n"
            body += "<p>\(escape(outcome.message))</p>\n"
            if outcome.changes.count > 1 {
                body += "<ul>\n" + outcome.changes.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
            }
            if let images = outcome.reportImages {
                body += "<div class=\"images\">\n"
                for (title, path) in [("expected", images.expected), ("actual", images.actual), ("difference", images.difference)] {
                    guard let path else { continue }
                    let link = ReportLink.href(path)
                    body += "<figure><figcaption>\(title)</figcaption><a href=\"\(escape(link))\"><img src=\"\(escape(link))\" alt=\"\(title)\"></a></figure>\n"
                }
                body += "</div>\n"
            }
            body += "</section>\n"
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
            img { width: 100%; height: auto; box-sizing: border-box; border: 1px solid #dadce0; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
            .failed, .error, .crash { color: #fff; background: #d93025; border-radius: 4px; padding: 0 6px; font-size: 12px; }
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// A JUnit XML report: one test case per spec, failures with their reason and image paths.
    /// `unused` goldens (relative to `goldenFolder`) are test cases of their own: failures when
    /// `unusedFail`, skipped otherwise.
    package static func junit(
        _ outcomes: [CheckOutcome], reportFolder: String?, unused: [String] = [], goldenFolder: String = "", unusedFail: Bool = false
    ) -> String {
        let failures = outcomes.filter { $0.status == .failed }.count + (unusedFail ? unused.count : 0)
        let errors = outcomes.filter { $0.status == .error || $0.status == .crash }.count
        let skipped = unusedFail ? 0 : unused.count
        let total = outcomes.reduce(0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let counts = "tests=\"\(outcomes.count + unused.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(seconds(total))\""
        xml += "<testsuites name=\"infowin check\" \(counts)>\n"
        xml += "  <testsuite name=\"infowin check\" \(counts)>\n"
        for outcome in outcomes {
            xml += "    <testcase classname=\"infowin.check\" name=\"\(escape(outcome.name))\" "
                + "file=\"\(escape(outcome.spec.path))\" time=\"\(seconds(outcome.seconds))\""
            guard outcome.status != .passed else {
                xml += "/>\n"
                continue
            }
            var details = outcome.changes.isEmpty ? [outcome.message] : outcome.changes
            if let images = outcome.reportImages {
                let folder = reportFolder ?? "."
                details += [images.expected.map { "expected: " + Path.join(folder, $0) }, "actual: " + Path.join(folder, images.actual),
                            images.difference.map { "difference: " + Path.join(folder, $0) }].compactMap { $0 }
            }
            let (element, type) = switch outcome.status {
            case .failed, .passed: ("failure", "GoldenMismatch")
            case .error: ("error", "RenderError")
            case .crash: ("error", "Crash")
            }
            xml += ">\n      <\(element) message=\"\(escape(outcome.message))\" type=\"\(type)\">"
                + escape(details.joined(separator: "\n")) + "</\(element)>\n    </testcase>\n"
        }
        for image in unused {
            let path = escape(Path.join(goldenFolder, image)), message = "unused golden \(path): no checked spec made it"
            xml += "    <testcase classname=\"infowin.check.unused\" name=\"\(escape(image))\" file=\"\(path)\" time=\"0.000\">\n"
            xml += unusedFail
                ? "      <failure message=\"\(message)\" type=\"UnusedGolden\">\(message)</failure>\n"
                : "      <skipped message=\"\(message)\"/>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text safe inside XML or HTML content and attributes; characters XML 1.0 forbids become U+FFFD.
    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\n", "\t", "\r": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
