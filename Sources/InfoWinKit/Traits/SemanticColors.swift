import Graphics

/// UIKit's semantic (dynamic) colours and the value each resolves to in light and dark mode.
///
/// Source: Apple Human Interface Guidelines, "Color" (the iOS system colours and the dynamic system
/// colours tables: https://developer.apple.com/design/human-interface-guidelines/color), as UIKit
/// resolves them from iOS 13 on (`UIColor.label.resolvedColor(with:)`), also tabulated at
/// https://noahgilmore.com/blog/dark-mode-uicolor-compatibility. Components are sRGB 0…255, alpha 0…1.
/// This is the one table of these values: the decoder, the schema and the tests read it.
enum SemanticColors {
    /// One colour's two appearances.
    struct Entry: Sendable {
        let name: String
        let light: RGBA
        let dark: RGBA
    }

    static let entries: [Entry] = [
        // Labels.
        entry("label", light: (0, 0, 0, 1), dark: (255, 255, 255, 1)),
        entry("secondaryLabel", light: (60, 60, 67, 0.6), dark: (235, 235, 245, 0.6)),
        entry("tertiaryLabel", light: (60, 60, 67, 0.3), dark: (235, 235, 245, 0.3)),
        entry("quaternaryLabel", light: (60, 60, 67, 0.18), dark: (235, 235, 245, 0.16)),
        entry("placeholderText", light: (60, 60, 67, 0.3), dark: (235, 235, 245, 0.3)),
        entry("lightText", light: (255, 255, 255, 0.6), dark: (255, 255, 255, 0.6)),
        entry("darkText", light: (0, 0, 0, 1), dark: (0, 0, 0, 1)),
        // Fills.
        entry("systemFill", light: (120, 120, 128, 0.2), dark: (120, 120, 128, 0.36)),
        entry("secondarySystemFill", light: (120, 120, 128, 0.16), dark: (120, 120, 128, 0.32)),
        entry("tertiarySystemFill", light: (118, 118, 128, 0.12), dark: (118, 118, 128, 0.24)),
        entry("quaternarySystemFill", light: (116, 116, 128, 0.08), dark: (118, 118, 128, 0.18)),
        // Backgrounds and grouped backgrounds.
        entry("systemBackground", light: (255, 255, 255, 1), dark: (0, 0, 0, 1)),
        entry("secondarySystemBackground", light: (242, 242, 247, 1), dark: (28, 28, 30, 1)),
        entry("tertiarySystemBackground", light: (255, 255, 255, 1), dark: (44, 44, 46, 1)),
        entry("systemGroupedBackground", light: (242, 242, 247, 1), dark: (0, 0, 0, 1)),
        entry("secondarySystemGroupedBackground", light: (255, 255, 255, 1), dark: (28, 28, 30, 1)),
        entry("tertiarySystemGroupedBackground", light: (242, 242, 247, 1), dark: (44, 44, 46, 1)),
        // Separators and links.
        entry("separator", light: (60, 60, 67, 0.29), dark: (84, 84, 88, 0.6)),
        entry("opaqueSeparator", light: (198, 198, 200, 1), dark: (56, 56, 58, 1)),
        entry("link", light: (0, 122, 255, 1), dark: (9, 132, 255, 1)),
        // System colours (the Human Interface Guidelines' values for iOS 15 and later).
        entry("systemRed", light: (255, 59, 48, 1), dark: (255, 69, 58, 1)),
        entry("systemOrange", light: (255, 149, 0, 1), dark: (255, 159, 10, 1)),
        entry("systemYellow", light: (255, 204, 0, 1), dark: (255, 214, 10, 1)),
        entry("systemGreen", light: (52, 199, 89, 1), dark: (48, 209, 88, 1)),
        entry("systemMint", light: (0, 199, 190, 1), dark: (99, 230, 226, 1)),
        entry("systemTeal", light: (48, 176, 199, 1), dark: (64, 200, 224, 1)),
        entry("systemCyan", light: (50, 173, 230, 1), dark: (100, 210, 255, 1)),
        entry("systemBlue", light: (0, 122, 255, 1), dark: (10, 132, 255, 1)),
        entry("systemIndigo", light: (88, 86, 214, 1), dark: (94, 92, 230, 1)),
        entry("systemPurple", light: (175, 82, 222, 1), dark: (191, 90, 242, 1)),
        entry("systemPink", light: (255, 45, 85, 1), dark: (255, 55, 95, 1)),
        entry("systemBrown", light: (162, 132, 94, 1), dark: (172, 142, 104, 1)),
        entry("systemGray", light: (142, 142, 147, 1), dark: (142, 142, 147, 1)),
        entry("systemGray2", light: (174, 174, 178, 1), dark: (99, 99, 102, 1)),
        entry("systemGray3", light: (199, 199, 204, 1), dark: (72, 72, 74, 1)),
        entry("systemGray4", light: (209, 209, 214, 1), dark: (58, 58, 60, 1)),
        entry("systemGray5", light: (229, 229, 234, 1), dark: (44, 44, 46, 1)),
        entry("systemGray6", light: (242, 242, 247, 1), dark: (28, 28, 30, 1)),
    ]

    /// Every name, in the table's order.
    static let names = entries.map(\.name)

    /// The colour `name` resolves to for `style`, or nil when UIKit has no such semantic colour.
    static func resolve(_ name: String, for style: UserInterfaceStyle) -> RGBA? {
        guard let entry = entries.first(where: { $0.name == name }) else { return nil }
        return style == .dark ? entry.dark : entry.light
    }

    private static func entry(
        _ name: String, light: (Double, Double, Double, Double), dark: (Double, Double, Double, Double)
    ) -> Entry {
        func rgba(_ c: (Double, Double, Double, Double)) -> RGBA { RGBA(red: c.0 / 255, green: c.1 / 255, blue: c.2 / 255, alpha: c.3) }
        return Entry(name: name, light: rgba(light), dark: rgba(dark))
    }
}
