/// What `{{strings.KEY}}` shows in a locale: the string, where it came from, and why it is untranslated.
package struct LocalisedLookup: Sendable, Equatable {
    /// The string to show (the key itself as text when no locale has it).
    package var string: LocalisedString
    /// The locale the string came from; nil when it is the key itself.
    package var locale: String?
    /// Why the string shown is not a translation into the locale asked for; nil when it is one (or needs none).
    package var untranslated: UntranslatedReason?
}

/// Why a shown string is untranslated (SPEC.md, "Localisation, round two").
package enum UntranslatedReason: Sendable, Equatable {
    /// The catalog has the locale (or its language) but not this key in it.
    case missingKey
    /// The locale's string is not finished: `new`, `needs_review` or `stale`.
    case state(TranslationState)
    /// The catalog has neither the locale asked for nor its language.
    case missingLocale
}

extension LocalisedCatalog {
    /// The string `key` shows in `locale` (`de-AT`): the locale's, else its language's (`de`), else the
    /// source language's, else the key itself; a string not `translated` is passed over. Nil when the
    /// catalog has no such key. Keys not to be translated, and the source language, are never untranslated.
    package func lookup(_ key: String, locale: String) -> LocalisedLookup? {
        guard let strings = entries[key] else { return nil }
        let language = Self.language(of: locale)
        let asked = locale == language ? [locale] : [locale, language]
        let isSource = language == Self.language(of: sourceLanguage)
        if isSource || untranslatable.contains(key) {
            // The source language's own strings count whatever their state; a key not to translate takes a
            // finished translation when there is one, else the source text.
            let found = asked.first { strings[$0] != nil && (isSource || strings[$0]?.state == .translated) }
                ?? (strings[sourceLanguage] != nil ? sourceLanguage : nil)
            guard let found, let string = strings[found] else {
                return LocalisedLookup(string: LocalisedString(value: .text(key)), locale: nil, untranslated: nil)
            }
            return LocalisedLookup(string: string, locale: found, untranslated: nil)
        }
        var reason: UntranslatedReason?
        for tag in asked {
            guard let string = strings[tag] else { continue }
            if string.state == .translated { return LocalisedLookup(string: string, locale: tag, untranslated: reason) }
            reason = reason ?? .state(string.state)
        }
        if reason == nil {
            reason = asked.contains(where: declaredLocales.contains) ? .missingKey : .missingLocale
        }
        if let source = strings[sourceLanguage] {
            return LocalisedLookup(string: source, locale: sourceLanguage, untranslated: reason)
        }
        return LocalisedLookup(string: LocalisedString(value: .text(key)), locale: nil, untranslated: reason)
    }

    /// The key nearest to `key` (at most two edits away), for "did you mean"; nil when none is near.
    package func suggestion(for key: String) -> String? {
        let length = key.unicodeScalars.count
        guard length <= 200 else { return nil }
        let near = entries.keys.filter { abs($0.unicodeScalars.count - length) <= 2 }.sorted()
        return closestName(to: key, among: near)
    }

    /// The language of a BCP 47 tag: `de` for `de-AT`, `zh` for `zh-Hans`.
    static func language(of tag: String) -> String {
        String(tag.split(separator: "-", maxSplits: 1).first ?? Substring(tag))
    }
}

extension LocalisedValue {
    /// The text shown without arguments: a plural's `other` form, a device's `iphone` form (else `other`).
    package var plainText: String {
        switch self {
        case .text(let text):
            text
        case .plural(let forms):
            (forms[.other] ?? PluralCategory.allCases.lazy.compactMap { forms[$0] }.first)?.plainText ?? ""
        case .device(let forms):
            (forms["iphone"] ?? forms["other"] ?? forms.sorted { $0.key < $1.key }.first?.value)?.plainText ?? ""
        }
    }
}
