import Graphics

extension SpecDecoder {
    /// The deepest views may nest.
    package static let viewDepthLimit = 32
    /// The most copies one `forEach` makes.
    package static let forEachLimit = 1000

    /// A view; `depth` counts from 1 at the root. A `window` root may also have `tail` and `shadow`, an
    /// `iconView` root `clipsToBounds` (read by the marker); `inForEach` allows `{{item}}` and `{{index}}`.
    func decodeView(
        _ value: JSONValue, _ path: JSONPath, depth: Int = 1, isWindowRoot: Bool = false, isIconViewRoot: Bool = false,
        inForEach: Bool = false
    ) throws(InfoWinError) -> ViewSpec {
        guard depth <= Self.viewDepthLimit else {
            throw reader.failure(path, "views nest deeper than \(Self.viewDepthLimit) levels")
        }
        let kinds = SpecViewKind.names.joined(separator: ", ")
        guard case .object(let members) = value.kind else {
            throw reader.mismatch(value, path, expected: "a view: an object with one of \(kinds)")
        }
        let found = members.compactMap { SpecViewKind(rawValue: $0.key) }
        guard let kind = found.first else {
            // The typo is named with its guess, at its own path: `unknown view kind "hstak"; did you mean "hstack"?`.
            let modifiers = SpecDescription.modifiers.names
            let unknown = members.filter { !modifiers.contains($0.key) }
            if let typo = unknown.lazy.compactMap({ member in closestName(to: member.key, among: SpecViewKind.names).map { (member.key, $0) } }).first {
                throw reader.failure(
                    path.appending(typo.0),
                    "unknown view kind \(JSONWriter.quoted(typo.0.abbreviated(60))); did you mean \(JSONWriter.quoted(typo.1))? A view needs one of \(kinds)")
            }
            let named = unknown.prefix(3).map { JSONWriter.quoted($0.key.abbreviated(60)) }.joined(separator: ", ")
            throw reader.failure(path, "a view needs one of \(kinds); this one has none" + (named.isEmpty ? "" : " (its keys: \(named))"))
        }
        guard found.count == 1 else {
            throw reader.failure(path, "a view has exactly one kind, but this one has \(found.map(\.rawValue).joined(separator: " and "))")
        }
        let declared = [SpecKey(name: kind.rawValue, type: kind.type)] + kind.keys + SpecDescription.modifiers.keys
            + (isWindowRoot ? SpecDescription.windowRootKeys.keys : []) + (isIconViewRoot ? SpecDescription.iconViewRootKeys.keys : [])
        let view = try reader.object(value, path, declared: SpecObject("a view", keys: declared))
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
        case .text, .spans: spec = .text(try decodeText(view, spans: kind == .spans, inForEach: inForEach))
        case .image: spec = .image(try decodeImage(view, inForEach: inForEach))
        case .vstack: spec = .vstack(try decodeStack(view, key: kind.rawValue, depth: depth, inForEach: inForEach))
        case .hstack: spec = .hstack(try decodeStack(view, key: kind.rawValue, depth: depth, inForEach: inForEach))
        case .zstack: spec = .zstack(try decodeStack(view, key: kind.rawValue, depth: depth, inForEach: inForEach))
        case .spacer:
            spec = .spacer(try view.numberIfPresent("spacer"))
            if !view.contains("spacer") { throw reader.failure(path.appending("spacer"), "is required") }
        case .divider:
            spec = try decodeDivider(view)
        }
        let condition = try view.optional("if", decodeCondition)
        return ViewSpec(kind: spec, modifiers: modifiers, source: path, condition: condition)
    }

    /// `"userData.key"` or `"!userData.key"`.
    private func decodeCondition(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> ViewCondition {
        let text = try reader.string(value, path)
        let negated = text.hasPrefix("!")
        let name = negated ? String(text.dropFirst()) : text
        if name.hasPrefix("traits.") {
            let condition: TraitCondition
            do throws(TraitCondition.ParseError) { condition = try TraitCondition(parsing: String(name.dropFirst("traits.".count))) } catch {
                throw reader.failure(path, "\(error.message) in \(JSONWriter.quoted(text.abbreviated(80)))")
            }
            return ViewCondition(key: "", negated: negated, fixed: condition.holds(for: reader.traits) != negated)
        }
        guard name.hasPrefix("userData."), UserDataPath(parsing: String(name.dropFirst("userData.".count))) != nil else {
            throw reader.mismatch(
                value, path,
                expected: "\"userData.KEY\" or \"!userData.KEY\" (KEY may be a path: store.hours[0].open), or a traits condition (\"traits.isAccessibilityCategory\", \"traits.userInterfaceStyle == dark\", \"traits.preferredContentSizeCategory >= XXL\")")
        }
        return ViewCondition(key: String(name.dropFirst("userData.".count)), negated: negated)
    }

    /// A stack child `{ "forEach": "userData.KEY", "view": view }`: the view, marked to repeat.
    private func decodeForEach(_ value: JSONValue, _ path: JSONPath, depth: Int) throws(InfoWinError) -> ViewSpec {
        let entry = try reader.object(value, path, allowed: SpecDescription.forEach.names + [SpecDecoder.forEachElementKey])
        let key = try entry.required("forEach") { value, path throws(InfoWinError) in
            let text = try reader.string(value, path)
            guard text.hasPrefix("userData."), UserDataPath(parsing: String(text.dropFirst("userData.".count))) != nil else {
                throw reader.mismatch(value, path, expected: "\"userData.KEY\", an array of the marker's userData")
            }
            return String(text.dropFirst("userData.".count))
        }
        var view = try entry.required("view") { value, path throws(InfoWinError) in
            try decodeView(value, path, depth: depth, inForEach: true)
        }
        view.forEach = key
        view.forEachElement = try entry.optional(SpecDecoder.forEachElementKey) { value, path throws(InfoWinError) in
            try reader.integer(value, path, in: 0...Self.forEachLimit)
        }
        return view
    }

    /// A template, failing at `path` when it cannot be parsed or uses `{{item}}` outside a `forEach`.
    func decodeTemplate(_ value: JSONValue, _ path: JSONPath, inForEach: Bool) throws(InfoWinError) -> Template {
        let text = try reader.string(value, path)
        let template: Template
        do throws(TemplateError) {
            template = try Template(parsing: text, strings: strings)
        } catch {
            throw reader.failure(path, error.message)
        }
        if template.usesItem && !inForEach {
            throw reader.failure(path, "{{item}} and {{index}} can only be used inside a forEach")
        }
        return template
    }

    private func decodeText(_ view: ObjectReader, spans: Bool, inForEach: Bool) throws(InfoWinError) -> TextViewSpec {
        let font = try view.optional("font") { value, path throws(InfoWinError) in
            try decodeFont(value, path, base: Look.textViewFont)
        } ?? Look.textViewFont
        let color = try view.optional("color", reader.color) ?? Look.textViewColor(for: reader.traits.style)
        var runs: [TextSpanSpec] = []
        let template: Template
        if spans {
            runs = try view.required("spans") { value, path throws(InfoWinError) in
                let elements = try reader.array(value, path)
                if elements.isEmpty { throw reader.failure(path, "expected at least one span") }
                return try elements.enumerated().map { index, element throws(InfoWinError) in
                    let span = try reader.object(element, path.appending(index), allowed: SpecDescription.span.names)
                    return TextSpanSpec(
                        template: try span.required("text") { value, path throws(InfoWinError) in
                            try decodeTemplate(value, path, inForEach: inForEach)
                        },
                        font: try span.optional("font") { value, path throws(InfoWinError) in try decodeFont(value, path, base: font) } ?? font,
                        color: try span.optional("color", reader.color) ?? color)
                }
            }
            template = Template(concatenating: runs.map(\.template))
        } else {
            template = try view.required("text") { value, path throws(InfoWinError) in try decodeTemplate(value, path, inForEach: inForEach) }
        }
        return TextViewSpec(
            template: template,
            spans: runs,
            lineSpacing: try view.number("lineSpacing"),
            font: runs.first?.font ?? font,
            color: runs.first?.color ?? color,
            maxLines: try view.integerIfPresent("maxLines"),
            align: try view.choiceIfPresent("align", as: Alignment.self) ?? .start,
            locale: try view.optional("locale", decodeLocale))
    }

    private func decodeImage(_ view: ObjectReader, inForEach: Bool) throws(InfoWinError) -> ImageViewSpec {
        let mode = try view.choice("contentMode", as: ContentMode.self)
        let pathTemplate = try view.required("image") { value, path throws(InfoWinError) -> Template? in
            guard case .string(let text) = value.kind, text.contains("{{") else { return nil }
            let template = try decodeTemplate(value, path, inForEach: inForEach)
            if template.parts.contains(where: { $0 == .title || $0 == .snippet }) {
                throw reader.failure(path, "an image path may use {{id}}, {{userData.KEY}}, {{item}} and {{index}}, not {{title}} or {{snippet}}")
            }
            return template
        }
        if let pathTemplate { return ImageViewSpec(asset: nil, pathTemplate: pathTemplate, contentMode: mode) }
        let asset = try view.required("image") { value, path throws(InfoWinError) in try loadImageAsset(value, path) }
        return ImageViewSpec(asset: asset, pathTemplate: nil, contentMode: mode)
    }

    /// A PNG, JPEG or WebP file read through the sandbox, its scale from its name.
    func loadImageAsset(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> ImageAsset {
        let (file, written, bytes) = try loadImage(value, path)
        return ImageAsset(file: file, bytes: bytes, scale: Self.impliedScale(ofImageNamed: written))
    }

    private func decodeStack(_ view: ObjectReader, key: String, depth: Int, inForEach: Bool) throws(InfoWinError) -> StackSpec {
        let children = try view.required(key) { value, path throws(InfoWinError) in
            try reader.array(value, path).enumerated().map { index, child throws(InfoWinError) in
                if case .object(let members) = child.kind, members.contains(where: { $0.key == "forEach" }) {
                    return try decodeForEach(child, path.appending(index), depth: depth + 1)
                }
                return try decodeView(child, path.appending(index), depth: depth + 1, inForEach: inForEach)
            }
        }
        var stack = StackSpec(
            children: children,
            spacing: key == SpecViewKind.zstack.rawValue ? 0
                : try view.number("spacing"),
            align: .center)
        if key == "zstack" {
            stack.zAlign = try view.choiceIfPresent("align", as: ZAlignment.self) ?? .center
        } else {
            stack.align = try view.optional("align") { value, path throws(InfoWinError) in
                try decodeStackAlignment(value, path, horizontal: key == "hstack")
            } ?? .center
        }
        return stack
    }

    /// A stack's cross-axis alignment: `start`, `center`, `end`, or SwiftUI's names for them (`leading`
    /// and `trailing` as in a zstack; `top` and `bottom` too for an hstack, whose cross axis is vertical).
    private func decodeStackAlignment(_ value: JSONValue, _ path: JSONPath, horizontal: Bool) throws(InfoWinError) -> Alignment {
        var names: [String: Alignment] = ["start": .start, "center": .center, "end": .end, "leading": .start, "trailing": .end]
        if horizontal { names["top"] = .start; names["bottom"] = .end }
        guard case .string(let text) = value.kind, let alignment = names[text] else {
            let expected = (horizontal ? ["start", "center", "end", "leading", "trailing", "top", "bottom"]
                : ["start", "center", "end", "leading", "trailing"]).map(JSONWriter.quoted)
            throw reader.mismatch(value, path, expected: expected.dropLast().joined(separator: ", ") + " or " + expected.last!)
        }
        return alignment
    }

    private func decodeDivider(_ view: ObjectReader) throws(InfoWinError) -> ViewKind {
        try view.required("divider") { value, path throws(InfoWinError) in
            let divider = try reader.object(value, path, declared: SpecDescription.divider)
            return .divider(color: try divider.color("color"), thickness: try divider.number("thickness"))
        }
    }
}
