import Graphics

/// A layer's paint and layout properties as one feature sees them at one zoom: each is the style's value
/// evaluated for that feature, or MapLibre's default when the style gives none (or gives a value of the
/// wrong type, which the style reader has reported).
struct StyleProperties {
    let layer: StyleLayer
    let context: StyleEvaluationContext

    init(_ layer: StyleLayer, zoom: Double, feature: VectorTileFeature? = nil) {
        self.layer = layer
        context = StyleEvaluationContext(zoom: zoom, feature: feature)
    }

    /// The property's value, or its default (`.null` when MapLibre has none).
    func value(_ name: String) -> StyleValue {
        if let expression = layer.paint[name] ?? layer.layout[name] {
            let value = expression.evaluate(in: context)
            if value != .null { return value }
        }
        return StylePropertyDefaults.table[name] ?? .null
    }

    /// True when the style gives the property at all.
    func isGiven(_ name: String) -> Bool { layer.paint[name] != nil || layer.layout[name] != nil }

    func number(_ name: String) -> Double {
        if case .number(let number) = value(name), number.isFinite { return number }
        if case .number(let number) = StylePropertyDefaults.table[name] { return number }
        return 0
    }

    func color(_ name: String) -> RGBA {
        if case .color(let color) = value(name) { return color }
        return StylePropertyDefaults.black
    }

    /// A colour the style gives, or nil (a property whose default is another property's value).
    func givenColor(_ name: String) -> RGBA? {
        if case .color(let color) = value(name) { return color }
        return nil
    }

    func bool(_ name: String) -> Bool {
        if case .bool(let flag) = value(name) { return flag }
        if case .bool(let flag) = StylePropertyDefaults.table[name] { return flag }
        return false
    }

    func string(_ name: String) -> String? {
        if case .string(let text) = value(name) { return text }
        return nil
    }

    /// A keyword property (`line-cap`, `text-anchor`) as `Keyword`, its default when the value is not one.
    func keyword<Keyword: RawRepresentable<String>>(_ name: String, default fallback: Keyword) -> Keyword {
        string(name).flatMap(Keyword.init(rawValue:)) ?? fallback
    }

    /// An array of numbers (`line-dasharray`, `text-offset`), empty when the value is not one.
    func numbers(_ name: String) -> [Double] {
        guard case .array(let items) = value(name) else { return [] }
        let numbers = items.compactMap { item -> Double? in
            if case .number(let number) = item, number.isFinite { return number }
            return nil
        }
        return numbers.count == items.count ? numbers : []
    }

    /// A pair of numbers (`fill-translate`, `text-offset`), (0, 0) when the value is not one.
    func pair(_ name: String) -> (Double, Double) {
        let numbers = numbers(name)
        return numbers.count == 2 ? (numbers[0], numbers[1]) : (0, 0)
    }
}

/// MapLibre's defaults for the properties infowin draws (the style specification's `default`s).
enum StylePropertyDefaults {
    static let black = RGBA(red: 0, green: 0, blue: 0)

    static let table: [String: StyleValue] = [
        "background-color": .color(black), "background-opacity": .number(1),
        "fill-color": .color(black), "fill-opacity": .number(1), "fill-antialias": .bool(true),
        "fill-translate": .array([.number(0), .number(0)]),
        "line-color": .color(black), "line-width": .number(1), "line-opacity": .number(1), "line-gap-width": .number(0),
        "line-offset": .number(0), "line-cap": .string("butt"), "line-join": .string("miter"), "line-miter-limit": .number(2),
        "circle-radius": .number(5), "circle-color": .color(black), "circle-opacity": .number(1),
        "circle-stroke-width": .number(0), "circle-stroke-color": .color(black),
        "raster-opacity": .number(1),
        "symbol-placement": .string("point"), "symbol-spacing": .number(250),
        "text-field": .string(""), "text-font": .array([.string("Open Sans Regular"), .string("Arial Unicode MS Regular")]),
        "text-size": .number(16), "text-max-width": .number(10), "text-line-height": .number(1.2),
        "text-letter-spacing": .number(0), "text-justify": .string("center"), "text-anchor": .string("center"),
        "text-offset": .array([.number(0), .number(0)]), "text-transform": .string("none"), "text-padding": .number(2),
        "text-allow-overlap": .bool(false), "text-optional": .bool(false), "text-color": .color(black),
        "text-opacity": .number(1), "text-halo-color": .color(RGBA(red: 0, green: 0, blue: 0, alpha: 0)),
        "text-halo-width": .number(0), "text-max-angle": .number(45),
    ]
}
