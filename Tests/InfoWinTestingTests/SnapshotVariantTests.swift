import Foundation
import InfoWinCheck
import InfoWinKit
import InfoWinTestSupport
@testable import InfoWinTesting
import Testing

/// The snapshot helpers at the command line's level: catalogs and locales, traits, data rows and scales
/// make `check`'s variants, each its own golden named as the command line names images; the render's
/// warnings and `failOn:` findings; `record:`; artefacts only for failures.
@Suite("Snapshot helpers: variants, warnings, failOn, record")
struct SnapshotVariantTests {
    typealias Place = SnapshotTests.Place

    /// A String Catalog with `city` in en, de and fr, and `opening` in English only.
    static let catalog = """
        { "sourceLanguage": "en", "version": "1.0", "strings": {
          "city": { "localizations": {
            "en": { "stringUnit": { "state": "translated", "value": "London" } },
            "de": { "stringUnit": { "state": "translated", "value": "London (Hauptstadt)" } },
            "fr": { "stringUnit": { "state": "translated", "value": "Londres" } } } },
          "opening": { "localizations": {
            "en": { "stringUnit": { "state": "translated", "value": "Open until 9 pm" } } } } } }
        """

    /// London's card with its title and snippet from the catalog.
    static var localised: MapView {
        var map = MapViewTests.london
        map.markers[0].title = "{{strings.city}}"
        map.markers[0].snippet = "{{strings.opening}}"
        return map
    }

    /// London's card with its window cut by the top edge of the canvas: the camera is south of the marker.
    static var cut: MapView {
        var map = MapViewTests.london
        map.camera.target.latitude = 51.485
        return map
    }

    @Test("locale: .all makes one golden per catalog locale, each named by it and drawn in its words; then they pass")
    func everyLocale() throws {
        let place = try Place()
        let catalog = try place.write(Self.catalog, to: "Localizable.xcstrings")
        let options = SnapshotOptions(strings: catalog, locale: .all)
        let first = place.findings(Self.localised, options)
        #expect(first.failures.count == 3)
        #expect(first.failures.allSatisfy { $0.contains("recorded a new golden image") })
        #expect(try place.goldens() == ["london.de.png", "london.en.png", "london.fr.png"])
        let german = try String(contentsOfFile: place.folder + "/Tests/__Snapshots__/LondonTests/london.de.layout.json", encoding: .utf8)
        #expect(german.contains("London (Hauptstadt)"))
        let french = try String(contentsOfFile: place.folder + "/Tests/__Snapshots__/LondonTests/london.fr.layout.json", encoding: .utf8)
        #expect(french.contains("Londres"))
        #expect(place.findings(Self.localised, options).failures == [])
    }

    @Test("a single locale given explicitly is in the golden's name (london.de.png), unlike --locale de")
    func singleLocaleIsNamed() throws {
        let place = try Place()
        let catalog = try place.write(Self.catalog, to: "Localizable.xcstrings")
        let message = try #require(place.findings(Self.localised, SnapshotOptions(strings: catalog, locale: "de")).failures.first)
        #expect(message.hasPrefix("london.de: recorded a new golden image at \(place.folder)/Tests/__Snapshots__/LondonTests/london.de.png"))
        #expect(try place.goldens() == ["london.de.png"])
    }

    @Test("a locale with traits is named as the command line names it: london.de.dark.png")
    func localeThenTraits() throws {
        let place = try Place()
        let catalog = try place.write(Self.catalog, to: "Localizable.xcstrings")
        _ = place.findings(Self.localised, SnapshotOptions(strings: catalog, locale: .tag("de"), traits: "dark"))
        #expect(try place.goldens() == ["london.de.dark.png"])
    }

    @Test("traits: one, several and .all give the command line's variants and names")
    func traits() throws {
        let cases: [(SnapshotTraits, [String])] = [
            ("dark", ["london.dark.png"]),
            (["dark", "AX5"], ["london.AX5.png", "london.dark.png"]),
            ("dark.AX3", ["london.dark.AX3.png"]),
            (.all, ["london.AX5.png", "london.XXXL.png", "london.dark.AX5.png", "london.dark.XXXL.png", "london.dark.png", "london.png"]),
        ]
        for (traits, goldens) in cases {
            let place = try Place()
            let first = place.findings(MapViewTests.london, SnapshotOptions(traits: traits))
            #expect(first.failures.count == goldens.count)
            #expect(try place.goldens() == goldens)
            #expect(place.findings(MapViewTests.london, SnapshotOptions(traits: traits)).failures == [])
        }
    }

    @Test("the dark golden is drawn dark: a change of traits is a failure of the variant that changed")
    func darkIsItsOwnGolden() throws {
        let place = try Place()
        _ = place.findings(MapViewTests.london, SnapshotOptions(traits: ["light", "dark"]))
        let light = try Data(contentsOf: URL(filePath: place.folder + "/Tests/__Snapshots__/LondonTests/london.png"))
        let dark = try Data(contentsOf: URL(filePath: place.folder + "/Tests/__Snapshots__/LondonTests/london.dark.png"))
        #expect(light != dark)
        var changed = MapViewTests.london
        changed.markers[0].snippet = "Population: 9,000,000"
        let failures = place.findings(changed, SnapshotOptions(traits: ["light", "dark"])).failures
        #expect(failures.count == 2)
        #expect(failures.contains { $0.hasPrefix("london.dark: ") && $0.contains("snippet line 1 changed") })
        #expect(failures.contains { $0.hasPrefix("london: ") && $0.contains("snippet line 1 changed") })
    }

    @Test("data: one golden per row, named by its id, {{data.COLUMN}} filled")
    func dataRows() throws {
        let place = try Place()
        let rows = try place.write(#"{"id": "soho", "name": "Soho"}\#n{"id": "camden", "name": "Camden"}\#n"#, to: "rows.jsonl")
        var map = MapViewTests.london
        map.markers[0].title = "{{data.name}}"
        let first = place.findings(map, SnapshotOptions(data: rows))
        #expect(first.failures.count == 2)
        #expect(try place.goldens() == ["london.camden.png", "london.soho.png"])
        let soho = try String(contentsOfFile: place.folder + "/Tests/__Snapshots__/LondonTests/london.soho.layout.json", encoding: .utf8)
        #expect(soho.contains("Soho"))
        #expect(place.findings(map, SnapshotOptions(data: rows)).failures == [])
    }

    @Test("scales: each scale its own golden at that scale, london.png and london@2x.png, with locales: london.de@2x.png")
    func scales() throws {
        let place = try Place()
        _ = place.findings(MapViewTests.london, SnapshotOptions(scales: [1, 2]))
        #expect(try place.goldens() == ["london.png", "london@2x.png"])
        let one = try #require(PixelImage(png: Array(try Data(contentsOf: URL(filePath: place.folder + "/Tests/__Snapshots__/LondonTests/london.png")))))
        let two = try #require(PixelImage(png: Array(try Data(contentsOf: URL(filePath: place.folder + "/Tests/__Snapshots__/LondonTests/london@2x.png")))))
        #expect(one.width == 390 && two.width == 780)
        #expect(place.findings(MapViewTests.london, SnapshotOptions(scales: [1, 2])).failures == [])

        let other = try Place()
        let catalog = try other.write(Self.catalog, to: "Localizable.xcstrings")
        _ = other.findings(Self.localised, SnapshotOptions(strings: catalog, locale: "de", scales: [3]))
        #expect(try other.goldens() == ["london.de@3x.png"])
    }

    @Test("a window the canvas cuts is a warning of the snapshot, named by its variant; with failOn: [.clipped] a failure even against its own golden")
    func cutWindow() throws {
        let place = try Place()
        _ = place.findings(Self.cut, SnapshotOptions(traits: "dark"))
        let passing = place.findings(Self.cut, SnapshotOptions(traits: "dark"))
        #expect(passing.failures == [])
        #expect(passing.warnings == [#"london.dark: marker "london": the info window is cut by the top edge of the canvas"#])
        let failing = place.findings(Self.cut, SnapshotOptions(traits: "dark", failOn: [.clipped]))
        #expect(failing.failures.count == 1)
        #expect(failing.failures.first?.contains(#"london.dark: marker "london": the info window is cut by the top edge of the canvas"#) == true)
        #expect(failing.failures.first?.contains("record") == false, "re-recording would not mend it: \(failing.failures)")
    }

    @Test("failOn: [.untranslated] fails a locale whose catalog string comes from a fallback, not the others")
    func untranslated() throws {
        let place = try Place()
        let catalog = try place.write(Self.catalog, to: "Localizable.xcstrings")
        let options = SnapshotOptions(strings: catalog, locale: .all, failOn: [.untranslated])
        _ = place.findings(Self.localised, SnapshotOptions(strings: catalog, locale: .all))
        let failures = place.findings(Self.localised, options).failures
        #expect(failures.count == 2)
        #expect(failures.contains { $0.hasPrefix("london.de: ") && $0.contains("opening") })
        #expect(failures.contains { $0.hasPrefix("london.fr: ") })
    }

    @Test("XCTest's reading: a warning fails the test unless failOn: [] is given explicitly, then it is a note")
    func xcTestWarnings() throws {
        let place = try Place()
        _ = place.findings(Self.cut, SnapshotOptions())
        for (failOn, fails) in [(nil, true), ([SnapshotProblem.truncated], true), ([], false)] as [(Set<SnapshotProblem>?, Bool)] {
            let findings = place.findings(Self.cut, SnapshotOptions(failOn: failOn))
            var failures: [String] = [], notes: [String] = []
            findings.report(fail: { failures.append($0) }, note: { notes.append($0) })
            let warning = #"warning: london: marker "london": the info window is cut by the top edge of the canvas"#
            if fails {
                #expect(failures == [warning + " (failOn: [] lets the render's warnings pass, printed as notes)"])
                #expect(notes == [])
            } else {
                #expect(failures == [])
                #expect(notes == [warning])
            }
        }
    }

    @Test("Swift Testing's reading: a warning is given to the warning reporter, never as a failure")
    func swiftTestingWarnings() throws {
        let place = try Place()
        _ = place.findings(Self.cut, SnapshotOptions())
        var failures: [String] = [], warnings: [String] = []
        place.findings(Self.cut, SnapshotOptions()).report(fail: { failures.append($0) }, note: { _ in }, warn: { warnings.append($0) })
        #expect(failures == [])
        #expect(warnings == [#"warning: london: marker "london": the info window is cut by the top edge of the canvas"#])
    }

    @Test("expectInfoWindowSnapshot records a cut window's warning as a warning-severity issue: the test passes")
    func expectPassesWithAWarning() throws {
        let place = try Place()
        #expect(place.findings(Self.cut, SnapshotOptions(), ["INFOWIN_RECORD": "all"]).failures == [])
        expectInfoWindowSnapshot(of: Self.cut, named: "london", filePath: place.testFile)
    }

    @Test("record: names itself in the advice, wins over INFOWIN_RECORD, and records nothing with CI set")
    func recordParameter() throws {
        let place = try Place()
        let never = try #require(place.findings(MapViewTests.london, SnapshotOptions(record: .never), ["INFOWIN_RECORD": "all"]).failures.first)
        #expect(never.contains("no golden image at \(place.golden) (record it with record: .missing)"))
        #expect(!never.contains("--record") && !never.contains("INFOWIN_RECORD"))
        #expect(try place.goldens() == [])
        let onCI = try #require(place.findings(MapViewTests.london, SnapshotOptions(record: .all), ["CI": "1"]).failures.first)
        #expect(onCI.contains("(record it with record: .missing)"))
        #expect(try place.goldens() == [])
        #expect(place.findings(MapViewTests.london, SnapshotOptions(record: .all), ["INFOWIN_RECORD": "never"]).failures == [])
        #expect(try place.goldens() == ["london.png"])
    }

    @Test("without record:, a missing golden names INFOWIN_RECORD=missing, not the command line's --record")
    func recordVariable() throws {
        let place = try Place()
        let message = try #require(place.findings(MapViewTests.london, SnapshotOptions(), ["CI": "true"]).failures.first)
        #expect(message.contains("(record it with INFOWIN_RECORD=missing)"))
        #expect(!message.contains("--record"))
    }

    @Test("artefacts go to the package's .build/infowin-artifacts (the nearest Package.swift above the test file) only when a snapshot fails")
    func artefactsOnlyOnFailure() throws {
        let place = try Place()
        try "// swift-tools-version:6.0\n".write(toFile: place.folder + "/Package.swift", atomically: true, encoding: .utf8)
        let nested = place.folder + "/Tests/Cards/LondonTests.swift"
        #expect(SnapshotEnvironment.packageRoot(of: nested) == place.folder)
        let artefacts = place.folder + "/.build/infowin-artifacts"
        let check = { (map: MapView, variables: [String: String]) in
            InfoWindowSnapshot.check(of: map, named: "london", testFile: place.testFile, environment: variables)
        }
        _ = check(MapViewTests.london, [:])
        #expect(check(MapViewTests.london, [:]).failures == [])
        #expect(!FileManager.default.fileExists(atPath: place.folder + "/.build"), "a passing snapshot writes nothing")
        var changed = MapViewTests.london
        changed.markers[0].snippet = "Population: 9,000,000"
        let message = try #require(check(changed, [:]).failures.first)
        for image in ["london.expected.png", "london.actual.png", "london.diff.png"] {
            #expect(FileManager.default.fileExists(atPath: artefacts + "/LondonTests/" + image))
            #expect(message.contains(artefacts + "/LondonTests/" + image))
        }
    }

    @Test("variants leave nothing in the temporary folder")
    func variantsLeaveNoTemporaryFiles() throws {
        let place = try Place()
        let temporary = try TemporaryFolder()
        let catalog = try place.write(Self.catalog, to: "Localizable.xcstrings")
        for _ in 0..<2 {
            _ = place.findings(Self.localised, SnapshotOptions(strings: catalog, locale: .all, traits: "dark", scales: [1, 2]), ["TMPDIR": temporary.url.path])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == [])
    }

    @Test("a wrong parameter fails the snapshot with an error naming the parameter, not the command line's option")
    func wrongParameters() throws {
        let place = try Place()
        let catalog = try place.write(Self.catalog, to: "Localizable.xcstrings")
        let cases: [(SnapshotOptions, String)] = [
            (SnapshotOptions(locale: "de"), "london: locale: needs strings: (an .xcstrings file, res/ or a folder of *.lproj)"),
            (SnapshotOptions(traits: "drak"), "london: traits: unknown trait 'drak' (did you mean 'dark'?)"),
            (SnapshotOptions(traits: []), "london: traits: expected at least one trait"),
            (SnapshotOptions(traits: ["dark,AX3"]), "london: traits: expected one trait per item"),
            (SnapshotOptions(strings: catalog, locale: "de,fr"), #"london: locale: expected one tag such as "de", or .all, got "de,fr""#),
            (SnapshotOptions(strings: URL(string: "https://example.com/Localizable.xcstrings"), locale: "de"), "london: strings: expected a file URL"),
            (SnapshotOptions(strings: URL(filePath: place.folder + "/missing.xcstrings"), locale: "de"), "london: strings: "),
            (SnapshotOptions(data: URL(filePath: place.folder + "/missing.jsonl")), "london: data: cannot read"),
            (SnapshotOptions(scales: [2, 5]), "london: scales: expected whole numbers from 1 to 4, each once (like [1, 2, 3]), got [2, 5]"),
            (SnapshotOptions(scales: [2, 2]), "london: scales: expected whole numbers from 1 to 4, each once"),
        ]
        for (options, expected) in cases {
            let failures = place.findings(MapViewTests.london, options).failures
            #expect(failures.count == 1 && failures[0].hasPrefix(expected), "\(failures)")
            #expect(!failures.joined().contains("--"), "names the parameter: \(failures)")
        }
        #expect(try place.goldens() == [])
    }

    @Test("a POSIX locale name is read as its BCP 47 tag, with a note naming locale:")
    func posixLocale() throws {
        let place = try Place()
        let catalog = try place.write(Self.catalog, to: "Localizable.xcstrings")
        let findings = place.findings(Self.localised, SnapshotOptions(strings: catalog, locale: "de_DE"))
        #expect(findings.notes == ["london: locale: 'de_DE' is read as 'de-DE' (BCP 47 tags, as catalogs name locales)"])
        #expect(try place.goldens() == ["london.de-DE.png"])
    }
}
