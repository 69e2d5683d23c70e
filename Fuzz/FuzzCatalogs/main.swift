import FuzzSupport
import InfoWinKit

/// libFuzzer target: any bytes read as each catalog format (a String Catalog's JSON, an Android
/// `strings.xml`, a `.strings` file in UTF-8 or UTF-16, a `.stringsdict` plist) must give a catalog or an
/// error, never crash, hang or grow past the input; every catalog read is looked up once.
public func fuzzCatalogs(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let catalogs = [
        try? LocalisedCatalog(stringCatalog: bytes, file: "fuzz.xcstrings"),
        try? LocalisedCatalog(androidStrings: bytes, file: "values/strings.xml", locale: "en"),
        try? LocalisedCatalog(stringsFile: bytes, file: "en.lproj/Localizable.strings", locale: "en"),
        try? LocalisedCatalog(stringsFile: [0xFF, 0xFE] + bytes, file: "en.lproj/Localizable.strings", locale: "en"),
        try? LocalisedCatalog(stringsdict: bytes, file: "en.lproj/Localizable.stringsdict", locale: "en"),
    ]
    for catalog in catalogs.compactMap({ $0 }) {
        for key in catalog.entries.keys.prefix(8) {
            _ = catalog.lookup(key, locale: "de-AT")?.string.value.plainText
            _ = catalog.suggestion(for: key + "x")
        }
    }
    return 0
}

@_cdecl("FuzzCatalogs_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzCatalogs(data, size) })
}
