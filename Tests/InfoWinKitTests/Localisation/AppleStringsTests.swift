import Testing
@testable import InfoWinKit

private let englishStrings = #"""
    /* The pickup card's title */
    "store.title" = "Pickup point";
    // A line comment
    "quote" = "She said \"hi\"\\ \n\ttab \U00E9\UD83D\UDE00";
    unquoted_key = "Unquoted";
    "self";
    "multi
    line" = "value";
    """#

private let germanStringsdict = #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>parcels_waiting</key>
        <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%@: %#@parcels@ seit %2$#@days@</string>
            <key>parcels</key>
            <dict>
                <key>NSStringFormatSpecTypeKey</key>
                <string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key>
                <string>lld</string>
                <key>one</key>
                <string>%lld Paket wartet</string>
                <key>other</key>
                <string>%lld Pakete warten</string>
            </dict>
            <key>days</key>
            <dict>
                <key>NSStringFormatSpecTypeKey</key>
                <string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key>
                <string>d</string>
                <key>one</key>
                <string>einem Tag</string>
                <key>other</key>
                <string>%d Tagen</string>
            </dict>
        </dict>
    </dict>
    </plist>
    """#

/// `text` as UTF-16 with a byte-order mark.
private func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
    (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) + text.utf16.flatMap { unit in
        bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
}

@Suite("Apple .strings and .stringsdict read into LocalisedCatalog")
struct AppleStringsTests {
    @Test("a .strings file: comments, escapes, \\U surrogate pairs, unquoted keys, a key as its own value", arguments: ["utf8", "utf16le", "utf16be", "bom8"])
    func stringsFile(encoding: String) throws {
        let bytes = switch encoding {
        case "utf16le": utf16(englishStrings, bigEndian: false)
        case "utf16be": utf16(englishStrings, bigEndian: true)
        case "bom8": [0xEF, 0xBB, 0xBF] + utf8(englishStrings)
        default: utf8(englishStrings)
        }
        let catalog = try LocalisedCatalog(stringsFile: bytes, file: "en.lproj/Localizable.strings", locale: "en")
        #expect(shown(catalog, "store.title", "en") == "Pickup point")
        #expect(shown(catalog, "quote", "en") == "She said \"hi\"\\ \n\ttab é😀")
        #expect(shown(catalog, "unquoted_key", "en") == "Unquoted")
        #expect(shown(catalog, "self", "en") == "self")
        #expect(shown(catalog, "multi\nline", "en") == "value")
    }

    @Test("a .stringsdict: the format key, its plural substitutions, arguments numbered as Foundation counts")
    func stringsdict() throws {
        let catalog = try LocalisedCatalog(stringsdict: utf8(germanStringsdict), file: "de.lproj/Localizable.stringsdict", locale: "de")
        let string = try #require(catalog.entries["parcels_waiting"]?["de"])
        #expect(string.value == .text("%@: %#@parcels@ seit %2$#@days@"))
        #expect(string.substitutions["parcels"] == LocalisedSubstitution(
            argumentNumber: 2, formatSpecifier: "lld", forms: [.one: "%lld Paket wartet", .other: "%lld Pakete warten"]))
        #expect(string.substitutions["days"]?.argumentNumber == 2)
        #expect(StringsDictReader.argumentPositions("%d%% %#@a@ %1$#@b@ %lld %#@c@") == ["a": 2, "b": 1, "c": 4])
    }

    @Test("a folder of en.lproj and de.lproj: en is the source, the .stringsdict takes the .strings entry's place")
    func folder() throws {
        let folder = try catalogFolder([
            "en.lproj/Localizable.strings": utf8(englishStrings + "\n\"parcels_waiting\" = \"%lld parcels\";\n"),
            "de.lproj/Localizable.strings": utf16(#""store.title" = "Abholpunkt"; "parcels_waiting" = "%lld Pakete";"#, bigEndian: false),
            "de.lproj/Localizable.stringsdict": utf8(germanStringsdict),
            "zh-Hans.lproj/Localizable.strings": utf8(#""store.title" = "取件点";"#),
            "pt_BR.lproj/Localizable.strings": utf8(#""store.title" = "Ponto";"#),
            "de.lproj/InfoPlist.strings": utf8("not read"),
        ])
        let catalog = try LocalisedCatalog.read(folder)
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.locales == ["en", "de", "pt-BR", "zh-Hans"])
        #expect(shown(catalog, "store.title", "de") == "Abholpunkt")
        #expect(shown(catalog, "store.title", "zh-Hans") == "取件点")
        #expect(catalog.entries["parcels_waiting"]?["de"]?.substitutions.count == 2)
        #expect(catalog.lookup("quote", locale: "de")?.untranslated == .missingKey)
    }

    @Test("Base.lproj is the source language; en.lproj beside it takes its place key by key")
    func base() throws {
        let folder = try catalogFolder([
            "Base.lproj/Localizable.strings": utf8(#""a" = "Base A"; "b" = "Base B";"#),
            "en.lproj/Localizable.strings": utf8(#""a" = "English A";"#),
            "fr.lproj/Localizable.strings": utf8(#""a" = "A français";"#),
        ])
        let catalog = try LocalisedCatalog.read(folder)
        #expect(catalog.locales == ["en", "fr"])
        #expect(shown(catalog, "a", "en") == "English A" && shown(catalog, "b", "en") == "Base B")
    }

    @Test("a bad .strings line is an error naming the file and the line", arguments: [
        ("\"a\" = \"x\";\n\"b\" = \"y\"\n\"c\" = \"z\";", 3, "expected ';'"),
        ("\"a\" = \"x\";\n\n\"b\" = \"unclosed;\n", 3, "not closed"),
        ("/* open comment\n\"a\" = \"x\";", 1, "comment is not closed"),
        ("\"a\" = \"\\q\";", 1, "unknown escape"),
        ("\"a\" = \"\\UD83D\";", 1, "lone surrogate"),
        ("\"a\" = \"x\";\n\"a\" = \"y\";", 2, "written twice"),
        ("\"a\" = ;", 1, "expected a value in double quotes"),
        ("= \"a\";", 1, "expected a key"),
    ])
    func stringsErrors(text: String, line: Int, expected: String) {
        expectLineError({ () throws(InfoWinError) in try LocalisedCatalog(stringsFile: utf8(text), file: "Localizable.strings", locale: "en") }, file: "Localizable.strings", line: line, contains: expected)
    }

    @Test("encodings: truncated UTF-16, a lone surrogate, and UTF-16 without a byte-order mark are refused")
    func encodings() {
        for bytes: [UInt8] in [[0xFF, 0xFE, 0x22], [0xFF, 0xFE, 0x00, 0xD8], [0x22, 0x00, 0x61, 0x00], [0xC3, 0x28]] {
            let error = catalogError { () throws(InfoWinError) in try LocalisedCatalog(stringsFile: bytes, file: "x.strings", locale: "en") }
            #expect(error != nil, "\(bytes)")
        }
    }

    @Test("a bad .stringsdict is an error naming the file and the line", arguments: [
        ("<plist><dict><key>k</key><string>x</string></dict></plist>", 1, "expected a <dict>, got a <string>"),
        ("<plist>\n<dict><key>k</key>\n<dict><key>v</key><string>x</string></dict></dict></plist>", 3, "no NSStringLocalizedFormatKey"),
        ("<plist><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringDeviceSpecificRuleType</string></dict></dict></dict></plist>", 2, "expected NSStringPluralRuleType"),
        ("<plist><dict><key>k</key></dict></plist>", 1, "without a value"),
        ("<plist><dict><key>k</key><date>x</date></dict></plist>", 1, "unknown plist element <date>"),
        ("<dict/>", 1, "expected <plist>"),
        ("<plist><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>lots</key><string>x</string></dict></dict></dict></plist>", 1, "unknown key \"lots\""),
    ])
    func stringsdictErrors(xml: String, line: Int, expected: String) {
        expectLineError({ () throws(InfoWinError) in try LocalisedCatalog(stringsdict: utf8(xml), file: "Localizable.stringsdict", locale: "de") }, file: "Localizable.stringsdict", line: line, contains: expected)
    }
}
