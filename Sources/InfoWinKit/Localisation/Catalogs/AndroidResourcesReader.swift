/// Reads an Android resources folder (`res/`: `values/`, `values-de/`, `values-pt-rBR/`, `values-b+sr+Latn/`)
/// into a `LocalisedCatalog`: every `*.xml` file there whose root is `<resources>`, its `<string>`s and
/// `<plurals>`. `values/` is the source language (`en`, or its `tools:locale`); folders with other
/// qualifiers (`values-night`, `values-v21`) are skipped. An error names the file and the line.
struct AndroidResourcesReader {
    private var builder = CatalogBuilder()

    /// The catalog of the resources folder `folder`.
    static func read(folder: String) throws(InfoWinError) -> LocalisedCatalog {
        var files = CatalogFiles()
        var reader = AndroidResourcesReader()
        var sourceLanguage = "en"
        for name in try files.list(folder) where name == "values" || name.hasPrefix("values-") {
            let locale = name == "values" ? nil : AndroidText.locale(ofQualifiers: String(name.dropFirst("values-".count)))
            let values = Path.join(folder, name)
            guard name == "values" || locale != nil, FileSystem.isFolder(values) else { continue }
            var documents: [(root: MarkupElement, file: String)] = []
            for file in try files.list(values) where file.hasSuffix(".xml") && FileSystem.isRegularFile(Path.join(values, file)) {
                let path = Path.join(values, file)
                let root = try XMLReader.parse(try files.read(path), file: path)
                if root.name == "resources" { documents.append((root, path)) }
            }
            if locale == nil, let declared = documents.lazy.compactMap({ $0.root.attribute("tools:locale") }).first {
                sourceLanguage = declared
            }
            for document in documents {
                try reader.add(document.root, file: document.file, locale: locale ?? sourceLanguage)
            }
        }
        return reader.builder.catalog(file: folder, sourceLanguage: sourceLanguage)
    }

    /// The catalog of one `strings.xml` in `locale` (or its `tools:locale`): the fuzz target's and the tests' way in.
    static func read(_ bytes: [UInt8], file: String, locale: String) throws(InfoWinError) -> LocalisedCatalog {
        var reader = AndroidResourcesReader()
        let root = try XMLReader.parse(bytes, file: file)
        let locale = root.attribute("tools:locale") ?? locale
        if root.name == "resources" { try reader.add(root, file: file, locale: locale) }
        return reader.builder.catalog(file: file, sourceLanguage: locale)
    }

    /// Adds the strings of one file's `<resources>` in `locale`.
    private mutating func add(_ root: MarkupElement, file: String, locale: String) throws(InfoWinError) {
        builder.declareLocale(locale)
        for element in root.elements {
            switch element.name {
            case "string":
                try add(element, file: file, locale: locale) { element throws(InfoWinError) in .text(try Self.text(element, file: file)) }
            case "plurals":
                try add(element, file: file, locale: locale) { element throws(InfoWinError) in try Self.plural(element, file: file) }
            default:
                continue
            }
        }
    }

    /// Adds a `<string>` or `<plurals>` by its `name`, marking it untranslatable with `translatable="false"`.
    private mutating func add(
        _ element: MarkupElement, file: String, locale: String, value: (MarkupElement) throws(InfoWinError) -> LocalisedValue
    ) throws(InfoWinError) {
        guard let name = element.attribute("name"), !name.isEmpty else { throw element.failure(file, "<\(element.name)> has no name") }
        let string = LocalisedString(value: try value(element))
        try builder.step({ element.failure(file, $0) }) { builder throws(CatalogProblem) in
            try builder.add(name, locale: locale, string)
        }
        switch element.attribute("translatable") {
        case nil, "true": break
        case "false": builder.markUntranslatable(name)
        case let other?: throw element.failure(file, "translatable=\(JSONWriter.quoted(other)): expected \"true\" or \"false\"")
        }
    }

    /// `<plurals>`: one `<item quantity="…">` a category.
    private static func plural(_ element: MarkupElement, file: String) throws(InfoWinError) -> LocalisedValue {
        var forms: [PluralCategory: LocalisedValue] = [:]
        for item in element.elements {
            guard item.name == "item" else { throw item.failure(file, "<plurals> holds <\(item.name)>; expected <item quantity=…>") }
            guard let quantity = item.attribute("quantity"), let category = PluralCategory(rawValue: quantity) else {
                throw item.failure(file, "expected quantity=\"zero\", \"one\", \"two\", \"few\", \"many\" or \"other\"")
            }
            guard forms[category] == nil else { throw item.failure(file, "quantity=\"\(quantity)\" is written twice") }
            forms[category] = .text(try text(item, file: file, formatted: element.attribute("formatted") != "false"))
        }
        return .plural(forms)
    }

    /// An element's text (markup such as `<b>` and `<xliff:g>` kept as its text), unescaped, in Apple's format syntax.
    private static func text(_ element: MarkupElement, file: String, formatted: Bool? = nil) throws(InfoWinError) -> String {
        do throws(CatalogProblem) {
            let text = try AndroidText.unescape(element.textContent)
            return AndroidText.appleFormat(text, formatted: formatted ?? (element.attribute("formatted") != "false"))
        } catch {
            throw element.failure(file, error.message)
        }
    }
}
