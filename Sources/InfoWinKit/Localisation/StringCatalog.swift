/// An Apple String Catalog (`.xcstrings`, JSON): each key's text in each locale, as Xcode keeps them.
/// `{{strings.KEY}}` in a spec becomes the key's text in the chosen locale, falling back to the catalog's
/// source language and then to the key itself, as an app does.
public struct StringCatalog: Sendable {
    /// The catalog's source language (`en`).
    public let sourceLanguage: String
    /// Every key's texts by locale.
    private let strings: [String: [String: String]]
    /// Every locale a key is localised in, translated yet or not.
    private let declaredLocales: Set<String>
    /// The file, for messages.
    public let file: String

    /// Reads a catalog's JSON; an error names the file and the JSON path.
    public init(bytes: [UInt8], file: String) throws(InfoWinError) {
        let reader = ValueReader(file: file)
        let root = try JSONParser.parse(bytes, file: file)
        let catalog = try reader.object(root, .root, allowed: ["sourceLanguage", "strings", "version"])
        sourceLanguage = try catalog.required("sourceLanguage", reader.string)
        var strings: [String: [String: String]] = [:]
        var declared = Set<String>()
        let entries: [JSONMember] = try catalog.optional("strings") { value, path throws(InfoWinError) -> [JSONMember] in
            guard case .object(let members) = value.kind else { throw reader.mismatch(value, path, expected: "an object of keys") }
            return members
        } ?? []
        for entry in entries {
            let path = JSONPath.root.appending("strings").appending(entry.key)
            guard case .object(let fields) = entry.value.kind else { throw reader.mismatch(entry.value, path, expected: "an object") }
            var texts: [String: String] = [:]
            for field in fields where field.key == "localizations" {
                guard case .object(let locales) = field.value.kind else {
                    throw reader.mismatch(field.value, path.appending("localizations"), expected: "an object of locales")
                }
                for locale in locales {
                    declared.insert(locale.key)
                    if let text = try Self.text(of: locale.value, reader: reader, path: path.appending("localizations").appending(locale.key)) {
                        texts[locale.key] = text
                    }
                }
            }
            strings[entry.key] = texts
        }
        self.strings = strings
        declaredLocales = declared
        self.file = file
    }

    /// A localisation's text: its `stringUnit` (unless its state is `new`, untranslated), or its plural
    /// variations' `other`.
    private static func text(of value: JSONValue, reader: ValueReader, path: JSONPath) throws(InfoWinError) -> String? {
        guard case .object(let members) = value.kind else { throw reader.mismatch(value, path, expected: "an object") }
        for member in members {
            switch member.key {
            case "stringUnit":
                let unit = try reader.object(member.value, path.appending("stringUnit"), allowed: ["state", "value"])
                let state = try unit.optional("state", reader.string)
                guard state != "new" else { return nil }
                return try unit.required("value", reader.string)
            case "variations":
                guard case .object(let kinds) = member.value.kind,
                      let plural = kinds.first(where: { $0.key == "plural" }), case .object(let cases) = plural.value.kind,
                      let other = cases.first(where: { $0.key == "other" })
                else { continue }
                return try text(of: other.value, reader: reader, path: path.appending("variations").appending("plural").appending("other"))
            default:
                continue
            }
        }
        return nil
    }

    /// Every locale the catalog has a text in, the source language first, then sorted.
    public var locales: [String] {
        let all = declaredLocales.subtracting([sourceLanguage])
        return [sourceLanguage] + all.sorted()
    }

    /// The key's text in `locale` (or its language: `de` for `de-CH`), else the source language's, else the
    /// key; nil when the catalog has no such key.
    public func text(_ key: String, locale: String) -> String? {
        guard let texts = strings[key] else { return nil }
        let language = String(locale.split(separator: "-").first ?? Substring(locale))
        return texts[locale] ?? texts[language] ?? texts[sourceLanguage] ?? key
    }
}
