import Foundation
import InfoWinTestSupport
import Testing

/// `serve --basemap SOURCE [--style NAME|FILE]`: the made-up city under every `/staticmap` and under
/// posted specs that have no map of their own, checked end to end on 127.0.0.1.
@Suite(.serialized) struct ServeBasemapTests {
    /// The city fixtures (a made-up city centred at 34.0, -40.0).
    static let fixtures = CLI.repository.appendingPathComponent("Tests/InfoWinKitTests/Fixtures/basemap")

    /// A temporary folder whose `assets` holds the city's tileset.
    static func cityAssets() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let tileset = try Data(contentsOf: fixtures.appendingPathComponent("city-openmaptiles.pmtiles"))
        _ = try folder.write(Array(tileset), to: "assets/city.pmtiles")
        return folder
    }

    static func basemap(_ answer: RawHTTPResponse) -> [String: Any]? {
        (answer.json["layout"] as? [String: Any])?["basemap"] as? [String: Any]
    }

    @Test func aStaticMapOfTheCityIsDrawnOnTheServersBasemapWithLabels() throws {
        let folder = try Self.cityAssets()
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/city.pmtiles"), "--style", "light"]) { port, _ in
            let image = try RawHTTP.request(port: port, "GET", "/staticmap?center=34.0,-40.0&zoom=15&size=320x240")
            #expect(image.status == 200, "\(image.text)")
            #expect(image.header("Content-Type") == "image/png")
            let answer = try RawHTTP.request(port: port, "GET", "/staticmap?center=34.0,-40.0&zoom=15&size=320x240&layout=1")
            let basemap = try #require(Self.basemap(answer), "\(answer.text.prefix(300))")
            #expect(basemap["style"] as? String == "light")
            #expect(!((basemap["labels"] as? [Any]) ?? []).isEmpty, "the city's streets have names")
        }
    }

    @Test func aPostedSpecWithoutAMapOfItsOwnGetsTheBasemapAndOneWithTilesKeepsThem() throws {
        let folder = try Self.cityAssets()
        let camera = #""camera": {"target": {"latitude": 34.0, "longitude": -40.0}, "zoom": 15}"#
        let plain = Array(#"{"version": 1, "map": {"width": 200, "height": 150, \#(camera)}}"#.utf8)
        let tiled = Array(#"{"version": 1, "map": {"width": 200, "height": 150, \#(camera), "tiles": {"source": "tiles/{z}/{x}/{y}.png"}}}"#.utf8)
        _ = try folder.write("", to: "assets/tiles/README")
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets"), "--basemap", "assets/city.pmtiles"], in: folder.url) { port, _ in
            let answer = try RawHTTP.request(port: port, "POST", "/render?layout=1", headers: ["Content-Type": "application/json"], body: plain)
            #expect(answer.status == 200, "\(answer.text.prefix(300))")
            #expect(Self.basemap(answer) != nil, "a spec without a map is drawn on the server's")
            let own = try RawHTTP.request(port: port, "POST", "/render?layout=1", headers: ["Content-Type": "application/json"], body: tiled)
            #expect(own.status == 200, "\(own.text.prefix(300))")
            #expect(Self.basemap(own) == nil, "a spec with its own tiles keeps them")
        }
    }

    @Test func aBasemapThatCannotBeDrawnIsAUsageErrorNamingItAtStartup() throws {
        let folder = try Self.cityAssets()
        _ = try folder.write("not a tileset", to: "assets/broken.pmtiles")
        let broken = try CLI.run(["serve", "--listen", "127.0.0.1:0", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/broken.pmtiles")])
        #expect(broken.status == 2, "\(broken.stderr)")
        #expect(broken.stderr.contains("--basemap") && broken.stderr.contains("broken.pmtiles"), "\(broken.stderr)")
        let outside = try CLI.run(["serve", "--listen", "127.0.0.1:0", "--basemap", folder.path("assets/city.pmtiles")])
        #expect(outside.status == 2 && outside.stderr.contains("--basemap") && outside.stderr.contains("--asset-root"), "\(outside.stderr)")
        let style = try CLI.run(["serve", "--listen", "127.0.0.1:0", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/city.pmtiles"), "--style", "sepia"])
        #expect(style.status == 2 && style.stderr.contains("--style") && style.stderr.contains("sepia"), "\(style.stderr)")
        let alone = try CLI.run(["serve", "--listen", "127.0.0.1:0", "--style", "dark"])
        #expect(alone.status == 2 && alone.stderr.contains("--basemap"), "\(alone.stderr)")
    }

    @Test func googlesFormatsScalesAndLanguageAreDrawnOverTheBasemap() throws {
        let folder = try Self.cityAssets()
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/city.pmtiles")]) { port, _ in
            let base = "/staticmap?center=34.0,-40.0&zoom=15&size=120x90&maptype=roadmap&key=AIzaExample"
            for (format, type) in [("png8", "image/png"), ("png32", "image/png"), ("png", "image/png"), ("jpg", "image/jpeg"), ("jpg-baseline", "image/jpeg")] {
                let answer = try RawHTTP.request(port: port, "GET", base + "&format=" + format)
                #expect(answer.status == 200 && answer.header("Content-Type") == type, "\(format): \(answer.status) \(answer.text.prefix(200))")
            }
            let gif = try RawHTTP.request(port: port, "GET", base + "&format=gif")
            #expect(gif.status == 400 && gif.text.contains("format"), "\(gif.text)")
            for scale in [1, 2, 3, 4] {
                let answer = try RawHTTP.request(port: port, "GET", base + "&scale=\(scale)&layout=1")
                let layout = answer.json["layout"] as? [String: Any] ?? [:]
                #expect(answer.status == 200 && Self.basemap(answer) != nil, "scale \(scale): \(answer.text.prefix(200))")
                #expect((layout["image"] as? [String: Any])?["scale"] as? Double == Double(scale), "scale \(scale): \(layout["image"] ?? "none")")
            }
            let local = try RawHTTP.request(port: port, "GET", base + "&markers=34.0,-40.0&layout=1")
            let german = try RawHTTP.request(port: port, "GET", base + "&markers=34.0,-40.0&language=de&layout=1")
            #expect(german.status == 200, "\(german.text.prefix(200))")
            #expect(german.body != local.body, "language=de draws the window (and the labels) in German")
            let satellite = try RawHTTP.request(port: port, "GET", "/staticmap?center=34.0,-40.0&zoom=15&size=120x90&maptype=satellite")
            #expect(satellite.status == 400 && satellite.text.contains("satellite"))
        }
    }

    @Test func pathsAreDrawnOverTheBasemapAndWithoutACenterTheMapFitsThem() throws {
        let folder = try Self.cityAssets()
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/city.pmtiles")]) { port, _ in
            let query = "/staticmap?size=320x240&path=weight:4%7Ccolor:0xD93A2BCC%7C33.995,-40.01%7C34.0,-40.0%7C34.004,-39.99"
                + "&path=fillcolor:0x3A72D840%7Ccolor:blue%7C33.998,-40.004%7C34.002,-40.004%7C34.002,-39.996%7C33.998,-39.996&layout=1"
            let answer = try RawHTTP.request(port: port, "GET", query)
            #expect(answer.status == 200, "\(answer.text.prefix(300))")
            let layout = answer.json["layout"] as? [String: Any] ?? [:]
            let shapes = (layout["shapes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(shapes.sorted() == ["path1", "path2"], "\(layout["shapes"] ?? "none")")
            #expect(Self.basemap(answer) != nil)
        }
    }

    @Test func visiblePlacesMakeTheCameraTakeThemInAZoomOutForFartherOnes() throws {
        let folder = try Self.cityAssets()
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/city.pmtiles")]) { port, _ in
            func zoom(_ visible: String) throws -> Double? {
                let answer = try RawHTTP.request(port: port, "GET", "/staticmap?size=240x160&visible=\(visible)&layout=1")
                #expect(answer.status == 200, "\(answer.text.prefix(300))")
                return ((answer.json["layout"] as? [String: Any])?["camera"] as? [String: Any])?["zoom"] as? Double
            }
            let near = try #require(try zoom("33.999,-40.001%7C34.001,-39.999"))
            let far = try #require(try zoom("33.98,-40.02%7C34.02,-39.98"))
            #expect(far < near, "the farther places are taken in at a lower zoom (\(far) against \(near))")
        }
    }

    @Test func googlesMarkerSizesDrawSmallerPinsAndTheAnchorMovesThem() throws {
        let folder = try Self.cityAssets()
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/city.pmtiles")]) { port, _ in
            func icon(_ style: String) throws -> [String: Double] {
                let answer = try RawHTTP.request(port: port, "GET", "/staticmap?center=34.0,-40.0&zoom=15&size=200x150&look=web&markers=\(style)34.0,-40.0&layout=1")
                #expect(answer.status == 200, "\(answer.text.prefix(300))")
                let marker = ((answer.json["layout"] as? [String: Any])?["markers"] as? [[String: Any]])?.first
                return (marker?["icon"] as? [String: Any] ?? [:]).compactMapValues { $0 as? Double }
            }
            let normal = try icon(""), tiny = try icon("size:tiny%7C"), centred = try icon("anchor:center%7C")
            #expect((tiny["height"] ?? 0) < (normal["height"] ?? 0), "tiny \(tiny) against normal \(normal)")
            #expect((centred["y"] ?? 0) > (normal["y"] ?? 0), "a centred pin sits lower than one standing on its tip")
        }
    }

    @Test func infowinJSONsBasemapAndStyleAreServesDefaults() throws {
        let folder = try Self.cityAssets()
        _ = try folder.write(#"{"assetRoots": ["assets"], "basemap": "assets/city.pmtiles", "style": "dark"}"#, to: "infowin.json")
        try Serve.with(["--workers", "1"], in: folder.url) { port, _ in
            let answer = try RawHTTP.request(port: port, "GET", "/staticmap?center=34.0,-40.0&zoom=15&size=160x120&layout=1")
            #expect(answer.status == 200, "\(answer.text.prefix(300))")
            #expect(Self.basemap(answer)?["style"] as? String == "dark", "\(Self.basemap(answer) ?? [:])")
        }
        _ = try folder.write(#"{"assetRoots": ["assets"], "basemap": "assets/city.pmtiles", "style": "sepia.json"}"#, to: "infowin.json")
        let missing = try CLI.run(["serve", "--listen", "127.0.0.1:0"], in: folder.url)
        #expect(missing.status != 0 && missing.stderr.contains("style") && missing.stderr.contains("sepia.json"), "\(missing.stderr)")
    }

    @Test func maptypeNamesARasterOrVectorMapOfTheServersAndAnUnknownOneIsRefusedNamingThem() throws {
        let folder = try Self.cityAssets()
        let raster = try Data(contentsOf: CLI.repository.appendingPathComponent("Examples/map-mbtiles/city.mbtiles"))
        _ = try folder.write(Array(raster), to: "assets/aerial.mbtiles")
        let options = ["--workers", "1", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/city.pmtiles"),
                       "--maptype", "satellite=" + folder.path("assets/aerial.mbtiles"), "--maptype", "night=" + folder.path("assets/city.pmtiles")]
        try Serve.with(options) { port, _ in
            let city = "/staticmap?center=34.0,-40.0&zoom=15&size=160x120&layout=1"
            let roadmap = try RawHTTP.request(port: port, "GET", city + "&maptype=roadmap")
            let night = try RawHTTP.request(port: port, "GET", city + "&maptype=night")
            #expect(night.status == 200 && Self.basemap(night) != nil, "\(night.text.prefix(300))")
            #expect(Self.basemap(roadmap)?["style"] as? String == Self.basemap(night)?["style"] as? String)
            let aerial = try RawHTTP.request(port: port, "GET", "/staticmap?center=51.5,-0.127&zoom=12&size=160x120&maptype=satellite&layout=1")
            #expect(aerial.status == 200, "\(aerial.text.prefix(300))")
            let layout = aerial.json["layout"] as? [String: Any] ?? [:]
            #expect(layout["basemap"] == nil && layout["tiles"] != nil, "satellite is the raster tiles, not the basemap: \(layout.keys.sorted())")
            let terrain = try RawHTTP.request(port: port, "GET", city + "&maptype=terrain")
            #expect(terrain.status == 400 && terrain.text.contains("terrain") && terrain.text.contains("night, satellite"), "\(terrain.text)")
        }
        for (value, words) in [("roadmap=x", "--basemap"), ("a b=x", "NAME=SOURCE"), ("nothing", "NAME=SOURCE"), ("sat=" + folder.path("assets/none.mbtiles"), "--maptype sat")] {
            let refused = try CLI.run(["serve", "--listen", "127.0.0.1:0", "--asset-root", folder.path("assets"), "--maptype", value])
            #expect(refused.status == 2 && refused.stderr.contains(words), "\(value): \(refused.stderr)")
        }
    }
}
