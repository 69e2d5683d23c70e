import Foundation
import InfoWinCheck
import InfoWinKit
import InfoWinTestSupport
@testable import InfoWinTesting
import Testing

/// The snapshot helpers' goldens, record modes, messages and artefacts, in a folder of their own that
/// stands in for a test file's (`#filePath`).
@Suite("Snapshot helpers")
struct SnapshotTests {
    /// A fresh folder with a pretend test file `LondonTests.swift` in it, and an artefacts folder; removed
    /// with the place.
    struct Place {
        private let temporary: TemporaryFolder
        var folder: String { temporary.url.path }
        var testFile: String { folder + "/Tests/LondonTests.swift" }
        var golden: String { folder + "/Tests/__Snapshots__/LondonTests/london.png" }
        var artifacts: String { folder + "/artifacts" }

        init() throws {
            temporary = try TemporaryFolder()
            try FileManager.default.createDirectory(atPath: folder + "/Tests", withIntermediateDirectories: true)
        }

        func check(_ map: MapView, _ variables: [String: String]) -> String? {
            InfoWindowSnapshot.failure(
                of: map, named: "london", testFile: testFile, environment: variables.merging(["INFOWIN_ARTIFACTS": artifacts]) { a, _ in a })
        }

        /// Everything a snapshot of `map` named `london` with `options` finds; the artefacts go to `artifacts`
        /// unless `variables` say otherwise.
        func findings(_ map: MapView, _ options: SnapshotOptions, _ variables: [String: String] = [:]) -> SnapshotFindings {
            InfoWindowSnapshot.check(
                of: map, named: "london", options: options, testFile: testFile,
                environment: variables.merging(["INFOWIN_ARTIFACTS": artifacts]) { a, _ in a })
        }

        /// The goldens recorded so far, sorted: `london.de.dark.png`.
        func goldens() throws -> [String] {
            let folder = folder + "/Tests/__Snapshots__/LondonTests"
            guard FileManager.default.fileExists(atPath: folder) else { return [] }
            return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
        }

        /// Writes `text` at `relative` in the place's folder; its file URL.
        func write(_ text: String, to relative: String) throws -> URL {
            try temporary.write(text, to: relative)
        }
    }

    @Test("a missing golden is recorded beside the test file and fails once; then the snapshot passes")
    func recordsMissing() throws {
        let place = try Place()
        let first = try #require(place.check(MapViewTests.london, [:]))
        #expect(first.contains("recorded a new golden image at \(place.golden)"))
        #expect(FileManager.default.fileExists(atPath: place.golden))
        #expect(place.check(MapViewTests.london, [:]) == nil)
    }

    @Test("a changed snippet fails with check's message, and the three images are written as artefacts")
    func changedSnippet() throws {
        let place = try Place()
        _ = place.check(MapViewTests.london, ["INFOWIN_RECORD": "all"])
        var changed = MapViewTests.london
        changed.markers[0].snippet = "Population: 9,000,000"
        let message = try #require(place.check(changed, [:]))
        #expect(message.contains(#"snippet line 1 changed from "Population: 8,174,100" to "Population: 9,000,000""#))
        for image in ["london.expected.png", "london.actual.png", "london.diff.png"] {
            let path = place.artifacts + "/LondonTests/" + image
            #expect(message.contains(path))
            #expect(PixelImage(png: Array(try Data(contentsOf: URL(filePath: path)))) != nil)
        }
        // The golden is left as it was, and re-recorded only with INFOWIN_RECORD=failed.
        #expect(place.check(MapViewTests.london, [:]) == nil)
        #expect(place.check(changed, ["INFOWIN_RECORD": "failed"])?.contains("re-recorded the golden image") == true)
        #expect(place.check(changed, [:]) == nil)
    }

    @Test("with INFOWIN_RECORD=never, or CI set whatever INFOWIN_RECORD says, a missing golden fails and none is written")
    func neverRecords() throws {
        for variables in [["INFOWIN_RECORD": "never"], ["CI": "true"], ["CI": "1", "INFOWIN_RECORD": "all"]] {
            let place = try Place()
            let message = try #require(place.check(MapViewTests.london, variables))
            #expect(message.contains("no golden image at \(place.golden) (record it with INFOWIN_RECORD=missing)"))
            #expect(!message.contains("--record"), "the advice is the command line's: \(message)")
            #expect(!FileManager.default.fileExists(atPath: place.golden))
        }
    }

    @Test("snapshots leave nothing in the temporary folder, passed, failed or invalid")
    func leavesNoTemporaryFiles() throws {
        let place = try Place()
        let temporary = try TemporaryFolder()
        var invalid = MapViewTests.london
        invalid.selectedMarker = "paris"
        for (map, variables) in [(MapViewTests.london, [:]), (MapViewTests.london, [:]), (invalid, [:]), (MapViewTests.london, ["CI": "1"])] {
            _ = place.check(map, variables.merging(["TMPDIR": temporary.url.path]) { a, _ in a })
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == [])
    }

    @Test("an unknown INFOWIN_RECORD is named, with the modes there are")
    func badRecordMode() throws {
        let place = try Place()
        #expect(place.check(MapViewTests.london, ["INFOWIN_RECORD": "sometimes"]) == "london: INFOWIN_RECORD is sometimes; expected one of never, missing, failed, all")
    }

    @Test("an invalid map fails the snapshot with the spec's error")
    func invalidMap() throws {
        let place = try Place()
        var map = MapViewTests.london
        map.selectedMarker = "paris"
        #expect(place.check(map, [:])?.contains("selectedMarker") == true)
        #expect(!FileManager.default.fileExists(atPath: place.golden))
    }
}
