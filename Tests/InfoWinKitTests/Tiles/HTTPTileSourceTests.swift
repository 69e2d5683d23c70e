import Foundation
import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

/// A spec whose tiles come from `template` on the local server, at zoom 1 (a 200 × 200 pt canvas needs
/// the 4 tiles of level 1).
func httpSpec(_ template: String, attribution: String = "") throws -> Spec {
    let json = #"""
        {"map": {"width": 200, "height": 200, "background": "#000000",
                 "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1},
                 "tiles": {"source": "\#(template)"}}}
        """#
    return try SpecDecoder.decode(SpecSource(name: "http.json", bytes: Array(json.utf8), folder: NSTemporaryDirectory()))
}

/// Renders `spec` with the pinned fonts and a tile provider of its own with `settings`.
func renderHTTP(_ spec: Spec, _ settings: TileSettings) throws -> (image: PixelImage, report: JSONValue.Kind) {
    var pinned = spec
    pinned.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
    let result = try Renderer(tiles: TileProvider(settings: settings)).render(pinned)
    return (try #require(PixelImage(png: result.png)), result.report.json)
}

/// A tile cache folder no other test uses, not made yet.
func temporaryTileCache() -> String {
    NSTemporaryDirectory() + "infowin-tile-cache-\(UUID().uuidString)"
}

@Suite("map tiles over HTTP, through the cache")
struct HTTPTileSourceTests {
    @Test("a server on a private address is refused, naming the host and the option, and is never contacted")
    func privateNetworkRefused() throws {
        let server = try LocalTileServer()
        let spec = try httpSpec(server.url("/png/3366CC/{z}/{x}/{y}.png"))
        let settings = TileSettings(cacheFolder: temporaryTileCache(), timeout: 5)
        let error = #expect(throws: InfoWinError.self) { try renderHTTP(spec, settings) }
        #expect(error?.message.contains("map.tiles.source") == true)
        #expect(error?.message.contains("--allow-private-network") == true, "\(String(describing: error?.message))")
        #expect(try server.requests().isEmpty)
    }

    @Test("tiles are fetched once, with infowin's User-Agent, kept in the cache, and drawn from it offline")
    func cacheAndOffline() throws {
        let server = try LocalTileServer()
        let spec = try httpSpec(server.url("/png/3366CC/{z}/{x}/{y}.png"))
        let cache = temporaryTileCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let online = TileSettings(cacheFolder: cache, timeout: 5, allowPrivateNetwork: true)
        let (image, report) = try renderHTTP(spec, online)
        #expect(report["tiles"]["drawn"].number == 4)
        #expect(colorsAreClose(image.color(x: 50, y: 50).rgb, 0x3366CC))
        let first = try server.requests()
        #expect(first.count == 4)
        #expect(first.allSatisfy { $0.userAgent?.hasPrefix("infowin/") == true })
        // A new provider (another run) takes them from the disk cache: the server sees nothing more.
        _ = try renderHTTP(spec, online)
        #expect(try server.requests().count == 4)
        let (offlineImage, offlineReport) = try renderHTTP(spec, TileSettings(cacheFolder: cache, offline: true))
        #expect(offlineReport["tiles"]["drawn"].number == 4)
        #expect(offlineImage.color(x: 50, y: 50).rgb == image.color(x: 50, y: 50).rgb)
    }

    @Test("offline with an empty cache: every tile is missing and the warning says why")
    func offlineEmpty() throws {
        let spec = try httpSpec("https://tiles.invalid/{z}/{x}/{y}.png")
        let (image, report) = try renderHTTP(spec, TileSettings(cacheFolder: temporaryTileCache(), offline: true))
        #expect(report["tiles"]["missing"].elements.count == 4)
        #expect(report["warnings"].strings.contains { $0.contains("--offline") })
        #expect(image.color(x: 50, y: 50).rgb == 0x000000)
    }

    @Test("404 and 204 are missing tiles, named in one warning line; a 500 is retried and then drawn")
    func statuses() throws {
        let server = try LocalTileServer()
        let settings = TileSettings(cacheFolder: temporaryTileCache(), timeout: 5, allowPrivateNetwork: true)
        for status in [404, 204] {
            let template = server.url("/status/\(status)/{z}/{x}/{y}")
            let (_, report) = try renderHTTP(try httpSpec(template), settings)
            #expect(report["tiles"]["missing"].strings == ["1/0/0", "1/1/0", "1/0/1", "1/1/1"])
            #expect(report["warnings"].strings == ["4 map tiles missing from \(template): 1/0/0, 1/1/0, 1/0/1, 1/1/1 (HTTP \(status))"])
        }
        let (_, flaky) = try renderHTTP(try httpSpec(server.url("/flaky/{z}/{x}/{y}")), settings)
        #expect(flaky["tiles"]["missing"].elements.isEmpty, "retried until it answered")
    }
}
