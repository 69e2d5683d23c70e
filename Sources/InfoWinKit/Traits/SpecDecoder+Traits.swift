import Graphics

extension SpecDecoder {
    /// The top-level `traits`: `{ "userInterfaceStyle": "light" | "dark", "preferredContentSizeCategory": "XS" … "AX5" }`.
    static func decodeTraits(_ top: ObjectReader, reader: ValueReader) throws(InfoWinError) -> Traits {
        try top.optional("traits") { value, path throws(InfoWinError) in
            let traits = try reader.object(value, path, declared: SpecDescription.traits)
            return Traits(
                style: try traits.choice("userInterfaceStyle", as: UserInterfaceStyle.self),
                category: try traits.choice("preferredContentSizeCategory", as: ContentSizeCategory.self))
        } ?? .standard
    }

    /// A font's `textStyle`: the size Dynamic Type gives it at the spec's content size category, and the
    /// style's weight unless the font names one.
    func applyTextStyle(_ font: ObjectReader, to result: inout TextStyle) throws(InfoWinError) {
        guard let style = try font.optional("textStyle", { value, path throws(InfoWinError) in
            try reader.choice(value, path, among: DynamicTextStyle.self)
        }) else { return }
        if font.contains("size") {
            throw reader.failure(font.path.appending("size"), "cannot be given with \"textStyle\", which sizes the font by Dynamic Type")
        }
        result.size = style.size(at: reader.traits.category)
        if !font.contains("weight") { result.weight = style.defaultWeight }
    }
}
