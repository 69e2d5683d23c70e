import Graphics
import Testing
@testable import InfoWinKit

/// Apple's published values, written out here on their own (HIG "Color"), so the decoder's table is
/// checked against them rather than against itself: name, light 0xRRGGBB and alpha, dark 0xRRGGBB and alpha.
private let appleColours: [(name: String, light: UInt32, lightAlpha: Double, dark: UInt32, darkAlpha: Double)] = [
    ("label", 0x000000, 1, 0xFFFFFF, 1), ("secondaryLabel", 0x3C3C43, 0.6, 0xEBEBF5, 0.6),
    ("tertiaryLabel", 0x3C3C43, 0.3, 0xEBEBF5, 0.3), ("systemBackground", 0xFFFFFF, 1, 0x000000, 1),
    ("secondarySystemBackground", 0xF2F2F7, 1, 0x1C1C1E, 1), ("systemGroupedBackground", 0xF2F2F7, 1, 0x000000, 1),
    ("separator", 0x3C3C43, 0.29, 0x545458, 0.6), ("link", 0x007AFF, 1, 0x0984FF, 1),
    ("systemRed", 0xFF3B30, 1, 0xFF453A, 1), ("systemBlue", 0x007AFF, 1, 0x0A84FF, 1), ("systemGreen", 0x34C759, 1, 0x30D158, 1),
    ("systemOrange", 0xFF9500, 1, 0xFF9F0A, 1), ("systemYellow", 0xFFCC00, 1, 0xFFD60A, 1), ("systemGray", 0x8E8E93, 1, 0x8E8E93, 1),
    ("systemGray2", 0xAEAEB2, 1, 0x636366, 1), ("systemGray3", 0xC7C7CC, 1, 0x48484A, 1), ("systemGray4", 0xD1D1D6, 1, 0x3A3A3C, 1),
    ("systemGray5", 0xE5E5EA, 1, 0x2C2C2E, 1), ("systemGray6", 0xF2F2F7, 1, 0x1C1C1E, 1),
]

/// Apple's Dynamic Type sizes (HIG "Typography"), written out on their own: style, category, points.
private let appleSizes: [(style: String, category: String, size: Double)] = [
    ("largeTitle", "XS", 31), ("largeTitle", "L", 34), ("largeTitle", "XXXL", 40), ("largeTitle", "AX5", 60),
    ("title1", "L", 28), ("title1", "AX3", 48), ("title2", "L", 22), ("title2", "XL", 24), ("title3", "L", 20), ("title3", "AX1", 31),
    ("headline", "XS", 14), ("headline", "L", 17), ("headline", "AX5", 53), ("body", "S", 15), ("body", "L", 17),
    ("body", "AX2", 33), ("body", "AX5", 53), ("callout", "L", 16), ("callout", "M", 15), ("callout", "AX4", 44),
    ("subheadline", "L", 15), ("subheadline", "XXL", 19), ("footnote", "M", 12), ("footnote", "L", 13), ("footnote", "AX3", 33),
    ("caption1", "L", 12), ("caption1", "AX5", 43), ("caption2", "XS", 11), ("caption2", "L", 11), ("caption2", "XXXL", 17),
    ("caption2", "AX5", 41),
]

private func rgba(_ hex: UInt32, _ alpha: Double) -> RGBA {
    RGBA(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255, alpha: alpha)
}

private func near(_ a: RGBA, _ b: RGBA) -> Bool {
    abs(a.red - b.red) < 1e-9 && abs(a.green - b.green) < 1e-9 && abs(a.blue - b.blue) < 1e-9 && abs(a.alpha - b.alpha) < 1e-9
}

private func traits(_ style: String = "light", _ category: String = "L") -> String {
    #", "traits": {"userInterfaceStyle": "\#(style)", "preferredContentSizeCategory": "\#(category)"}"#
}

/// A map of this background and no markers.
private func mapJSON(background: String, extra: String = "") -> String {
    #"{"map": {"width": 100, "height": 100, "background": "\#(background)", "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 3}}\#(extra)}"#
}

/// The text view of a `contents` window laid out with the pinned fonts.
private func placedText(font: String, extra: String) throws -> FittedText {
    let json = testSpecJSON(
        markers: [testMarker("a", #", "title": "T""#)], extra: #", "infoWindow": {"contents": {"text": "Hxg", "font": \#(font)}}\#(extra)"#)
    return try #require(try layOut(try testSpec(json)).infoWindow?.view?.texts.first).text
}

@Suite("traits: semantic colours in light and dark, Dynamic Type sizes, what dark mode does to the map")
struct TraitsTests {
    @Test("every semantic colour resolves to Apple's value in light and in dark", arguments: appleColours.map(\.name))
    func semanticColour(name: String) throws {
        let entry = try #require(appleColours.first { $0.name == name })
        for (style, expected) in [("light", rgba(entry.light, entry.lightAlpha)), ("dark", rgba(entry.dark, entry.darkAlpha))] {
            let spec = try testSpec(mapJSON(background: name, extra: traits(style)))
            #expect(near(spec.map.background, expected), "\(name) in \(style): \(spec.map.background)")
        }
    }

    @Test("a semantic window background is drawn in the style's colour: systemBackground white, then black")
    func semanticBackgroundPixels() throws {
        for (style, expected) in [("light", UInt32(0xFFFFFF)), ("dark", UInt32(0x000000))] {
            let json = testSpecJSON(
                markers: [testMarker("a")],
                extra: #", "infoWindow": {"window": {"spacer": 0, "width": 80, "height": 40, "background": "systemBackground"}}"# + traits(style))
            let spec = try testSpec(json)
            let frame = try #require(try layOut(spec).infoWindow?.frame)
            let image = try renderPinned(spec).image
            #expect(image.color(x: Int((frame.x + frame.width / 2) * 2), y: Int((frame.y + frame.height / 4) * 2)).rgb == expected, "\(style)")
        }
    }

    @Test("a text style takes Apple's size for the category: laid out at that size, its line as tall as that size makes it",
          arguments: appleSizes.indices)
    func dynamicTypeSize(index: Int) throws {
        let (style, category, size) = appleSizes[index]
        let text = try placedText(font: #"{"textStyle": "\#(style)"}"#, extra: traits("light", category))
        #expect(text.style.size == size, "\(style) at \(category)")
        let reference = try placedText(font: #"{"size": \#(size)}"#, extra: "")
        #expect(abs(text.height - reference.height) < 1e-6 && text.height > size, "\(style) at \(category): \(text.height)")
    }

    @Test("headline is semibold unless the font names a weight; textStyle and size together are an error")
    func headlineWeight() throws {
        #expect(try placedText(font: #"{"textStyle": "headline"}"#, extra: "").style.weight == 600)
        #expect(try placedText(font: #"{"textStyle": "body"}"#, extra: "").style.weight == 400)
        #expect(try placedText(font: #"{"textStyle": "headline", "weight": "bold"}"#, extra: "").style.weight == 700)
        let json = testSpecJSON(markers: [testMarker("a")], extra: #", "infoWindow": {"contents": {"text": "x", "font": {"textStyle": "body", "size": 12}}}"#)
        #expect(throws: InfoWinError.self) { try testSpec(json) }
    }

    @Test("the iOS look's plain map turns dark in dark mode; Android's and the web's stay light; the default window stays white")
    func darkMap() throws {
        let ios = try testSpec(testSpecJSON(markers: [testMarker("a", #", "title": "T""#)], extra: traits("dark")))
        #expect(near(ios.map.background, rgba(0x242F3E, 1)))
        #expect(near(ios.infoWindow.style.background, rgba(0xFFFFFF, 1)))
        for look in ["android", "web"] {
            let spec = try testSpec(testSpecJSON(markers: [testMarker("a")], extra: traits("dark") + #", "look": "\#(look)""#))
            #expect(near(spec.map.background, rgba(0xE9E5DC, 1)), "\(look)")
        }
        let light = try testSpec(testSpecJSON(markers: [testMarker("a")]))
        #expect(near(light.map.background, rgba(0xE9E5DC, 1)) && light.traits == .standard)
    }

    @Test("rgb() and rgba() colours, and a misspelt semantic name suggests the nearest")
    func colourFunctions() throws {
        let spec = { (colour: String) in try testSpec(mapJSON(background: colour)) }
        #expect(near(try spec("rgba(60, 60, 67, 0.6)").map.background, rgba(0x3C3C43, 0.6)))
        #expect(near(try spec("rgb(255,0,0)").map.background, rgba(0xFF0000, 1)))
        #expect(throws: InfoWinError.self) { try spec("rgb(256, 0, 0)") }
        do throws(InfoWinError) {
            _ = try SpecDecoder.decode(SpecSource(name: "t.json", bytes: Array(mapJSON(background: "lable").utf8), folder: TestAssets.folder))
            Issue.record("lable was accepted")
        } catch {
            #expect(error.message.contains(#"did you mean "label"?"#), "\(error.message)")
        }
    }

    @Test("--traits lists: names leave the defaults out; all is every style × L, XXXL, AX5; a wrong item suggests the nearest")
    func traitsLists() throws {
        let all = try TraitsList.parse("all").get().map(\.nameSuffix)
        #expect(all == ["", ".XXXL", ".AX5", ".dark", ".dark.XXXL", ".dark.AX5"])
        #expect(try TraitsList.parse("dark,AX3,dark.AX3,light").get().map(\.nameSuffix) == [".dark", ".AX3", ".dark.AX3", ""])
        #expect(try TraitsList.parse("AX3.dark").get() == [Traits(style: .dark, category: .accessibility3)])
        #expect(try TraitsList.parse("dark,dark").get().count == 1)
        for (bad, suggestion) in [("drak", "dark"), ("AX6", "AX1"), ("dark.dark", nil), ("", nil)] as [(String, String?)] {
            guard case .failure(let error) = TraitsList.parse(bad) else {
                Issue.record("\(bad) was accepted")
                continue
            }
            if let suggestion { #expect(error.suggestion == suggestion, "\(bad)") }
        }
    }

    @Test("a traits variant overrides the spec's own traits, and comes after the locale in the name")
    func variantOverridesAndNames() throws {
        let json = testSpecJSON(markers: [testMarker("a")], extra: traits("dark", "AX5"))
        var variant = SpecVariant()
        variant.traits = Traits(style: .light, category: .extraSmall)
        let spec = try SpecDecoder.decode(try variant.apply(to: SpecSource(name: "s.json", bytes: Array(json.utf8), folder: TestAssets.folder)))
        #expect(spec.traits == Traits(style: .light, category: .extraSmall))
        #expect(variant.nameSuffix == ".XS")
        var pseudo = SpecVariant(pseudoLocale: .accented)
        pseudo.traits = Traits(style: .dark, category: .accessibility3)
        #expect(pseudo.nameSuffix == ".en-XA.dark.AX3")
    }
}
