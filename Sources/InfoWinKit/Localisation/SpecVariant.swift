/// One spec made from a template before it is decoded (SPEC.md, "More commands and options"): strings from
/// a String Catalog in a locale, a row of data, a pseudo-locale. It is a step in front of the pipeline:
/// the spec's JSON is rewritten, then decoded as any spec.
public struct SpecVariant: Sendable {
    /// The catalog and the locale to take its strings in.
    public var strings: (catalog: StringCatalog, locale: String)?
    /// The row whose values fill `{{data.column}}`.
    public var row: DataRows.Row?
    /// Android's pseudo-locale applied to every title, snippet and text.
    public var pseudoLocale: PseudoLocale?
    /// Whether outputs are named by the locale (`--locale all`: one render per locale).
    public var namedByLocale = false

    /// A variant of nothing: the spec as it is.
    public init(strings: (catalog: StringCatalog, locale: String)? = nil, row: DataRows.Row? = nil, pseudoLocale: PseudoLocale? = nil) {
        self.strings = strings
        self.row = row
        self.pseudoLocale = pseudoLocale
    }

    /// The suffix of this variant's outputs: `.row-id` for a data row, `.de` with `--locale all`, or both
    /// (`.row-id.de`); empty for a single locale and no data.
    public var nameSuffix: String {
        [row?.name, namedByLocale ? strings?.locale : nil].compactMap { $0 }.map { "." + $0 }.joined()
    }

    /// The spec's JSON rewritten: every string's `{{strings.KEY}}` and `{{data.COLUMN}}` filled in, titles,
    /// snippets and texts pseudo-localised, and `locale` set to the catalog's locale or the pseudo-locale.
    public func apply(to source: SpecSource) throws(InfoWinError) -> SpecSource {
        guard strings != nil || row != nil || pseudoLocale != nil else { return source }
        let root = try JSONParser.parse(source.bytes, file: source.name)
        var kind = try rewrite(root.kind, path: .root, key: nil, file: source.name)
        if let locale = pseudoLocale?.rawValue ?? strings?.locale, case .object(let members) = kind {
            let others = members.filter { $0.key != "locale" }
            kind = .object(others + [JSONMember(key: "locale", value: JSONValue(kind: .string(locale), offset: 0))])
        }
        return SpecSource(name: source.name, bytes: Array(JSONWriter.write(kind).utf8), folder: source.folder)
    }

    private func rewrite(_ kind: JSONValue.Kind, path: JSONPath, key: String?, file: String) throws(InfoWinError) -> JSONValue.Kind {
        switch kind {
        case .string(let text):
            var filled = try fill(text, path: path, file: file)
            if let pseudoLocale, ["title", "snippet", "text"].contains(key ?? "") { filled = pseudoLocale.apply(to: filled) }
            return .string(filled)
        case .array(let elements):
            return .list(try elements.enumerated().map { index, element throws(InfoWinError) in
                try rewrite(element.kind, path: path.appending(index), key: nil, file: file)
            })
        case .object(let members):
            return .object(try members.map { member throws(InfoWinError) in
                JSONMember(key: member.key, value: JSONValue(
                    kind: try rewrite(member.value.kind, path: path.appending(member.key), key: member.key, file: file), offset: 0))
            })
        default:
            return kind
        }
    }

    /// `{{strings.KEY}}` and `{{data.COLUMN}}` filled in; other placeholders are left for the decoder.
    private func fill(_ text: String, path: JSONPath, file: String) throws(InfoWinError) -> String {
        guard text.contains("{{strings.") || text.contains("{{data.") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else { break }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: " ")
            if name.hasPrefix("strings.") {
                let key = String(name.dropFirst("strings.".count))
                guard let strings else {
                    throw .invalid(file: file, path: path, message: "{{strings.\(key)}} needs --strings FILE.xcstrings and --locale L")
                }
                guard let value = strings.catalog.text(key, locale: strings.locale) else {
                    throw .invalid(file: file, path: path, message: "{{strings.\(key)}}: \(strings.catalog.file) has no key \(JSONWriter.quoted(key))")
                }
                result += value
            } else if name.hasPrefix("data.") {
                let column = String(name.dropFirst("data.".count))
                guard let row else { throw .invalid(file: file, path: path, message: "{{data.\(column)}} needs --data FILE") }
                guard let value = row.values[column] else {
                    throw .invalid(file: file, path: path, message: "{{data.\(column)}}: row \(row.name) has no column \(JSONWriter.quoted(column))")
                }
                result += value
            } else {
                result += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
