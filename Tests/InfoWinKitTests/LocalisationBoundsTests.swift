import Testing
@testable import InfoWinKit

@Suite("localisation inputs at their bounds: long texts, large templates, many variants")
struct LocalisationBoundsTests {
    @Test("en-XA pseudo-localises a 320,000-character snippet whole: accented, bracketed, about 40 % longer")
    func longPseudoLocalisedSnippet() {
        let text = String(repeating: "Open late ", count: 32_000)
        let accented = PseudoLocale.accented.apply(to: text)
        #expect(accented.hasPrefix("[Öþéñ ļáţé Öþéñ"))
        #expect(accented.hasSuffix("]"))
        let length = accented.count
        #expect(length >= 14 * text.count / 10 && length <= 14 * text.count / 10 + 8)
        #expect(accented.contains(" one two three four five six seven eight nine ten one"))
    }
}
