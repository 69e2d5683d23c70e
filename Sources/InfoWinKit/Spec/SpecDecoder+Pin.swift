import Graphics

extension SpecDecoder {
    /// A marker's `pin` (`GMSPinImage`): colours, a glyph (text, image or dot colour) and the web pin's scale.
    /// A glyph's text and image path may hold templates (`"{{userData.rank}}"`), filled from `marker`.
    func decodePin(_ value: JSONValue, _ path: JSONPath, for marker: MarkerSpec) throws(InfoWinError) -> PinImageSpec {
        let pin = try reader.object(value, path, declared: SpecDescription.pin)
        return PinImageSpec(
            background: try pin.optional("background", reader.color),
            borderColor: try pin.optional("borderColor", reader.color),
            glyph: try pin.optional("glyph") { value, path throws(InfoWinError) in try decodeGlyph(value, path, for: marker) },
            scale: try pin.number("scale"))
    }

    /// `"A"`, `{ "text", "textColor" }`, `{ "image": path }` or `{ "color": colour }`: exactly one kind.
    private func decodeGlyph(_ value: JSONValue, _ path: JSONPath, for marker: MarkerSpec) throws(InfoWinError) -> PinGlyph {
        let glyphText = { (value: JSONValue, path: JSONPath) throws(InfoWinError) in
            try self.glyphText(try self.filled(value, path, for: marker), path)
        }
        let expected = "a glyph: a string, or an object with \"text\" (and \"textColor\"), \"image\" or \"color\""
        if case .string = value.kind { return .text(try glyphText(value, path), color: nil) }
        guard case .object(let members) = value.kind else { throw reader.mismatch(value, path, expected: expected) }
        let kinds = members.map(\.key).filter { ["text", "image", "color"].contains($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.isEmpty {
                _ = try reader.object(value, path, allowed: SpecDescription.glyph.objectKeys)
                throw reader.failure(path, "expected \(expected); this one has none of them")
            }
            throw reader.failure(path, "a glyph has one kind, but this one has \(kinds.joined(separator: " and "))")
        }
        let glyph = try reader.object(value, path, allowed: kind == "text" ? SpecDescription.glyphText.names : [kind])
        switch kind {
        case "text":
            return .text(try glyph.required("text", glyphText), color: try glyph.optional("textColor", reader.color))
        case "image":
            let imagePath = path.appending("image")
            let (file, _, bytes) = try loadImage(try glyph.required("image") { value, path throws(InfoWinError) in
                try filled(value, path, for: marker)
            }, imagePath)
            return .image(file: file, bytes: bytes, source: imagePath)
        default:
            return .color(try glyph.required("color", reader.color))
        }
    }

    /// The string `value` with its templates filled from `marker`, drawn as the pin's glyph is decoded.
    private func filled(_ value: JSONValue, _ path: JSONPath, for marker: MarkerSpec) throws(InfoWinError) -> JSONValue {
        let template = try decodeTemplate(value, path, inForEach: false)
        return JSONValue(kind: .string(template.filled(for: marker)), offset: value.offset)
    }

    private func glyphText(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> String {
        let text = try reader.string(value, path)
        let limit = PinImageSpec.glyphTextLimit
        guard !text.isEmpty, text.count <= limit else {
            throw reader.mismatch(value, path, expected: "a glyph text of 1 to \(limit) characters")
        }
        return text
    }
}
