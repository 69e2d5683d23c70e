/// The language a text is most likely in, where it changes which glyphs are drawn: Han characters are
/// drawn in their Chinese forms unless kana make the text Japanese, or Hangul Korean.
enum TextLanguage {
    static func guess(_ text: String) -> String {
        var hasHan = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "ja"
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return "ko"
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: hasHan = true
            default: continue
            }
        }
        return hasHan ? "zh-cn" : "en"
    }
}
