import Graphics

extension SpecDecoder {
    /// An info window; the keys its `style` leaves out keep the values of `base`.
    func decodeInfoWindow(_ value: JSONValue, _ path: JSONPath, base: WindowStyle) throws(InfoWinError) -> InfoWindowSpec {
        let window = try reader.object(value, path, declared: SpecDescription.infoWindow)
        if window.value("window") != nil && window.value("contents") != nil {
            throw reader.failure(path, "has both \"window\" (the whole window) and \"contents\" (inside the default frame): give one")
        }
        let style = try window.optional("style") { value, path throws(InfoWinError) in try decodeStyle(value, path, base: base) }
        var content = InfoWindowContent.standard
        if let view = try window.optional("window", { value, path throws(InfoWinError) in
            try decodeView(value, path, isWindowRoot: true)
        }) {
            content = .window(view)
        } else if let view = try window.optional("contents", { value, path throws(InfoWinError) in try decodeView(value, path) }) {
            content = .contents(view)
        }
        return InfoWindowSpec(style: style ?? base, content: content, options: try decodeWindowOptions(window, path))
    }

    private func decodeStyle(_ value: JSONValue, _ path: JSONPath, base: WindowStyle) throws(InfoWinError) -> WindowStyle {
        let style = try reader.object(value, path, declared: SpecDescription.style)
        var result = base
        result.maxWidth = try style.numberIfPresent("maxWidth") ?? base.maxWidth
        result.minWidth = try style.numberIfPresent("minWidth") ?? base.minWidth
        result.padding = try style.numberIfPresent("padding") ?? base.padding
        result.cornerRadius = try style.numberIfPresent("cornerRadius") ?? base.cornerRadius
        result.background = try style.optional("background", reader.color) ?? base.background
        if style.contains("tail") {
            result.tail = try style.optional("tail") { value, path throws(InfoWinError) in
                try decodeTail(value, path, base: base.tail ?? look.windowStyle.tail!)
            }
        }
        if style.contains("shadow") {
            result.shadow = try style.optional("shadow") { value, path throws(InfoWinError) in
                try decodeShadow(value, path, base: base.shadow ?? look.windowStyle.shadow!)
            }
        }
        result.titleFont = try style.optional("titleFont") { value, path throws(InfoWinError) in
            try decodeFont(value, path, base: base.titleFont)
        } ?? base.titleFont
        result.titleColor = try style.optional("titleColor", reader.color) ?? base.titleColor
        result.titleMaxLines = try style.integerIfPresent("titleMaxLines") ?? base.titleMaxLines
        result.snippetFont = try style.optional("snippetFont") { value, path throws(InfoWinError) in
            try decodeFont(value, path, base: base.snippetFont)
        } ?? base.snippetFont
        result.snippetColor = try style.optional("snippetColor", reader.color) ?? base.snippetColor
        result.snippetMaxLines = try style.integerIfPresent("snippetMaxLines") ?? base.snippetMaxLines
        result.textAlign = try style.choiceIfPresent("textAlign", as: TextAlign.self) ?? base.textAlign
        if style.contains("closeButton") {
            // Written as null, it takes the button away as false does.
            let shown = try style.boolIfPresent("closeButton") == true
            result.closeButton = shown ? base.closeButton ?? CloseButtonStyle() : nil
        }
        return result
    }

    func decodeTail(_ value: JSONValue, _ path: JSONPath, base: TailStyle) throws(InfoWinError) -> TailStyle {
        let tail = try reader.object(value, path, declared: SpecDescription.tail)
        return TailStyle(width: try tail.numberIfPresent("width") ?? base.width, height: try tail.numberIfPresent("height") ?? base.height)
    }

    func decodeShadow(_ value: JSONValue, _ path: JSONPath, base: ShadowStyle) throws(InfoWinError) -> ShadowStyle {
        let shadow = try reader.object(value, path, declared: SpecDescription.shadow)
        return ShadowStyle(
            color: try shadow.optional("color", reader.color) ?? base.color,
            blur: try shadow.numberIfPresent("blur") ?? base.blur,
            offsetX: try shadow.numberIfPresent("offsetX") ?? base.offsetX,
            offsetY: try shadow.numberIfPresent("offsetY") ?? base.offsetY,
            spread: try shadow.numberIfPresent("spread") ?? base.spread)
    }

    /// A font; the keys it leaves out keep the values of `base`.
    func decodeFont(_ value: JSONValue, _ path: JSONPath, base: TextStyle) throws(InfoWinError) -> TextStyle {
        let font = try reader.object(value, path, declared: SpecDescription.font)
        var result = base
        result.family = try font.optional("family") { value, path throws(InfoWinError) in
            let family = try reader.string(value, path)
            if family.isEmpty || family.utf8.contains(0) { throw reader.mismatch(value, path, expected: "a font family name") }
            return family
        } ?? base.family
        result.size = try font.numberIfPresent("size") ?? base.size
        let weights = font.wholeRange(of: "weight")
        result.weight = try font.optional("weight") { value, path throws(InfoWinError) in try decodeWeight(value, path, in: weights) } ?? base.weight
        result.italic = try font.optional("style") { value, path throws(InfoWinError) in
            switch value.kind {
            case .string("normal"): return false
            case .string("italic"): return true
            case .string(let text) where text.count <= 60:
                let hint = closestName(to: text, among: ["normal", "italic"]).map { " (did you mean \(JSONWriter.quoted($0))?)" } ?? ""
                throw reader.failure(path, "expected \"normal\" or \"italic\", got \(JSONWriter.quoted(text))\(hint)")
            default: throw reader.mismatch(value, path, expected: "\"normal\" or \"italic\"")
            }
        } ?? base.italic
        try applyTextStyle(font, to: &result)
        return result
    }

    /// CSS weights, and `UIFont.Weight`'s names for them.
    static let namedWeights: [String: Int] = [
        "ultraLight": 100, "thin": 200, "light": 300, "normal": 400, "regular": 400, "medium": 500, "semibold": 600,
        "bold": 700, "heavy": 800, "black": 900,
    ]

    /// A weight's name, or a CSS weight in `range` (the declaration's).
    private func decodeWeight(_ value: JSONValue, _ path: JSONPath, in range: ClosedRange<Int>) throws(InfoWinError) -> Int {
        let numbers = "\(range.lowerBound) to \(range.upperBound)"
        switch value.kind {
        case .string(let name):
            if let weight = Self.namedWeights[name] { return weight }
            let names = "ultraLight, thin, light, regular (normal), medium, semibold, bold, heavy, black"
            let hint = closestName(to: name, among: Array(Self.namedWeights.keys).sorted()).map { " (did you mean \(JSONWriter.quoted($0))?)" } ?? ""
            throw reader.failure(path, "unknown weight \(JSONWriter.quoted(name.abbreviated(40)))\(hint); expected \(names), or \(numbers)")
        case .number: return try reader.integer(value, path, in: range)
        default: throw reader.mismatch(value, path, expected: "a weight name (regular, semibold, bold…) or a number from \(numbers)")
        }
    }
}
