#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Graphics

/// A change made to a colour in HSL, as Google's map styles make it (`color`, `hue`, `saturation`,
/// `lightness`, `gamma`, `invert_lightness`): applied to whatever colour the style gives, so a style's
/// colours by class or by zoom keep their differences.
package enum StyleColorAdjustment: Sendable, Hashable {
    /// Google's `color`: this red, green and blue (the colour's own opacity kept).
    case color(RGBA)
    /// Google's `hue`: the given colour's hue, the colour's saturation and lightness kept; a grey names no
    /// hue and changes nothing (as Google documents).
    case hue(RGBA)
    /// Google's `saturation`, −100…100: a percentage change of the saturation, towards grey (−100) or full
    /// colour (100).
    case saturation(Double)
    /// Google's `lightness`, −100…100: a percentage change of the lightness, towards black (−100) or white (100).
    case lightness(Double)
    /// Google's `gamma`, 0.01…10: lightness L becomes L^(1/gamma), so white and black stay and 1 changes nothing.
    case gamma(Double)
    /// Google's `invert_lightness:true`: lightness L becomes 1 − L.
    case invertLightness

    /// `color` changed.
    func applied(to color: RGBA) -> RGBA {
        if case .color(let given) = self { return RGBA(red: given.red, green: given.green, blue: given.blue, alpha: color.alpha) }
        var hsl = HSL(color)
        switch self {
        case .color: break
        case .hue(let given):
            let named = HSL(given)
            guard named.saturation > 0 else { return color }
            hsl.hue = named.hue
        case .saturation(let percent): hsl.saturation = Self.moved(hsl.saturation, by: percent)
        case .lightness(let percent): hsl.lightness = Self.moved(hsl.lightness, by: percent)
        case .gamma(let gamma): hsl.lightness = pow(hsl.lightness, 1 / gamma)
        case .invertLightness: hsl.lightness = 1 - hsl.lightness
        }
        return hsl.rgba(alpha: color.alpha)
    }

    /// `value` (0…1) moved `percent` of the way towards 1 (a positive change) or 0 (a negative one).
    private static func moved(_ value: Double, by percent: Double) -> Double {
        let fraction = min(1, max(-1, percent / 100))
        return fraction >= 0 ? value + (1 - value) * fraction : value * (1 + fraction)
    }
}

/// A colour as hue (degrees, 0…360), saturation and lightness (0…1).
private struct HSL {
    var hue: Double
    var saturation: Double
    var lightness: Double

    init(_ color: RGBA) {
        let red = min(1, max(0, color.red)), green = min(1, max(0, color.green)), blue = min(1, max(0, color.blue))
        let high = max(red, green, blue), low = min(red, green, blue), chroma = high - low
        lightness = (high + low) / 2
        saturation = chroma == 0 ? 0 : chroma / (1 - abs(2 * lightness - 1))
        var degrees = 0.0
        if chroma > 0 {
            if high == red {
                degrees = ((green - blue) / chroma).truncatingRemainder(dividingBy: 6)
            } else if high == green {
                degrees = (blue - red) / chroma + 2
            } else {
                degrees = (red - green) / chroma + 4
            }
        }
        hue = (degrees * 60 + 360).truncatingRemainder(dividingBy: 360)
    }

    func rgba(alpha: Double) -> RGBA {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let section = hue / 60
        let second = chroma * (1 - abs(section.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double) = switch section {
        case ..<1: (chroma, second, 0)
        case ..<2: (second, chroma, 0)
        case ..<3: (0, chroma, second)
        case ..<4: (0, second, chroma)
        case ..<5: (second, 0, chroma)
        default: (chroma, 0, second)
        }
        let base = lightness - chroma / 2
        return RGBA(red: red + base, green: green + base, blue: blue + base, alpha: alpha)
    }
}
