import Graphics

extension SpecDecoder {
    /// The deepest views may nest.
    public static let viewDepthLimit = 32
    static let viewKinds = ["text", "image", "vstack", "hstack", "spacer", "divider"]
    static let modifierKeys = ["padding", "background", "cornerRadius", "border", "width", "height", "minWidth", "maxWidth"]
    static let kindKeys: [String: [String]] = [
        "text": ["font", "color", "maxLines", "align", "locale"], "image": ["contentMode"], "vstack": ["spacing", "align"],
        "hstack": ["spacing", "align"], "spacer": [], "divider": [],
    ]

    /// A view; `depth` counts from 1 at the root. A `window` root may also have `tail` and `shadow`.
    func decodeView(_ value: JSONValue, _ path: JSONPath, depth: Int = 1, isWindowRoot: Bool = false) throws(InfoWinError) -> ViewSpec {
        guard depth <= Self.viewDepthLimit else {
            throw reader.failure(path, "views nest deeper than \(Self.viewDepthLimit) levels")
        }
        let kinds = Self.viewKinds.joined(separator: ", ")
        guard case .object(let members) = value.kind else {
            throw reader.mismatch(value, path, expected: "a view: an object with one of \(kinds)")
        }
        let found = members.map(\.key).filter(Self.viewKinds.contains)
        guard let kind = found.first else {
            throw reader.failure(path, "a view needs one of \(kinds); this one has none")
        }
        guard found.count == 1 else {
            throw reader.failure(path, "a view has exactly one kind, but this one has \(found.joined(separator: " and "))")
        }
        let allowed = [kind] + Self.kindKeys[kind]! + Self.modifierKeys + (isWindowRoot ? ["tail", "shadow"] : [])
        let view = try reader.object(value, path, allowed: allowed)
        var modifiers = try decodeModifiers(view)
        if isWindowRoot {
            modifiers.tail = try view.optional("tail") { value, path throws(InfoWinError) in
                try decodeTail(value, path, base: look.windowStyle.tail!)
            }
            modifiers.shadow = try view.optional("shadow") { value, path throws(InfoWinError) in
                try decodeShadow(value, path, base: look.windowStyle.shadow!)
            }
        }
        let spec: ViewKind
        switch kind {
        case "text": spec = .text(try decodeText(view))
        case "image": spec = .image(try decodeImage(view))
        case "vstack", "hstack":
            let stack = try decodeStack(view, key: kind, depth: depth)
            spec = kind == "vstack" ? .vstack(stack) : .hstack(stack)
        case "spacer":
            spec = .spacer(try view.required("spacer") { value, path throws(InfoWinError) in
                try reader.number(value, path, in: 0...4096)
            })
        default:
            spec = try decodeDivider(view)
        }
        return ViewSpec(kind: spec, modifiers: modifiers, source: path)
    }

    private func decodeText(_ view: ObjectReader) throws(InfoWinError) -> TextViewSpec {
        let template = try view.required("text") { value, path throws(InfoWinError) in
            let text = try reader.string(value, path)
            do throws(TemplateError) {
                return try Template(parsing: text)
            } catch {
                throw reader.failure(path, error.message)
            }
        }
        return TextViewSpec(
            template: template,
            font: try view.optional("font") { value, path throws(InfoWinError) in
                try decodeFont(value, path, base: Look.textViewFont)
            } ?? Look.textViewFont,
            color: try view.optional("color", reader.color) ?? RGBA(hex: 0x202124),
            maxLines: try view.optional("maxLines") { value, path throws(InfoWinError) in
                try reader.integer(value, path, in: 1...1000)
            },
            align: try view.optional("align") { value, path throws(InfoWinError) in try decodeAlignment(value, path) } ?? .start,
            locale: try view.optional("locale", decodeLocale))
    }

    private func decodeImage(_ view: ObjectReader) throws(InfoWinError) -> ImageViewSpec {
        let (file, written, bytes) = try view.required("image") { value, path throws(InfoWinError) in try loadPNG(value, path) }
        let mode = try view.optional("contentMode") { value, path throws(InfoWinError) in
            try reader.choice(value, path, among: ContentMode.self)
        } ?? .fit
        return ImageViewSpec(file: file, bytes: bytes, scale: Self.impliedScale(ofImageNamed: written), contentMode: mode)
    }

    private func decodeStack(_ view: ObjectReader, key: String, depth: Int) throws(InfoWinError) -> StackSpec {
        let children = try view.required(key) { value, path throws(InfoWinError) in
            try reader.array(value, path).enumerated().map { index, child throws(InfoWinError) in
                try decodeView(child, path.appending(index), depth: depth + 1)
            }
        }
        return StackSpec(
            children: children,
            spacing: try view.optional("spacing") { value, path throws(InfoWinError) in try reader.number(value, path, in: 0...1000) } ?? 0,
            align: try view.optional("align") { value, path throws(InfoWinError) in try decodeAlignment(value, path) } ?? .center)
    }

    private func decodeDivider(_ view: ObjectReader) throws(InfoWinError) -> ViewKind {
        try view.required("divider") { value, path throws(InfoWinError) in
            let divider = try reader.object(value, path, allowed: ["color", "thickness"])
            return .divider(
                color: try divider.optional("color", reader.color) ?? RGBA(hex: 0xDADCE0),
                thickness: try divider.optional("thickness") { value, path throws(InfoWinError) in
                    try reader.number(value, path, in: 0...100)
                } ?? 1)
        }
    }

    private func decodeAlignment(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> Alignment {
        guard case .string(let text) = value.kind, let alignment = Alignment(rawValue: text) else {
            throw reader.mismatch(value, path, expected: "\"start\", \"center\" or \"end\"")
        }
        return alignment
    }

    private func decodeModifiers(_ view: ObjectReader) throws(InfoWinError) -> ViewModifiers {
        let length = { (value: JSONValue, path: JSONPath) throws(InfoWinError) in try reader.number(value, path, in: 0...1000) }
        let size = { (value: JSONValue, path: JSONPath) throws(InfoWinError) in try reader.number(value, path, in: 0...4096) }
        var modifiers = ViewModifiers()
        modifiers.padding = try view.optional("padding", decodePadding) ?? modifiers.padding
        modifiers.background = try view.optional("background", decodeFill)
        modifiers.cornerRadius = try view.optional("cornerRadius", length) ?? 0
        modifiers.border = try view.optional("border") { value, path throws(InfoWinError) in
            let border = try reader.object(value, path, allowed: ["color", "width"])
            return Border(
                color: try border.optional("color", reader.color) ?? RGBA(red: 0, green: 0, blue: 0),
                width: try border.optional("width") { value, path throws(InfoWinError) in try reader.number(value, path, in: 0...100) } ?? 1)
        }
        modifiers.width = try view.optional("width", size)
        modifiers.height = try view.optional("height", size)
        modifiers.minWidth = try view.optional("minWidth", size)
        modifiers.maxWidth = try view.optional("maxWidth", size)
        if let minimum = modifiers.minWidth, let maximum = modifiers.maxWidth, minimum > maximum {
            throw reader.failure(view.path.appending("minWidth"), "is larger than maxWidth (\(JSONWriter.format(maximum)))")
        }
        return modifiers
    }

    private func decodePadding(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> EdgeInsets {
        let length = { (value: JSONValue, path: JSONPath) throws(InfoWinError) in try reader.number(value, path, in: 0...1000) }
        if case .number = value.kind {
            let all = try length(value, path)
            return EdgeInsets(top: all, left: all, bottom: all, right: all)
        }
        guard case .object = value.kind else {
            throw reader.mismatch(value, path, expected: "a number or { \"top\", \"left\", \"bottom\", \"right\" }")
        }
        let sides = try reader.object(value, path, allowed: ["top", "left", "bottom", "right"])
        return EdgeInsets(
            top: try sides.optional("top", length) ?? 0, left: try sides.optional("left", length) ?? 0,
            bottom: try sides.optional("bottom", length) ?? 0, right: try sides.optional("right", length) ?? 0)
    }

    private func decodeFill(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> Fill {
        if case .string = value.kind { return .color(try reader.color(value, path)) }
        guard case .object = value.kind else {
            throw reader.mismatch(value, path, expected: "a colour or { \"gradient\": { \"from\", \"to\", \"angle\" } }")
        }
        let fill = try reader.object(value, path, allowed: ["gradient"])
        return try fill.required("gradient") { value, path throws(InfoWinError) in
            let gradient = try reader.object(value, path, allowed: ["from", "to", "angle"])
            return .gradient(
                from: try gradient.required("from", reader.color), to: try gradient.required("to", reader.color),
                angle: try gradient.optional("angle") { value, path throws(InfoWinError) in try reader.number(value, path) } ?? 180)
        }
    }
}
