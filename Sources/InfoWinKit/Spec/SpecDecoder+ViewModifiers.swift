import Graphics

extension SpecDecoder {
    func decodeModifiers(_ view: ObjectReader) throws(InfoWinError) -> ViewModifiers {
        var modifiers = ViewModifiers()
        modifiers.padding = EdgeInsets(sides: try view.lengths("padding"))
        modifiers.background = try view.optional("background", decodeFill)
        // A number for every corner, or `{ "topLeading", … }` (leading is left until a right-to-left locale mirrors the view).
        let radii = try view.lengths("cornerRadius")
        modifiers.cornerRadius = CornerRadii(topLeft: radii[0], topRight: radii[1], bottomLeft: radii[2], bottomRight: radii[3])
        modifiers.border = try view.optional("border") { value, path throws(InfoWinError) in
            let border = try reader.object(value, path, declared: SpecDescription.modifiers.object(of: "border"))
            return Border(color: try border.color("color"), width: try border.number("width"))
        }
        modifiers.width = try view.numberIfPresent("width")
        modifiers.height = try view.numberIfPresent("height")
        modifiers.minWidth = try view.numberIfPresent("minWidth")
        modifiers.maxWidth = try view.numberIfPresent("maxWidth")
        modifiers.minHeight = try view.numberIfPresent("minHeight")
        modifiers.maxHeight = try view.numberIfPresent("maxHeight")
        for (minimum, maximum, name) in [
            (modifiers.minWidth, modifiers.maxWidth, "Width"), (modifiers.minHeight, modifiers.maxHeight, "Height"),
        ] {
            if let minimum, let maximum, minimum > maximum {
                throw reader.failure(view.path.appending("min" + name), "is larger than max\(name) (\(JSONWriter.format(maximum)))")
            }
        }
        modifiers.opacity = try view.number("opacity")
        modifiers.offset = try view.optional("offset") { value, path throws(InfoWinError) in
            let offset = try reader.object(value, path, declared: SpecDescription.modifiers.object(of: "offset"))
            return Point(x: try offset.number("x"), y: try offset.number("y"))
        } ?? modifiers.offset
        return modifiers
    }

    private func decodeFill(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> Fill {
        if case .string = value.kind { return .color(try reader.color(value, path)) }
        guard case .object = value.kind else {
            throw reader.mismatch(value, path, expected: "a colour or { \"gradient\": { \"from\", \"to\", \"angle\" } }")
        }
        let fill = try reader.object(value, path, allowed: SpecDescription.gradientFill.names)
        return try fill.required("gradient") { value, path throws(InfoWinError) in
            let gradient = try reader.object(value, path, declared: SpecDescription.gradientFill.object(of: "gradient"))
            return .gradient(
                from: try gradient.required("from", reader.color), to: try gradient.required("to", reader.color), angle: try gradient.number("angle"))
        }
    }
}
