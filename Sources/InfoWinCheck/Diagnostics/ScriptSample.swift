import InfoWinKit

/// A script infowin draws, a few characters of it, and the Debian package whose fonts draw it: what
/// `infowin doctor` asks the fonts for.
struct ScriptSample: Sendable {
    /// The script's name, as messages give it.
    let name: String
    /// Characters of the script.
    let text: String
    /// The package to install when no font has them.
    let package: String

    /// The scripts Documentation/localisation.md's "Locale" promises, with the fonts `make` installs.
    static let all = [
        ScriptSample(name: "Latin", text: "Zoë Łódź Đà Nẵng", package: "fonts-inter"),
        ScriptSample(name: "Greek", text: "Καλημέρα", package: "fonts-inter"),
        ScriptSample(name: "Cyrillic", text: "Привет", package: "fonts-inter"),
        ScriptSample(name: "Arabic", text: "مرحبا", package: "fonts-noto-core"),
        ScriptSample(name: "Hebrew", text: "שלום", package: "fonts-noto-core"),
        ScriptSample(name: "Devanagari", text: "नमस्ते", package: "fonts-noto-core"),
        ScriptSample(name: "Thai", text: "สวัสดี", package: "fonts-noto-core"),
        ScriptSample(name: "CJK", text: "你好 こんにちは", package: "fonts-noto-cjk"),
        ScriptSample(name: "Hangul", text: "안녕하세요", package: "fonts-noto-cjk"),
        ScriptSample(name: "emoji", text: "😀👍🏽", package: "fonts-noto-color-emoji"),
    ]
}
