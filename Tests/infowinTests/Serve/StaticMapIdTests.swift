import Foundation
import InfoWinTestSupport
import Testing

/// `/staticmap`'s `map_id`: the server's basemap in the style `serve --map-id NAME=STYLE` names, checked
/// on a server on 127.0.0.1 with the made-up city.
@Suite(.serialized) struct StaticMapIdTests {
    static let city = "/staticmap?center=34.0,-40.0&zoom=15&size=160x120"

    static func detail(_ answer: RawHTTPResponse) -> String { answer.json["detail"] as? String ?? "" }

    @Test func aKnownMapIdDrawsTheBasemapInItsStyleAndAnUnknownOneIs400NamingTheIds() throws {
        let folder = try ServeBasemapTests.cityAssets()
        let options = ["--workers", "1", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/city.pmtiles"), "--style", "light"]
        try Serve.with(options + ["--map-id", "night=dark", "--map-id", "day_2=light"]) { port, _ in
            let night = try RawHTTP.request(port: port, "GET", Self.city + "&map_id=night&layout=1")
            #expect(night.status == 200, "\(night.text.prefix(300))")
            #expect(ServeBasemapTests.basemap(night)?["style"] as? String == "dark")
            let plain = try RawHTTP.request(port: port, "GET", Self.city + "&layout=1")
            #expect(ServeBasemapTests.basemap(plain)?["style"] as? String == "light", "without map_id, --style")
            let nightImage = try RawHTTP.request(port: port, "GET", Self.city + "&map_id=night")
            let plainImage = try RawHTTP.request(port: port, "GET", Self.city)
            #expect(nightImage.status == 200 && nightImage.body != plainImage.body && nightImage.header("ETag") != plainImage.header("ETag"))
            let unknown = try RawHTTP.request(port: port, "GET", Self.city + "&map_id=8e0a97af9386fef")
            #expect(unknown.status == 400 && Self.detail(unknown).hasPrefix("map_id:"), "\(unknown.text)")
            #expect(Self.detail(unknown).contains("8e0a97af9386fef") && Self.detail(unknown).contains("day_2, night"), "\(unknown.text)")
            let satellite = try RawHTTP.request(port: port, "GET", Self.city + "&map_id=night&maptype=satellite")
            #expect(satellite.status == 400 && Self.detail(satellite).hasPrefix("maptype:") || Self.detail(satellite).hasPrefix("map_id:"), "\(satellite.text)")
            let twice = try RawHTTP.request(port: port, "GET", Self.city + "&map_id=night&map_id=day_2")
            #expect(twice.status == 400 && Self.detail(twice).contains("map_id"), "\(twice.text)")
        }
    }

    @Test func aMapIdWithoutABasemapIs400SayingSo() throws {
        try Serve.with(["--workers", "1", "--map-id", "night=dark"]) { port, _ in
            let answer = try RawHTTP.request(port: port, "GET", Self.city + "&map_id=night")
            #expect(answer.status == 400 && Self.detail(answer).hasPrefix("map_id:") && Self.detail(answer).contains("--basemap"), "\(answer.text)")
        }
    }

    @Test func aMapIdThatIsNotNameEqualsStyleOrAStyleThatCannotBeDrawnIsAUsageErrorNamingTheOption() throws {
        let folder = try ServeBasemapTests.cityAssets()
        _ = try folder.write("{\"version\": 8, \"sources\": {}, \"layers\": []}", to: "outside/style.json")
        _ = try folder.write("not a style", to: "assets/broken.json")
        let base = ["serve", "--listen", "127.0.0.1:0", "--asset-root", folder.path("assets"), "--basemap", folder.path("assets/city.pmtiles")]
        for value in ["night", "=dark", "night=", "a b=dark", "night=sepia", "night=" + folder.path("outside/style.json"), "night=" + folder.path("assets/broken.json")] {
            let result = try CLI.run(base + ["--map-id", value])
            #expect(result.status == 2 && result.stderr.contains("--map-id"), "\(value): \(result.stderr)")
        }
        let twice = try CLI.run(base + ["--map-id", "night=dark", "--map-id", "night=light"])
        #expect(twice.status == 2 && twice.stderr.contains("--map-id") && twice.stderr.contains("more than once"), "\(twice.stderr)")
        let unbased = try CLI.run(["serve", "--listen", "127.0.0.1:0", "--map-id", "night=" + folder.path("outside/style.json")])
        #expect(unbased.status == 2 && unbased.stderr.contains("--map-id"), "\(unbased.stderr)")
    }

    @Test func mapIdsAndIconHostsInInfowinJsonAreTheOptionsDefaultsAndTheirFaultsAreTheFiles() throws {
        let folder = try ServeBasemapTests.cityAssets()
        _ = try folder.write("""
            {"assetRoots": ["assets"], "basemap": "assets/city.pmtiles", "mapIds": {"night": "dark"}, "allowIconHosts": ["icons.example.com"]}
            """, to: "infowin.json")
        try Serve.with(["--workers", "1"], in: folder.url) { port, _ in
            let night = try RawHTTP.request(port: port, "GET", Self.city + "&map_id=night&layout=1")
            #expect(ServeBasemapTests.basemap(night)?["style"] as? String == "dark", "\(night.text.prefix(300))")
            let other = try RawHTTP.request(port: port, "GET", Self.city + "&markers=icon:http://elsewhere.example.com/a.png|34.0,-40.0")
            #expect(other.status == 400 && Self.detail(other).contains("icons.example.com"), "\(other.text)")
        }
        _ = try folder.write("""
            {"basemap": "assets/city.pmtiles", "assetRoots": ["assets"], "allowIconHosts": ["http://icons.example.com"]}
            """, to: "infowin.json")
        let badHost = try CLI.run(["serve", "--listen", "127.0.0.1:0"], in: folder.url)
        #expect(badHost.status == 1 && badHost.stderr.contains("$.allowIconHosts"), "\(badHost.stderr)")
        _ = try folder.write("""
            {"basemap": "assets/city.pmtiles", "assetRoots": ["assets"], "mapIds": {"night": "sepia.json"}}
            """, to: "infowin.json")
        let badStyle = try CLI.run(["serve", "--listen", "127.0.0.1:0"], in: folder.url)
        #expect(badStyle.status == 1 && badStyle.stderr.contains("$.mapIds.night"), "\(badStyle.stderr)")
    }
}
