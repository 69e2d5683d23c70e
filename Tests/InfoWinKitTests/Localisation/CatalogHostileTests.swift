import Testing
@testable import InfoWinKit

@Suite("hostile catalogs: deep nesting, huge counts, broken encodings, entity expansion")
struct CatalogHostileTests {
    @Test("XML nesting deeper than 64 is refused at once, even 100,000 deep")
    func deepXML() {
        let xml = "<resources>" + String(repeating: "<b>", count: 100_000) + "x"
        let error = catalogError { () throws(InfoWinError) in try LocalisedCatalog(androidStrings: utf8(xml), file: "s.xml", locale: "en") }
        #expect(error?.message.contains("nest deeper than 64") == true, "\(String(describing: error?.message))")
        let plist = "<plist>" + String(repeating: "<array>", count: 100_000)
        #expect(catalogError { () throws(InfoWinError) in try LocalisedCatalog(stringsdict: utf8(plist), file: "s.stringsdict", locale: "en") } != nil)
    }

    @Test("entities declared in a DOCTYPE are never expanded: billion laughs is an unknown entity")
    func billionLaughs() {
        var doctype = "<!DOCTYPE lolz [<!ENTITY lol \"lol\">"
        for level in 1...9 { doctype += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1 == 0 ? "" : String(level - 1));", count: 10) + "\">" }
        let xml = doctype + "]>\n<resources><string name=\"a\">&lol9;</string></resources>"
        let error = catalogError { () throws(InfoWinError) in try LocalisedCatalog(androidStrings: utf8(xml), file: "s.xml", locale: "en") }
        #expect(error?.message.contains("unknown entity &lol9;") == true, "\(String(describing: error?.message))")
        #expect(error?.message.hasPrefix("s.xml:2:") == true)
    }

    @Test("bad references and characters are refused", arguments: [
        "<resources><string name=\"a\">&#0;</string></resources>", "<resources><string name=\"a\">&#xD800;</string></resources>",
        "<resources><string name=\"a\">&#99999999999;</string></resources>", "<resources><string name=\"a\">a & b</string></resources>",
        "<resources><string name=\"a\">\u{1}</string></resources>", "<resources><string name=\"a\">&amp</string></resources>",
        "<resources a=\"<\"/>", "<resources/><extra/>", "", "<?xml version=\"1.0\"?>", "<resources><!-- open",
        "<resources><![CDATA[ open</resources>",
    ])
    func badXML(xml: String) {
        #expect(catalogError { () throws(InfoWinError) in try LocalisedCatalog(androidStrings: utf8(xml), file: "s.xml", locale: "en") } != nil)
    }

    @Test("more than 100,000 keys are refused while reading, in every format")
    func tooManyKeys() {
        let count = CatalogLimits.keys + 1
        let strings = (0..<count).map { "\"k\($0)\" = \"v\";" }.joined(separator: "\n")
        let error = catalogError { () throws(InfoWinError) in try LocalisedCatalog(stringsFile: utf8(strings), file: "x.strings", locale: "en") }
        #expect(error?.message.contains("more than 100,000 keys") == true, "\(String(describing: error?.message))")
        let xml = "<resources>" + (0..<count).map { "<string name=\"k\($0)\">v</string>" }.joined() + "</resources>"
        let android = catalogError { () throws(InfoWinError) in try LocalisedCatalog(androidStrings: utf8(xml), file: "s.xml", locale: "en") }
        #expect(android?.message.contains("more than 100,000 keys") == true, "\(String(describing: android?.message))")
        let json = #"{"sourceLanguage": "en", "strings": {"# + (0..<count).map { "\"k\($0)\": {}" }.joined(separator: ",") + "}}"
        let xcstrings = catalogError { () throws(InfoWinError) in try LocalisedCatalog(stringCatalog: utf8(json), file: "c.xcstrings") }
        #expect(xcstrings?.message.contains("more than 100,000 keys") == true, "\(String(describing: xcstrings?.message))")
    }

    @Test("truncated and hostile .strings and .stringsdict input fails cleanly")
    func truncated() {
        let cases: [[UInt8]] = [[0xFE, 0xFF, 0x00], [0xFF, 0xFE, 0x3D, 0xD8, 0x00], utf8("\"a\" = \"\\U12"), utf8("\"a\" = \"x\\"), utf8("\"a"),
                                utf8("\"a\" = \"b\" \"c\";"), [0xFF, 0xFE]]
        for bytes in cases {
            _ = catalogError { () throws(InfoWinError) in try LocalisedCatalog(stringsFile: bytes, file: "x.strings", locale: "en") }
        }
        #expect(catalogError { () throws(InfoWinError) in try LocalisedCatalog(stringsFile: [0xFF, 0xFE], file: "x.strings", locale: "en") } == nil,
                "an empty UTF-16 file is an empty table")
        let dict = "<plist><dict>" + String(repeating: "<key>k</key><string>x</string>", count: 2) + "</dict></plist>"
        #expect(catalogError { () throws(InfoWinError) in try LocalisedCatalog(stringsdict: utf8(dict), file: "s.stringsdict", locale: "en") } != nil)
    }
}
