extension SpecDescription {
    /// The keys only some kinds of view take (`SpecViewKind.keys` says which).
    static let kindKeys = SpecObject("keys of some kinds of view", [
        "font": .object(font), "color": .colour, "maxLines": .number("lines before \"…\"", 1...1000, integer: true),
        "align": .string("text: start, center or end; vstack: also leading or trailing; hstack: also leading, trailing, top or bottom; zstack: SwiftUI's alignments"),
        "locale": .string("this text's own BCP 47 locale"), "lineSpacing": .number("points between lines", 0...100),
        "contentMode": .choice("how an image fills its box", ContentMode.allCases.map(\.rawValue)),
        "spacing": .number("points between a stack's children", 0...1000),
    ], defaults: ["lineSpacing": 0, "contentMode": "fit", "spacing": 0])

    /// The keys a text or spans view takes.
    static let textKeys = ["font", "color", "maxLines", "align", "locale", "lineSpacing"].map(viewKey)

    /// The key `name` of `kindKeys`.
    static func viewKey(_ name: String) -> SpecKey {
        guard let key = kindKeys.key(name) else { preconditionFailure("no view key \(name) is declared") }
        return key
    }

    /// The modifiers every view takes.
    static let modifiers = SpecObject("modifiers of every view", [
        "padding": .insets("space inside the border", range: 0...1000),
        "background": .anyOf("a colour or a linear gradient", [.colour, .object(gradientFill)]),
        "cornerRadius": .insets("radius of every corner, or of each", keys: corners, range: 0...1000),
        "border": .object(SpecObject("a line inside the box's edge", ["color": .colour, "width": .number("points", 0...100)],
            defaults: ["color": "#000000", "width": 1])),
        "width": .number("the whole box's width", 0...4096), "height": .number("the whole box's height", 0...4096),
        "minWidth": .number("the least width", 0...4096), "maxWidth": .number("the most width", 0...4096),
        "minHeight": .number("the least height", 0...4096), "maxHeight": .number("the most height; text shows the lines that fit", 0...4096),
        "opacity": .number("0…1, for the view and all it holds", 0...1),
        "offset": .object(shift("moves the view where it is drawn", x: "points right", range: -4096...4096)),
        "if": .string("\"userData.KEY\" or \"!userData.KEY\": shown only when the value exists and is not false, 0, \"\" or []; or a traits test: \"traits.isAccessibilityCategory\", \"traits.userInterfaceStyle == dark\", \"traits.preferredContentSizeCategory >= XXL\""),
    ], defaults: ["padding": 0, "cornerRadius": 0, "opacity": 1])

    /// The corners of `cornerRadius`.
    static let corners = ["topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]

    /// The keys only a `window` root takes.
    static let windowRootKeys = SpecObject("keys of a window's root view", [
        "tail": .anyOf("a window root's tail", [.object(tail), .null]), "shadow": .anyOf("a window root's shadow", [.object(shadow), .null]),
    ])

    /// The keys only an `iconView` root takes.
    static let iconViewRootKeys = SpecObject("keys of an icon view's root", [
        "clipsToBounds": .bool("an iconView root's: false draws its views outside the icon's frame"),
    ], defaults: ["clipsToBounds": true])

    /// Every key any view may hold, for the schema: the kinds, their keys, the modifiers and the roots' keys.
    static var view: SpecObject {
        var keys = SpecViewKind.allCases.map { SpecKey(name: $0.rawValue, type: $0.type) }
        for key in SpecViewKind.allCases.flatMap(\.keys) + modifiers.keys + windowRootKeys.keys + iconViewRootKeys.keys
        where !keys.contains(where: { $0.name == key.name }) {
            keys.append(key)
        }
        return SpecObject("a view: exactly one of \(SpecViewKind.names.joined(separator: ", ")), with modifiers", keys: keys)
    }

    static let span = SpecObject("a run", ["text": .string("its text"), "font": .object(font), "color": .colour], required: ["text"])

    static let divider = SpecObject("a line across its stack", ["color": .colour, "thickness": .number("points", 0...100)],
        defaults: ["color": "#DADCE0", "thickness": 1])

    static let gradientFill = SpecObject("a gradient", [
        "gradient": .object(SpecObject("from one colour to another", [
            "from": .colour, "to": .colour, "angle": .number("CSS degrees"),
        ], required: ["from", "to"], defaults: ["angle": 180])),
    ], required: ["gradient"])

    static let forEach = SpecObject("a view repeated once per element of a userData array", [
        "forEach": .string("\"userData.KEY\" (a path), an array of strings, numbers or objects"), "view": .reference(.view),
    ], required: ["forEach", "view"])
}
