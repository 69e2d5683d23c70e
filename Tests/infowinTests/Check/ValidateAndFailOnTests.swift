import Foundation
import InfoWinTestSupport
import Testing

/// A snippet far too long for the default five lines.
private let longSnippet = String(repeating: "Regensburg Hauptbahnhof Fußgängerzone ", count: 30)

@Suite("validate and --fail-on")
struct ValidateAndFailOnTests {
    @Test("validate checks every spec without writing anything, one line per failure in path order, exit 1 if any fails")
    func validateFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "specs/a-good.json")
        try folder.write(Specs.spec(markers: [Specs.marker("m", extra: #""position": 3"#)]), to: "specs/b-bad.json")
        try folder.write(#"{"map": {"width": 10}}"#, to: "specs/c-bad.json")
        try folder.write(Specs.london, to: "specs/d-good.json")
        let before = try folder.entries("specs")
        let result = try CLI.run(["validate", "specs", "--jobs", "2"], in: folder.url)
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 2, "stderr: \(result.stderr)")
        #expect(errors.first?.contains("b-bad.json") == true && errors.last?.contains("c-bad.json") == true)
        #expect(errors.last?.contains("map.height") == true)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("2 valid, 2 invalid"))
        #expect(try folder.entries("specs") == before, "validate writes nothing")
        let good = try CLI.run(["validate", "specs/a-good.json", "specs/d-good.json"], in: folder.url)
        #expect(good.status == 0, "stderr: \(good.stderr)")
    }

    @Test("--fail-on truncated fails a cut snippet on validate, render and batch, naming the marker and the text")
    func failOnTruncated() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [Specs.marker("store", title: "Store", snippet: longSnippet)], selected: "store"), to: "de.json")
        let validate = try CLI.run(["validate", "de.json", "--fail-on", "truncated"], in: folder.url)
        #expect(validate.status == 1)
        #expect(validate.stderr.contains(#"de.json: marker "store": snippet cut after 5 lines ("…"#), "stderr: \(validate.stderr)")
        let render = try CLI.run(["render", "de.json", "-o", "de.png", "--fail-on", "truncated,clipped"], in: folder.url)
        #expect(render.status == 1 && render.stderr.contains("snippet cut after 5 lines"))
        #expect(folder.exists("de.png"), "the image is still written, to look at")
        let batch = try CLI.run(["batch", "de.json", "-o", "out", "--fail-on", "truncated"], in: folder.url)
        #expect(batch.status == 1 && batch.stderr.contains(#"marker "store": snippet cut"#))
        let without = try CLI.run(["validate", "de.json"], in: folder.url)
        #expect(without.status == 0)
    }

    @Test("--fail-on clipped and missing-glyphs name the edge and the character")
    func failOnClippedAndGlyphs() throws {
        let folder = try TemporaryFolder()
        let north = Specs.marker("north", latitude: 0.05, title: "Up here", snippet: "Box \u{E400}")
        try folder.write(Specs.spec(markers: [north], selected: "north"), to: "spec.json")
        let result = try CLI.run(["validate", "spec.json", "--fail-on", "clipped,missing-glyphs"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"marker "north": the info window is cut by the top edge of the canvas"#), "\(result.stderr)")
        #expect(result.stderr.contains(#"marker "north": no font can draw the character U+E400"#))
    }

    @Test("validate opens a spec's tile source, so a file that is not MBTiles is an error naming map.tiles.source")
    func validateOpensTileSources() throws {
        let folder = try TemporaryFolder()
        try folder.write("not sqlite", to: "bad.mbtiles")
        try folder.write(#"{"map": {"width": 100, "height": 100, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 3}, "tiles": {"source": "bad.mbtiles"}}}"#, to: "spec.json")
        let result = try CLI.run(["validate", "spec.json"], in: folder.url)
        #expect(result.status == 1 && result.stderr.contains("map.tiles.source"), "\(result.stderr)")
    }

    @Test("an unknown --fail-on name is a command-line error with a suggestion")
    func badFailOn() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        let result = try CLI.run(["validate", "spec.json", "--fail-on", "truncated,cliped"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("'cliped' (did you mean 'clipped'?)"), "\(result.stderr)")
    }
}
