/// The declaration of the spec format, once: every object's keys with their types, ranges and SPEC.md's
/// words. `SpecSchema` writes it as JSON Schema, the decoder takes its key lists from it, and the README's
/// key tables are checked against it.
enum SpecDescription {
    /// The top level, in the order "allowed keys" lists them.
    static let topLevel = SpecObject("Map markers and their info windows, drawn the way the Google Maps SDK for iOS draws them (SPEC.md).", [
        "version": .constant(1, "format version"),
        "map": .object(map),
        "fonts": .array("font files loaded for this render only", of: .string("a font file")),
        "hermeticFonts": .bool("use only the files in fonts"),
        "infoWindow": .reference(.infoWindow),
        "markers": .array("at most 10,000", of: .reference(.marker), maxItems: 10_000),
        "selectedMarker": .anyOf("the marker whose window is shown", [.string("a marker id"), .null]),
        "events": .array("a scenario played by infowin play", of: .reference(.event)),
        "look": .choice("whose default window and pin are drawn", Look.allCases.map(\.rawValue)),
        "locale": .string("the device's BCP 47 locale (\"en-US\", \"ja\", \"ar\")"),
        "crop": .object(crop),
        "traits": .object(traits),
        "$schema": .string("this schema's address, for editors"),
        "showInfoWindows": .array(
            "more markers whose windows are shown at once, after selectedMarker's, later on top (beyond the SDK)",
            of: .string("a marker id")),
    ], required: ["map"], defaults: [
        "version": 1, "fonts": [], "hermeticFonts": false, "markers": [], "selectedMarker": nil, "events": [],
        "look": "ios", "locale": "en-US",
    ]).adding(shapeKeys)

    static let map = SpecObject("the canvas, camera, background, and tiles or a basemap", [
        "width": .number("canvas width in points", 1...4096), "height": .number("canvas height in points", 1...4096),
        "scale": .number("device pixel ratio", 1...4), "camera": .object(camera), "background": .colour, "tiles": .object(tiles),
        "basemap": .object(basemap),
        "padding": .insets("GMSMapView.padding: the camera target sits at the centre of the canvas less this"),
        "autoPan": .anyOf("move the camera so the open window is not cut", [.bool("on, with a 12 pt pan padding"), .object(autoPan)]),
    ], required: ["width", "height", "camera"], defaults: ["scale": 1, "background": "#E9E5DC", "padding": 0, "autoPan": false])

    static let autoPan = SpecObject("with a pan padding", ["padding": .number("points", 0...1000)], defaults: ["padding": .number(MapSpec.defaultPanPadding)])

    static let camera = SpecObject("GMSCameraPosition: target and zoom, or fit", [
        "target": .reference(.coordinate), "zoom": .number("Web Mercator zoom (256 pt world at zoom 0)", 0...22),
        "bearing": .number("degrees clockwise from north"), "fit": .object(fit),
    ], defaults: ["bearing": 0])

    static let fit = SpecObject("the highest zoom at which these markers and the window fit", [
        "markers": .anyOf("\"all\" or marker ids", [.choice("every marker", ["all"]), .array("ids", of: .string("a marker id"))]),
        "padding": .insets("space kept free inside the canvas and map.padding"), "includeInfoWindow": .bool("fit the open window too"),
        "maxZoom": .number("the highest zoom chosen", 0...22),
        "shapes": .bool("fit every shape's extent too"),
    ], defaults: ["padding": 0, "includeInfoWindow": true, "maxZoom": 21, "shapes": false])

    static let coordinate = SpecObject("a latitude and longitude in degrees", [
        "latitude": .number("−90…90", -90...90), "longitude": .number("−180…180", -180...180),
    ], required: ["latitude", "longitude"])

    static let tiles = SpecObject("a real map under the markers", [
        "source": .string("a folder template (tiles/{z}/{x}/{y}.png), an .mbtiles or .pmtiles file, or an http(s):// URL template"),
        "tileSize": .number("pixels a tile side", 64...1024, integer: true), "scheme": .choice("how rows are counted", ["xyz", "tms"]),
        "minZoom": .number("lowest level", 0...24, integer: true), "maxZoom": .number("highest level", 0...24, integer: true),
        "attribution": .string("drawn in the bottom-right corner"), "opacity": .number("0…1", 0...1),
        "detectRetina": .bool("at scale 2 and more, with no {r}, draw one level deeper at half size (Leaflet's option)"),
    ], required: ["source"], defaults: ["tileSize": 256, "scheme": "xyz", "minZoom": 0, "maxZoom": 19, "opacity": 1, "detectRetina": false])

    static let crop = SpecObject("write only part of the canvas", [
        "to": .choice("what to keep", CropSpec.Target.allCases.map(\.rawValue)), "margin": .number("points around it", 0...4096),
    ], required: ["to"], defaults: ["margin": 8])

    static let traits = SpecObject("UITraitCollection: the interface style semantic colours resolve for, the content size category text styles are sized for", [
        "userInterfaceStyle": .choice("light or dark", UserInterfaceStyle.allCases.map(\.rawValue)),
        "preferredContentSizeCategory": .choice("Dynamic Type size", ContentSizeCategory.names),
    ], defaults: ["userInterfaceStyle": "light", "preferredContentSizeCategory": "L"])

    /// A point of `{ "x", "y" }` in points, for what moves or shifts by it.
    static func shift(_ description: String, x: String = "points to the right", y: String = "points down", range: ClosedRange<Double>? = nil) -> SpecObject {
        SpecObject(description, ["x": .number(x, range), "y": .number(y, range)], defaults: ["x": 0, "y": 0])
    }
}
