import Graphics

/// One paint or layout property of the style subset infowin draws: its type and MapLibre's default.
struct StyleProperty: Sendable {
    /// Whether a style writes it under `paint` or `layout`.
    enum Group: String, Sendable { case paint, layout }

    package let name: String
    package let group: Group
    /// The layer type it belongs to (`line-width` to `line`; `text-*`, `icon-*`, `symbol-*` to `symbol`).
    let layerType: StyleLayerType
    /// The type of its value (an enumeration is a string, with `choices`).
    package let type: StyleType
    /// The values an enumeration allows, else empty.
    let choices: [String]
    /// MapLibre's default; null where MapLibre has none (`fill-outline-color` follows `fill-color`).
    let defaultValue: StyleValue
    /// True when a legacy zoom function interpolates it (`stops` with `base`); false steps.
    let isInterpolated: Bool
    /// True for `text-field` and `icon-image`, whose strings may hold `{field}` tokens.
    let hasTokens: Bool

    /// False for the properties MapLibre evaluates once a layer (`background-color`, `symbol-spacing`):
    /// their value may depend on the zoom, not on a feature.
    var isDataDriven: Bool { !StyleProperties.dataConstant.contains(name) }
}

/// The paint and layout properties SPEC.md lists, with MapLibre's (style specification v8) defaults.
enum StyleProperties {
    /// By name.
    package static let all: [String: StyleProperty] = Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })

    /// The properties whose value cannot read a feature (MapLibre's `data-constant`).
    static let dataConstant: Set<String> = [
        "background-color", "background-opacity", "fill-antialias", "fill-translate", "raster-opacity", "symbol-placement",
        "symbol-spacing", "text-allow-overlap", "text-line-height", "text-optional", "text-padding", "icon-allow-overlap",
        "icon-optional", "icon-rotation-alignment", "icon-keep-upright",
    ]

    private static let anchors = ["center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right"]
    private static let black = StyleValue.color(RGBA(red: 0, green: 0, blue: 0))
    private static let offset = StyleType.array(.number, length: 2)
    private static let zeroOffset = StyleValue.array([.number(0), .number(0)])

    private static let list: [StyleProperty] = [
        paint("background-color", .color, black), paint("background-opacity", .number, .number(1)),
        paint("fill-antialias", .boolean, .bool(true), interpolated: false), paint("fill-opacity", .number, .number(1)),
        paint("fill-color", .color, black), paint("fill-outline-color", .color, .null),
        paint("fill-translate", offset, zeroOffset), paint("fill-pattern", .string, .null, interpolated: false),
        layout("line-cap", ["butt", "round", "square"], "butt"), layout("line-join", ["bevel", "round", "miter"], "miter"),
        layout("line-miter-limit", .number, .number(2)),
        paint("line-opacity", .number, .number(1)), paint("line-color", .color, black), paint("line-width", .number, .number(1)),
        paint("line-gap-width", .number, .number(0)), paint("line-offset", .number, .number(0)),
        paint("line-dasharray", .array(.number, length: nil), .null, interpolated: false),
        paint("circle-radius", .number, .number(5)), paint("circle-color", .color, black), paint("circle-opacity", .number, .number(1)),
        paint("circle-stroke-width", .number, .number(0)), paint("circle-stroke-color", .color, black),
        paint("raster-opacity", .number, .number(1)),
        layout("symbol-placement", ["point", "line", "line-center"], "point"), layout("symbol-spacing", .number, .number(250)),
        layout("symbol-sort-key", .number, .null, interpolated: false),
        layout("text-field", .string, .string(""), tokens: true),
        layout("text-font", .array(.string, length: nil), .array([.string("Open Sans Regular"), .string("Arial Unicode MS Regular")]), interpolated: false),
        layout("text-size", .number, .number(16)), layout("text-max-width", .number, .number(10)),
        layout("text-line-height", .number, .number(1.2)), layout("text-letter-spacing", .number, .number(0)),
        layout("text-justify", ["auto", "left", "center", "right"], "center"), layout("text-anchor", anchors, "center"),
        layout("text-offset", offset, zeroOffset), layout("text-transform", ["none", "uppercase", "lowercase"], "none"),
        layout("text-padding", .number, .number(2)), layout("text-allow-overlap", .boolean, .bool(false), interpolated: false),
        layout("text-optional", .boolean, .bool(false), interpolated: false),
        paint("text-color", .color, black), paint("text-opacity", .number, .number(1)),
        paint("text-halo-color", .color, .color(RGBA(red: 0, green: 0, blue: 0, alpha: 0))), paint("text-halo-width", .number, .number(0)),
        layout("icon-image", .string, .null, tokens: true), layout("icon-size", .number, .number(1)),
        layout("icon-anchor", anchors, "center"), layout("icon-offset", offset, zeroOffset),
        layout("icon-allow-overlap", .boolean, .bool(false), interpolated: false), paint("icon-opacity", .number, .number(1)),
        layout("icon-optional", .boolean, .bool(false), interpolated: false),
        layout("icon-rotate", .number, .number(0)), layout("icon-padding", .number, .number(2)),
        layout("icon-rotation-alignment", ["map", "viewport", "auto"], "auto"),
        layout("icon-keep-upright", .boolean, .bool(false), interpolated: false),
    ]

    private static func paint(_ name: String, _ type: StyleType, _ value: StyleValue, interpolated: Bool = true) -> StyleProperty {
        property(name, .paint, type, [], value, interpolated: interpolated, tokens: false)
    }

    private static func layout(_ name: String, _ type: StyleType, _ value: StyleValue, interpolated: Bool = true, tokens: Bool = false) -> StyleProperty {
        property(name, .layout, type, [], value, interpolated: interpolated && !tokens, tokens: tokens)
    }

    private static func layout(_ name: String, _ choices: [String], _ value: String) -> StyleProperty {
        property(name, .layout, .string, choices, .string(value), interpolated: false, tokens: false)
    }

    private static func property(
        _ name: String, _ group: StyleProperty.Group, _ type: StyleType, _ choices: [String], _ value: StyleValue, interpolated: Bool, tokens: Bool
    ) -> StyleProperty {
        let prefix = name.prefix { $0 != "-" }
        let layerType = StyleLayerType(rawValue: String(prefix)) ?? .symbol
        return StyleProperty(
            name: name, group: group, layerType: layerType, type: type, choices: choices, defaultValue: value,
            isInterpolated: interpolated && type != .string, hasTokens: tokens)
    }
}
