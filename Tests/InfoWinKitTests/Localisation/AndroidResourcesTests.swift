import Testing
@testable import InfoWinKit

private let english = #"""
    <?xml version="1.0" encoding="utf-8"?>
    <!-- Strings of the pickup card -->
    <resources xmlns:tools="http://schemas.android.com/tools" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
        <string name="app_name" translatable="false">ParcelPoint</string>
        <string name="store_title">Pickup   point
            near you</string>
        <string name="quoted">"  two  spaces kept  "</string>
        <string name="escapes">It\'s \"here\"\nnext\tline \@home \?maybe a\\b \u00e9</string>
        <string name="entities">&lt;b&gt; &amp; &#233;&#x20AC; &quot;q&quot; \&apos;</string>
        <string name="walk">Walk to <xliff:g id="place" example="Hauptbahnhof">%1$s</xliff:g> in %2$d min</string>
        <string name="styled">Open <b>now</b>, <i>until %s</i></string>
        <string name="price">%.2f € or 50%% off</string>
        <string name="literal" formatted="false">100% sure</string>
        <string name="cdata"><![CDATA[<a href="x">link</a>]]></string>
        <string name="empty"/>
        <plurals name="parcels_waiting">
            <item quantity="one">%d parcel waiting</item>
            <item quantity="other">%d parcels waiting</item>
        </plurals>
        <color name="brand">#FF0000</color>
        <string-array name="days"><item>Mon</item></string-array>
    </resources>
    """#

private let polish = #"""
    <?xml version="1.0" encoding="utf-8"?>
    <resources>
        <string name="store_title">Punkt odbioru w pobliżu</string>
        <plurals name="parcels_waiting">
            <item quantity="one">%d paczka czeka</item>
            <item quantity="few">%d paczki czekają</item>
            <item quantity="many">%d paczek czeka</item>
            <item quantity="other">%d paczki czeka</item>
        </plurals>
    </resources>
    """#

@Suite("Android resources read into LocalisedCatalog")
struct AndroidResourcesTests {
    @Test("escapes, quotes, whitespace, entities, markup and CDATA read as aapt2 reads them; %s becomes %@")
    func texts() throws {
        let catalog = try LocalisedCatalog(androidStrings: utf8(english), file: "values/strings.xml", locale: "en")
        func text(_ key: String) -> String? { shown(catalog, key, "en") }
        #expect(text("store_title") == "Pickup point near you")
        #expect(text("quoted") == "  two  spaces kept  ")
        #expect(text("escapes") == "It's \"here\"\nnext\tline @home ?maybe a\\b é")
        #expect(text("entities") == "<b> & é€ q '", "an entity's double quote quotes, as in aapt2")
        #expect(text("walk") == "Walk to %1$@ in %2$d min")
        #expect(text("styled") == "Open now, until %@")
        #expect(text("price") == "%.2f € or 50%% off")
        #expect(text("literal") == "100%% sure")
        #expect(text("cdata") == "<a href=x>link</a>", "CDATA is text, its double quotes quoting")
        #expect(text("empty") == "")
        #expect(catalog.entries["brand"] == nil && catalog.entries["days"] == nil, "only strings and plurals are read")
        #expect(catalog.untranslatable == ["app_name"])
        #expect(catalog.entries["parcels_waiting"]?["en"]?.value == .plural([.one: .text("%d parcel waiting"), .other: .text("%d parcels waiting")]))
    }

    @Test("Java specifiers in Apple syntax: %s and %1$s become %@ and %1$@; %d, %.2f, %% stay")
    func specifiers() {
        #expect(AndroidText.appleFormat("%s %1$s %2$d %d %.2f %% %S %-5s %") == "%@ %1$@ %2$d %d %.2f %% %@ %-5@ %")
    }

    @Test("qualifiers become BCP 47 tags; other qualifiers are no locale", arguments: [
        ("de", "de"), ("pt-rBR", "pt-BR"), ("b+sr+Latn", "sr-Latn"), ("b+es+419", "es-419"), ("zh-rTW", "zh-TW"),
        ("en-rXA", "en-XA"), ("night", nil), ("v21", nil), ("de-night", nil), ("land", nil), ("sw600dp", nil), ("b+", nil),
    ] as [(String, String?)])
    func qualifiers(qualifiers: String, tag: String?) {
        #expect(AndroidText.locale(ofQualifiers: qualifiers) == tag)
    }

    @Test("a res/ folder: values/ is the source language, values-pl/ has its plurals, other qualifiers are skipped")
    func folder() throws {
        let res = try catalogFolder([
            "values/strings.xml": utf8(english),
            "values/other.xml": utf8(#"<resources><string name="extra">Extra</string></resources>"#),
            "values/not-resources.xml": utf8("<layout/>"),
            "values-pl/strings.xml": utf8(polish),
            "values-pt-rBR/strings.xml": utf8(#"<resources><string name="store_title">Ponto de retirada</string></resources>"#),
            "values-b+sr+Latn/strings.xml": utf8(#"<resources><string name="store_title">Tačka preuzimanja</string></resources>"#),
            "values-night/strings.xml": utf8(#"<resources><string name="store_title">Night</string></resources>"#),
            "values-v21/broken.xml": utf8("<resources"),
            "drawable/strings.xml": utf8("not xml"),
        ])
        let catalog = try LocalisedCatalog.read(res)
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.locales == ["en", "pl", "pt-BR", "sr-Latn"])
        #expect(shown(catalog, "store_title", "pl") == "Punkt odbioru w pobliżu")
        #expect(shown(catalog, "store_title", "pt-BR") == "Ponto de retirada")
        #expect(shown(catalog, "store_title", "sr-Latn") == "Tačka preuzimanja")
        #expect(shown(catalog, "extra", "en") == "Extra")
        guard case .plural(let forms) = catalog.entries["parcels_waiting"]?["pl"]?.value else { Issue.record("expected plurals"); return }
        #expect(Set(forms.keys) == [.one, .few, .many, .other])
        #expect(catalog.lookup("extra", locale: "pl")?.untranslated == .missingKey)
    }

    @Test("tools:locale on values/ names the source language")
    func toolsLocale() throws {
        let res = try catalogFolder([
            "values/strings.xml": utf8(#"<resources xmlns:tools="http://schemas.android.com/tools" tools:locale="de"><string name="a">Hallo</string></resources>"#),
            "values-en/strings.xml": utf8(#"<resources><string name="a">Hello</string></resources>"#),
        ])
        let catalog = try LocalisedCatalog.read(res)
        #expect(catalog.sourceLanguage == "de" && catalog.locales == ["de", "en"])
    }

    @Test("malformed resources are errors naming the file and the line", arguments: [
        ("<resources>\n  <string>x</string>\n</resources>", 2, "<string> has no name"),
        ("<resources>\n\n  <string name=\"a\">it's</string>\n</resources>", 3, "unescaped apostrophe"),
        ("<resources>\n  <string name=\"a\">x</string>\n  <string name=\"a\">y</string>\n</resources>", 3, "written twice"),
        ("<resources>\n  <plurals name=\"p\">\n    <item quantity=\"several\">x</item>\n  </plurals>\n</resources>", 3, "expected quantity="),
        ("<resources>\n  <string name=\"a\">&nbsp;</string>\n</resources>", 2, "unknown entity &nbsp;"),
        ("<resources>\n  <string name=\"a\">x</strin>\n</resources>", 2, "expected </string>"),
        ("<resources>\n  <string name=\"a\" translatable=\"maybe\">x</string>\n</resources>", 2, "translatable"),
        ("<resources>\n  <string name=\"a\">\\u12</string>\n</resources>", 2, "four hexadecimal digits"),
        ("<resources>\n  <string name=\"a\" name=\"b\">x</string>\n</resources>", 2, "written twice"),
        ("<resources>\n  <string name=\"a\">x</string>\n", 3, "<resources> is not closed"),
    ])
    func errors(xml: String, line: Int, expected: String) {
        expectLineError({ () throws(InfoWinError) in try LocalisedCatalog(androidStrings: utf8(xml), file: "values/strings.xml", locale: "en") }, file: "values/strings.xml", line: line, contains: expected)
    }
}
