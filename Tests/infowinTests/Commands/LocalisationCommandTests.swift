import Foundation
import InfoWinTestSupport
import Testing

private let catalog = #"""
    {"sourceLanguage": "en", "version": "1.0", "strings": {
      "name": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Store"}},
        "de": {"stringUnit": {"state": "translated", "value": "Geschäft mit einem sehr langen Namen, der im Fenster nicht auf zwei Zeilen passt, weil er viel zu lang ist"}}}}}}
    """#

private let template = """
    {"map": {"width": 390, "height": 300, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 12}},
     "infoWindow": {"style": {"titleMaxLines": 2}},
     "markers": [{"id": "store", "position": {"latitude": 0, "longitude": 0}, "title": "{{strings.name}}", "snippet": "{{data.city}}"}],
     "selectedMarker": "store"}
    """

/// The template with its `{{data.city}}` filled, for the renders without `--data`.
private let berlin = template.replacing("{{data.city}}", with: "Berlin")

@Suite("localisation on the command line: --strings, --locale, --data, --pseudo-locale, --base")
struct LocalisationCommandTests {
    @Test("--locale all renders once per locale, named <spec>.<locale>; --fail-on names the locale that is cut")
    func everyLocale() throws {
        let folder = try TemporaryFolder(holding: ["Localizable.xcstrings": catalog, "store.json": berlin])
        let result = try CLI.run(
            ["render", "store.json", "-o", "store.png", "--layout", "store.layout.json", "--strings", "Localizable.xcstrings",
             "--locale", "all", "--fail-on", "truncated"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"store.json [de]: marker "store": title cut after 2 lines"#), "\(result.stderr)")
        #expect(folder.exists("store.en.png") && folder.exists("store.de.png") && folder.exists("store.layout.de.json"))
        let report = try folder.layout("store.layout.en.json")
        #expect((report["infoWindow"] as? [String: Any]).flatMap { ($0["title"] as? [String: Any])?["lines"] as? [String] } == ["Store"])
        #expect(report["locale"] as? String == "en")
        let one = try CLI.run(["render", "store.json", "-o", "one.png", "--strings", "Localizable.xcstrings", "--locale", "en"], in: folder.url)
        #expect(one.status == 0 && folder.exists("one.png"), "a single locale keeps the name: \(one.stderr)")
    }

    @Test("--locale takes POSIX names (de_DE, en_US.UTF-8) as their BCP 47 tags, with a note")
    func posixLocaleNames() throws {
        let folder = try TemporaryFolder(holding: ["Localizable.xcstrings": catalog, "store.json": berlin])
        let result = try CLI.run(
            ["render", "store.json", "-o", "store.png", "--layout", "store.layout.json", "--strings", "Localizable.xcstrings", "--locale", "de_DE"],
            in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: --locale 'de_DE' is read as 'de-DE'"), "\(result.stderr)")
        #expect(try folder.layout("store.layout.json")["locale"] as? String == "de-DE")
        let list = try CLI.run(
            ["render", "store.json", "-o", "list.png", "--strings", "Localizable.xcstrings", "--locale", "en_US.UTF-8,de_DE"], in: folder.url)
        #expect(list.status == 0 && folder.exists("list.en-US.png") && folder.exists("list.de-DE.png"), "\(list.stderr)")
    }

    @Test("check compares every locale with its own golden and fails the cut one with --fail-on, in its report")
    func checkEveryLocale() throws {
        let folder = try TemporaryFolder(holding: ["Localizable.xcstrings": catalog, "specs/store.json": berlin])
        let strings = ["--strings", "Localizable.xcstrings", "--locale", "all"]
        let record = try CLI.run(["check", "specs", "--golden", "goldens", "--record", "all"] + strings, in: folder.url)
        #expect(record.status == 0 && folder.exists("goldens/store.en.png") && folder.exists("goldens/store.de.png"), "\(record.stderr)")
        let check = try CLI.run(
            ["check", "specs", "--golden", "goldens", "--record", "never", "--fail-on", "truncated", "--junit", "junit.xml"] + strings,
            in: folder.url)
        #expect(check.status == 1)
        let junit = String(decoding: try folder.bytes("junit.xml"), as: UTF8.self)
        #expect(junit.contains("store.json [de]") && junit.contains("title cut after 2 lines"), "\(junit)")
    }

    @Test("--data renders once per row, named by its id column, filling {{data.COLUMN}}; a missing column names the row")
    func dataRows() throws {
        let folder = try TemporaryFolder(holding: ["Localizable.xcstrings": catalog, "specs/store.json": template])
        try folder.write("id,city\nber,Berlin\nmuc,\"München, Bayern\"\n", to: "rows.csv")
        let result = try CLI.run(
            ["batch", "specs", "-o", "out", "--data", "rows.csv", "--strings", "Localizable.xcstrings", "--locale", "en"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try folder.layout("out/store.muc.layout.json")
        let snippet = (report["infoWindow"] as? [String: Any]).flatMap { ($0["snippet"] as? [String: Any])?["lines"] as? [String] }
        #expect(snippet == ["München, Bayern"])
        #expect(folder.exists("out/store.ber.png"))
        try folder.write("id,town\nx,Paris\n", to: "bad.csv")
        let bad = try CLI.run(["validate", "specs", "--data", "bad.csv", "--strings", "Localizable.xcstrings", "--locale", "en"], in: folder.url)
        #expect(bad.status == 1 && bad.stderr.contains(#"row x has no column "city""#), "\(bad.stderr)")
    }

    @Test("--pseudo-locale en-XA lengthens the text; ar-XB sets a right-to-left locale")
    func pseudoLocales() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        _ = try CLI.run(["render", "spec.json", "-o", "xa.png", "--layout", "xa.json", "--pseudo-locale", "en-XA"], in: folder.url)
        let accented = try folder.layout("xa.json")
        let title = (accented["infoWindow"] as? [String: Any]).flatMap { ($0["title"] as? [String: Any])?["lines"] as? [String] }
        #expect(title?.first?.hasPrefix("[Ļöñðöñ") == true, "\(String(describing: title))")
        _ = try CLI.run(["render", "spec.json", "-o", "xb.png", "--layout", "xb.json", "--pseudo-locale", "ar-XB"], in: folder.url)
        #expect(try folder.layout("xb.json")["locale"] as? String == "ar-XB")
        let bad = try CLI.run(["render", "spec.json", "-o", "x.png", "--pseudo-locale", "en-XX"], in: folder.url)
        #expect(bad.status == 2)
    }

    @Test("goldens no checked spec made are reported (warn), fail the check (fail) or are removed (delete)")
    func unusedGoldens() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "specs/a.json")
        try folder.write(Specs.london, to: "specs/old/b.json")
        #expect(try CLI.run(["check", "specs", "--golden", "goldens", "--record", "all"], in: folder.url).status == 0)
        try FileManager.default.removeItem(atPath: folder.path("specs/old/b.json"))
        let warn = try CLI.run(["check", "specs", "--golden", "goldens", "--record", "never"], in: folder.url)
        #expect(warn.status == 0 && warn.stderr.contains("unused golden goldens/old/b.png"), "\(warn.stderr)")
        let fail = try CLI.run(
            ["check", "specs", "--golden", "goldens", "--record", "never", "--unused", "fail", "--junit", "junit.xml", "--report", "report"],
            in: folder.url)
        #expect(fail.status == 1)
        let junit = String(decoding: try folder.bytes("junit.xml"), as: UTF8.self)
        #expect(junit.contains(#"type="UnusedGolden""#) && junit.contains("old/b.png"), "\(junit)")
        #expect(String(decoding: try folder.bytes("report/index.html"), as: UTF8.self).contains("Unused goldens"))
        let delete = try CLI.run(["check", "specs", "--golden", "goldens", "--record", "never", "--unused", "delete"], in: folder.url)
        #expect(delete.status == 0 && !folder.exists("goldens/old/b.png") && !folder.exists("goldens/old/b.layout.json"))
        #expect(folder.exists("goldens/a.png"))
    }

    @Test("--base names a single spec's golden as the suite names it")
    func base() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "specs/eu/ru.json")
        try folder.write(Specs.london, to: "specs/ru.json")
        let suite = try CLI.run(["check", "specs", "--golden", "goldens", "--record", "all"], in: folder.url)
        #expect(suite.status == 0, "\(suite.stderr)")
        #expect(folder.exists("goldens/eu/ru.png") && folder.exists("goldens/ru.png"))
        try FileManager.default.removeItem(atPath: folder.path("goldens/ru.png"))
        let one = try CLI.run(["check", "specs/eu/ru.json", "--golden", "goldens", "--base", "specs", "--record", "never"], in: folder.url)
        #expect(one.status == 0, "the single spec is compared with goldens/eu/ru.png: \(one.stderr)")
        #expect(!folder.exists("goldens/ru.png"), "no stray golden is recorded")
        let outside = try CLI.run(["check", "specs/eu/ru.json", "--golden", "goldens", "--base", "specs/eu/../../elsewhere"], in: folder.url)
        #expect(outside.status == 1)
    }
}
