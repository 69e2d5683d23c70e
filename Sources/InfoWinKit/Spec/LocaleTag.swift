import Graphics

/// The device's language and region as a BCP 47 tag (SPEC.md, "Locale"): it picks the forms of Han
/// characters and, for right-to-left languages, the direction of every paragraph and of custom views.
package struct LocaleTag: Hashable, Sendable, CustomStringConvertible {
    /// The tag as written (`"ja-JP"`, `"zh-Hant"`, `"ar"`).
    package let tag: String
    private let subtags: [String]

    /// The default, a US English device.
    static let unitedStatesEnglish = LocaleTag(checked: "en-US")

    /// Languages whose script runs right to left (primary subtags).
    static let rightToLeftLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "ha-arab", "he", "iw", "ks", "ku-arab", "ps", "sd", "ug", "ur", "yi"]

    /// A tag already checked by `init?(parsing:)`.
    private init(checked tag: String) {
        self.tag = tag
        subtags = tag.lowercased().split(separator: "-").map(String.init)
    }

    /// A well-formed tag (a 2–8 letter language, then subtags of 1–8 letters or digits), or nil.
    package init?(parsing tag: String) {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...8).contains(language.count),
              language.unicodeScalars.allSatisfy({ $0.isASCIILetter }),
              parts.dropFirst().allSatisfy({ part in
                  (1...8).contains(part.count) && part.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) }
              })
        else { return nil }
        self.init(checked: tag)
    }

    package var description: String { tag }

    /// The primary language subtag, lower-cased (`ja`).
    var language: String { subtags[0] }

    /// True for Arabic, Hebrew, Persian, Urdu and the other right-to-left languages.
    var isRightToLeft: Bool {
        Self.rightToLeftLanguages.contains(language) || subtags.contains("arab") || subtags.contains("hebr")
    }

    /// How paragraphs in this locale take their direction: by their first strong character, the locale's
    /// direction when they have none (aligned to the right in a right-to-left locale); every one right to
    /// left in the pseudo-locale `ar-XB`.
    var textDirection: TextDirection {
        guard isRightToLeft else { return .natural }
        return subtags == ["ar", "xb"] ? .rightToLeft : .naturalInRightToLeftLocale
    }

    /// The language Pango draws `text` in: a Chinese, Japanese or Korean locale gives Han characters its
    /// forms (traditional for `zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO`); otherwise kana make a text Japanese,
    /// Hangul Korean, and other Han text simplified Chinese.
    func pangoLanguage(for text: String) -> String {
        switch language {
        case "ja", "ko": return language
        case "zh":
            if subtags.contains("hk") || subtags.contains("mo") { return "zh-hk" }
            if subtags.contains("hant") || subtags.contains("tw") { return "zh-tw" }
            return "zh-cn"
        default:
            let guessed = TextLanguage.guess(text)
            return guessed == "en" && language != "en" ? tag.lowercased() : guessed
        }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
