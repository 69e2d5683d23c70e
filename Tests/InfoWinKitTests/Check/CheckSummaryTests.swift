import Foundation
import Testing
@testable import InfoWinCheck
@testable import InfoWinKit

/// `check --summary`: the Markdown that GitHub shows as a job summary, read back through cmark-gfm (GitHub's
/// own Markdown engine, Debian's `cmark-gfm`, which `make test` installs) where it is there.
@Suite("check --summary: the Markdown summary")
struct CheckSummaryTests {
    private static func outcome(
        _ name: String, _ status: CheckOutcome.Status, _ message: String = "", changes: [String] = [], recorded: Bool = false,
        missing: Bool = false, images: ReportImages? = nil
    ) -> CheckOutcome {
        var outcome = CheckOutcome(
            spec: FoundSpec(path: "specs/" + name, relativePath: name), status: status, message: message, changes: changes,
            recorded: recorded, reportImages: images)
        outcome.goldenWasMissing = missing
        return outcome
    }

    /// One of each way a spec can end.
    private static let mixed = [
        outcome("same.json", .passed),
        outcome(
            "moved.json", .failed, "title moved; 120 pixels differ", changes: ["title moved 3 pt down", "120 pixels differ (0.5 %)"],
            images: ReportImages(expected: "moved.expected.png", actual: "moved.actual.png", difference: "moved.diff.png")),
        outcome("new.json", .failed, "no golden image at golden/new.png (record it with --record missing)", missing: true),
        outcome("recorded.json", .failed, "recorded a new golden image at golden/recorded.png; look at it and commit it", recorded: true, missing: true),
        outcome("broken.json", .error, "specs/broken.json: markers[0].position: expected an object"),
        outcome("crashed.json", .crash, "specs/crashed.json: crashed (signal 11, SIGSEGV) while rendering"),
    ]

    /// The rows of the table whose header starts with `header`, each split into its cells at the `|`
    /// that are not escaped.
    private static func rows(of markdown: String, under header: String) -> [[String]] {
        let lines = markdown.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map(cells)
    }

    private static func cells(_ row: String) -> [String] {
        var cells: [String] = [], current = "", escaped = false
        for character in row.dropFirst() {
            if character == "|" && !escaped {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
            escaped = character == "\\" && !escaped
        }
        return cells
    }

    private static func counts(_ markdown: String) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: rows(of: markdown, under: "| Result | Count |").map { ($0[0], Int($0[1]) ?? -1) })
    }

    @Test func aFailingSuiteHasAHeadingATableOfItsFailuresAndTheCounts() {
        let markdown = CheckReports.markdown(Self.mixed, goldenFolder: "golden", reportFolder: nil)
        #expect(markdown.hasPrefix("## infowin check: 5 of 6 specs failed\n"), "\(markdown)")
        let failures = Self.rows(of: markdown, under: "| Spec | Status | Messages |")
        #expect(failures.map(\.first) == ["moved.json", "new.json", "recorded.json", "broken.json", "crashed.json"])
        #expect(failures.allSatisfy { $0.count == 3 }, "\(failures)")
        #expect(failures.map { $0[1] } == ["failed", "missing golden", "new golden", "error", "crash"])
        #expect(failures[0][2] == "title moved 3 pt down<br>120 pixels differ \\(0.5 %\\)")
        #expect(!markdown.contains("same.json"), "a spec that passed is no failure")
        #expect(Self.counts(markdown) == [
            "passed": 1, "failed": 3, "errors": 1, "crashed": 1, "missing goldens": 2, "new goldens recorded": 1,
            "goldens re-recorded": 0, "unused goldens": 0,
        ])
    }

    @Test func aPassingSuiteSaysSoWithNoFailureTable() {
        let outcomes = [Self.outcome("a.json", .passed), Self.outcome("b.json", .passed, "re-recorded golden/b.png", recorded: true)]
        let markdown = CheckReports.markdown(outcomes, goldenFolder: "golden", reportFolder: "report", shard: "2/3")
        #expect(markdown.hasPrefix("## infowin check: 2 specs (shard 2/3), all passed\n"), "\(markdown)")
        #expect(!markdown.contains("| Spec |"))
        #expect(Self.counts(markdown)["passed"] == 2)
        #expect(Self.counts(markdown)["goldens re-recorded"] == 1)
        #expect(Self.counts(markdown)["failed"] == 0)
    }

    @Test func imagesAreLinkedInsideTheReportFolderAsItWasGiven() {
        let markdown = CheckReports.markdown(Self.mixed, goldenFolder: "golden", reportFolder: "out/report")
        let moved = Self.rows(of: markdown, under: "| Spec | Status | Messages | Images |")[0]
        #expect(moved.count == 4)
        #expect(moved[3] == "[expected](./out/report/moved.expected.png) · [actual](./out/report/moved.actual.png) · [difference](./out/report/moved.diff.png)")
        let absolute = CheckReports.markdown(Self.mixed, goldenFolder: "golden", reportFolder: "//host/report")
        #expect(absolute.contains("[actual](/host/report/moved.actual.png)"), "an absolute folder never reads as a host")
    }

    @Test func unusedGoldensAreCountedAndListedOrFailures() {
        let outcomes = [Self.outcome("a.json", .passed)]
        let warned = CheckReports.markdown(outcomes, goldenFolder: "golden", reportFolder: nil, unused: ["old.png", "sub/gone.png"])
        #expect(warned.hasPrefix("## infowin check: 1 spec, all passed"))
        #expect(warned.contains("Unused goldens (no checked spec made them): golden/old.png, golden/sub/gone.png"))
        #expect(Self.counts(warned)["unused goldens"] == 2)
        let failed = CheckReports.markdown(outcomes, goldenFolder: "golden", reportFolder: nil, unused: ["old.png"], unusedFail: true)
        #expect(failed.hasPrefix("## infowin check: 1 of 1 spec failed"), "\(failed)")
        #expect(Self.rows(of: failed, under: "| Spec |") == [["golden/old.png", "unused golden", "no checked spec made it"]])
    }

    /// Names and messages that try to break out of their cell, make links, images, HTML, code or math.
    static let hostile = [
        "a|b.json", "[click](https://evil.example)", "![x](https://evil.example/x.png)", "<script>alert(1)</script>",
        "`code` **bold** _em_ ~~gone~~", "line\nbreak\r\nand\rmore", "tab\there", "$x^2$ &amp; \\|", "bell\u{7}esc\u{1B}[31m",
        "# heading", "ümlaut 日本 🙂",
    ]

    @Test(arguments: hostile)
    func hostileNamesAndMessagesStayInsideTheirCell(_ text: String) throws {
        let outcomes = [Self.outcome(text + ".json", .failed, text, changes: [text, "second " + text])]
        let markdown = CheckReports.markdown(outcomes, goldenFolder: text, reportFolder: nil)
        let rows = Self.rows(of: markdown, under: "| Spec | Status | Messages |")
        #expect(rows.count == 1 && rows[0].count == 3, "\(markdown)")
        #expect(!markdown.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }, "a control character is left")
        guard let html = try CmarkGFM.render(markdown) else { return }
        let failureTable = try #require(html.components(separatedBy: "</table>").first)
        #expect(failureTable.components(separatedBy: "<td>").count - 1 == 3, "\(html)")
        for forbidden in ["<a ", "<img", "<script", "<code", "<strong", "<em>", "<del", "<h1", "<math"] {
            #expect(!html.contains(forbidden), "\(forbidden) in \(html)")
        }
        // The cells read back as the text given (line breaks as <br>, controls as U+FFFD).
        let shown = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\t", with: " ").unicodeScalars
            .map { $0 == "\n" ? "<br>" : ($0.value < 0x20 ? "\u{FFFD}" : String($0)) }.joined()
        let escaped = shown.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "&lt;br&gt;", with: "<br>")
        #expect(html.contains("<td>" + escaped + ".json</td>"), "\(escaped) not in \(html)")
        #expect(html.contains("<td>" + escaped + "<br>second " + escaped + "</td>"), "\(html)")
    }
}

/// GitHub's Markdown engine (`cmark-gfm`, with its table, strikethrough and autolink extensions and raw
/// HTML kept, as GitHub keeps `<br>`); nil, after saying so, when it is not installed.
enum CmarkGFM {
    static func render(_ markdown: String) throws -> String? {
        let path = "/usr/bin/cmark-gfm"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            print("cmark-gfm is not installed (apt install cmark-gfm, as make test does): the summary is checked without it")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let html = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: html, as: UTF8.self)
    }

}

extension CheckSummaryTests {
    @Test("bidi controls and invisible characters in names and messages are shown by code point, never raw")
    func bidiControlsAreNeutralised() {
        let evil = "invoice\u{202E}gnp.json", message = "title \u{2066}moved\u{2069} \u{200F}3 pt\u{FEFF}"
        let markdown = CheckReports.markdown([Self.outcome(evil, .failed, message, changes: [message])], goldenFolder: "golden", reportFolder: nil)
        for control: Unicode.Scalar in ["\u{202E}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{FEFF}"] {
            #expect(!markdown.unicodeScalars.contains(control), "U+\(String(control.value, radix: 16)) is raw")
        }
        #expect(markdown.contains("invoice⟨U+202E⟩gnp.json"), "\(markdown)")
        #expect(markdown.contains("⟨U+2066⟩moved⟨U+2069⟩"), "\(markdown)")
        // Joiners stay: emoji and scripts need them.
        #expect(CheckReports.markdownText("👩\u{200D}💻 \u{200C}") == "👩\u{200D}💻 \u{200C}")
    }
}
