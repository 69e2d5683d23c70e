/// The JSON Schema (draft 2020-12) of the spec format, with SPEC.md's words as descriptions so that
/// editors show them (`infowin schema`, and `spec.schema.json` at the repository's root). It describes
/// the structure: the keys, their types and ranges; what needs the whole spec (ids that exist, files that
/// exist) is checked by `infowin validate`.
public enum SpecSchema {
    /// The schema as pretty-printed JSON text.
    public static var text: String { JSONWriter.write(schema) }

    typealias Kind = JSONValue.Kind

    private static func object(
        _ description: String, _ properties: KeyValuePairs<String, Kind>, required: [String] = []
    ) -> Kind {
        var members: [JSONMember] = [
            JSONMember(key: "type", value: JSONValue(kind: .string("object"), offset: 0)),
            JSONMember(key: "description", value: JSONValue(kind: .string(description), offset: 0)),
            JSONMember(key: "properties", value: JSONValue(kind: .members(properties), offset: 0)),
            JSONMember(key: "additionalProperties", value: JSONValue(kind: .bool(false), offset: 0)),
        ]
        if !required.isEmpty {
            members.append(JSONMember(key: "required", value: JSONValue(kind: .list(required.map { .string($0) }), offset: 0)))
        }
        return .object(members)
    }

    private static func number(_ description: String, _ range: ClosedRange<Double>? = nil, integer: Bool = false) -> Kind {
        var kind = Kind.members(["type": .string(integer ? "integer" : "number"), "description": .string(description)])
        if let range {
            kind = kind.adding("minimum", .number(range.lowerBound)).adding("maximum", .number(range.upperBound))
        }
        return kind
    }

    private static func string(_ description: String) -> Kind {
        .members(["type": .string("string"), "description": .string(description)])
    }

    private static func bool(_ description: String) -> Kind {
        .members(["type": .string("boolean"), "description": .string(description)])
    }

    private static func choice(_ description: String, _ values: [String]) -> Kind {
        .members(["enum": .list(values.map { .string($0) }), "description": .string(description)])
    }

    private static func ref(_ name: String, _ description: String? = nil) -> Kind {
        var kind = Kind.members(["$ref": .string("#/$defs/\(name)")])
        if let description { kind = kind.adding("description", .string(description)) }
        return kind
    }

    private static func anyOf(_ description: String, _ kinds: [Kind]) -> Kind {
        .members(["anyOf": .list(kinds), "description": .string(description)])
    }

    private static func array(_ description: String, of items: Kind, maxItems: Int? = nil) -> Kind {
        var kind = Kind.members(["type": .string("array"), "items": items, "description": .string(description)])
        if let maxItems { kind = kind.adding("maxItems", .number(Double(maxItems))) }
        return kind
    }

    private static let null = Kind.members(["type": .string("null")])

    private static let colour = anyOf("a colour: \"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", rgb(r, g, b), rgba(r, g, b, a), or a UIKit semantic colour resolved for traits.userInterfaceStyle", [
        .members(["type": .string("string"), "pattern": .string("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$")]),
        .members(["type": .string("string"), "pattern": .string("^[Rr][Gg][Bb][Aa]?\\(.*\\)$")]),
        choice("a semantic colour", SemanticColors.names),
    ])

    /// A whole-string template, `"{{userData.status}}"`: a data-driven value, checked when filled.
    private static let template = Kind.members([
        "type": .string("string"), "pattern": .string("^\\{\\{.+\\}\\}$"),
        "description": .string("a data-driven value: a whole-string template ({{userData.KEY}}), filled per marker and then checked as the key's type"),
    ])

    /// `kind` with every typed value in it (numbers, booleans, names, colours) also taking a whole-string
    /// template; keys whose strings are templates of their own are left as they are.
    private static func dataDriven(_ kind: Kind) -> Kind {
        guard case .object(let members) = kind else { return kind }
        if members.contains(where: { $0.key == "$ref" }) { return kind }
        let isLeaf = members.contains { member in
            switch (member.key, member.value.kind) {
            case ("type", .string(let type)): ["number", "integer", "boolean"].contains(type)
            case ("enum", _), ("pattern", _): true
            default: false
            }
        }
        if isLeaf { return anyOf("a value, or a data-driven template", [kind, template]) }
        return .object(members.map { member in
            switch (member.key, member.value.kind) {
            case ("properties", .object(let properties)):
                let mapped = properties.map { property in
                    SpecDecoder.templateKeys.contains(property.key) || ["if", "forEach"].contains(property.key)
                        ? property : JSONMember(key: property.key, value: JSONValue(kind: dataDriven(property.value.kind), offset: 0))
                }
                return JSONMember(key: member.key, value: JSONValue(kind: .object(mapped), offset: 0))
            case ("anyOf", .array(let options)):
                return JSONMember(key: member.key, value: JSONValue(kind: .list(options.map { dataDriven($0.kind) }), offset: 0))
            case ("items", let items):
                return JSONMember(key: member.key, value: JSONValue(kind: dataDriven(items), offset: 0))
            default:
                return member
            }
        })
    }

    private static func insets(_ description: String, keys: [String] = ["top", "left", "bottom", "right"]) -> Kind {
        var properties: [JSONMember] = []
        for key in keys {
            properties.append(JSONMember(key: key, value: JSONValue(kind: number("points", 0...4096), offset: 0)))
        }
        let sides = Kind.members([
            "type": .string("object"), "properties": .object(properties), "additionalProperties": .bool(false),
        ])
        return anyOf(description, [number("the same on every side", 0...4096), sides])
    }

    private static let font = object("a font; keys left out keep the default's", [
        "family": string("family name, as fontconfig knows it (\"Inter\")"),
        "size": number("size in points", 1...500),
        "weight": anyOf("\"normal\", \"bold\", a UIFont.Weight name, or 100…900", [
            choice("a named weight", Array(SpecDecoder.namedWeights.keys).sorted()), number("a CSS weight", 100...900, integer: true),
        ]),
        "style": choice("slant", ["normal", "italic"]),
        "textStyle": choice("a Dynamic Type text style: its size at traits.preferredContentSizeCategory (Apple's table), its weight unless weight is given (headline is semibold); not with size", DynamicTextStyle.allCases.map(\.rawValue)),
    ])

    private static let tail = object("the tail under the body: a right-angle tip by default", [
        "width": number("width of its base in points", 0...1000), "height": number("height from base to tip in points", 0...1000),
    ])

    private static let shadow = object("a blurred shadow under the window", [
        "color": colour, "blur": number("a Gaussian of σ = blur ÷ 2, in points", 0...100),
        "offsetX": number("points to the right", -1000...1000), "offsetY": number("points down", -1000...1000),
        "spread": number("points the shape grows before it is blurred (CSS box-shadow's spread)", 0...100),
    ])

    private static let style = dataDriven(object("the default window's frame and text; defaults are the look's", [
        "maxWidth": number("text width limit", 1...4096), "minWidth": number("body width floor", 0...4096),
        "padding": number("space between the frame and the text", 0...1000), "cornerRadius": number("radius of the body's corners", 0...1000),
        "background": colour, "tail": anyOf("the tail, or null for none", [tail, null]),
        "shadow": anyOf("the shadow, or null for none", [shadow, null]), "titleFont": font, "titleColor": colour,
        "titleMaxLines": number("lines of title before \"…\"", 1...1000, integer: true), "snippetFont": font, "snippetColor": colour,
        "snippetMaxLines": number("lines of snippet before \"…\"", 1...1000, integer: true),
        "textAlign": choice("where lines sit: start and end follow the text's direction", TextAlign.allCases.map(\.rawValue)),
        "closeButton": bool("a close button (×) in the top-right corner (the web look's)"),
    ]))

    private static let view = dataDriven(object("a view: exactly one of text, spans, image, vstack, hstack, zstack, spacer, divider, with modifiers", [
        "text": string("text; may hold {{title}}, {{snippet}}, {{id}}, {{userData.KEY}} (a path: {{userData.store.hours[0].open}}), and {{item}}, {{item.KEY}}, {{index}} in a forEach"),
        "spans": array("one paragraph of runs, each in its own font and colour", of: object("a run", [
            "text": string("its text"), "font": font, "color": colour,
        ], required: ["text"])),
        "image": string("a PNG file (its path may hold templates), sandboxed as every asset"),
        "vstack": array("children one under the other", of: ref("stackChild")),
        "hstack": array("children side by side", of: ref("stackChild")),
        "zstack": array("children over each other, later on top", of: ref("stackChild")),
        "spacer": anyOf("a fixed gap in points, or null for all the free length", [number("points", 0...4096), null]),
        "divider": object("a line across its stack", ["color": colour, "thickness": number("points", 0...100)]),
        "font": font, "color": colour, "maxLines": number("lines before \"…\"", 1...1000, integer: true),
        "align": string("text: start, center or end; vstack: also leading or trailing; hstack: also leading, trailing, top or bottom; zstack: SwiftUI's alignments"),
        "locale": string("this text's own BCP 47 locale"), "lineSpacing": number("points between lines", 0...100),
        "contentMode": choice("how an image fills its box", ContentMode.allCases.map(\.rawValue)),
        "spacing": number("points between a stack's children", 0...1000),
        "padding": insets("space inside the border"), "background": anyOf("a colour or a linear gradient", [colour, object("a gradient", [
            "gradient": object("from one colour to another", ["from": colour, "to": colour, "angle": number("CSS degrees")], required: ["from", "to"]),
        ], required: ["gradient"])]),
        "cornerRadius": insets("radius of every corner, or of each", keys: ["topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]),
        "border": object("a line inside the box's edge", ["color": colour, "width": number("points", 0...100)]),
        "width": number("the whole box's width", 0...4096), "height": number("the whole box's height", 0...4096),
        "minWidth": number("the least width", 0...4096), "maxWidth": number("the most width", 0...4096),
        "minHeight": number("the least height", 0...4096), "maxHeight": number("the most height; text shows the lines that fit", 0...4096),
        "opacity": number("0…1, for the view and all it holds", 0...1),
        "offset": object("moves the view where it is drawn", ["x": number("points right"), "y": number("points down")]),
        "if": string("\"userData.KEY\" or \"!userData.KEY\": shown only when the value exists and is not false, 0, \"\" or []"),
        "tail": anyOf("a window root's tail", [tail, null]), "shadow": anyOf("a window root's shadow", [shadow, null]),
        "clipsToBounds": bool("an iconView root's: false draws its views outside the icon's frame (default true)"),
    ]))

    private static let stackChild = anyOf("a view, or a view repeated over a userData array", [
        ref("view"),
        object("a view repeated once per element of a userData array", [
            "forEach": string("\"userData.KEY\" (a path), an array of strings, numbers or objects"), "view": ref("view"),
        ], required: ["forEach", "view"]),
    ])

    private static let infoWindow = object("how info windows are made: the default one with a style, custom contents, or a custom window", [
        "style": style, "contents": ref("view", "a view inside the default frame (markerInfoContents)"),
        "window": ref("view", "a view as the whole window (markerInfoWindow)"),
        "disableAutoPan": bool("the web look does not pan to show this window when it opens (InfoWindowOptions)"),
        "pixelOffset": object("moves the whole window, its tail's tip included (InfoWindowOptions)", [
            "x": number("points to the right", -4096...4096), "y": number("points down", -4096...4096),
        ]),
        "minWidth": number("the body is at least this wide, in points (InfoWindowOptions)", 0...4096),
        "maxWidth": number("the body is at most this wide, in points: text wraps to fit (InfoWindowOptions)", 0...4096),
    ])

    private static let coordinate = object("a latitude and longitude in degrees", [
        "latitude": number("−90…90", -90...90), "longitude": number("−180…180", -180...180),
    ], required: ["latitude", "longitude"])

    private static let unitPoint = object("a point of the icon's unit square", ["x": number("0…1", 0...1), "y": number("0…1", 0...1)], required: ["x", "y"])

    private static let marker = object("one GMSMarker", [
        "id": string("unique, non-empty"), "position": ref("coordinate"),
        "title": string("first line of the default window, bold"), "snippet": string("text under the title, smaller"),
        "icon": anyOf("a PNG file, an image with its scale, or the default pin tinted", [
            string("a PNG file"), object("an image", ["image": string("a PNG file"), "scale": number("pixels per point", 0.1...16)], required: ["image"]),
            object("the default pin tinted", ["color": colour], required: ["color"]), null,
        ]),
        "iconView": ref("view", "a view drawn as the icon"), "groundAnchor": unitPoint, "infoWindowAnchor": unitPoint,
        "rotation": number("degrees clockwise about the ground anchor"), "flat": bool("the icon turns with the map's bearing"),
        "opacity": number("0…1", 0...1), "zIndex": number("higher draws later", integer: true),
        "tracksInfoWindowChanges": bool("an open window shows changes at once"),
        "userData": .members([
            "type": .string("object"), "description": .string("values for {{userData.KEY}}, if and forEach"),
            "additionalProperties": ref("userDataValue"),
        ]),
        "infoWindow": ref("infoWindow"),
        "pin": pin,
        "collisionBehavior": choice(
            "required (always drawn, hides nothing), requiredAndHidesOptional (always drawn, hides the optional markers it overlaps) or "
                + "optionalAndHidesLowerPriority (hidden where it overlaps one of these or a shown optional marker of higher priority)",
            CollisionBehavior.allCases.map(\.rawValue)),
        "tappable": bool("false: taps and hit pass through the marker (default true)"),
    ], required: ["id", "position"])

    private static let pin = dataDriven(object("GMSPinImage / PinElement: the look's pin in other colours, with a glyph; not with icon or iconView", [
        "background": colour, "borderColor": colour,
        "glyph": anyOf("what the head shows instead of the dot", [
            string("bold text, 1 to 40 characters"),
            object("text", ["text": string("bold text, 1 to 40 characters"), "textColor": colour], required: ["text"]),
            object("an image fitted to the head", ["image": string("a PNG, JPEG or WebP file, sandboxed as every asset")], required: ["image"]),
            object("the dot in a colour", ["color": colour], required: ["color"]),
        ]),
        "scale": number("the web pin's size factor (PinElement.scale); the iOS and Android pins have none", PinImageSpec.scaleRange),
    ]))

    private static let userDataValue = anyOf("a userData value: text, a number, a flag, an array or an object, nested", [
        string("text"), number("a number"), bool("a flag"),
        .members(["type": .string("array"), "items": ref("userDataValue"), "maxItems": .number(Double(SpecDecoder.forEachLimit))]),
        .members(["type": .string("object"), "additionalProperties": ref("userDataValue")]),
    ])

    private static let tiles = object("a real map under the markers", [
        "source": string("a folder template (tiles/{z}/{x}/{y}.png), an .mbtiles or .pmtiles file, or an http(s):// URL template"),
        "tileSize": number("pixels a tile side", 64...1024, integer: true), "scheme": choice("how rows are counted", ["xyz", "tms"]),
        "minZoom": number("lowest level", 0...24, integer: true), "maxZoom": number("highest level", 0...24, integer: true),
        "attribution": string("drawn in the bottom-right corner"), "opacity": number("0…1", 0...1),
        "detectRetina": bool("at scale 2 and more, with no {r}, draw one level deeper at half size (Leaflet's option)"),
    ], required: ["source"])

    private static let camera = object("GMSCameraPosition: target and zoom, or fit", [
        "target": ref("coordinate"), "zoom": number("Web Mercator zoom (256 pt world at zoom 0)", 0...22),
        "bearing": number("degrees clockwise from north"),
        "fit": object("the highest zoom at which these markers and the window fit", [
            "markers": anyOf("\"all\" or marker ids", [choice("every marker", ["all"]), array("ids", of: string("a marker id"))]),
            "padding": insets("space kept free inside the canvas and map.padding"), "includeInfoWindow": bool("fit the open window too"),
            "maxZoom": number("the highest zoom chosen", 0...22),
        ]),
    ])

    private static let event = object("one event of a scenario", [
        "tapMarker": string("a marker id"), "handled": bool("the delegate returns YES: nothing else happens"),
        "tapMap": object("a tap at a canvas point", ["x": number("points"), "y": number("points")], required: ["x", "y"]),
        "longPressInfoWindow": bool("a long press on the open window"),
        "longPressMap": object("a long press at a canvas point: didLongPressAtCoordinate", ["x": number("points"), "y": number("points")], required: ["x", "y"]),
        "moveCamera": object("the app sets the camera (willMove with gesture false); parts left out keep their values", [
            "target": ref("coordinate"), "zoom": number("Web Mercator zoom", 0...22), "bearing": number("degrees clockwise from north"),
        ]),
        "pan": object("a user drags the map by this many points (willMove with gesture true)", [
            "x": number("points to the right"), "y": number("points down"),
        ]),
        "select": anyOf("sets selectedMarker", [string("a marker id"), null]),
        "set": .members(["type": .string("object"), "description": .string("changes marker properties; \"marker\" names it")]),
    ])

    static var schema: Kind {
        .members([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "$id": .string("https://infowin.dev/spec.schema.json"),
            "title": .string("infowin spec, version 1"),
            "description": .string("Map markers and their info windows, drawn the way the Google Maps SDK for iOS draws them (SPEC.md)."),
            "type": .string("object"),
            "properties": .members([
                "$schema": string("this schema's address, for editors"),
                "version": .members(["const": .number(1), "description": .string("format version")]),
                "map": object("the canvas, camera, background and tiles", [
                    "width": number("canvas width in points", 1...4096), "height": number("canvas height in points", 1...4096),
                    "scale": number("device pixel ratio", 1...4), "camera": camera, "background": colour, "tiles": tiles,
                    "padding": insets("GMSMapView.padding: the camera target sits at the centre of the canvas less this"),
                    "autoPan": anyOf("move the camera so the open window is not cut", [bool("on, with a 12 pt pan padding"),
                        object("with a pan padding", ["padding": number("points", 0...1000)])]),
                ], required: ["width", "height", "camera"]),
                "fonts": array("font files loaded for this render only", of: string("a font file")),
                "hermeticFonts": bool("use only the files in fonts"),
                "infoWindow": ref("infoWindow"),
                "markers": array("at most 10,000", of: ref("marker"), maxItems: 10_000),
                "selectedMarker": anyOf("the marker whose window is shown", [string("a marker id"), null]),
                "look": choice("whose default window and pin are drawn", Look.allCases.map(\.rawValue)),
                "locale": string("the device's BCP 47 locale (\"en-US\", \"ja\", \"ar\")"),
                "crop": object("write only part of the canvas", [
                    "to": choice("what to keep", CropSpec.Target.allCases.map(\.rawValue)), "margin": number("points around it", 0...4096),
                ], required: ["to"]),
                "events": array("a scenario played by infowin play", of: ref("event")),
                "showInfoWindows": array(
                    "more markers whose windows are shown at once, after selectedMarker's, later on top (beyond the SDK)",
                    of: string("a marker id")),
                "traits": object("UITraitCollection: the interface style semantic colours resolve for, the content size category text styles are sized for", [
                    "userInterfaceStyle": choice("light (default) or dark", UserInterfaceStyle.allCases.map(\.rawValue)),
                    "preferredContentSizeCategory": choice("Dynamic Type size, default L", ContentSizeCategory.names),
                ]),
            ]),
            "required": .list([.string("map")]),
            "additionalProperties": .bool(false),
            "$defs": .members([
                "coordinate": coordinate, "view": view, "stackChild": stackChild, "infoWindow": infoWindow, "marker": marker,
                "event": event, "userDataValue": userDataValue,
            ]),
        ])
    }
}
