import Foundation
import Graphics
import Testing
import TileIO
import InfoWinCheck
@testable import InfoWinKit

// The worked example of the tile-source door (Documentation/architecture.md, "Costs of change"): a new
// source is this one kind and one registration. A real one registers in `TileSourceKinds.builtIn`; the
// test registers its dummy for its own task only, so that concurrent tests see the built-in kinds.

/// A dummy source, `solid:RRGGBB`: every tile one flat colour, made on the spot.
struct SolidTileKind: TileSourceKind {
    let name = "solid"

    func claims(_ text: String) -> Bool { text.hasPrefix("solid:") }

    func located(_ text: String, _ value: JSONValue, _ path: JSONPath, by decoder: SpecDecoder) throws(InfoWinError) -> TileSourceSpec {
        guard text.count == 12, UInt32(text.dropFirst(6), radix: 16) != nil else {
            throw decoder.reader.failure(path, "expected solid:RRGGBB, got \(JSONWriter.quoted(text))")
        }
        return TileSourceSpec(kind: self, location: text)
    }

    func open(_ source: TileSourceSpec, scheme: TileScheme, settings: TileSettings) throws(TileIOError) -> any TileSource {
        SolidTileSource(rgb: UInt32(source.location.dropFirst(6), radix: 16) ?? 0)
    }
}

/// The tiles of a `solid:` source.
struct SolidTileSource: TileSource {
    let rgb: UInt32

    func fetch(_ tiles: [TileID], retina: Bool, deadline: Deadline) -> [TileFetch] {
        let pixels = [UInt32](repeating: 0xFF00_0000 | rgb, count: 256 * 256)
        guard let png = try? PixelImage(width: 256, height: 256, pixels: pixels).pngData() else { return tiles.map { _ in .failed("no PNG") } }
        return tiles.map { _ in .bytes(png) }
    }
}

@Suite("the tile-source door")
struct TileSourceDoorTests {
    func spec(source: String) throws -> Spec {
        let json = #"""
            {"map": {"width": 120, "height": 80, "background": "#000000",
                     "camera": {"target": {"latitude": 10, "longitude": 10}, "zoom": 3},
                     "tiles": {"source": "\#(source)"}}}
            """#
        return try SpecDecoder.decode(SpecSource(name: "solid.json", bytes: Array(json.utf8), folder: NSTemporaryDirectory()))
    }

    @Test("a dummy kind registered beside the built-in ones is chosen by its text and drawn by the normal render")
    func dummySourceRenders() throws {
        #expect(throws: InfoWinError.self) { try spec(source: "solid:3366cc") }
        try TileSourceKinds.withRegistered([SolidTileKind()]) {
            #expect(TileSourceKinds.kind(of: "solid:3366cc").name == "solid")
            #expect(TileSourceKinds.kind(of: "tiles/{z}/{x}/{y}.png").name == "folder")
            let (result, image) = try renderPinned(try spec(source: "solid:3366cc"))
            #expect(image.color(x: image.width / 2, y: image.height / 2).rgb == 0x3366CC)
            #expect(result.report.json["tiles"]["missing"].elements.isEmpty)
            let wrong = #expect(throws: InfoWinError.self) { try spec(source: "solid:blue") }
            #expect(wrong?.message.contains("expected solid:RRGGBB") == true)
        }
    }

    @Test("the built-in kinds claim what the spec's source says: a URL, an archive's extension, else a folder")
    func builtInKindsAreRegistered() {
        let cases = [
            ("https://tile.example/{z}/{x}/{y}.png", "http"), ("HTTP://x/{z}/{x}/{y}", "http"), ("city.MBTiles", "mbtiles"),
            ("a/city.pmtiles", "pmtiles"), ("tiles/{z}/{x}/{y}.png", "folder"), ("ftp://x/{z}/{x}/{y}", "folder"),
        ]
        for (text, kind) in cases {
            #expect(TileSourceKinds.kind(of: text).name == kind, "\(text)")
        }
        #expect(TileSourceSpec.http(template: "https://x/{z}/{x}/{y}{r}.png").hasRetinaChoice)
        #expect(!TileSourceSpec.mbtiles(file: "/a/b{r}.mbtiles").hasRetinaChoice)
        #expect(TileSourceSpec.pmtiles(file: "/a/city.pmtiles").name == "city.pmtiles")
    }
}
