import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

@Suite("pseudo-locales: words only, every wrapped line right to left")
struct PseudoLocaleTests {
    static let specifiers = ["%@", "%d", "%i", "%ld", "%lld", "%u", "%lu", "%llu", "%f", "%.2f", "%%", "%1$@", "%2$lld", "%#@parcels@", "%1$s", "%s"]

    @Test("en-XA keeps every format specifier as it is and accents only the words around it", arguments: specifiers)
    func accentedKeepsSpecifiers(_ specifier: String) {
        let accented = PseudoLocale.accented.apply(to: "Only \(specifier) left")
        #expect(accented.hasPrefix("[Öñļý \(specifier) ļéƒţ"), "\(accented)")
    }

    @Test("ar-XB shows each specifier left to right, isolated inside the line's right-to-left override", arguments: specifiers)
    func mirroredKeepsSpecifiers(_ specifier: String) {
        #expect(PseudoLocale.bidirectional.apply(to: "Only \(specifier) left") == "\u{202E}Only \u{2066}\(specifier)\u{2069} left\u{202C}")
    }

    @Test("templates, markup and entities stay as they are; a lone % and unclosed braces are words")
    func keptPieces() {
        let accented = PseudoLocale.accented.apply(to: "{{userData.count}} <b>new</b> &amp; 40 % off {{open")
        #expect(accented.hasPrefix("[{{userData.count}} <b>ñéŵ</b> &amp; 40 % öƒƒ {{öþéñ"), "\(accented)")
        #expect(PseudoPiece.split("a %lld b") == [.words("a "), .kept("%lld"), .words(" b")])
    }

    @Test("a data value is kept as it is; the spec's own words are accented and the whole is bracketed and lengthened")
    func dataValuesKept() throws {
        let row = try DataRows(bytes: Array("id,city\nr1,Berlin Mitte\n".utf8), file: "rows.csv").rows[0]
        let json = testSpecJSON(markers: [testMarker("a", #", "title": "Near {{data.city}}", "snippet": "%lld parcels""#)])
        let variant = SpecVariant(row: row, pseudoLocale: .accented)
        let spec = try SpecDecoder.decode(try variant.apply(to: SpecSource(name: "s.json", bytes: Array(json.utf8), folder: TestAssets.folder)))
        #expect(spec.markers[0].title?.hasPrefix("[Ñéáŕ Berlin Mitte") == true, "\(String(describing: spec.markers[0].title))")
        #expect(spec.markers[0].snippet?.hasPrefix("[%lld þáŕçéļš") == true, "\(String(describing: spec.markers[0].snippet))")
        #expect(variant.nameSuffix == ".r1.en-XA" && variant.outputSuffix == ".r1")
        let unclosed = testSpecJSON(markers: [testMarker("a", #", "title": "Near {{data.city}}, open {{soon""#)])
        let plain = try SpecDecoder.decode(try SpecVariant(row: row).apply(to: SpecSource(name: "s.json", bytes: Array(unclosed.utf8), folder: TestAssets.folder)))
        #expect(plain.markers[0].title == "Near Berlin Mitte, open {{soon", "what precedes an unclosed {{ is kept once")
    }

    @Test("ar-XB lays out every wrapped line of a paragraph right to left, not only the first")
    func everyWrappedLineMirrored() throws {
        let library = try FontLibrary(setup: FontSetup(files: Repository.pinnedFonts, hermetic: true))
        let fitter = TextFitter(library: library, budget: TextBudget(file: "t.json"))
        let text = PseudoLocale.bidirectional.apply(to: "Open every day from seven until late, with fresh bread waiting\nand a second paragraph that wraps too")
        let locale = try #require(LocaleTag(parsing: PseudoLocale.bidirectional.rawValue))
        let fitted = try fitter.fit(text, style: Look.textViewFont, maxWidth: 120, maxLines: 20, locale: locale)
        #expect(fitted.lines.count >= 5)
        let layout = fitted.layout(width: fitted.width, alignment: .start, library: library)
        let glyphs = layout.glyphs.filter { $0.advance > 0 }
        for line in layout.lines {
            let bytes = line.startByte..<(line.startByte + line.text.utf8.count)
            let order = glyphs.filter { bytes.contains($0.byte) }.map(\.byte)
            #expect(order.count > 3 && order == order.sorted(by: >), "line \(line.text.debugDescription) is drawn left to right: \(order)")
        }
    }

    @Test("a variant's suffix names the spec's golden and comes off again for messages", arguments: ["pickup.json", "eu/pickup.de.json", "spec.txt", "x.json.json"])
    func variantNames(_ relativePath: String) {
        let spec = FoundSpec(path: "/specs/" + relativePath, relativePath: relativePath, root: "/specs")
        for suffix in ["", ".en-XA", ".row.de", ".json"] {
            let named = spec.named(variant: suffix)
            #expect(named.root == "/specs" && named.name(without: suffix) == relativePath, "\(relativePath) with \(suffix): \(named.relativePath)")
        }
        if relativePath.hasSuffix(".json") { #expect(spec.named(variant: ".en-XA").stem == spec.stem + ".en-XA") }
    }
}
