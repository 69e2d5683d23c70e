/// `--traits LIST`: `dark`, `light`, a content size category (`AX3`), both (`dark.AX3`), comma-separated, or
/// `all` (every style × L, XXXL, AX5). Each item leaves out what it does not name: `AX3` is light, `dark` is L.
package enum TraitsList {
    /// The categories `all` draws: the default, the largest standard size and the largest accessibility size.
    static let allCategories: [ContentSizeCategory] = [.large, .extraExtraExtraLarge, .accessibility5]

    /// The traits `text` asks for, in its order, each once; a wrong item is an error naming it, with the
    /// nearest right one.
    package static func parse(_ text: String) -> Result<[Traits], TraitsListError> {
        if text == "all" {
            return .success(UserInterfaceStyle.allCases.flatMap { style in allCategories.map { Traits(style: style, category: $0) } })
        }
        var list: [Traits] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let traits = traits(item) else {
                let known = UserInterfaceStyle.allCases.map(\.rawValue) + ContentSizeCategory.names + ["all"]
                return .failure(TraitsListError(item: item, suggestion: closestName(to: item, among: known)))
            }
            if !list.contains(traits) { list.append(traits) }
        }
        return .success(list)
    }

    private static func traits(_ item: String) -> Traits? {
        let parts = item.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count) else { return nil }
        var style: UserInterfaceStyle?, category: ContentSizeCategory?
        for part in parts {
            if let named = UserInterfaceStyle(rawValue: part), style == nil {
                style = named
            } else if let named = ContentSizeCategory(rawValue: part), category == nil {
                category = named
            } else {
                return nil
            }
        }
        return Traits(style: style ?? .light, category: category ?? .large)
    }
}

/// An item of `--traits` that names no traits.
package struct TraitsListError: Error, Sendable {
    /// The item as written.
    package let item: String
    /// The nearest item that would be right, if one is close.
    package let suggestion: String?
}
