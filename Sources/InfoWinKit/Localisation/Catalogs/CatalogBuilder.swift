/// The bounds every catalog reader keeps, checked while reading (Documentation/security.md).
package enum CatalogLimits {
    /// The largest catalog file read.
    package static let fileBytes = 32 << 20
    /// The most files one catalog folder may make the readers open.
    package static let files = 2_000
    /// The most keys in one catalog.
    package static let keys = 100_000
    /// The most strings (one key in one locale) in one catalog.
    package static let strings = 1_000_000
    /// The deepest nesting of variations (plural inside device inside …).
    package static let nesting = 8
}

/// A limit a reader met, or a key written twice: the message, for the reader to place in its file.
struct CatalogProblem: Error {
    let message: String
}

/// A catalog as its readers fill it, counting keys and strings against `CatalogLimits` as they come.
struct CatalogBuilder {
    private(set) var entries: [String: [String: LocalisedString]] = [:]
    private(set) var untranslatable = Set<String>()
    private(set) var declaredLocales = Set<String>()
    private var strings = 0

    /// Declares `key` (with no string yet: its text is the key itself).
    mutating func declare(_ key: String) throws(CatalogProblem) {
        guard entries[key] == nil else { return }
        guard entries.count < CatalogLimits.keys else {
            throw CatalogProblem(message: "more than \(Format.grouped(CatalogLimits.keys)) keys")
        }
        entries[key] = [:]
    }

    /// Adds `key`'s string in `locale`; a second one for the same key and locale is an error unless `replacing`.
    mutating func add(_ key: String, locale: String, _ string: LocalisedString, replacing: Bool = false) throws(CatalogProblem) {
        try declare(key)
        if entries[key]?[locale] != nil {
            guard replacing else { throw CatalogProblem(message: "the key \(JSONWriter.quoted(key)) is written twice for \(locale)") }
        } else {
            strings += 1
            guard strings <= CatalogLimits.strings else {
                throw CatalogProblem(message: "more than \(Format.grouped(CatalogLimits.strings)) strings")
            }
        }
        entries[key]?[locale] = string
        declaredLocales.insert(locale)
    }

    /// Marks `key` as not to be translated.
    mutating func markUntranslatable(_ key: String) {
        untranslatable.insert(key)
    }

    /// Declares a locale that has no string yet.
    mutating func declareLocale(_ locale: String) {
        declaredLocales.insert(locale)
    }

    /// The catalog built.
    func catalog(file: String, sourceLanguage: String) -> LocalisedCatalog {
        LocalisedCatalog(
            file: file, sourceLanguage: sourceLanguage, entries: entries, untranslatable: untranslatable, declaredLocales: declaredLocales)
    }
}

extension CatalogBuilder {
    /// A builder step whose limit or duplicate becomes an error from `failure`.
    mutating func step(_ failure: (String) -> InfoWinError, _ step: (inout CatalogBuilder) throws(CatalogProblem) -> Void) throws(InfoWinError) {
        do throws(CatalogProblem) { try step(&self) } catch { throw failure(error.message) }
    }
}
