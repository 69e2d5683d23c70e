import InfoWinKit
import InfoWinTesting
import Testing

/// The card under Swift Testing, dark: its golden is `__Snapshots__/LondonSwiftTestingTests/london-dark.png`.
@Test func londonCardInDarkMode() {
    var map = LondonCard.map
    map.traits = #"{ "userInterfaceStyle": "dark" }"#
    expectInfoWindowSnapshot(of: map, named: "london-dark")
}

/// The card in every language of the catalog, light and dark: six goldens, `london.de.png`,
/// `london.de.dark.png`, … A cut text, a window the canvas cuts or a string from a fallback fails the test
/// even when the golden was recorded so; the render's warnings are warning issues.
@Test func londonCardInEveryLocaleAndStyle() {
    expectInfoWindowSnapshot(
        of: LondonCard.localised, named: "london", strings: LondonCard.catalog, locale: .all, traits: ["light", "dark"],
        failOn: [.truncated, .clipped, .untranslated])
}
