import Graphics

/// One of Google's map styles (Static Maps' `style=feature:…|element:…|RULES`, the Maps JavaScript API's
/// `styles` entries): the features and the element it changes, and its rules, applied in order.
/// `MapStyle.applyingGoogleStyles` maps it onto a basemap style's layers for the schema the layers follow.
package struct GoogleStyleRule: Sendable, Hashable {
    package var feature: GoogleStyleFeature
    package var element: GoogleStyleElement
    package var operations: [GoogleStyleOperation]

    package init(feature: GoogleStyleFeature = .all, element: GoogleStyleElement = .all, operations: [GoogleStyleOperation]) {
        self.feature = feature
        self.element = element
        self.operations = operations
    }

    /// The rule as Google writes it, numbers in one form: the input hash reads it, so equal rules hash alike.
    package var canonicalText: String {
        (["feature:" + feature.rawValue, "element:" + element.rawValue] + operations.map(\.canonicalText)).joined(separator: "|")
    }
}

/// What one rule of a style does.
package enum GoogleStyleOperation: Sendable, Hashable {
    /// `visibility:on|off|simplified`.
    case visibility(GoogleStyleVisibility)
    /// `color`, `hue`, `saturation`, `lightness`, `gamma`, `invert_lightness`.
    case color(StyleColorAdjustment)
    /// `weight:N`: a line's width in pixels.
    case weight(Double)

    /// The rule as Google writes it.
    var canonicalText: String {
        switch self {
        case .visibility(let visibility): "visibility:" + visibility.rawValue
        case .weight(let weight): "weight:" + JSONWriter.format(weight)
        case .color(let adjustment):
            switch adjustment {
            case .color(let color): "color:" + Self.hex(color)
            case .hue(let color): "hue:" + Self.hex(color)
            case .saturation(let value): "saturation:" + JSONWriter.format(value)
            case .lightness(let value): "lightness:" + JSONWriter.format(value)
            case .gamma(let value): "gamma:" + JSONWriter.format(value)
            case .invertLightness: "invert_lightness:true"
            }
        }
    }

    private static func hex(_ color: RGBA) -> String {
        let channels = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
        return "0x" + channels.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

/// Google's `visibility`.
package enum GoogleStyleVisibility: String, Sendable, Hashable, CaseIterable {
    case on, off
    /// Drawn without its outlines: Google draws simplified roads "as thinner lines without outlines";
    /// infowin leaves out the outline (casing) lines of the features and draws the rest as `on`.
    case simplified
}

extension String {
    /// The text with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
