import Graphics

/// A label's font from MapLibre's `text-font` (font names such as `Noto Sans Bold`): each name's family
/// (the name less its style words) as a fontconfig family, then the render's own family, in one Pango
/// family list, so that a family the machine lacks falls through to the next; the first name's style
/// words give the weight and slant.
enum LabelFont {
    /// Style words that end a font name, and the weight each means (nil: a slant or width only).
    private static let styleWords: [String: Int?] = [
        "thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300, "regular": 400, "normal": 400,
        "book": 400, "medium": 500, "semibold": 600, "demibold": 600, "bold": 700, "extrabold": 800, "ultrabold": 800,
        "black": 900, "heavy": 900, "italic": nil, "oblique": nil, "condensed": nil,
    ]

    static func style(names: [String], size: Double, fallbackFamily: String) -> TextStyle {
        var families: [String] = []
        var weight: Int?
        var italic = false
        for (index, name) in names.enumerated() {
            var words = name.split(separator: " ").map(String.init)
            var nameWeight: Int?
            while let last = words.last, words.count > 1, let meaning = styleWords[last.lowercased()] {
                if let meaning { nameWeight = meaning }
                if index == 0, ["italic", "oblique"].contains(last.lowercased()) { italic = true }
                words.removeLast()
            }
            if index == 0 { weight = nameWeight }
            // A comma would split Pango's family list.
            let family = words.joined(separator: " ").replacing(",", with: " ")
            if !family.isEmpty, !families.contains(family) { families.append(family) }
        }
        if !families.contains(fallbackFamily) { families.append(fallbackFamily) }
        return TextStyle(family: families.joined(separator: ","), size: size, weight: weight ?? 400, italic: italic)
    }
}
