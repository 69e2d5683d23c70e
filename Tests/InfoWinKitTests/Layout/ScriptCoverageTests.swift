import Graphics
import Testing
@testable import InfoWinKit

/// SPEC.md, "Locale": with the packages `make` installs, the scripts of the 30 most spoken languages and
/// emoji are drawn with no missing glyph, and shaped as their scripts need.
@Suite("every major script, with the fonts make installs")
struct ScriptCoverageTests {
    static let samples: [(script: String, text: String)] = [
        ("Latin", "Ça va, Zoë? Łódź, Đà Nẵng"), ("Cyrillic", "Привет, мир"), ("Greek", "Καλημέρα κόσμε"),
        ("Arabic", "مرحبا بالعالم"), ("Hebrew", "שלום עולם"), ("Devanagari", "नमस्ते दुनिया क्षत्रिय"),
        ("Bengali", "হ্যালো বিশ্ব"), ("Gurmukhi", "ਸਤ ਸ੍ਰੀ ਅਕਾਲ"), ("Gujarati", "નમસ્તે દુનિયા"),
        ("Tamil", "வணக்கம் உலகம்"), ("Telugu", "హలో ప్రపంచం"), ("Kannada", "ನಮಸ್ಕಾರ ಜಗತ್ತು"),
        ("Malayalam", "ഹലോ ലോകം"), ("Thai", "สวัสดีที่นี่"), ("Lao", "ສະບາຍດີ"), ("Khmer", "សួស្តីពិភពលោក"),
        ("Myanmar", "မင်္ဂလာပါ"), ("Georgian", "გამარჯობა"), ("Armenian", "Բարեւ աշխարհ"), ("Ethiopic", "ሰላም ልዑል"),
        ("Sinhala", "ආයුබෝවන්"), ("Han", "你好世界 骨 直"), ("Kana", "こんにちは カタカナ"), ("Hangul", "안녕하세요"),
        ("Emoji", "😀🥐👍🏽🇯🇵"),
    ]

    /// The machine's fonts, one library per test (font libraries are not shared between threads).
    private let library: FontLibrary

    init() throws {
        library = try FontLibrary(setup: .system)
    }

    private func layout(_ text: String) -> TextLayout {
        TextLayout(text: text, style: TextStyle(family: Look.defaultFamily, size: 15), width: nil, library: library)
    }

    @Test("each script is drawn with no missing glyph", arguments: samples.map(\.script))
    func noMissingGlyph(script: String) throws {
        let text = try #require(Self.samples.first { $0.script == script }).text
        let missing = layout(text).missingCharacters.map { "U+" + String($0.value, radix: 16, uppercase: true) }
        #expect(missing.isEmpty, "\(script): \(missing)")
    }

    @Test("a window holding every script reports no missing glyph")
    func wholeWindow() throws {
        let snippet = Self.samples.map(\.text).joined(separator: " ")
        let spec = try testSpec(testSpecJSON(markers: [testMarker("a", #", "title": "All", "snippet": "\#(snippet)""#)]))
        let scene = try SceneBuilder(spec: spec, scale: 1, selectedMarker: "a", library: library).build()
        #expect(scene.missingGlyphs.isEmpty, "\(scene.missingGlyphs.map(\.code))")
    }

    @Test("Thai marks stack on their base: they take no width")
    func thaiMarksStack() throws {
        let base = layout("ท").extents.width, stacked = layout("ที่").extents.width
        #expect(abs(stacked - base) < 0.01, "ท is \(base) pt, ที่ is \(stacked) pt")
        #expect(layout("ที่").glyphs.filter { $0.advance == 0 }.count == 2)
    }

    @Test("Devanagari forms conjuncts: क्ष is fewer glyphs than its three characters")
    func devanagariConjunct() throws {
        #expect(layout("क्ष").glyphs.count < 3)
    }

    @Test("Arabic letters join: a letter between two others takes another glyph than alone")
    func arabicJoins() throws {
        let alone = try #require(layout("ب").glyphs.first).id
        let joined = layout("ببب").glyphs.map(\.id)
        #expect(joined.count == 3)
        #expect(!joined.contains(alone), "isolated \(alone), joined \(joined)")
        #expect(Set(joined).count == 3, "initial, medial and final forms differ: \(joined)")
    }
}
