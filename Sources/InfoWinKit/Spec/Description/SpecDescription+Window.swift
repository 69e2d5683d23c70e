extension SpecDescription {
    static let infoWindow = SpecObject("how info windows are made: the default one with a style, custom contents, or a custom window", [
        "style": .dataDriven(style),
        "window": .reference(.view, "a view as the whole window (markerInfoWindow)"),
        "contents": .reference(.view, "a view inside the default frame (markerInfoContents)"),
        "disableAutoPan": .bool("the web look does not pan to show this window when it opens (InfoWindowOptions)"),
        "pixelOffset": .object(shift("moves the whole window, its tail's tip included (InfoWindowOptions)", range: -4096...4096)),
        "minWidth": .number("the body is at least this wide, in points (InfoWindowOptions)", 0...4096),
        "maxWidth": .number("the body is at most this wide, in points: text wraps to fit (InfoWindowOptions)", 0...4096),
    ], defaults: ["disableAutoPan": false])

    static let style = SpecObject("the default window's frame and text; defaults are the look's", [
        "maxWidth": .number("text width limit", 1...4096), "minWidth": .number("body width floor", 0...4096),
        "padding": .number("space between the frame and the text", 0...1000), "cornerRadius": .number("radius of the body's corners", 0...1000),
        "background": .colour, "tail": .anyOf("the tail, or null for none", [.object(tail), .null]),
        "shadow": .anyOf("the shadow, or null for none", [.object(shadow), .null]), "titleFont": .object(font), "titleColor": .colour,
        "titleMaxLines": .number("lines of title before \"…\"", 1...1000, integer: true), "snippetFont": .object(font), "snippetColor": .colour,
        "snippetMaxLines": .number("lines of snippet before \"…\"", 1...1000, integer: true),
        "textAlign": .choice("where lines sit: start and end follow the text's direction", TextAlign.allCases.map(\.rawValue)),
        "closeButton": .bool("a close button (×) in the top-right corner (the web look's)"),
    ])

    static let font = SpecObject("a font; keys left out keep the default's", [
        "family": .string("family name, as fontconfig knows it (\"Inter\")"),
        "size": .number("size in points", 1...500),
        "weight": .anyOf("\"normal\", \"bold\", a UIFont.Weight name, or 100…900", [
            .choice("a named weight", Array(SpecDecoder.namedWeights.keys).sorted()), .number("a CSS weight", 100...900, integer: true),
        ]),
        "style": .choice("slant", ["normal", "italic"]),
        "textStyle": .choice("a Dynamic Type text style: its size at traits.preferredContentSizeCategory (Apple's table), its weight unless weight is given (headline is semibold); not with size", DynamicTextStyle.allCases.map(\.rawValue)),
    ])

    static let tail = SpecObject("the tail under the body: a right-angle tip by default", [
        "width": .number("width of its base in points", 0...1000), "height": .number("height from base to tip in points", 0...1000),
    ])

    static let shadow = SpecObject("a blurred shadow under the window", [
        "color": .colour, "blur": .number("a Gaussian of σ = blur ÷ 2, in points", 0...100),
        "offsetX": .number("points to the right", -1000...1000), "offsetY": .number("points down", -1000...1000),
        "spread": .number("points the shape grows before it is blurred (CSS box-shadow's spread)", 0...100),
    ])
}
