import InfoWinKit

/// What a command line (`--strings`/`--locale`, `--data`, `--pseudo-locale`, `--traits`) or a Swift snapshot
/// helper (`strings:`, `locale:`, `data:`, `traits:`) asks to draw every spec in, as it was written, and the
/// variants that makes: every row in every locale in every trait; one plain variant without them. The
/// command line and `InfoWinTesting` both turn their inputs into variants here, so that they agree.
package struct VariantRequest: Sendable {
    /// The catalog's path (`--strings`).
    package var strings: String?
    /// One locale, a comma list or `all` (`--locale`).
    package var locale: String?
    /// The data rows file's path (`--data`).
    package var data: String?
    /// `en-XA` or `ar-XB` (`--pseudo-locale`).
    package var pseudoLocale: String?
    /// A trait, a comma list or `all` (`--traits`).
    package var traits: String?
    /// What errors call each input.
    package var names = Names.commandLine

    /// How errors name the inputs: the command line's options with their values' placeholders
    /// (`--locale L`), or a Swift helper's parameters (`locale:`).
    package struct Names: Sendable {
        package let strings, locale, data, pseudoLocale, traits: String
        /// True when a name is followed by its value's placeholder in advice (`--strings CATALOG`).
        let showsValues: Bool

        /// The command line's options.
        static let commandLine = Names(
            strings: "--strings", locale: "--locale", data: "--data", pseudoLocale: "--pseudo-locale", traits: "--traits", showsValues: true)
        /// The parameters of `assertInfoWindowSnapshot` and `expectInfoWindowSnapshot`.
        package static let swiftParameters = Names(
            strings: "strings:", locale: "locale:", data: "data:", pseudoLocale: "pseudoLocale:", traits: "traits:", showsValues: false)

        /// `name` asked for with its placeholder (`--locale L`), or the parameter alone (`locale:`).
        func asking(_ name: String, _ placeholder: String) -> String {
            showsValues ? "\(name) \(placeholder)" : name
        }
    }

    /// A request as written; nothing given is the spec as it is.
    package init(strings: String? = nil, locale: String? = nil, data: String? = nil, pseudoLocale: String? = nil, traits: String? = nil, names: Names = .commandLine) {
        self.strings = strings
        self.locale = locale
        self.data = data
        self.pseudoLocale = pseudoLocale
        self.traits = traits
        self.names = names
    }

    /// The variants asked for, checked; `note` hears what was read otherwise than written (a POSIX
    /// locale name as its BCP 47 tag).
    package func variants(note: (String) -> Void = { _ in }) throws(VariantRequestError) -> [SpecVariant] {
        var locales: [(LocalisedCatalog, String)?] = [nil]
        if let file = strings {
            let catalog = try self.catalog(file)
            guard let locale else {
                throw VariantRequestError("\(names.strings) needs \(names.asking(names.locale, "L")) (one of \(catalog.locales.joined(separator: ", ")), a list of them such as \(catalog.locales.prefix(2).joined(separator: ",")), or all)")
            }
            locales = try localeList(locale, in: catalog, file: file, note: note).map { (catalog, $0) }
            guard locales.count <= SpecVariant.limit else {
                throw VariantRequestError("\(names.locale) all: \(file) has \(locales.count) locales, more than the limit of \(Format.grouped(SpecVariant.limit)) renders")
            }
        } else if locale != nil {
            throw VariantRequestError("\(names.locale) needs \(names.asking(names.strings, "CATALOG")) (an .xcstrings file, res/ or a folder of *.lproj)")
        }
        var pseudo: PseudoLocale?
        if let text = pseudoLocale {
            guard let locale = PseudoLocale(rawValue: text) else {
                throw VariantRequestError("\(names.pseudoLocale) expected en-XA or ar-XB, got '\(text)'", after: names.pseudoLocale)
            }
            pseudo = locale
        }
        let everyLocale = locale.map { $0 == "all" || $0.contains(",") } ?? false
        let perRow = Self.pseudoLocales(locales, pseudo, everyLocale: everyLocale)
        var rows: [DataRows.Row?] = [nil]
        if let file = data {
            let bytes: [UInt8]
            do throws(FileSystemError) { bytes = try FileSystem.read(file, limit: 32 << 20) } catch {
                throw VariantRequestError("\(names.data) cannot read '\(file)': \(error.reason)", after: names.data)
            }
            // Rows × locales is bounded while the rows are read: each row is rendered in every locale.
            let limit = min(DataRows.rowLimit, SpecVariant.limit / perRow.count)
            do throws(InfoWinError) { rows = try DataRows(bytes: bytes, file: file, rowLimit: limit).rows } catch {
                let perLocale = limit < DataRows.rowLimit ? " (\(Format.grouped(SpecVariant.limit)) renders in all, in \(perRow.count) locales)" : ""
                throw VariantRequestError("\(names.data) \(error.message)\(perLocale)", after: names.data)
            }
        }
        let traitsList = try self.traitsList()
        guard rows.count * perRow.count * traitsList.count <= SpecVariant.limit else {
            throw VariantRequestError("\(names.traits) \(rows.count * perRow.count * traitsList.count) renders of each spec, more than the limit of \(Format.grouped(SpecVariant.limit))", after: names.traits)
        }
        let namedByTraits = traits.map { $0 == "all" || $0.contains(",") } == true
        return rows.flatMap { row in
            perRow.flatMap { strings, pseudo in
                traitsList.map { traits in
                    var variant = SpecVariant(strings: strings, row: row, pseudoLocale: pseudo)
                    variant.namedByLocale = everyLocale
                    variant.traits = traits
                    variant.namedByTraits = traits != nil && namedByTraits
                    return variant
                }
            }
        }
    }

    /// The locales `locale` names: one, a comma list (each one the catalog has, or whose language it
    /// has: `de-AT` with `de`), or `all`, the catalog's.
    private func localeList(_ written: String, in catalog: LocalisedCatalog, file: String, note: (String) -> Void) throws(VariantRequestError) -> [String] {
        guard written != "all" else { return catalog.locales }
        let text = bcp47(written, note: note)
        guard text.contains(",") else { return [text] }
        var locales: [String] = []
        for locale in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard !locale.isEmpty, locale != "all" else {
                throw VariantRequestError("\(names.locale) expected locales separated by commas (de,fr) or all alone, got '\(text)'", after: names.locale)
            }
            guard !locales.contains(locale) else { throw VariantRequestError("\(names.locale) '\(locale)' is named twice in '\(text)'", after: names.locale) }
            guard catalog.serves(locale) else {
                let hint = VariantRequestError.didYouMean(closestName(to: locale, among: catalog.locales))
                throw VariantRequestError("\(names.locale) \(file) has no locale '\(locale)'\(hint); its locales are \(catalog.locales.joined(separator: ", "))", after: names.locale)
            }
            locales.append(locale)
        }
        return locales
    }

    /// `locale` with POSIX names (`de_DE`, `pt_BR.UTF-8`, `sr_RS@latin`) read as their BCP 47 tags
    /// (`de-DE`, `pt-BR`, `sr-RS`), as a shell's `LANG` writes them, with a note saying so.
    private func bcp47(_ text: String, note: (String) -> Void) -> String {
        let tags = text.split(separator: ",", omittingEmptySubsequences: false).map { item in
            String(item.prefix { $0 != "." && $0 != "@" }).replacing("_", with: "-")
        }
        let converted = tags.joined(separator: ",")
        if converted != text { note("\(names.locale) '\(text)' is read as '\(converted)' (BCP 47 tags, as catalogs name locales)") }
        return converted
    }

    /// `traits`, checked: the traits of each variant, or `[nil]` (the spec's own) without it.
    private func traitsList() throws(VariantRequestError) -> [Traits?] {
        guard let text = traits else { return [nil] }
        switch TraitsList.parse(text) {
        case .success(let list):
            return list
        case .failure(let error):
            throw VariantRequestError(
                "\(names.traits) unknown trait '\(error.item)'\(VariantRequestError.didYouMean(error.suggestion)); expected dark, light, XS, S, M, L, XL, XXL, XXXL, AX1…AX5, a style and a size joined by a dot (dark.AX3), comma-separated, or all",
                after: names.traits)
        }
    }

    /// The locales each variant takes its strings in, with its pseudo-locale: a pseudo-locale alone or
    /// with one locale pseudo-localises that one's words; with every locale the real locales are
    /// rendered as they are and the pseudo-locale beside them, on the catalog's source language (the first
    /// locale), as Android's pseudo-locales are.
    private static func pseudoLocales(
        _ locales: [(LocalisedCatalog, String)?], _ pseudo: PseudoLocale?, everyLocale: Bool
    ) -> [(strings: (LocalisedCatalog, String)?, pseudo: PseudoLocale?)] {
        guard let pseudo else { return locales.map { ($0, nil) } }
        guard everyLocale, let source = locales.first else { return locales.map { ($0, pseudo) } }
        return locales.map { ($0, nil) } + [(source, pseudo)]
    }

    /// The catalog at `path`. A path that is no catalog is a wrong input (`namesInput`); a malformed
    /// catalog, or a file in it that cannot be read, is the work failing.
    private func catalog(_ path: String) throws(VariantRequestError) -> LocalisedCatalog {
        do throws(InfoWinError) { return try LocalisedCatalog.read(path) } catch {
            var isInput = false
            if case .io(let file, _) = error, file == path { isInput = true }
            var failure = VariantRequestError("\(names.strings) \(error.message)", after: names.strings)
            failure.isInput = isInput
            throw failure
        }
    }
}

/// A variant request that cannot be met: the message names the option or parameter.
package struct VariantRequestError: Error, Sendable {
    /// `--locale: …` or `locale: …`.
    package let message: String
    /// True when the input itself is wrong (the command line's exit 2); false when the work failed on
    /// it (a malformed catalog: exit 1).
    package var isInput = true

    /// An error whose message is `message`; `after` is a name the message starts with, which the command
    /// line follows by a colon (`--locale: …`) and a parameter already ends with (`locale: …`).
    init(_ message: String, after name: String? = nil) {
        if let name, name.hasPrefix("--"), message.hasPrefix(name + " ") {
            self.message = name + ":" + message.dropFirst(name.count)
        } else {
            self.message = message
        }
    }

    /// ` (did you mean 'NAME'?)` after an unknown word when a near `name` was found; nothing when none was.
    static func didYouMean(_ name: String?) -> String {
        name.map { " (did you mean '\($0)'?)" } ?? ""
    }
}
