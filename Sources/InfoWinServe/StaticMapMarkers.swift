import HTTPServer
import InfoWinKit

/// One marker of a static map: where, how its pin looks, and its id.
struct StaticMapMarker: Equatable {
    var id: String
    var latitude: Double
    var longitude: Double
    /// The pin's fill, `#RRGGBB`, or nil for the look's own.
    var color: String?
    /// The glyph on the pin, or nil for the look's dot.
    var label: String?
    /// The pin's size factor for Google's `size` (nil for `normal`).
    var pinScale: Double?
    /// The point of the pin's unit square on the location (Google's `anchor`), or nil for the look's.
    var anchor: StaticMapAnchor?
    /// The custom icon drawn instead of the pin (`icon:`), or nil.
    var icon: StaticMapIcon?
    /// The custom icon's pixels per point (`scale:`, Google's pixel density of the icon).
    var iconScale = 1
}

/// A marker's `anchor`: a point of its icon's unit square, or of its pixels (`X,Y`, a custom icon's).
struct StaticMapAnchor: Equatable {
    var x: Double
    var y: Double
    /// True for `X,Y` in the custom icon's pixels, made a point of its unit square once its size is known.
    var inPixels = false

    /// Google's anchor names.
    static let named: [String: StaticMapAnchor] = [
        "top": .init(x: 0.5, y: 0), "bottom": .init(x: 0.5, y: 1), "left": .init(x: 0, y: 0.5), "right": .init(x: 1, y: 0.5),
        "center": .init(x: 0.5, y: 0.5), "topleft": .init(x: 0, y: 0), "topright": .init(x: 1, y: 0),
        "bottomleft": .init(x: 0, y: 1), "bottomright": .init(x: 1, y: 1),
    ]
}

/// Google Static Maps' `markers` parameter: style items and locations separated by `|`
/// (`color:red|label:A|51.5,-0.127|48.85,2.35`), each location a marker in that style; ours adds `id:`.
enum StaticMapMarkers {
    /// Google's colour names, drawn in colours of our own choosing.
    static let namedColors = [
        "black": "#202124", "brown": "#8D5B2E", "green": "#2E9E4F", "purple": "#8E44AD", "yellow": "#F4C20D",
        "blue": "#3A72D8", "gray": "#7D8288", "orange": "#F2862F", "red": "#D93A2B", "white": "#FFFFFF",
    ]

    /// Google's marker sizes as the web pin's size factor (`PinElement.scale`, at least 0.5).
    static let sizes = ["tiny": 0.5, "small": 0.6, "mid": 0.8, "normal": 1.0]

    /// The markers of one `markers` value; `count` markers came before it (for the ids `m1`, `m2`, …).
    /// Icon URLs are taken from the hosts `iconHosts` names (`--allow-icon-host`).
    static func parse(_ value: String, after count: Int, iconHosts: Set<String> = []) throws(Problem) -> [StaticMapMarker] {
        var color: String?, label: String?, id: String?, pinScale: Double?, anchor: StaticMapAnchor?, labelled = true
        var icon: StaticMapIcon?, iconScale = 1
        var locations: [(Double, Double)] = []
        for item in value.split(separator: "|", omittingEmptySubsequences: true).map(String.init) {
            if let colon = item.firstIndex(of: ":") {
                let key = String(item[..<colon]), text = String(item[item.index(after: colon)...])
                switch key {
                case "color": color = try self.color(text)
                case "label":
                    // One character, as Google's label (a longer one Google does not draw: refused, not cut).
                    guard text.count == 1 else {
                        throw Problem(400, "markers: label: expected one character (as Google's: A–Z or 0–9), got \(JSONWriter.quoted(text))")
                    }
                    label = text
                case "id":
                    guard !text.isEmpty else { throw Problem(400, "markers: id: expected a marker id, got an empty one") }
                    id = text
                case "size":
                    // Google's sizes as the pin's size factor; tiny and small pins carry no label, as Google's.
                    guard let factor = sizes[text] else {
                        throw Problem(400, "markers: size: expected tiny, small, mid or normal, got \(JSONWriter.quoted(text))")
                    }
                    pinScale = factor == 1 ? nil : factor
                    labelled = text == "mid" || text == "normal"
                case "anchor": anchor = try self.anchor(text)
                case "scale":
                    // The custom icon's pixel density: the look's pin has none to change.
                    guard ["1", "2", "4"].contains(text) else { throw Problem(400, "markers: scale: expected 1, 2 or 4, got \(JSONWriter.quoted(text))") }
                    iconScale = Int(text) ?? 1
                case "icon": icon = try StaticMapIcon.parse(text, allowedHosts: iconHosts)
                default:
                    throw Problem(400, "markers: unknown style \(JSONWriter.quoted(key)); the styles drawn are color, label, size, anchor, scale, icon and id")
                }
            } else {
                locations.append(try location(item, parameter: "markers"))
            }
        }
        guard !locations.isEmpty else {
            throw Problem(400, "markers: expected at least one location LAT,LNG in \(JSONWriter.quoted(value))")
        }
        if anchor?.inPixels == true && icon == nil {
            throw Problem(400, "markers: anchor: X,Y is a point in a custom icon's pixels; give icon: too, or a named anchor (\(StaticMapAnchor.named.keys.sorted().joined(separator: ", ")))")
        }
        if let id, locations.count > 1 {
            throw Problem(400, "markers: id:\(id) names one marker, but the group has \(locations.count) locations")
        }
        return locations.enumerated().map { index, location in
            StaticMapMarker(
                id: id ?? "m\(count + index + 1)", latitude: location.0, longitude: location.1, color: color, label: labelled ? label : nil,
                pinScale: pinScale, anchor: anchor, icon: icon, iconScale: iconScale)
        }
    }

    /// A named anchor, or `X,Y` in the icon's pixels (whole numbers, as Google's).
    private static func anchor(_ text: String) throws(Problem) -> StaticMapAnchor {
        if let named = StaticMapAnchor.named[text] { return named }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let x = Int(parts[0]), let y = Int(parts[1]) else {
            throw Problem(400, "markers: anchor: expected \(StaticMapAnchor.named.keys.sorted().joined(separator: ", ")) or X,Y in the custom icon's pixels (such as 16,32), got \(JSONWriter.quoted(text))")
        }
        return StaticMapAnchor(x: Double(x), y: Double(y), inPixels: true)
    }

    /// `LAT,LNG` as numbers (addresses are not geocoded).
    static func location(_ text: String, parameter: String) throws(Problem) -> (Double, Double) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = Double(parts[0].trimmingSpaces), let longitude = Double(parts[1].trimmingSpaces),
              latitude.isFinite, longitude.isFinite
        else {
            if text.unicodeScalars.contains(where: \.properties.isAlphabetic) {
                throw Problem(400, "\(parameter): \(JSONWriter.quoted(text)) is a place name, and infowin has no geocoder; give the location as LAT,LNG in degrees")
            }
            throw Problem(400, "\(parameter): expected a location LAT,LNG in degrees (addresses are not looked up), got \(JSONWriter.quoted(text))")
        }
        return (latitude, longitude)
    }

    /// A colour name, or `0xRRGGBB`, as `#RRGGBB`.
    static func color(_ text: String, parameter: String = "markers: color") throws(Problem) -> String {
        if let named = namedColors[text.lowercased()] { return named }
        let digits = text.lowercased().hasPrefix("0x") ? text.dropFirst(2) : Substring()
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else {
            throw Problem(400, "\(parameter): expected a colour name (\(namedColors.keys.sorted().joined(separator: ", "))) or 0xRRGGBB (0xRRGGBBAA), got \(JSONWriter.quoted(text))")
        }
        return "#" + digits.uppercased()
    }
}
