import Foundation
import HTTPServer
import InfoWinKit
import InfoWinServe
import Testing

/// The `/staticmap` query reader on its own: what `FuzzStaticMapQuery` checks under `make fuzz`, here over
/// a fixed set of mangled queries.
@Suite struct StaticMapQueryTests {
    /// Queries cut, spliced and sprinkled with the bytes that matter to the reader (`&`, `=`, `|`, `,`, `:`,
    /// `%`, `+`, quotes, backslashes, NUL), from a fixed seed.
    private static let mangled: [String] = {
        let seeds = [
            "center=51.5,-0.127&zoom=12&size=400x300&scale=2&markers=color:red|label:A|51.5,-0.127&markers=id:shop|51.51,-0.1&selected=shop&title=Caf%C3%A9&snippet=Open+till+22:00&look=web&locale=de-DE",
            "size=300x200&markers=color:0x3A72D8|48.85,2.35|48.86,2.29&title=%22quoted%22%5C&snippet=%00",
            "template=store-card&data.name=Mitte&data.hours=8%E2%80%9320",
            "size=120x90&markers=anchor:16,40|scale:2|icon:icons/cafe.png|51.5,-0.127&markers=anchor:bottomleft|icon:pin.png|51.51,-0.1",
            "size=320x240&path=weight:4|color:0xD93A2BCC|geodesic:true|33.995,-40.01|34.0,-40.0&path=fillcolor:0x3A72D840|enc:_p~iF~ps|U_ulL&visible=34.01,-40.02|33.99,-39.98&maptype=roadmap&language=de&key=k",
        ]
        let pieces = ["&", "=", "|", ",", ":", "%", "%2", "+", "\"", "\\", "%00", "%22", "%5C", "label:", "id:", "color:", "enc:", "weight:", "fillcolor:", "geodesic:", "icon:", "anchor:", "scale:", "1e999", "-0", "x", "\u{7F}", "é"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<600).map { _ in
            var text = Array(seeds[next(seeds.count)])
            for _ in 0..<(1 + next(6)) {
                let at = next(text.count + 1)
                switch next(3) {
                case 0: text.insert(contentsOf: pieces[next(pieces.count)], at: at)
                case 1: text.removeSubrange(at..<min(text.count, at + next(8)))
                default: text = Array(text[..<at])
                }
            }
            return String(text)
        }
    }()

    @Test func mangledQueriesGiveARequestOrAReasonAndEverySpecMadeIsJSON() {
        var specs = 0, refused = 0
        for query in Self.mangled {
            do throws(Problem) {
                let text: String
                switch try StaticMapQuery.parse(QueryString.parse(query)) {
                case .spec(let spec): text = spec
                case .withIcons(let draft):
                    text = try draft.spec(iconSizes: Dictionary(uniqueKeysWithValues: draft.icons.map { ($0, (width: 32, height: 48)) }))
                case .template: continue
                }
                specs += 1
                do throws(InfoWinError) {
                    _ = try SpecDecoder.decode(SpecSource(name: "<staticmap>", bytes: Array(text.utf8), folder: "/nonexistent"))
                } catch {
                    if case .syntax = error { Issue.record("\(query) made a spec that is not JSON: \(error.message)\n\(text)") }
                }
            } catch {
                refused += 1
                #expect(error.status == 400)
                #expect(!error.detail.isEmpty)
            }
        }
        // Both outcomes are exercised.
        #expect(specs > 0 && refused > 0)
    }

    @Test func markersBecomeOneMarkerALocationWithIdsCountedAcrossParameters() throws {
        let query = try StaticMapQuery.parse(QueryString.parse("size=10x10&markers=color:red|label:A|1,2|3,4&markers=id:x|5,6&markers=7,8"))
        guard case .spec(let text) = query else { Issue.record("expected a spec"); return }
        let spec = try SpecDecoder.decode(SpecSource(name: "<staticmap>", bytes: Array(text.utf8), folder: "/nonexistent"))
        #expect(spec.markers.map(\.id) == ["m1", "m2", "x", "m4"])
        #expect(spec.selectedMarker == "m1")
    }

    /// The 400 `query` is refused with, or nil when it is taken.
    private static func refusal(_ query: String) -> Problem? {
        do throws(Problem) { _ = try StaticMapQuery.parse(QueryString.parse(query)) } catch { return error }
        return nil
    }

    @Test func everyGoogleParameterNotDrawnIsRefusedByNameNeverIgnored() {
        let base = "size=100x80&center=51.5,-0.127&zoom=12"
        for name in ["map_id", "signature", "client", "channel"] {
            let refused = Self.refusal(base + "&\(name)=color:0x0000ff|51.5,-0.127|51.6,-0.1")
            #expect(refused?.status == 400, "\(name) was taken")
            #expect(refused?.detail.hasPrefix(name + ":") == true, "\(name): \(refused?.detail ?? "")")
        }
        let unknown = Self.refusal(base + "&zoomlevel=3")
        #expect(unknown?.status == 400 && unknown?.detail.contains("zoomlevel") == true)
        #expect(Self.refusal(base + "&scale=2&format=png&markers=color:red|label:A|id:shop|51.5,-0.127&title=Shop") == nil, "what is drawn is still taken")
    }

    @Test func regionIsRefusedBecauseBordersAreTheTilesetsOwn() {
        let refused = Self.refusal("size=100x80&center=51.5,-0.127&zoom=12&region=es")
        #expect(refused?.status == 400 && refused?.detail.hasPrefix("region is not supported") == true, "\(refused?.detail ?? "")")
    }

    @Test func roadmapIsTheBasemapAndAnotherMaptypeIsRefusedByName() {
        let base = "size=100x80&center=51.5,-0.127&zoom=12"
        #expect(Self.refusal(base + "&maptype=roadmap") == nil)
        for other in ["satellite", "terrain", "hybrid"] {
            let refused = Self.refusal(base + "&maptype=" + other)
            #expect(refused?.status == 400 && refused?.detail.hasPrefix("maptype:") == true && refused?.detail.contains(other) == true, "\(refused?.detail ?? "")")
        }
    }

    @Test func languageIsTheLabelsLanguageAndTheWindowsLocaleUnlessLocaleIsGiven() throws {
        let base = "size=100x80&center=51.5,-0.127&zoom=12&markers=51.5,-0.127"
        func spec(_ query: String) throws -> Spec {
            guard case .spec(let text) = try StaticMapQuery.parse(QueryString.parse(query)) else { throw CancellationError() }
            return try SpecDecoder.decode(SpecSource(name: "<staticmap>", bytes: Array(text.utf8), folder: "/nonexistent"))
        }
        #expect(try spec(base + "&language=ja").locale.description == "ja")
        #expect(try spec(base + "&language=ja&locale=de-DE").locale.description == "de-DE")
        #expect(try StaticMapQuery.basemapLanguage(QueryString.parse(base + "&language=ja&locale=de-DE")) == .tag(LocaleTag(parsing: "ja")!))
        #expect(try StaticMapQuery.basemapLanguage(QueryString.parse(base)) == nil)
        let refused = Self.refusal(base + "&language=not%20a%20tag")
        #expect(refused?.status == 400 && refused?.detail.hasPrefix("language:") == true, "\(refused?.detail ?? "")")
    }

    @Test func aPlaceNameIsRefusedBecauseInfowinHasNoGeocoder() {
        for query in ["size=100x80&center=Brooklyn+Bridge,New+York,NY&zoom=12", "size=100x80&markers=color:red|Berlin"] {
            let refused = Self.refusal(query)
            #expect(refused?.status == 400 && refused?.detail.contains("infowin has no geocoder") == true, "\(refused?.detail ?? "")")
        }
    }

    /// The spec the `/staticmap` `query` makes, decoded.
    private static func spec(_ query: String) throws -> Spec {
        guard case .spec(let text) = try StaticMapQuery.parse(QueryString.parse(query)) else { throw CancellationError() }
        return try SpecDecoder.decode(SpecSource(name: "<staticmap>", bytes: Array(text.utf8), folder: "/nonexistent"))
    }

    /// The spec `query` makes, checked to decode, as its JSON object.
    private static func specJSON(_ query: String) throws -> [String: Any] {
        _ = try spec(query)
        guard case .spec(let text) = try StaticMapQuery.parse(QueryString.parse(query)) else { throw CancellationError() }
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func pathsArePolylinesAndWithAFillPolygonsAndTheMapFitsThem() throws {
        let query = "size=200x100&path=weight:3%7Ccolor:0xff000080%7Cgeodesic:true%7C51.5,-0.12%7C48.85,2.35"
            + "&path=fillcolor:yellow|color:blue|40.737102,-73.990318|40.749825,-73.987963|40.752946,-73.987384&path=enc:_p~iF~ps|U_ulLnnqC_mqNvxq`@"
        let json = try Self.specJSON(query)
        let polylines = json["polylines"] as? [[String: Any]] ?? [], polygons = json["polygons"] as? [[String: Any]] ?? []
        #expect(polylines.count == 2 && polygons.count == 1)
        #expect(polylines.first?["strokeWidth"] as? Double == 3 && polylines.first?["geodesic"] as? Bool == true)
        #expect(polylines.first?["strokeColor"] as? String == "#FF000080")
        #expect(polylines.last?["encodedPath"] as? String == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(polygons.first?["fillColor"] as? String == "#F4C20D", "Google's yellow, in our colour")
        let fit = ((json["map"] as? [String: Any])?["camera"] as? [String: Any])?["fit"] as? [String: Any]
        #expect(fit?["shapes"] as? Bool == true)
    }

    @Test func aBadPathIsRefusedNamingPathAndHugeOnesAreBounded() {
        for value in ["weight:x|1,2|3,4", "color:mauve|1,2|3,4", "1,2", "enc:", "thickness:2|1,2|3,4", "geodesic:yes|1,2|3,4", "1,2|enc:abc", "Paris|London"] {
            let refused = Self.refusal("size=100x80&path=" + value)
            #expect(refused?.status == 400 && refused?.detail.hasPrefix("path") == true, "\(value): \(refused?.detail ?? "")")
        }
        let many = (0...StaticMapPaths.pathLimit).map { _ in "path=1,2|3,4" }.joined(separator: "&")
        #expect(Self.refusal("size=100x80&" + many)?.detail.contains("at most \(StaticMapPaths.pathLimit) paths") == true)
        let long = (0...StaticMapPaths.pointLimit).map { "\($0 % 80),1" }.joined(separator: "|")
        #expect(Self.refusal("size=100x80&path=" + long)?.detail.contains("at most \(StaticMapPaths.pointLimit) points") == true)
    }

    @Test func visiblePlacesAreFittedWithTheMarkersAndAPlaceNameIsRefused() throws {
        let query = "size=200x100&visible=34.01,-40.02|33.99,-39.98&visible=34.0,-40.0&markers=34.0,-40.0"
        let json = try Self.specJSON(query)
        let line = (json["polylines"] as? [[String: Any]])?.first
        #expect(line?["id"] as? String == "visible" && (line?["path"] as? [Any])?.count == 3)
        #expect(line?["strokeColor"] as? String == "#00000000", "the places are fitted, not drawn")
        let refused = Self.refusal("size=200x100&visible=Toronto")
        #expect(refused?.status == 400 && refused?.detail.contains("infowin has no geocoder") == true)
        let many = (0...StaticMapPaths.visibleLimit).map { _ in "1,2" }.joined(separator: "|")
        #expect(Self.refusal("size=200x100&visible=" + many)?.detail.contains("at most") == true)
    }

    @Test func markerSizesAnchorsAndScalesAreDrawnAsThePinsScaleAndGroundAnchor() throws {
        let query = "size=200x100&look=web&markers=size:small|color:red|label:S|anchor:topleft|scale:2|34.0,-40.0&markers=size:mid|label:M|anchor:center|34.001,-40.0&markers=size:normal|34.002,-40.0"
        let json = try Self.specJSON(query)
        let markers = json["markers"] as? [[String: Any]] ?? []
        let pins = markers.map { $0["pin"] as? [String: Any] }
        #expect(pins[0]?["scale"] as? Double == 0.6 && pins[0]?["glyph"] == nil, "a small pin carries no label, as Google's")
        #expect(pins[1]?["scale"] as? Double == 0.8 && pins[1]?["glyph"] as? String == "M")
        #expect(pins[2] == nil, "a normal pin is the look's own")
        #expect((markers[0]["groundAnchor"] as? [String: Double]) == ["x": 0, "y": 0])
        #expect((markers[1]["groundAnchor"] as? [String: Double]) == ["x": 0.5, "y": 0.5])
        // A Google URL with sizes and no look is drawn in the web look; another look asked for cannot draw them.
        guard case .spec(let google) = try StaticMapQuery.parse(QueryString.parse("size=200x100&markers=size:tiny|34.0,-40.0")) else { throw CancellationError() }
        let googleJSON = try #require(try JSONSerialization.jsonObject(with: Data(google.utf8)) as? [String: Any])
        #expect(googleJSON["look"] as? String == "web")
        let ios = Self.refusal("size=200x100&look=ios&markers=size:tiny|34.0,-40.0")
        #expect(ios?.status == 400 && ios?.detail.contains("look=web") == true, "\(ios?.detail ?? "")")
    }

    @Test func aCustomIconIsTheMarkersIconAtItsScaleAndAnXYAnchorIsItsPixelOverItsSize() throws {
        let query = "size=200x100&markers=color:red|label:A|scale:2|anchor:8,36|icon:https://icons.example.com:8443/cafe.png|34.0,-40.0&markers=icon:pins/a.png|34.1,-40.0"
        guard case .withIcons(let draft) = try StaticMapQuery.parse(QueryString.parse(query), iconHosts: ["icons.example.com:8443"]) else {
            Issue.record("expected a spec with icons")
            return
        }
        #expect(draft.icons.count == 2)
        let text = try draft.spec(iconSizes: Dictionary(uniqueKeysWithValues: draft.icons.map { ($0, (width: 32, height: 48)) }))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let markers = json["markers"] as? [[String: Any]] ?? []
        #expect((markers[0]["icon"] as? [String: Any])?["image"] as? String == "https://icons.example.com:8443/cafe.png")
        #expect((markers[0]["icon"] as? [String: Any])?["scale"] as? Double == 2)
        #expect(markers[0]["pin"] == nil, "the icon replaces the pin, its colour and label with it")
        #expect((markers[0]["groundAnchor"] as? [String: Double]) == ["x": 0.25, "y": 0.75])
        #expect((markers[1]["icon"] as? [String: Any])?["scale"] as? Double == 1 && markers[1]["groundAnchor"] == nil, "bottom centre, Google's default")
        let six = (1...6).map { "&markers=icon:i\($0).png|1,\($0)" }.joined()
        #expect(Self.refusal("size=10x10" + six)?.detail.contains("limit of 5") == true)
        let otherPort = Self.refusal("size=10x10&markers=icon:https://icons.example.com/cafe.png|1,2")
        #expect(otherPort?.detail.contains("--allow-icon-host icons.example.com") == true, "\(otherPort?.detail ?? "")")
    }

    @Test func googlesKeyIsIgnoredSoThatAGoogleURLWorksUnchanged() throws {
        let base = "size=100x80&center=51.5,-0.127&zoom=12"
        #expect(Self.refusal(base + "&key=AIzaSyExampleKey") == nil)
        #expect(try StaticMapQuery.parse(QueryString.parse(base + "&key=AIzaSyExampleKey")) == StaticMapQuery.parse(QueryString.parse(base)))
    }

    @Test func aSignatureWithoutASigningSecretIsRefusedSayingHowToCheckIt() {
        let refused = Self.refusal("size=100x80&center=51.5,-0.127&zoom=12&signature=abc")
        #expect(refused?.status == 400)
        #expect(refused?.detail.contains("--signing-secret") == true, "\(refused?.detail ?? "")")
    }

    @Test func everyMarkerStyleNotDrawnIsRefusedNamingTheParameterAndTheKey() {
        for style in ["size:huge", "scale:3", "anchor:12,30", "icon:https://example.com/pin.png", "shadow:false"] {
            let key = String(style.prefix { $0 != ":" })
            let refused = Self.refusal("size=100x80&markers=\(style)|51.5,-0.127")
            #expect(refused?.status == 400, "\(style) was taken")
            #expect(refused?.detail.hasPrefix("markers:") == true && refused?.detail.contains(key) == true, "\(style): \(refused?.detail ?? "")")
        }
    }
}
