import Foundation
import Graphics
import InfoWinTestSupport
import Testing

/// `/staticmap`'s `style=` (Google's map styles) on the made-up city's basemap, for both schemas the
/// built-in styles know and for a style file, checked by the pixels and the layout report of the answers
/// of a server on 127.0.0.1.
@Suite(.serialized) struct ServeStyleTests {
    static let tilesets = ["city-openmaptiles.pmtiles", "city-protomaps.pmtiles"]
    static let base = "/staticmap?center=34.0,-40.0&zoom=15&size=400x300"

    /// A folder whose `assets` hold both city tilesets.
    static func assets() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in tilesets {
            let bytes = try Data(contentsOf: ServeBasemapTests.fixtures.appendingPathComponent(name))
            _ = try folder.write(Array(bytes), to: "assets/" + name)
        }
        return folder
    }

    /// `body` with a server drawing each schema's tileset in the light style, named by the schema.
    static func withEachSchema(_ body: (_ schema: String, _ port: Int) throws -> Void) throws {
        let folder = try assets()
        for name in tilesets {
            let result = try Serve.with(["--workers", "1", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/" + name), "--style", "light"]) { port, _ in
                try body(name, port)
            }
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    /// The answer's picture's pixels (red, green, blue), the attribution's corner left out.
    static func pixels(_ answer: RawHTTPResponse) throws -> [(red: Int, green: Int, blue: Int)] {
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        let surface = try ImageSurface(encoded: answer.body)
        let width = surface.width, height = surface.height
        return surface.withPixelRows { rows, stride in
            var pixels: [(red: Int, green: Int, blue: Int)] = []
            for y in 0..<(height - 24) {
                let row = rows.advanced(by: y * stride).assumingMemoryBound(to: UInt8.self)
                for x in 0..<width {
                    // cairo's ARGB32 in memory on a little-endian machine: blue, green, red, alpha.
                    pixels.append((Int(row[x * 4 + 2]), Int(row[x * 4 + 1]), Int(row[x * 4])))
                }
            }
            return pixels
        }
    }

    /// How many pixels of `query`'s picture are close to `color`.
    static func count(_ port: Int, _ query: String, near color: (Int, Int, Int)) throws -> Int {
        try pixels(try RawHTTP.request(port: port, "GET", base + query)).filter {
            abs($0.red - color.0) <= 24 && abs($0.green - color.1) <= 24 && abs($0.blue - color.2) <= 24
        }.count
    }

    /// The ids of the layers whose labels `query`'s picture places.
    static func labelLayers(_ port: Int, _ query: String) throws -> Set<String> {
        let answer = try RawHTTP.request(port: port, "GET", base + query + "&layout=1")
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        let labels = ServeBasemapTests.basemap(answer)?["labels"] as? [[String: Any]] ?? []
        return Set(labels.compactMap { $0["layer"] as? String })
    }

    @Test func waterColouredRedIsRedInBothSchemas() throws {
        try Self.withEachSchema { schema, port in
            let red = (255, 0, 0)
            let none = try Self.count(port, "", near: red)
            #expect(none == 0, "\(schema): the city has no red of its own")
            let water = try Self.count(port, "&style=feature:water%7Ccolor:0xff0000", near: red)
            #expect(water > 1_000, "\(schema): the river is red (\(water) pixels)")
            let fillOnly = try Self.count(port, "&style=feature:water%7Celement:geometry.fill%7Ccolor:0xff0000", near: red)
            #expect(fillOnly > 1_000, "\(schema): geometry.fill is the river's area (\(fillOnly) pixels)")
            let labelsOnly = try Self.count(port, "&style=feature:water%7Celement:labels%7Ccolor:0xff0000", near: red)
            #expect(labelsOnly > 0 && labelsOnly < fillOnly / 4, "\(schema): labels are the river's name only (\(labelsOnly) pixels)")
        }
    }

    @Test func roadsSwitchedOffAreNotDrawnAndTheirNamesNotPlaced() throws {
        try Self.withEachSchema { schema, port in
            let green = (0, 255, 0), coloured = "&style=feature:road%7Celement:geometry%7Ccolor:0x00ff00"
            let streets = try Self.count(port, coloured, near: green)
            let hidden = try Self.count(port, coloured + "&style=feature:road%7Cvisibility:off", near: green)
            let arterials = try Self.count(port, coloured + "&style=feature:road%7Cvisibility:off&style=feature:road.arterial%7Cvisibility:on", near: green)
            let named = try Self.labelLayers(port, ""), unnamed = try Self.labelLayers(port, "&style=feature:road%7Cvisibility:off")
            #expect(streets > 2_000, "\(schema): the streets are green (\(streets) pixels)")
            #expect(hidden == 0, "\(schema): no street is drawn (\(hidden) pixels)")
            #expect(named.contains("road-label") && !unnamed.contains("road-label"), "\(schema): \(named) then \(unnamed)")
            #expect(arterials > 100 && arterials < streets, "\(schema): a later style shows the arterial roads again (\(arterials) pixels)")
        }
    }

    @Test func labelsSwitchedOffLeaveNoLabelAndTheGeometryStays() throws {
        try Self.withEachSchema { schema, port in
            let all = try Self.labelLayers(port, ""), none = try Self.labelLayers(port, "&style=element:labels%7Cvisibility:off")
            let noText = try Self.labelLayers(port, "&style=feature:all%7Celement:labels.text%7Cvisibility:off")
            #expect(!all.isEmpty && none.isEmpty && noText.isEmpty, "\(schema): \(all), \(none), \(noText)")
            let water = try Self.count(port, "&style=feature:water%7Celement:geometry%7Ccolor:0xff0000&style=element:labels%7Cvisibility:off", near: (255, 0, 0))
            #expect(water > 1_000, "\(schema): the river is still drawn")
        }
    }

    @Test func saturationMinus100MakesEveryPixelGreyAndLightnessMovesTowardsWhiteOrBlack() throws {
        try Self.withEachSchema { schema, port in
            let grey = try Self.pixels(try RawHTTP.request(port: port, "GET", Self.base + "&style=feature:all%7Csaturation:-100"))
            let coloured = grey.filter { max($0.red, $0.green, $0.blue) - min($0.red, $0.green, $0.blue) > 3 }
            #expect(coloured.isEmpty, "\(schema): \(coloured.count) pixels keep a colour, as \(coloured.prefix(3))")
            let plain = try Self.pixels(try RawHTTP.request(port: port, "GET", Self.base))
            #expect(plain.contains { max($0.red, $0.green, $0.blue) - min($0.red, $0.green, $0.blue) > 20 }, "\(schema): the map has colours of its own")
            let white = try Self.pixels(try RawHTTP.request(port: port, "GET", Self.base + "&style=lightness:100"))
            #expect(white.allSatisfy { min($0.red, $0.green, $0.blue) >= 250 }, "\(schema): lightness 100 is white")
            let black = try Self.pixels(try RawHTTP.request(port: port, "GET", Self.base + "&style=lightness:-100"))
            #expect(black.allSatisfy { max($0.red, $0.green, $0.blue) <= 5 }, "\(schema): lightness -100 is black")
            let darker = try Self.pixels(try RawHTTP.request(port: port, "GET", Self.base + "&style=feature:landscape%7Clightness:-50"))
            let brightness = { (pixels: [(red: Int, green: Int, blue: Int)]) in pixels.reduce(0) { $0 + $1.red + $1.green + $1.blue } }
            #expect(brightness(darker) < brightness(plain) * 3 / 4, "\(schema): the land is darker")
        }
    }

    @Test func weightWidensTheRoadsAndHueTurnsTheWater() throws {
        try Self.withEachSchema { schema, port in
            let green = (0, 255, 0), roads = "&style=feature:road%7Celement:geometry.fill%7Ccolor:0x00ff00"
            let thin = try Self.count(port, roads + "%7Cweight:2", near: green)
            let wide = try Self.count(port, roads + "%7Cweight:8", near: green)
            #expect(thin > 0 && wide > thin * 2, "\(schema): weight 8 draws wider roads (\(wide) pixels) than weight 2 (\(thin))")
            let turned = try Self.pixels(try RawHTTP.request(port: port, "GET", Self.base + "&style=feature:water%7Chue:0xff0000"))
            let reddish = turned.filter { $0.red > $0.blue + 30 && $0.red > $0.green + 30 }.count
            #expect(reddish > 1_000, "\(schema): the water takes the hue of red (\(reddish) pixels)")
        }
    }

    @Test func laterStylesOverrideEarlierOnesAndRulesApplyInOrder() throws {
        try Self.withEachSchema { schema, port in
            let redThenBlue = "&style=feature:water%7Ccolor:0xff0000&style=feature:water%7Ccolor:0x0000ff"
            let blue = try Self.count(port, redThenBlue, near: (0, 0, 255)), red = try Self.count(port, redThenBlue, near: (255, 0, 0))
            #expect(blue > 1_000 && red == 0, "\(schema): the later style wins (\(blue) blue, \(red) red)")
            // Rules in order: grey then red is red; red then grey is grey.
            let greyThenRed = try Self.count(port, "&style=feature:water%7Csaturation:-100%7Ccolor:0xff0000", near: (255, 0, 0))
            let redThenGrey = try Self.count(port, "&style=feature:water%7Ccolor:0xff0000%7Csaturation:-100", near: (255, 0, 0))
            #expect(greyThenRed > 1_000 && redThenGrey == 0, "\(schema): \(greyThenRed) then \(redThenGrey)")
        }
    }

    @Test func aStyleChangesTheETagAndTheSameStyleDrawsTheSameBytes() throws {
        let folder = try Self.assets()
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/city-openmaptiles.pmtiles")]) { port, _ in
            let plain = try RawHTTP.request(port: port, "GET", Self.base)
            let styled = try RawHTTP.request(port: port, "GET", Self.base + "&style=feature:water%7Ccolor:0xff0000")
            let again = try RawHTTP.request(port: port, "GET", Self.base + "&style=feature:water%7Ccolor:0xff0000")
            let other = try RawHTTP.request(port: port, "GET", Self.base + "&style=feature:water%7Ccolor:0xff0001")
            let tags = [plain, styled, again, other].map { $0.header("ETag") }
            #expect(tags[0] != tags[1] && tags[1] != tags[3], "\(tags)")
            #expect(tags[1] == tags[2] && styled.body == again.body, "the same style, the same picture")
            let cached = try RawHTTP.request(port: port, "GET", Self.base + "&style=feature:water%7Ccolor:0xff0000", headers: ["If-None-Match": tags[1] ?? ""])
            #expect(cached.status == 304)
        }
    }

    @Test func unknownFeaturesElementsRulesAndBadValuesAre400NamingThem() throws {
        let folder = try Self.assets()
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/city-protomaps.pmtiles")]) { port, _ in
            let cases: [(style: String, names: [String])] = [
                ("feature:roads%7Ccolor:0xff0000", ["unknown feature", "\"roads\"", "did you mean road?", "road.highway.controlled_access", "transit.station.rail"]),
                ("element:label%7Cvisibility:off", ["unknown element", "\"label\"", "labels.text.stroke", "geometry.fill"]),
                ("feature:water%7Ccolour:0xff0000", ["unknown rule", "\"colour\"", "did you mean color?", "invert_lightness", "weight"]),
                ("feature:water%7Ccolor:zzz", ["color", "0xRRGGBB", "\"zzz\""]),
                ("feature:water%7Ccolor:0xff00", ["color", "\"0xff00\""]),
                ("saturation:500", ["saturation", "-100 to 100", "\"500\""]),
                ("lightness:-101", ["lightness", "\"-101\""]),
                ("gamma:0", ["gamma", "0.01 to 10"]),
                ("weight:-1", ["weight"]),
                ("weight:nan", ["weight", "\"nan\""]),
                ("visibility:hidden", ["visibility", "on, off or simplified"]),
                ("invert_lightness:yes", ["invert_lightness", "true or false"]),
                ("feature:water", ["has no rule"]),
                ("color:0xff0000%7Cfeature:water", ["feature", "before the rules"]),
                ("feature:water%7Cfeature:road%7Ccolor:0xff0000", ["feature", "more than once"]),
                ("water", ["feature:TYPE"]),
            ]
            for (style, names) in cases {
                let answer = try RawHTTP.request(port: port, "GET", Self.base + "&style=" + style)
                #expect(answer.status == 400, "\(style): \(answer.status)")
                let detail = answer.json["detail"] as? String ?? ""
                for name in names { #expect(detail.contains(name), "\(style): \(name) in \(detail)") }
                #expect(detail.hasPrefix("style: "), "\(style): \(detail)")
            }
            let many = String(repeating: "&style=feature:water%7Ccolor:0xff0000", count: 101)
            let tooMany = try RawHTTP.request(port: port, "GET", Self.base + many)
            #expect(tooMany.status == 400 && tooMany.text.contains("at most 100 styles"), "\(tooMany.text)")
            let long = "&style=" + Array(repeating: "lightness:1", count: 17).joined(separator: "%7C")
            let tooLong = try RawHTTP.request(port: port, "GET", Self.base + long)
            #expect(tooLong.status == 400 && tooLong.text.contains("at most 16 items"), "\(tooLong.text)")
            let hundred = try RawHTTP.request(port: port, "GET", Self.base + String(repeating: "&style=feature:water%7Clightness:1", count: 100))
            #expect(hundred.status == 200, "100 styles are drawn: \(hundred.text.prefix(200))")
        }
    }

    @Test func aStyleWithoutABasemapOrOnRasterTilesIs400() throws {
        let folder = try Self.assets()
        let raster = try Data(contentsOf: CLI.repository.appendingPathComponent("Examples/map-mbtiles/city.mbtiles"))
        _ = try folder.write(Array(raster), to: "assets/aerial.mbtiles")
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets"), "--maptype", "satellite=" + folder.path("assets/aerial.mbtiles"),
                        "--maptype", "night=" + folder.path("assets/city-openmaptiles.pmtiles")]) { port, _ in
            let answer = try RawHTTP.request(port: port, "GET", Self.base + "&style=feature:water%7Ccolor:0xff0000")
            #expect(answer.status == 400 && answer.text.contains("style") && answer.text.contains("--basemap"), "\(answer.text)")
            let aerial = try RawHTTP.request(port: port, "GET", Self.base + "&maptype=satellite&style=feature:water%7Ccolor:0xff0000")
            #expect(aerial.status == 400 && aerial.text.contains("raster tiles"), "\(aerial.text)")
            let night = try Self.count(port, "&maptype=night&style=feature:water%7Ccolor:0xff0000", near: (255, 0, 0))
            #expect(night > 1_000, "a vector maptype is restyled (\(night) pixels)")
            let plain = try RawHTTP.request(port: port, "GET", Self.base)
            #expect(plain.status == 200, "without style the server still draws (\(plain.status))")
        }
    }

    @Test func aStyleFileOnEitherSchemaIsRestyledAndOneOnAnotherSchemaTakesOnlyFeatureAll() throws {
        let folder = try Self.assets()
        let styles = ServeBasemapTests.fixtures.appendingPathComponent("styles")
        _ = try folder.write(Array(try Data(contentsOf: styles.appendingPathComponent("light-protomaps.json"))), to: "assets/mine.json")
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/city-protomaps.pmtiles"), "--style", folder.path("assets/mine.json")]) { port, _ in
            let red = try Self.count(port, "&style=feature:water%7Ccolor:0xff0000", near: (255, 0, 0))
            #expect(red > 1_000, "a Protomaps style file (\(red) pixels)")
        }
        // The same tiles drawn by layers whose source-layer names follow no schema the table knows.
        let odd = #"""
            {"version": 8, "sources": {"city": {"type": "vector", "url": "pmtiles://city-protomaps.pmtiles"}}, "layers": [
              {"id": "bg", "type": "background", "paint": {"background-color": "#8080c0"}},
              {"id": "w", "type": "fill", "source": "city", "source-layer": "water", "paint": {"fill-color": "#3050f0"}},
              {"id": "l", "type": "fill", "source": "city", "source-layer": "lakes", "paint": {"fill-color": "#3050f0"}}]}
            """#
        _ = try folder.write(odd, to: "assets/odd.json")
        try Serve.with(["--workers", "1", "--asset-root", folder.path("assets"), "--style", folder.path("assets/odd.json"), "--basemap", folder.path("assets/city-protomaps.pmtiles")]) { port, _ in
            let water = try RawHTTP.request(port: port, "GET", Self.base + "&style=feature:water%7Ccolor:0xff0000")
            #expect(water.status == 400 && water.text.contains("feature:water") && water.text.contains("feature:all"), "\(water.text)")
            let grey = try Self.pixels(try RawHTTP.request(port: port, "GET", Self.base + "&style=saturation:-100"))
            #expect(grey.allSatisfy { max($0.red, $0.green, $0.blue) - min($0.red, $0.green, $0.blue) <= 3 }, "feature:all applies to any style")
        }
    }
}
