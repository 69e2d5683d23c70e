/// One spec made from a template before it is decoded (SPEC.md, "More commands and options"): strings from
/// a catalog in a locale, a row of data, a pseudo-locale. It is a step in front of the pipeline:
/// the spec's JSON is rewritten, then decoded as any spec.
package struct SpecVariant: Sendable {
    /// The catalog and the locale to take its strings in.
    package var strings: (catalog: LocalisedCatalog, locale: String)?
    /// The row whose values fill `{{data.column}}`.
    package var row: DataRows.Row?
    /// Android's pseudo-locale applied to every title, snippet and text.
    package var pseudoLocale: PseudoLocale?
    /// Whether outputs are named by the locale (`--locale all`: one render per locale).
    package var namedByLocale = false
    /// The traits the spec is drawn in instead of its own `traits` (`--traits`), or nil for its own.
    package var traits: Traits?
    /// Whether `render -o out.png` names outputs by the traits (`--traits` with more than one).
    package var namedByTraits = false

    /// The most variants one command renders each spec in: data rows × locales.
    package static let limit = DataRows.rowLimit

    /// A variant of nothing: the spec as it is.
    package init(strings: (catalog: LocalisedCatalog, locale: String)? = nil, row: DataRows.Row? = nil, pseudoLocale: PseudoLocale? = nil) {
        self.strings = strings
        self.row = row
        self.pseudoLocale = pseudoLocale
    }

    /// The suffix of this variant's name in images, goldens, messages and reports: `.row-id` for a data
    /// row, `.de` with `--locale all`, `.en-XA` for a pseudo-locale (whatever catalog locale it takes
    /// its words from), or a row's and a locale's (`.row-id.de`); empty for a single locale and no data.
    package var nameSuffix: String {
        suffix(naming: pseudoLocale?.rawValue ?? (namedByLocale ? strings?.locale : nil)) + (traits?.nameSuffix ?? "")
    }

    /// The suffix `render -o out.png` gives this variant's files: as `nameSuffix`, but a pseudo-locale
    /// is named only beside the real locales of `--locale all`, as a single `--locale de` keeps the name.
    var outputSuffix: String {
        suffix(naming: namedByLocale ? pseudoLocale?.rawValue ?? strings?.locale : nil) + (namedByTraits ? traits?.nameSuffix ?? "" : "")
    }

    /// ` [de]` after a spec's name in messages, for a variant's suffix `.de`; empty for none.
    package static func note(_ suffix: String) -> String {
        suffix.isEmpty ? "" : " [\(suffix.dropFirst())]"
    }

    private func suffix(naming locale: String?) -> String {
        [row?.name, locale].compactMap { $0 }.map { "." + $0 }.joined()
    }

    /// The spec's JSON rewritten: every string's `{{strings.KEY}}` and `{{data.COLUMN}}` filled in, titles,
    /// snippets and texts pseudo-localised, and `locale` set to the catalog's locale or the pseudo-locale.
    /// Each string is checked against the limits as it grows (16 MiB a string, 32 MiB the spec), so a small
    /// spec of many placeholders for one long value is refused, naming the file and JSON path, not built.
    package func apply(to source: SpecSource) throws(InfoWinError) -> SpecSource {
        guard strings != nil || row != nil || pseudoLocale != nil || traits != nil else { return source }
        let root = try JSONParser.parse(source.bytes, file: source.name)
        var state = RewriteState(file: source.name, budget: ExpansionBudget(total: source.bytes.count))
        // Traits alone change one top-level key: the strings are left as they are.
        let rewritesStrings = strings != nil || row != nil || pseudoLocale != nil
        var kind = rewritesStrings ? try rewrite(root.kind, path: .root, key: nil, userData: nil, state: &state) : root.kind
        if let locale = pseudoLocale?.rawValue ?? strings?.locale, case .object(let members) = kind {
            let others = members.filter { $0.key != "locale" }
            kind = .object(others + [JSONMember(key: "locale", value: JSONValue(kind: .string(locale), offset: 0))])
        }
        if let traits, case .object(let members) = kind {
            kind = .object(members.filter { $0.key != "traits" } + [JSONMember(key: "traits", value: JSONValue(kind: traits.json, offset: 0))])
        }
        var rewritten = SpecSource(name: source.name, bytes: Array(JSONWriter.write(kind).utf8), folder: source.folder)
        rewritten.untranslated = state.untranslated
        rewritten.fetchedFiles = source.fetchedFiles
        rewritten.writtenKeyDigests = .some(SpecKeyDigests.lines(of: root))
        rewritten.catalogKeyDigests = state.catalogTexts.isEmpty ? nil : state.catalogTexts.keys.sorted().map { key in
            Fingerprint.digest((state.catalogTexts[key] ?? []).joined(separator: "\u{0}").utf8) + " " + SpecKeyDigests.ascii(key)
        }
        rewritten.strings = strings.map { StringsFiller(catalog: $0.catalog, locale: $0.locale, pseudoLocale: pseudoLocale) }
        return rewritten
    }

    /// What rewriting a spec carries from string to string: its file, the growth budget and the strings
    /// shown from a fallback.
    private struct RewriteState {
        let file: String
        var budget: ExpansionBudget
        var untranslated: [UntranslatedString] = []
        /// What each catalog key filled, in order (for `infowin:catalog-keys`).
        var catalogTexts: [String: [String]] = [:]
    }

    /// `kind` rewritten; `userData` is the enclosing marker's, for `{{strings.KEY(userData.x)}}` arguments.
    private func rewrite(
        _ kind: JSONValue.Kind, path: JSONPath, key: String?, userData: [String: FormatArgument]?, state: inout RewriteState
    ) throws(InfoWinError) -> JSONValue.Kind {
        switch kind {
        case .string(let text):
            let filled = try fill(text, path: path, userData: userData, state: &state)
            guard let pseudoLocale, ["title", "snippet", "text"].contains(key ?? "") else { return .string(filled.text) }
            let pseudo = pseudoLocale.apply(to: filled.pieces)
            try grow(&state.budget, 0, by: pseudo.utf8.count, replacing: filled.text.utf8.count, what: "--pseudo-locale \(pseudoLocale.rawValue)", path: path, file: state.file)
            return .string(pseudo)
        case .array(let elements):
            // The elements of `markers` are markers: their strings take their own userData.
            let areMarkers = path == .root.appending("markers")
            var list: [JSONValue.Kind] = []
            for (index, element) in elements.enumerated() {
                let ownData = areMarkers ? StringsFiller.arguments(ofMarker: element.kind) : userData
                list.append(try rewrite(element.kind, path: path.appending(index), key: nil, userData: ownData, state: &state))
            }
            return .list(list)
        case .object(let members):
            var rewritten: [JSONMember] = []
            for member in members {
                let value = try rewrite(member.value.kind, path: path.appending(member.key), key: member.key, userData: userData, state: &state)
                rewritten.append(JSONMember(key: member.key, value: JSONValue(kind: value, offset: 0)))
            }
            return .object(rewritten)
        default:
            return kind
        }
    }

    /// `{{strings.KEY}}` and `{{data.COLUMN}}` filled in; other placeholders are left for the decoder. A
    /// data value is kept as it is by a pseudo-locale; the spec's and the catalog's words are not.
    private func fill(_ text: String, path: JSONPath, userData: [String: FormatArgument]?, state: inout RewriteState) throws(InfoWinError) -> FilledText {
        let file = state.file
        guard text.contains("{{strings.") || text.contains("{{data.") else { return FilledText(text) }
        var result = FilledText()
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            result.append(words: rest[..<open.lowerBound])
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: " ")
            if name.hasPrefix("strings.") {
                let reference: StringsReference
                do throws(StringsReferenceError) { reference = try StringsReference(parsing: Substring(name.dropFirst("strings.".count))) } catch {
                    throw .invalid(file: file, path: path, message: error.message)
                }
                guard let strings else {
                    throw .invalid(file: file, path: path, message: "{{strings.\(reference.key)}} needs --strings CATALOG and --locale L")
                }
                let filler = StringsFiller(catalog: strings.catalog, locale: strings.locale)
                if reference.usesUserData && userData == nil {
                    // A view all markers share: each marker fills it with its own values when it is drawn.
                    if let untranslated = try filler.check(reference, path: path, file: file) { state.untranslated.append(untranslated) }
                    result.append(kept: String(rest[open.lowerBound..<close.upperBound]))
                    rest = rest[close.upperBound...]
                    continue
                }
                let filled = try filler.fill(reference, row: row, userData: userData, path: path, file: file)
                if let untranslated = filled.untranslated { state.untranslated.append(untranslated) }
                state.catalogTexts[reference.key, default: []].append(filled.text)
                try grow(&state.budget, result.text.utf8.count, by: filled.text.utf8.count, replacing: rest[open.lowerBound..<close.upperBound].utf8.count,
                         what: "{{strings.\(reference.key)}}", path: path, file: file)
                for piece in filled.pieces {
                    switch piece {
                    case .words(let words): result.append(words: words)
                    case .kept(let number): result.append(kept: number)
                    }
                }
            } else if name.hasPrefix("data.") {
                let column = String(name.dropFirst("data.".count))
                guard let row else { throw .invalid(file: file, path: path, message: "{{data.\(column)}} needs --data FILE") }
                guard let value = row.value(column) else {
                    throw .invalid(file: file, path: path, message: "{{data.\(column)}}: row \(row.name) has no column \(JSONWriter.quoted(column))")
                }
                try grow(&state.budget, result.text.utf8.count, by: value.utf8.count, replacing: rest[open.lowerBound..<close.upperBound].utf8.count,
                         what: "{{data.\(column)}}", path: path, file: file)
                result.append(kept: value)
            } else {
                result.append(words: rest[open.lowerBound..<close.upperBound])
            }
            rest = rest[close.upperBound...]
        }
        // What follows the last placeholder is the spec's own text: it counts for the string's length only.
        try grow(&state.budget, result.text.utf8.count, by: rest.utf8.count, replacing: rest.utf8.count, what: "a template", path: path, file: file)
        result.append(words: rest)
        return result
    }

    /// `budget.grow`, its refusal an error naming the file, the JSON path and what was filled in.
    private func grow(
        _ budget: inout ExpansionBudget, _ length: Int, by added: Int, replacing removed: Int, what: String, path: JSONPath, file: String
    ) throws(InfoWinError) {
        do throws(TemplateError) { try budget.grow(length, by: added, replacing: removed) } catch {
            throw .invalid(file: file, path: path, message: "\(what): \(error.message)")
        }
    }
}

/// A string as `{{strings.KEY}}` and `{{data.COLUMN}}` filled it, and the pieces a pseudo-locale sees.
private struct FilledText {
    private(set) var text = ""
    private(set) var pieces: [PseudoPiece] = []

    init(_ words: String = "") {
        append(words: Substring(words))
    }

    mutating func append(words: some StringProtocol) {
        guard !words.isEmpty else { return }
        text += words
        pieces.append(.words(String(words)))
    }

    mutating func append(kept: String) {
        guard !kept.isEmpty else { return }
        text += kept
        pieces.append(.kept(kept))
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
