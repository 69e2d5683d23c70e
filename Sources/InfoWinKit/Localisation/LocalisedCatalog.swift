/// Every key of a set of localised strings in every locale, whatever format they were read from: an
/// Apple String Catalog (`.xcstrings`), an Android resources folder (`values*/strings.xml`), or a folder
/// of `*.lproj/Localizable.strings` and `.stringsdict` files. One shape, so that what `{{strings.KEY}}`
/// shows (plurals, arguments, fallbacks, untranslated strings) is decided in one place.
package struct LocalisedCatalog: Sendable {
    /// The file or folder read, for messages.
    package var file: String
    /// The language strings are written in first (`en`): the last fallback before the key itself.
    package var sourceLanguage: String
    /// Every key's strings by locale (`de`, `pt-BR`, `sr-Latn`), as the catalog names its locales.
    package var entries: [String: [String: LocalisedString]]
    /// Keys that are not to be translated (`shouldTranslate: false`, `translatable="false"`): their
    /// source-language text is never "untranslated".
    var untranslatable: Set<String>
    /// Every locale the catalog has strings for, declared or filled in.
    var declaredLocales: Set<String>

    /// A catalog of these entries.
    package init(
        file: String, sourceLanguage: String, entries: [String: [String: LocalisedString]], untranslatable: Set<String> = [],
        declaredLocales: Set<String> = []
    ) {
        self.file = file
        self.sourceLanguage = sourceLanguage
        self.entries = entries
        self.untranslatable = untranslatable
        self.declaredLocales = declaredLocales.union(entries.values.flatMap(\.keys)).union([sourceLanguage])
    }

    /// Every locale, the source language first, then sorted: what `--locale all` renders.
    package var locales: [String] {
        [sourceLanguage] + declaredLocales.subtracting([sourceLanguage]).sorted()
    }
}

/// One key's string in one locale.
package struct LocalisedString: Sendable, Equatable {
    /// Its text, or the variations that pick one.
    package var value: LocalisedValue
    /// The `%#@name@` placeholders of its texts, by name.
    package var substitutions: [String: LocalisedSubstitution]
    /// Whether a translator finished it.
    package var state: TranslationState

    /// A string of this value.
    package init(value: LocalisedValue, substitutions: [String: LocalisedSubstitution] = [:], state: TranslationState = .translated) {
        self.value = value
        self.substitutions = substitutions
        self.state = state
    }
}

/// A localised text: a format string in Apple's syntax (`%@`, `%lld`, `%1$@`, `%.1f`, `%%`, `%#@name@`;
/// readers of other formats turn theirs into it, Android's `%1$s` into `%1$@`), or variations of texts.
package indirect enum LocalisedValue: Sendable, Equatable {
    /// One format string.
    case text(String)
    /// `variations.plural`: the form for the CLDR plural category of the first numeric argument (`other`
    /// when the category is missing).
    case plural([PluralCategory: LocalisedValue])
    /// `variations.device`: the form for a device (`iphone`, `ipad`, `mac`, …, `other`).
    case device([String: LocalisedValue])
}

/// CLDR's plural categories, as ICU's plural rules name them.
package enum PluralCategory: String, CaseIterable, Sendable, Hashable {
    case zero, one, two, few, many, other
}

/// A `%#@name@` placeholder: the plural form of its own argument (a String Catalog's `substitutions`, a
/// `.stringsdict`'s `NSStringPluralRuleType` entry).
package struct LocalisedSubstitution: Sendable, Equatable {
    /// Which argument picks the form and fills the specifier, from 1 (`argNum`).
    package var argumentNumber: Int
    /// The specifier the forms use for it, without `%` (`lld`, `@`, `.1f`).
    package var formatSpecifier: String
    /// The form for each plural category, each a format string.
    package var forms: [PluralCategory: String]

    /// A substitution of these forms.
    package init(argumentNumber: Int, formatSpecifier: String, forms: [PluralCategory: String]) {
        self.argumentNumber = argumentNumber
        self.formatSpecifier = formatSpecifier
        self.forms = forms
    }
}

/// Where a string is in translation (a String Catalog's `state`; other formats have only `translated`).
package enum TranslationState: String, Sendable, Equatable {
    case translated
    case new
    case needsReview = "needs_review"
    case stale
}
