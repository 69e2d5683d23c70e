/// UIKit's `UITraitCollection` as far as a snapshot depends on it (SPEC.md, "The SDK, round two"): the
/// interface style that semantic colours resolve for, and the content size category that sizes text styles.
package struct Traits: Hashable, Sendable {
    /// `userInterfaceStyle`: light (default) or dark.
    package var style: UserInterfaceStyle
    /// `preferredContentSizeCategory`: XS … AX5 (default L).
    package var category: ContentSizeCategory

    /// Light, L: what a device shows before anyone changes its settings.
    package static let standard = Traits(style: .light, category: .large)

    /// Makes traits.
    package init(style: UserInterfaceStyle = .light, category: ContentSizeCategory = .large) {
        self.style = style
        self.category = category
    }

    /// The part of a variant's name these traits give: `.dark`, `.AX3`, `.dark.AX3`; the defaults (light, L)
    /// are left out, so the standard traits give "".
    package var nameSuffix: String {
        [style == .light ? nil : style.rawValue, category == .large ? nil : category.rawValue]
            .compactMap { $0 }.map { "." + $0 }.joined()
    }
}

/// `UIUserInterfaceStyle`.
package enum UserInterfaceStyle: String, CaseIterable, Sendable {
    case light, dark
}

/// `UIContentSizeCategory`, by the short names Apple's tables use.
package enum ContentSizeCategory: String, CaseIterable, Sendable {
    case extraSmall = "XS", small = "S", medium = "M", large = "L", extraLarge = "XL", extraExtraLarge = "XXL"
    case extraExtraExtraLarge = "XXXL"
    case accessibility1 = "AX1", accessibility2 = "AX2", accessibility3 = "AX3", accessibility4 = "AX4", accessibility5 = "AX5"

    /// The names, in order, for messages.
    static let names = allCases.map(\.rawValue)

    /// The position of this category in `allCases`, a column of `DynamicType`'s table.
    var column: Int { Self.allCases.firstIndex(of: self) ?? 3 }
}

extension Traits {
    /// The spec's `traits` key for these traits.
    var json: JSONValue.Kind {
        .object([
            JSONMember(key: "userInterfaceStyle", value: JSONValue(kind: .string(style.rawValue), offset: 0)),
            JSONMember(key: "preferredContentSizeCategory", value: JSONValue(kind: .string(category.rawValue), offset: 0)),
        ])
    }
}
