import Foundation
import InfoWinKit

/// The map the tests snapshot: London's marker with its window open, drawn with fixed fonts only, so
/// that the goldens are the same on every machine.
enum LondonCard {
    static var map: MapView {
        let london = Coordinate(latitude: 51.5, longitude: -0.127)
        var marker = Marker(id: "london", position: london)
        marker.title = "London"
        marker.snippet = "Population: 8,174,100"
        var map = MapView(width: 390, height: 300, camera: Camera(target: london, zoom: 12))
        map.scale = 2
        map.markers = [marker]
        map.selectedMarker = "london"
        map.fonts = ["/usr/share/fonts/opentype/inter/Inter-Regular.otf", "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"]
        map.hermeticFonts = true
        return map
    }

    /// The same card with its words from the app's String Catalog (`Strings/Localizable.xcstrings`).
    static var localised: MapView {
        var map = map
        map.markers[0].title = "{{strings.city}}"
        map.markers[0].snippet = "{{strings.population}}"
        return map
    }

    /// The app's String Catalog, found from this file's place in the package.
    static let catalog = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Strings/Localizable.xcstrings").standardized
}
