import Foundation
import Graphics
import Testing
@testable import InfoWinKit

/// `map.background` of a spec whose background is `colour`, in `style`.
private func background(_ colour: String, style: String = "light") throws -> RGBA {
    try testSpec(#"""
        {"map": {"width": 100, "height": 100, "background": "\#(colour)", "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}},
         "traits": {"userInterfaceStyle": "\#(style)"}}
        """#).map.background
}

@Suite("colour names: every UIKit semantic colour of iOS 17 and every CSS named colour")
struct NamedColourTests {
    @Test("system colours resolve to the HIG's iOS 15+ values in light and dark mode", arguments: [
        ("systemTeal", 0x30B0C7, 0x40C8E0), ("systemIndigo", 0x5856D6, 0x5E5CE6), ("systemPurple", 0xAF52DE, 0xBF5AF2),
        ("systemPink", 0xFF2D55, 0xFF375F), ("systemMint", 0x00C7BE, 0x63E6E2), ("systemCyan", 0x32ADE6, 0x64D2FF),
        ("systemBrown", 0xA2845E, 0xAC8E68), ("tertiarySystemBackground", 0xFFFFFF, 0x2C2C2E),
        ("secondarySystemGroupedBackground", 0xFFFFFF, 0x1C1C1E), ("opaqueSeparator", 0xC6C6C8, 0x38383A),
    ])
    func systemColours(name: String, light: UInt32, dark: UInt32) throws {
        #expect(try background(name) == RGBA(hex: light))
        #expect(try background(name, style: "dark") == RGBA(hex: dark))
    }

    @Test("the fill and label families keep their translucency")
    func translucentFamilies() throws {
        #expect(try background("quaternaryLabel") == RGBA(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.18))
        #expect(try background("systemFill", style: "dark") == RGBA(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.36))
    }

    @Test("CSS named colours in any case, as browsers and GeoJSON's marker-color write them", arguments: [
        ("teal", 0x008080), ("DarkGreen", 0x006400), ("rebeccapurple", 0x663399), ("WHITE", 0xFFFFFF),
    ])
    func cssNames(name: String, rgb: UInt32) throws {
        #expect(try background(name) == RGBA(hex: rgb))
    }

    @Test("a misspelt name is an error naming the one meant, semantic or CSS")
    func misspeltNames() throws {
        for (typo, meant) in [("systemTael", "systemTeal"), ("darkgren", "darkgreen")] {
            do {
                _ = try background(typo)
                Issue.record("\(typo) was accepted")
            } catch let error as InfoWinError {
                #expect(error.message.contains("did you mean \"\(meant)\"?"), "\(error.message)")
            }
        }
    }
}
