extension SpecDescription {
    static let marker = SpecObject("one GMSMarker", [
        "id": .string("unique, non-empty"), "position": .reference(.coordinate),
        "title": .string("first line of the default window, bold"), "snippet": .string("text under the title, smaller"),
        "icon": icon,
        "iconView": .reference(.view, "a view drawn as the icon"), "groundAnchor": .object(unitPoint), "infoWindowAnchor": .object(unitPoint),
        "rotation": .number("degrees clockwise about the ground anchor"), "flat": .bool("the icon turns with the map's bearing"),
        "opacity": .number("0…1", 0...1), "zIndex": .number("higher draws later", integer: true),
        "tracksInfoWindowChanges": .bool("an open window shows changes at once"),
        "userData": .userData("values for {{userData.KEY}}, if and forEach"),
        "infoWindow": .reference(.infoWindow),
        "pin": .dataDriven(pin),
        "collisionBehavior": .choice(
            "required (always drawn, hides nothing), requiredAndHidesOptional (always drawn, hides the optional markers it overlaps) or "
                + "optionalAndHidesLowerPriority (hidden where it overlaps one of these or a shown optional marker of higher priority)",
            CollisionBehavior.allCases.map(\.rawValue)),
        "tappable": .bool("false: taps and hit pass through the marker"),
    ], required: ["id", "position"], defaults: [
        "title": nil, "snippet": nil, "icon": nil, "groundAnchor": ["x": 0.5, "y": 1], "infoWindowAnchor": ["x": 0.5, "y": 0],
        "rotation": 0, "flat": false, "opacity": 1, "zIndex": 0, "tracksInfoWindowChanges": false, "userData": [:],
        "collisionBehavior": "required", "tappable": true,
    ])

    static let icon = SpecValueType.anyOf("a PNG file, an image with its scale, or the default pin tinted", [
        .string("a PNG file"),
        .object(SpecObject("an image", ["image": .string("a PNG file"), "scale": .number("pixels per point", 0.1...16)], required: ["image"])),
        .object(SpecObject("the default pin tinted", ["color": .colour], required: ["color"])), .null,
    ])

    static let unitPoint = SpecObject("a point of the icon's unit square", ["x": .number("0…1", 0...1), "y": .number("0…1", 0...1)], required: ["x", "y"])

    static let pin = SpecObject("GMSPinImage / PinElement: the look's pin in other colours, with a glyph; not with icon or iconView", [
        "background": .colour, "borderColor": .colour,
        "glyph": glyph,
        "scale": .number("the web pin's size factor (PinElement.scale); the iOS and Android pins have none", PinImageSpec.scaleRange),
    ], defaults: ["scale": 1])

    static let glyphText = SpecObject("text", ["text": .string("bold text, 1 to 40 characters"), "textColor": .colour], required: ["text"])

    static let glyph = SpecValueType.anyOf("what the head shows instead of the dot", [
        .string("bold text, 1 to 40 characters"),
        .object(glyphText),
        .object(SpecObject("an image fitted to the head", ["image": .string("a PNG, JPEG or WebP file, sandboxed as every asset")], required: ["image"])),
        .object(SpecObject("the dot in a colour", ["color": .colour], required: ["color"])),
    ])
}
