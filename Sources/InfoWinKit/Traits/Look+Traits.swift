import Graphics

extension Look {
    /// The plain map's fill in an interface style (`LookRules`): the windows stay as they are in every
    /// look, the SDKs draw them from fixed bubble art.
    func mapBackground(for style: UserInterfaceStyle) -> RGBA {
        style == .dark ? rules.darkMapBackground ?? LookRules.lightMapBackground : LookRules.lightMapBackground
    }

    /// A text view's colour when it names none: #202124, or in dark mode what UILabel's default `label`
    /// colour resolves to, so that a custom view's text stays readable on a dark background.
    static func textViewColor(for style: UserInterfaceStyle) -> RGBA {
        style == .dark ? SemanticColors.resolve("label", for: .dark) ?? RGBA(hex: 0xFFFFFF) : RGBA(hex: 0x202124)
    }
}
