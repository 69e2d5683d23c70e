import Foundation
import InfoWinTestSupport
import Testing

private let template = """
    {"map": {"width": 390, "height": 300, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 12}},
     "markers": [{"id": "store", "position": {"latitude": 0, "longitude": 0}, "title": "{{strings.store_title}}"}],
     "selectedMarker": "store"}
    """

@Suite("--strings on the command line: Android res/, *.lproj folders, malformed catalogs exit 1")
struct CatalogCommandTests {
    @Test("an Android res/ folder and a folder of .lproj render every locale, their titles from the catalog")
    func folders() throws {
        let folder = try TemporaryFolder(holding: ["store.json": template])
        try folder.write(#"<resources><string name="store_title">Pickup point</string></resources>"#, to: "res/values/strings.xml")
        try folder.write(#"<resources><string name="store_title">Abholpunkt</string></resources>"#, to: "res/values-de/strings.xml")
        try folder.write(#""store_title" = "Pickup point";"#, to: "apple/en.lproj/Localizable.strings")
        try folder.write(#""store_title" = "Point de retrait";"#, to: "apple/fr.lproj/Localizable.strings")
        for (catalog, locale, title) in [("res", "de", "Abholpunkt"), ("apple", "fr", "Point de retrait")] {
            let result = try CLI.run(["render", "store.json", "-o", "\(catalog).png", "--layout", "\(catalog).json", "--strings", catalog, "--locale", "all"],
                                     in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            let report = try folder.layout("\(catalog).\(locale).json")
            let lines = (report["infoWindow"] as? [String: Any]).flatMap { ($0["title"] as? [String: Any])?["lines"] as? [String] }
            #expect(lines == [title])
        }
    }

    @Test("a malformed catalog is exit 1 naming the file and the line or JSON path; a path that is no catalog is exit 2")
    func errors() throws {
        let folder = try TemporaryFolder(holding: ["store.json": template])
        try folder.write(#"{"sourceLanguage": "en", "strings": {"store_title": {"shouldTranslate": "no"}}}"#, to: "bad.xcstrings")
        try folder.write("<resources>\n<string name=\"store_title\">it's</string>\n</resources>", to: "res/values/strings.xml")
        try folder.write("\"store_title\" = \"x\"\n\"b\" = \"y\";", to: "apple/en.lproj/Localizable.strings")
        try folder.write("{}", to: "strings.json")
        let cases = [
            ("bad.xcstrings", 1, "bad.xcstrings: strings.store_title.shouldTranslate: expected true or false"),
            ("res", 1, "res/values/strings.xml:2:1: unescaped apostrophe"),
            ("apple", 1, "apple/en.lproj/Localizable.strings:2:1: expected ';'"),
            ("strings.json", 2, "strings.json: not a catalog: expected a String Catalog (.xcstrings)"),
            ("missing", 2, "missing: cannot read the catalog"),
        ]
        for (path, status, message) in cases {
            let result = try CLI.run(["validate", "store.json", "--strings", path, "--locale", "en"], in: folder.url)
            #expect(result.status == Int32(status), "\(path): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(path): \(result.stderr)")
        }
    }

    @Test("a key no catalog has is an error suggesting the nearest key")
    func missingKey() throws {
        let folder = try TemporaryFolder()
        try folder.write(template.replacing("store_title", with: "store_titel"), to: "store.json")
        try folder.write(#"<resources><string name="store_title">Pickup point</string></resources>"#, to: "res/values/strings.xml")
        let result = try CLI.run(["validate", "store.json", "--strings", "res", "--locale", "en"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"has no key "store_titel" (did you mean "store_title"?)"#), "\(result.stderr)")
    }
}
