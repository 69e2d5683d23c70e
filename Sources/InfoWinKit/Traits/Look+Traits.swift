import Graphics

extension Look {
    /// The plain map's fill in an interface style. The Maps SDK for iOS draws its map in dark colours when the
    /// device is in dark mode (`GMSMapView` follows the trait collection's `userInterfaceStyle`); the
    /// Android SDK and the JavaScript API keep their light map unless the app asks for a dark colour scheme.
    /// The dark fill is the land colour of Google's own "night" style sample (#242F3E). The default info
    /// windows stay as they are in every look: the SDKs draw them from fixed bubble art.
    func mapBackground(for style: UserInterfaceStyle) -> RGBA {
        style == .dark && self == .ios ? RGBA(hex: 0x242F3E) : RGBA(hex: 0xE9E5DC)
    }

    /// A text view's colour when it names none: #202124, or in dark mode what UILabel's default `label`
    /// colour resolves to, so that a custom view's text stays readable on a dark background.
    static func textViewColor(for style: UserInterfaceStyle) -> RGBA {
        style == .dark ? SemanticColors.resolve("label", for: .dark) ?? RGBA(hex: 0xFFFFFF) : RGBA(hex: 0x202124)
    }
}
