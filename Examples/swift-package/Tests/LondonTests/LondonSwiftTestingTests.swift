import InfoWinKit
import InfoWinTesting
import Testing

/// The card under Swift Testing, dark: its golden is `__Snapshots__/LondonSwiftTestingTests/london-dark.png`.
@Test func londonCardInDarkMode() {
    var map = LondonCard.map
    map.traits = #"{ "userInterfaceStyle": "dark" }"#
    expectInfoWindowSnapshot(of: map, named: "london-dark")
}
