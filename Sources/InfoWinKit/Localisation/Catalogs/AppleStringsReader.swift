/// Reads a folder of Apple `*.lproj` folders (`Base.lproj`, `en.lproj`, `de.lproj`, `zh-Hans.lproj`), each
/// with `Localizable.strings` and `Localizable.stringsdict` (whose entries take the place of the same key's
/// `.strings` entry, as Foundation's lookup does), into a `LocalisedCatalog`. `Base.lproj`, else
/// `en.lproj`, is the source language, named `en`; `pt_BR.lproj` is `pt-BR`.
enum AppleStringsReader {
    static let sourceLanguage = "en"

    /// The catalog of the folder `folder`.
    static func read(folder: String) throws(InfoWinError) -> LocalisedCatalog {
        var files = CatalogFiles()
        var builder = CatalogBuilder()
        let folders = try files.list(folder).filter { $0.hasSuffix(".lproj") && FileSystem.isFolder(Path.join(folder, $0)) }
        // Base first: en.lproj, when there is one too, then overrides it.
        for name in folders.filter({ $0 == "Base.lproj" }) + folders.filter({ $0 != "Base.lproj" }) {
            let tag = String(name.dropLast(".lproj".count)).replacing("_", with: "-")
            let locale = tag == "Base" ? sourceLanguage : tag
            let lproj = Path.join(folder, name)
            builder.declareLocale(locale)
            let strings = Path.join(lproj, "Localizable.strings")
            if FileSystem.isRegularFile(strings) { try add(stringsFile: try files.read(strings), file: strings, locale: locale, to: &builder) }
            let dictionary = Path.join(lproj, "Localizable.stringsdict")
            if FileSystem.isRegularFile(dictionary) {
                try add(stringsdict: try files.read(dictionary), file: dictionary, locale: locale, to: &builder)
            }
        }
        return builder.catalog(file: folder, sourceLanguage: sourceLanguage)
    }

    /// One `.strings` file's pairs in `locale`; a key written twice in one file is an error.
    static func add(stringsFile bytes: [UInt8], file: String, locale: String, to builder: inout CatalogBuilder) throws(InfoWinError) {
        var seen = Set<String>()
        for pair in try StringsFileReader.pairs(bytes, file: file) {
            let failure = { (message: String) in InfoWinError.syntax(file: file, line: pair.line, column: 1, path: nil, message: message) }
            guard seen.insert(pair.key).inserted else { throw failure("the key \(JSONWriter.quoted(pair.key)) is written twice") }
            try builder.step(failure) { builder throws(CatalogProblem) in
                try builder.add(pair.key, locale: locale, LocalisedString(value: .text(pair.value)), replacing: true)
            }
        }
    }

    /// One `.stringsdict` file's entries in `locale`.
    static func add(stringsdict bytes: [UInt8], file: String, locale: String, to builder: inout CatalogBuilder) throws(InfoWinError) {
        for entry in try StringsDictReader.strings(bytes, file: file) {
            try builder.step({ entry.element.failure(file, $0) }) { builder throws(CatalogProblem) in
                try builder.add(entry.key, locale: locale, entry.string, replacing: true)
            }
        }
    }
}
