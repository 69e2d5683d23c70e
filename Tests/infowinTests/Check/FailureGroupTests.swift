import Foundation
import InfoWinTestSupport
import Testing

/// Failures grouped by cause (SPEC.md, "Shards by render, causes, CI engines"): one changed spec key, icon
/// or fingerprint message is one group across variants and specs, in the terminal, the HTML report, JUnit,
/// the Markdown summary, results.json's `group` and `report merge`; different causes are apart, and a
/// failure that names no cause is a group of its own.
@Suite("check: failures grouped by cause")
struct FailureGroupTests {
    private static let fonts = ["--hermetic-fonts", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]

    private static func check(_ arguments: [String], in folder: TemporaryFolder) throws -> CLIResult {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return try CLI.run(["check", "specs", "--golden", "golden"] + arguments + fonts, in: folder.url, environment: environment)
    }

    /// A card whose title comes from the data row, on a map of `background`.
    private static func card(background: String) -> String {
        """
        { "version": 1,
          "map": { "width": 200, "height": 140, "background": "\(background)",
                   "camera": { "target": { "latitude": 0, "longitude": 0 }, "zoom": 12 } },
          "markers": [ { "id": "courier", "position": { "latitude": 0, "longitude": 0 }, "title": "{{data.name}}" } ],
          "selectedMarker": "courier" }
        """
    }

    private static func results(_ folder: TemporaryFolder, _ file: String = "report/results.json") throws -> [[String: Any]] {
        let results = try #require(try JSONSerialization.jsonObject(with: Data(try folder.bytes(file))) as? [String: Any])
        return try #require(results["specs"] as? [[String: Any]])
    }

    private static func text(_ folder: TemporaryFolder, _ file: String) throws -> String {
        String(decoding: try folder.bytes(file), as: UTF8.self)
    }

    private static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func aColourChangeInASpecOfTwentyVariantsIsOneGroupOfTwentyInEveryReport() throws {
        let folder = try TemporaryFolder()
        try folder.write((1...20).map { "{\"id\": \"r\($0)\", \"name\": \"Parcel \($0)\"}" }.joined(separator: "\n") + "\n", to: "rows.jsonl")
        try folder.write(Self.card(background: "#F2EFE9"), to: "specs/card.json")
        let recorded = try Self.check(["--data", "rows.jsonl", "--record", "all"], in: folder)
        try #require(recorded.status == 0, "\(recorded.stdoutText) \(recorded.stderr)")
        try folder.write(Self.card(background: "#3050A0"), to: "specs/card.json")
        let result = try Self.check(
            ["--data", "rows.jsonl", "--record", "never", "--report", "report", "--junit", "junit.xml", "--summary", "summary.md"], in: folder)
        #expect(result.status == 1)
        let cause = "spec key map.background changed"

        // Terminal: the cause once, its twenty renders under it.
        #expect(result.stdoutText.contains("20 renders failed from one cause: \(cause)\n"), "\(result.stdoutText)")
        #expect(Self.count(cause, in: result.stdoutText) == 1, "\(result.stdoutText)")
        #expect(Self.count("  FAILED: card.json [", in: result.stdoutText) == 20, "\(result.stdoutText)")

        // results.json: every entry names the group.
        let entries = try Self.results(folder)
        #expect(entries.count == 20 && entries.allSatisfy { $0["group"] as? String == cause }, "\(entries.map { $0["group"] ?? "none" })")

        // HTML: one entry, the other nineteen one click away.
        let html = try Self.text(folder, "report/index.html")
        #expect(Self.count("<section class=\"entry\"", in: html) == 1, "one entry for the group")
        #expect(html.contains("20 renders, one cause: <span class=\"cause-text\">\(cause)</span>"))
        #expect(html.contains("<details class=\"variants\">") && Self.count("<li class=\"variant\"", in: html) == 19)

        // JUnit: a test case a render, the group's cause in each message.
        let junit = try Self.text(folder, "junit.xml")
        #expect(Self.count("<testcase ", in: junit) == 20)
        #expect(Self.count("<failure message=\"\(cause) (one cause of 20 renders)", in: junit) == 20, "\(junit)")

        // Markdown: one row for the group, its renders named under it.
        let summary = try Self.text(folder, "summary.md")
        let rows = summary.split(separator: "\n").filter { $0.hasPrefix("| card.json") }
        #expect(rows.count == 1, "\(summary)")
        #expect(rows.first?.contains("**20 renders, one cause:** spec key map.background changed") == true, "\(summary)")

        // report merge keeps the groups.
        let merged = try CLI.run(["report", "merge", "report", "-o", "merged", "--summary", "merged.md"], in: folder.url)
        #expect(merged.status == 1, "\(merged.stderr)")
        #expect(try Self.results(folder, "merged/results.json").allSatisfy { $0["group"] as? String == cause })
        #expect(Self.count("<section class=\"entry\"", in: try Self.text(folder, "merged/index.html")) == 1)
        #expect(try Self.text(folder, "merged.md").contains("**20 renders, one cause:**"))
    }

    /// A String Catalog whose `eta` reads `eta` in English, German and French, and whose `title` stays.
    private static func catalog(eta: String) -> String {
        let unit = { (value: String) in #"{ "stringUnit" : { "state" : "translated", "value" : "\#(value)" } }"# }
        return """
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
              "eta" : { "localizations" : { "en" : \(unit(eta)), "de" : \(unit(eta + " (de)")), "fr" : \(unit(eta + " (fr)")) } },
              "title" : { "localizations" : { "en" : \(unit("Courier")), "de" : \(unit("Kurier")), "fr" : \(unit("Coursier")) } } } }
            """
    }

    @Test func aCatalogStringChangedInEveryLocaleIsOneGroupNamedByItsKey() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.catalog(eta: "In 5 min"), to: "Localizable.xcstrings")
        let marker = Specs.marker("a", title: "{{strings.title}}", snippet: "{{strings.eta}}")
        try folder.write(Specs.spec(width: 200, height: 140, markers: [marker], selected: "a"), to: "specs/card.json")
        let variants = ["--strings", "Localizable.xcstrings", "--locale", "all"]
        let recorded = try Self.check(variants + ["--record", "all"], in: folder)
        try #require(recorded.status == 0, "\(recorded.stdoutText) \(recorded.stderr)")
        try folder.write(Self.catalog(eta: "Arriving in about 12 minutes"), to: "Localizable.xcstrings")
        let result = try Self.check(variants + ["--record", "never", "--report", "report"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdoutText.contains("3 renders failed from one cause: catalog key eta changed\n"), "\(result.stdoutText)")
        let groups = try Self.results(folder).compactMap { $0["group"] as? String }
        #expect(groups == Array(repeating: "catalog key eta changed", count: 3), "the catalog key, not the spec key it fills: \(groups)")
    }

    /// Two specs showing the icon `icons/cup@2x.png`, and a third with its own icon.
    private static func iconFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(PNG.solid(width: 24, height: 24, rgba: [0xC0, 0x20, 0x20, 0xFF]), to: "specs/icons/cup@2x.png")
        try folder.write(PNG.solid(width: 24, height: 24, rgba: [0x20, 0xC0, 0x20, 0xFF]), to: "specs/icons/tea@2x.png")
        for (name, icon) in [("a", "cup"), ("b", "cup"), ("c", "tea")] {
            let marker = Specs.marker(name, title: "Shop \(name)", extra: #""icon": "icons/\#(icon)@2x.png""#)
            try folder.write(Specs.spec(width: 160, height: 120, markers: [marker], selected: name), to: "specs/\(name).json")
        }
        let recorded = try check(["--record", "all"], in: folder)
        try #require(recorded.status == 0, "\(recorded.stdoutText) \(recorded.stderr)")
        return folder
    }

    @Test func twoSpecsSharingAChangedIconAreOneGroupAcrossSpecs() throws {
        let folder = try Self.iconFolder()
        try folder.write(PNG.solid(width: 24, height: 24, rgba: [0x20, 0x20, 0xC0, 0xFF]), to: "specs/icons/cup@2x.png")
        let result = try Self.check(["--record", "never", "--report", "report"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdoutText.contains("2 renders failed from one cause: icon icons/cup@2x.png changed\n"), "\(result.stdoutText)")
        let groups = try Self.results(folder).compactMap { $0["group"] as? String }
        #expect(groups == ["icon icons/cup@2x.png changed", "icon icons/cup@2x.png changed"], "\(groups)")
        #expect(Self.count("<section class=\"entry\"", in: try Self.text(folder, "report/index.html")) == 1)
    }

    @Test func failuresOfDifferentCausesAreSeparateGroups() throws {
        let folder = try Self.iconFolder()
        try folder.write(PNG.solid(width: 24, height: 24, rgba: [0x20, 0x20, 0xC0, 0xFF]), to: "specs/icons/tea@2x.png")
        let marker = Specs.marker("a", title: "Shop A, renamed", extra: #""icon": "icons/cup@2x.png""#)
        try folder.write(Specs.spec(width: 160, height: 120, markers: [marker], selected: "a"), to: "specs/a.json")
        let result = try Self.check(["--record", "never", "--report", "report", "--summary", "summary.md"], in: folder)
        #expect(result.status == 1)
        let groups = try Self.results(folder).compactMap { $0["group"] as? String }
        #expect(groups == ["spec key markers[0].title changed", "icon icons/tea@2x.png changed"], "\(groups)")
        #expect(!result.stdoutText.contains("renders failed from one cause"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("FAILED: a.json: spec key markers[0].title changed") && result.stdoutText.contains("FAILED: c.json: icon icons/tea@2x.png changed"))
        #expect(Self.count("<section class=\"entry\"", in: try Self.text(folder, "report/index.html")) == 2)
        #expect(try Self.text(folder, "summary.md").split(separator: "\n").filter { $0.hasPrefix("| a.json") || $0.hasPrefix("| c.json") }.count == 2)
    }

    @Test func aFailureThatNamesNoCauseIsAGroupOfItsOwn() throws {
        let folder = try Self.iconFolder()
        // No golden: the message names the render's own golden, no cause two renders could share.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("golden"))
        let result = try Self.check(["--record", "never", "--report", "report", "--junit", "junit.xml"], in: folder)
        #expect(result.status == 1)
        let groups = try Self.results(folder).compactMap { $0["group"] as? String }
        #expect(groups.count == 3 && Set(groups).count == 3, "\(groups)")
        #expect(groups.first?.hasPrefix("a.json: no golden image at ") == true, "the render and its message: \(groups)")
        #expect(Self.count("<section class=\"entry\"", in: try Self.text(folder, "report/index.html")) == 3)
        #expect(!(try Self.text(folder, "junit.xml")).contains("one cause of"))
    }
}
