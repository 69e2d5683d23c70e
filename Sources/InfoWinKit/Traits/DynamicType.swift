/// Apple's Dynamic Type: the point size of each text style at each content size category, and each
/// style's default weight.
///
/// Source: Apple Human Interface Guidelines, "Typography", the "Dynamic Type sizes" tables for iOS
/// (xSmall … xxxLarge, and the larger accessibility sizes AX1 … AX5):
/// https://developer.apple.com/design/human-interface-guidelines/typography#Specifications — the same
/// sizes `UIFont.preferredFont(forTextStyle:compatibleWith:)` returns (checked against UIKit's own values
/// in github.com/temoki/UIKit_DynamicType, measured on the iOS 13.3 simulator). This is the one table.
enum DynamicTextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Sizes in points, one per `ContentSizeCategory` in order: XS, S, M, L, XL, XXL, XXXL, AX1 … AX5.
    var sizes: [Double] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
        }
    }

    /// The size of this style at `category`, in points.
    package func size(at category: ContentSizeCategory) -> Double {
        sizes[category.column]
    }

    /// The weight the style has unless the font names one: headline is semibold, the others regular.
    var defaultWeight: Int {
        self == .headline ? 600 : 400
    }
}
