import Foundation
import InfoWinTestSupport
import Testing

private let catalog = #"""
    {"sourceLanguage": "en", "version": "1.0", "strings": {
      "name": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Pickup point"}},
        "de": {"stringUnit": {"state": "translated", "value": "Abholstelle mit einem sehr langen Namen, der im Fenster nicht auf zwei Zeilen passt, weil er viel zu lang ist"}},
        "fr": {"stringUnit": {"state": "translated", "value": "Point relais"}}}},
      "waiting": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "%lld parcels waiting at %@"}}}}}}
    """#

/// A spec whose title and snippet come from the catalog, the title at most 2 lines.
private let pickup = Specs.spec(markers: [Specs.marker("p", title: "{{strings.name}}", snippet: #"{{strings.waiting(3, "Gleis 2")}}"#)], selected: "p")
    .replacing(#""version": 1,"#, with: #""version": 1, "infoWindow": {"style": {"titleMaxLines": 2}},"#)

/// The lines of the window's `part` (title or snippet) in a layout report.
private func lines(_ report: [String: Any], _ part: String) -> [String] {
    ((report["infoWindow"] as? [String: Any])?[part] as? [String: Any])?["lines"] as? [String] ?? []
}

@Suite("--pseudo-locale on the command line: every line mirrored, specifiers kept, variants named <spec>.en-XA")
struct PseudoLocaleCommandTests {
    @Test("ar-XB draws every line of a wrapped paragraph right to left, each shown line opening the override again")
    func everyWrappedLineMirrored() throws {
        let folder = try TemporaryFolder()
        let snippet = "Open every day from seven until late, with fresh bread and cakes waiting at the counter"
        try folder.write(Specs.spec(markers: [Specs.marker("p", title: "Corner store", snippet: snippet)], selected: "p"), to: "spec.json")
        let result = try CLI.run(["render", "spec.json", "-o", "xb.png", "--layout", "xb.json", "--pseudo-locale", "ar-XB"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let shown = lines(try folder.layout("xb.json"), "snippet")
        #expect(shown.count >= 3 && shown.allSatisfy { $0.hasPrefix("\u{202E}") }, "\(shown.map(\.debugDescription))")
    }

    @Test("en-XA and ar-XB keep %lld, %1$@ and %.2f as they are (not \"%ļļð\", not \"dll%\")")
    func specifiersKept() throws {
        let folder = try TemporaryFolder()
        try folder.write(catalog, to: "L.xcstrings")
        // Format specifiers in the spec's own text (a catalog's are filled by their arguments first).
        let literal = Specs.spec(markers: [Specs.marker("p", title: "{{strings.name}}", snippet: "%lld parcels waiting, %1$@ at %.2f km")], selected: "p")
        try folder.write(literal, to: "pickup.json")
        for pseudo in ["en-XA", "ar-XB"] {
            let result = try CLI.run(
                ["render", "pickup.json", "-o", "out.png", "--layout", "out.json", "--strings", "L.xcstrings", "--locale", "en",
                 "--pseudo-locale", pseudo], in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            let snippet = lines(try folder.layout("out.json"), "snippet").joined(separator: " ")
            // ar-XB isolates each one, so that it reads left to right inside the mirrored line.
            let (open, close) = pseudo == "ar-XB" ? ("\u{2066}", "\u{2069}") : ("", "")
            for specifier in ["%lld", "%1$@", "%.2f"] {
                #expect(snippet.contains(open + specifier + close), "\(pseudo): \(snippet.debugDescription)")
            }
            #expect(!snippet.contains("%ļļð") && snippet.contains(pseudo == "en-XA" ? "þáŕçéļš" : "parcels"), "\(pseudo): \(snippet.debugDescription)")
        }
    }

    @Test("check --pseudo-locale compares with goldens named <spec>.en-XA, never a real locale's, and names spec.json [en-XA]")
    func checkUsesPseudoGoldens() throws {
        let folder = try TemporaryFolder()
        try folder.write(catalog, to: "L.xcstrings")
        try folder.write(pickup, to: "specs/pickup.json")
        let strings = ["--strings", "L.xcstrings", "--locale", "fr", "--pseudo-locale", "en-XA"]
        let record = try CLI.run(["check", "specs", "--golden", "goldens", "--record", "all"] + strings, in: folder.url)
        #expect(record.status == 0 && folder.exists("goldens/pickup.en-XA.png") && !folder.exists("goldens/pickup.fr.png"), "\(record.stdoutText)")
        #expect(record.stdoutText.contains("pickup.json [en-XA]") && !record.stdoutText.contains("pickup.fr.json"), "\(record.stdoutText)")
        let every = ["--strings", "L.xcstrings", "--locale", "all", "--pseudo-locale", "ar-XB"]
        let beside = try CLI.run(["check", "specs", "--golden", "goldens", "--record", "missing", "--junit", "junit.xml"] + every, in: folder.url)
        #expect(beside.status == 1, "every golden but en-XA's is new")
        #expect(["en", "de", "fr", "ar-XB"].allSatisfy { folder.exists("goldens/pickup.\($0).png") })
        #expect(beside.stdoutText.contains("recorded a new golden image at goldens/pickup.ar-XB.png"), "\(beside.stdoutText)")
        #expect(!beside.stdoutText.contains(".json:") && beside.stdoutText.contains("FAILED: pickup.json [de]"), "\(beside.stdoutText)")
        #expect(String(decoding: try folder.bytes("junit.xml"), as: UTF8.self).contains(#"name="pickup.json [ar-XB]""#))
        let again = try CLI.run(["check", "specs", "--golden", "goldens", "--record", "never"] + every, in: folder.url)
        #expect(again.status == 0, "\(again.stdoutText)")
    }

    @Test("the example's pseudo variants match their goldens, spec.en-XA.png and spec.ar-XB.png", arguments: ["en-XA", "ar-XB"])
    func exampleGoldens(_ pseudo: String) throws {
        let example = CLI.repository.appendingPathComponent("Examples/localised-store")
        #expect(FileManager.default.fileExists(atPath: example.appendingPathComponent("spec.\(pseudo).png").path))
        let result = try CLI.run(
            ["check", "spec.json", "--golden", ".", "--record", "never", "--strings", "Localizable.xcstrings", "--locale", "en",
             "--pseudo-locale", pseudo] + CLI.pinnedFontOptions, in: example)
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderr)")
    }

    @Test("batch names pseudo variants <spec>.ar-XB; render -o keeps its name alone and names it beside --locale all's")
    func outputNames() throws {
        let folder = try TemporaryFolder()
        try folder.write(catalog, to: "L.xcstrings")
        try folder.write(pickup, to: "specs/pickup.json")
        let batch = try CLI.run(["batch", "specs", "-o", "out", "--pseudo-locale", "ar-XB", "--strings", "L.xcstrings", "--locale", "en"], in: folder.url)
        #expect(batch.status == 0 && folder.exists("out/pickup.ar-XB.png") && folder.exists("out/pickup.ar-XB.layout.json"), "\(batch.stderr)")
        let alone = try CLI.run(["render", "specs/pickup.json", "-o", "one.png", "--pseudo-locale", "en-XA", "--strings", "L.xcstrings", "--locale", "en"], in: folder.url)
        #expect(alone.status == 0 && folder.exists("one.png") && !folder.exists("one.en-XA.png"), "\(alone.stderr)")
        let all = try CLI.run(["render", "specs/pickup.json", "-o", "all.png", "--pseudo-locale", "en-XA", "--strings", "L.xcstrings", "--locale", "all"], in: folder.url)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(["en", "de", "fr", "en-XA"].allSatisfy { folder.exists("all.\($0).png") })
        #expect(lines(try folder.layout("out/pickup.ar-XB.layout.json"), "title").first?.hasPrefix("\u{202E}Pickup") == true)
    }

    @Test("validate --locale all prints an error of the spec itself once, naming no variant; a variant's own error names it")
    func specErrorOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write(catalog, to: "L.xcstrings")
        try folder.write(pickup.replacing(#""version": 1,"#, with: #""version": 1, "colour": "red","#), to: "specs/bad.json")
        try folder.write(pickup, to: "specs/cut.json")
        let options = ["--strings", "L.xcstrings", "--locale", "all", "--pseudo-locale", "en-XA", "--fail-on", "truncated"]
        for command in [["validate", "specs"], ["batch", "specs", "-o", "out"]] {
            let result = try CLI.run(command + options, in: folder.url)
            #expect(result.status == 1)
            let unknown = result.stderr.split(separator: "\n").filter { $0.contains(#"unknown key "colour""#) }
            #expect(unknown.count == 1 && unknown[0].hasPrefix("error: specs/bad.json: colour:"), "\(command[0]): \(result.stderr)")
            let cut = result.stderr.split(separator: "\n").filter { $0.contains("cut after") }
            #expect(cut.count == 1 && cut[0].contains("specs/cut.json [de]: "), "\(command[0]): \(result.stderr)")
        }
        _ = try CLI.run(["check", "specs", "--golden", "goldens", "--record", "all"] + options, in: folder.url)
        let check = try CLI.run(["check", "specs", "--golden", "goldens", "--record", "never"] + options, in: folder.url)
        #expect(check.stderr.split(separator: "\n").filter { $0.contains(#"unknown key "colour""#) }.count == 1, "\(check.stderr)")
        #expect(check.stdoutText.contains("FAILED: cut.json [de]: marker"), "\(check.stdoutText)")
        try folder.write("id,look\nok,ios\nbad,iso\n", to: "rows.csv")
        try folder.write(pickup.replacing(#""version": 1,"#, with: #""version": 1, "look": "{{data.look}}","#), to: "rows/look.json")
        let rows = try CLI.run(["validate", "rows", "--data", "rows.csv", "--strings", "L.xcstrings", "--locale", "en"], in: folder.url)
        #expect(rows.status == 1 && rows.stderr.contains("rows/look.json [bad]: look:"), "\(rows.stderr)")
        #expect(!rows.stderr.contains("[ok]"), "\(rows.stderr)")
        // render stops at the first render that fails: the spec's own error names no variant, a row's does.
        let render = try CLI.run(["render", "specs/bad.json", "-o", "bad.png"] + options, in: folder.url)
        #expect(render.status == 1 && render.stderr.contains("error: specs/bad.json: colour:"), "\(render.stderr)")
        try folder.write("id,look\nbad,iso\nok,ios\n", to: "rows.csv")
        let row = try CLI.run(["render", "rows/look.json", "-o", "row.png", "--data", "rows.csv", "--strings", "L.xcstrings", "--locale", "en"], in: folder.url)
        #expect(row.status == 1 && row.stderr.contains("rows/look.json [bad]: look:"), "\(row.stderr)")
    }
}
