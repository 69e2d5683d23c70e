import Foundation
import InfoWinTestSupport
import Testing

/// Two font files the tests pin (copied into each project, so that the config names them relatively).
private let serif = ["/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"]

/// A spec whose window title is long enough to be cut to one line.
private let longTitle = smallSpec(markers: [marker("m", #", "title": "A title far too long to fit in one line of this small window, so it is cut""#)],
                                  extra: #", "infoWindow": {"style": {"titleMaxLines": 1}}"#)

/// A project: `infowin.json` holding `config` at the root, `fonts/` with the serif fonts, and `specs/a/s.json`.
private func project(_ config: String, spec: String = smallSpec(markers: [marker("m", #", "title": "Berlin""#)])) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write(config, to: "infowin.json")
    for font in serif {
        try folder.write(Array(try Data(contentsOf: URL(fileURLWithPath: font))), to: "fonts/" + (font as NSString).lastPathComponent)
    }
    try folder.write(spec, to: "specs/a/s.json")
    return folder
}

private let fontsKey = #""fonts": ["fonts/DejaVuSerif.ttf", "fonts/DejaVuSerif-Bold.ttf"]"#
private let pinnedOnTheCommandLine = ["--hermetic-fonts"] + serif.flatMap { ["--font", $0] }

@Suite("the project config file, infowin.json: discovery, precedence, paths and the worker processes")
struct ProjectConfigTests {
    @Test("a config in a parent folder gives check its golden folder, relative to the config's folder")
    func discoveredFromASubFolder() throws {
        let folder = try project(#"{"golden": "goldens"}"#)
        let run = try runGuarded(["check", "s.json", "--record", "all"], in: folder.url.appendingPathComponent("specs/a"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.exists("goldens/s.png") && folder.exists("goldens/s.layout.json"))
        #expect(!folder.exists("specs/a/goldens"))
    }

    @Test("the nearest config wins over one further up")
    func nearestWins() throws {
        let folder = try project(#"{"golden": "far"}"#)
        try folder.write(#"{"golden": "near"}"#, to: "specs/infowin.json")
        let run = try runGuarded(["check", "s.json", "--record", "all"], in: folder.url.appendingPathComponent("specs/a"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.exists("specs/near/s.png") && !folder.exists("far"))
    }

    @Test("--config names the file (its paths relative to it, from any folder); --no-config reads none")
    func namedOrNone() throws {
        let folder = try project(#"{"golden": "found"}"#)
        try folder.write(#"{"golden": "named", "junit": "out/junit.xml", "report": "out/report"}"#, to: "elsewhere/other.json")
        let work = folder.url.appendingPathComponent("specs/a")
        let named = try runGuarded(["check", "s.json", "--record", "all", "--config", "../../elsewhere/other.json"], in: work)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(folder.exists("elsewhere/named/s.png") && folder.exists("elsewhere/out/junit.xml") && !folder.exists("found"))
        let none = try runGuarded(["check", "s.json", "--record", "all", "--no-config"], in: work)
        #expect(none.status == 2 && none.stderr.contains("missing --golden DIR"), "\(none.stderr)")
        let both = try runGuarded(["check", "s.json", "--config", "x.json", "--no-config"], in: work)
        #expect(both.status == 2 && both.stderr.contains("--config and --no-config cannot be given together"), "\(both.stderr)")
    }

    @Test("an option on the command line wins over its key; the file's other keys still apply")
    func commandLineWins() throws {
        let folder = try project(#"{"golden": "goldens", "failOn": ["truncated"]}"#, spec: longTitle)
        let work = folder.url.appendingPathComponent("specs/a")
        #expect(try runGuarded(["check", "s.json", "--record", "all", "--golden", "../../mine"], in: work).status == 0)
        #expect(folder.exists("mine/s.png") && !folder.exists("goldens"))
        let run = try runGuarded(["check", "s.json", "--record", "never", "--golden", "../../mine"], in: work)
        #expect(run.status == 1 && run.stdoutText.contains("title cut after 1 line"), "the file's failOn: \(run.stdoutText) \(run.stderr)")
        let overridden = try runGuarded(["render", "s.json", "-o", "out.png", "--fail-on", "missing-glyphs"], in: work)
        #expect(overridden.status == 0, "--fail-on replaces the file's failOn: \(overridden.stderr)")
        let fromFile = try runGuarded(["render", "s.json", "-o", "out.png"], in: work)
        #expect(fromFile.status == 1 && fromFile.stderr.contains("title cut after 1 line"), "\(fromFile.stderr)")
    }

    @Test("fonts pins the render to exactly those fonts, byte for byte as --hermetic-fonts --font does; --font replaces the list")
    func fontsArePinned() throws {
        let folder = try project("{\(fontsKey)}")
        let work = folder.url.appendingPathComponent("specs/a")
        #expect(try runGuarded(["render", "s.json", "-o", "config.png"], in: work).status == 0)
        #expect(try runGuarded(["render", "s.json", "-o", "flags.png", "--no-config"] + pinnedOnTheCommandLine, in: work).status == 0)
        #expect(try runGuarded(["render", "s.json", "-o", "machine.png", "--no-config"], in: work).status == 0)
        #expect(try folder.bytes("specs/a/config.png") == folder.bytes("specs/a/flags.png"))
        #expect(try folder.bytes("specs/a/config.png") != folder.bytes("specs/a/machine.png"))
        let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        #expect(try runGuarded(["render", "s.json", "-o", "replaced.png", "--font", sans], in: work).status == 0)
        #expect(try runGuarded(["render", "s.json", "-o", "sans.png", "--no-config", "--hermetic-fonts", "--font", sans], in: work).status == 0)
        #expect(try folder.bytes("specs/a/replaced.png") == folder.bytes("specs/a/sans.png"))
    }

    @Test("assetRoots lets specs in sub-folders read a shared folder; --asset-root is repeatable")
    func assetRoots() throws {
        let folder = try project(#"{"assetRoots": ["other", "shared"]}"#, spec: smallSpec(markers: [marker("m", #", "icon": "../../shared/pin.png""#)]))
        try folder.write(hostilePNG(width: 8, height: 8), to: "shared/pin.png")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("other"), withIntermediateDirectories: true)
        let work = folder.url.appendingPathComponent("specs/a")
        let configured = try runGuarded(["validate", "s.json"], in: work)
        #expect(configured.status == 0, "\(configured.stderr)")
        let refused = try runGuarded(["validate", "s.json", "--no-config"], in: work)
        #expect(refused.status == 1 && refused.stdout.count + refused.stderr.count > 0)
        #expect((refused.stdoutText + refused.stderr).contains("outside the allowed folder"))
        let repeated = try runGuarded(["validate", "s.json", "--no-config", "--asset-root", "../../other", "--asset-root", "../../shared"], in: work)
        #expect(repeated.status == 0, "\(repeated.stderr)")
    }

    @Test("batch and check in their worker processes apply the config as the same options on the command line do")
    func workersApplyTheConfig() throws {
        let folder = try project("{\(fontsKey), \"failOn\": [\"truncated\"], \"jobs\": 2, \"threshold\": 0}", spec: longTitle)
        try folder.write(smallSpec(markers: [marker("m", #", "title": "Kurz""#)]), to: "specs/a/t.json")
        let options = pinnedOnTheCommandLine + ["--fail-on", "truncated", "--jobs", "2"]
        let configured = try runGuarded(["batch", "specs", "-o", "with-config"], in: folder.url)
        let flags = try runGuarded(["batch", "specs", "-o", "with-flags", "--no-config"] + options, in: folder.url)
        #expect(configured.status == 1 && flags.status == 1)
        #expect(configured.stderr == flags.stderr && configured.stderr.contains("title cut after 1 line"), "\(configured.stderr)")
        for name in ["a/s.png", "a/s.layout.json", "a/t.png", "a/t.layout.json"] {
            #expect(try folder.bytes("with-config/" + name) == folder.bytes("with-flags/" + name), "\(name)")
        }
        #expect(try runGuarded(["check", "specs", "--golden", "goldens", "--record", "all", "--no-config"] + options, in: folder.url).status == 0)
        let checked = try runGuarded(["check", "specs", "--golden", "goldens", "--record", "never"], in: folder.url)
        #expect(checked.status == 1 && checked.stdoutText.contains("FAILED: a/s.json") && !checked.stdoutText.contains("a/t.json"), "\(checked.stdoutText)")
        let machineFonts = try runGuarded(["check", "specs", "--golden", "goldens", "--record", "never", "--no-config", "--threshold", "0"], in: folder.url)
        #expect(machineFonts.stdoutText.contains("FAILED: a/t.json"), "without the pinned fonts the goldens differ: \(machineFonts.stdoutText)")
    }

    @Test("a key applies only to commands with its option: diff ignores fonts and traits, takes threshold")
    func keysApplyWhereTheOptionIs() throws {
        let folder = try project("{\(fontsKey), \"traits\": [\"dark\"], \"maxDiffPixels\": 100000}")
        let work = folder.url.appendingPathComponent("specs/a")
        #expect(try runGuarded(["render", "s.json", "-o", "a.png", "--no-config"], in: work).status == 0)
        #expect(try runGuarded(["render", "s.json", "-o", "b.png"], in: work).status == 0)
        let diff = try runGuarded(["diff", "a.png", "b.png"], in: work)
        #expect(diff.status == 0, "maxDiffPixels from the file allows the difference: \(diff.stdoutText) \(diff.stderr)")
        #expect(try runGuarded(["diff", "a.png", "b.png", "--no-config"], in: work).status == 1)
    }

    @Test("true flags set their options (offline, allowPrivateNetwork); false sets nothing")
    func flags() throws {
        let tiles = #"{"version": 1, "map": {"width": 200, "height": 150, "scale": 1, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 12}, "tiles": {"source": "http://127.0.0.1:9/{z}/{x}/{y}.png"}}, "markers": []}"#
        let folder = try project(#"{"allowPrivateNetwork": true, "offline": true, "tileCache": "cache"}"#, spec: tiles)
        let work = folder.url.appendingPathComponent("specs/a")
        let offline = try runGuarded(["render", "s.json", "-o", "out.png"], in: work)
        #expect(offline.status == 0 && offline.stderr.contains("--offline fetches nothing"), "\(offline.stderr)")
        try folder.write(#"{"allowPrivateNetwork": false, "offline": false}"#, to: "infowin.json")
        let refused = try runGuarded(["render", "s.json", "-o", "out.png"], in: work)
        #expect(refused.status == 1 && refused.stderr.contains("give --allow-private-network to fetch from it"), "\(refused.stderr)")
    }

    @Test("an infowin.json in a folder of specs is not a spec")
    func theConfigIsNotASpec() throws {
        let folder = try project("{}")
        try folder.write("{}", to: "specs/a/infowin.json")
        let run = try runGuarded(["batch", "specs", "-o", "out"], in: folder.url)
        #expect(run.status == 0 && run.stdoutText.contains("rendered 1 of 1 spec"), "\(run.stdoutText) \(run.stderr)")
    }
}

private let catalog = #"""
    {"sourceLanguage": "en", "version": "1.0", "strings": {"name": {"localizations": {
      "en": {"stringUnit": {"state": "translated", "value": "Store"}},
      "de": {"stringUnit": {"state": "translated", "value": "Laden"}},
      "fr": {"stringUnit": {"state": "translated", "value": "Magasin"}}}}}}
    """#

@Suite("--locale as a list, and the config's locales")
struct LocaleListTests {
    @Test("--locale de,fr renders those locales, named as --locale all names them; locales in the file does the same")
    func list() throws {
        let folder = try project(#"{"strings": "L.xcstrings", "locales": ["de", "fr"]}"#, spec: smallSpec(markers: [marker("m", #", "title": "{{strings.name}}""#)]))
        try folder.write(catalog, to: "L.xcstrings")
        let work = folder.url.appendingPathComponent("specs/a")
        let flags = try runGuarded(["render", "s.json", "-o", "flags.png", "--no-config", "--strings", "../../L.xcstrings", "--locale", "de,fr"], in: work)
        #expect(flags.status == 0, "\(flags.stderr)")
        #expect(folder.exists("specs/a/flags.de.png") && folder.exists("specs/a/flags.fr.png") && !folder.exists("specs/a/flags.en.png"))
        let configured = try runGuarded(["render", "s.json", "-o", "config.png"], in: work)
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(try folder.bytes("specs/a/config.de.png") == folder.bytes("specs/a/flags.de.png"))
        let one = try runGuarded(["render", "s.json", "-o", "one.png", "--locale", "fr"], in: work)
        #expect(one.status == 0 && folder.exists("specs/a/one.png"), "a single locale keeps the name: \(one.stderr)")
    }

    @Test("a locale the catalog lacks, a repeated one or an empty one in the list is an error saying which")
    func badLists() throws {
        let folder = try TemporaryFolder()
        try folder.write(catalog, to: "L.xcstrings")
        try folder.write(smallSpec(markers: [marker("m", #", "title": "{{strings.name}}""#)]), to: "s.json")
        let cases: [(String, String)] = [
            ("de,fi", "L.xcstrings has no locale 'fi' (did you mean 'fr'?); its locales are en, de, fr"),
            ("de,de", "'de' is named twice in 'de,de'"),
            ("de,,fr", "expected locales separated by commas (de,fr) or all alone, got 'de,,fr'"),
            ("de,all", "expected locales separated by commas (de,fr) or all alone"),
        ]
        for (list, message) in cases {
            let run = try runGuarded(["render", "s.json", "-o", "x.png", "--no-config", "--strings", "L.xcstrings", "--locale", list], in: folder.url)
            #expect(run.status == 2 && run.stderr.contains("--locale: " + message), "\(list): \(run.stderr)")
        }
        #expect(try runGuarded(["render", "s.json", "-o", "x.png", "--no-config", "--strings", "L.xcstrings", "--locale", "de-AT,fr"], in: folder.url).status == 0)
        try folder.write(#"{"strings": "L.xcstrings", "locales": ["de", "fi"]}"#, to: "infowin.json")
        let fromFile = try runGuarded(["render", "s.json", "-o", "x.png"], in: folder.url)
        #expect(fromFile.status == 1, "\(fromFile.stderr)")
        #expect(fromFile.stderr.contains("infowin.json: $.locales: ") && fromFile.stderr.contains("L.xcstrings has no locale 'fi'"), "\(fromFile.stderr)")
    }
}
