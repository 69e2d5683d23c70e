/// Makes random valid specs as a user could write them: view trees of every kind and modifier, spans,
/// bounded and unbounded sizes, empty, long, right-to-left, CJK, emoji and combining text, every look,
/// locale, style key and marker option. Image views and icons name `icon.png` and `icon@2x.png`, which the
/// folder the spec is read from must hold; fonts are left to the caller (pinned fonts, for stable bytes).
///
/// The same entropy gives the same spec: a seed for the property tests, a fuzzer's bytes for libFuzzer.
public struct SpecGenerator<Source: Entropy> {
    private var entropy: Source
    /// The largest canvas side in points: small canvases keep thousands of renders fast.
    public var maxCanvasSide = 160.0
    /// The deepest view tree made (the format allows 32).
    public var maxViewDepth = 5

    /// A generator drawing its choices from `entropy`.
    public init(entropy: Source) {
        self.entropy = entropy
    }

    /// The next spec, as JSON text.
    public mutating func specJSON() -> String {
        spec().text
    }

    /// The next spec.
    public mutating func spec() -> GeneratedJSON {
        let markerCount = 1 + int(below: 3)
        let ids = (0..<markerCount).map { "m\($0)" }
        // Framed by `fit` now and then.
        let framed = chance(8)
        var members: [(String, GeneratedJSON)] = [("version", .number(1)), ("map", map(framed: framed))]
        if chance(3) { members.append(("look", declaredWord("look", of: .topLevel))) }
        if chance(2) { members.append(("locale", .string(pick(Self.locales)))) }
        if chance(3) { members.append(("traits", traits())) }
        if chance(2) { members.append(("infoWindow", infoWindow())) }
        members.append(("markers", .array(ids.map { marker($0) })))
        members.append(("selectedMarker", chance(8) ? .null : .string(pick(ids))))
        if chance(4) { members.append(("showInfoWindows", .array(ids.filter { _ in chance(2) }.map { .string($0) }))) }
        if chance(4) { members.append(("events", .array((0..<1 + int(below: 4)).map { _ in event(ids: ids) }))) }
        if chance(3) { members += shapes() }
        return .object(members)
    }

    /// A scenario event; canvas points stay within 40 pt, the smallest canvas made.
    private mutating func event(ids: [String]) -> GeneratedJSON {
        let point = { (generator: inout Self) in
            GeneratedJSON.object([("x", .number(Double(generator.int(below: 41)))), ("y", .number(Double(generator.int(below: 41))))])
        }
        switch int(below: 8) {
        case 0: return .object([("tapMarker", .string(pick(ids))), ("handled", .bool(chance(2)))])
        case 1: return .object([("tapMap", point(&self))])
        case 6: return .object([("longPressInfoWindow", .bool(true))])
        case 7: return .object([("set", .object([("marker", .string(pick(ids))), ("title", .string(shortText()))]))])
        case 2: return .object([("longPressMap", point(&self))])
        case 3: return .object([("moveCamera", .object([("zoom", .number(Double(10 + int(below: 8))))]))])
        case 4: return .object([("pan", .object([("x", .number(Double(int(below: 81) - 40))), ("y", .number(Double(int(below: 81) - 40)))]))])
        default: return .object([("select", chance(3) ? .null : .string(pick(ids)))])
        }
    }

    // MARK: Map and markers

    private mutating func map(framed: Bool) -> GeneratedJSON {
        var camera: [(String, GeneratedJSON)] = [
            ("target", coordinate(spread: 0.02)), ("zoom", .number(Double(10 + int(below: 8)))),
        ]
        if chance(4) { camera.append(("bearing", .number(Double(int(below: 360))))) }
        if framed {
            // `fit` replaces target and zoom.
            camera = [("fit", .object([
                ("markers", .string("all")), ("includeInfoWindow", .bool(chance(2))), ("maxZoom", .number(Double(12 + int(below: 8)))),
                ("shapes", .bool(chance(2))),
            ]))]
        }
        var map: [(String, GeneratedJSON)] = [
            ("width", .number(Double(40 + int(below: Int(maxCanvasSide) - 39)))),
            ("height", .number(Double(40 + int(below: Int(maxCanvasSide) - 39)))),
            ("scale", .number(pick([1, 1, 1, 2, 1.5, 3]))), ("camera", .object(camera)),
        ]
        if chance(5) { map.append(("background", .string(pick(["#00000000", "#222222", "#E9E5DC80"])))) }
        if chance(5) { map.append(("padding", .object([("top", .number(Double(int(below: 30)))), ("left", .number(Double(int(below: 30))))]))) }
        if chance(5) { map.append(("autoPan", .bool(true))) }
        return .object(map)
    }

    mutating func coordinate(spread: Double) -> GeneratedJSON {
        .object([("latitude", .number(fraction(spread))), ("longitude", .number(fraction(spread)))])
    }

    private mutating func marker(_ id: String) -> GeneratedJSON {
        var members: [(String, GeneratedJSON)] = [("id", .string(id)), ("position", coordinate(spread: 0.01))]
        if !chance(5) { members.append(("title", .string(text()))) }
        if chance(2) { members.append(("snippet", .string(text()))) }
        switch int(below: 6) {
        case 0: members.append(("icon", .string(pick(["icon.png", "icon@2x.png"]))))
        case 1: members.append(("icon", .object([("color", .string(color()))])))
        case 2: members.append(("icon", .object([("image", .string("icon.png")), ("scale", .number(pick([0.5, 1, 3])))])))
        case 3: members.append(("iconView", iconView()))
        case 4: members.append(("pin", pin()))
        default: break
        }
        if chance(3) { members.append(("collisionBehavior", declaredWord("collisionBehavior", of: .marker))) }
        if chance(5) { members.append(("tappable", .bool(false))) }
        if chance(4) { members.append(("groundAnchor", unitPoint())) }
        if chance(4) { members.append(("infoWindowAnchor", unitPoint())) }
        if chance(5) { members.append(("rotation", .number(Double(int(below: 360))))) }
        if chance(6) { members.append(("flat", .bool(true))) }
        if chance(5) { members.append(("opacity", declaredNumber("opacity", of: .marker))) }
        if chance(4) { members.append(("zIndex", .number(Double(int(below: 5)) - 2))) }
        if chance(6) { members.append(("tracksInfoWindowChanges", .bool(true))) }
        members.append(("userData", userData()))
        if chance(4) { members.append(("infoWindow", infoWindow())) }
        return object(members, withDeclaredKeysOf: .marker)
    }

    /// An icon view, its root sometimes drawing outside its frame (`clipsToBounds: false`).
    private mutating func iconView() -> GeneratedJSON {
        let root = view(depth: 1)
        guard chance(3), case .object(let members) = root else { return root }
        return .object(members + [("clipsToBounds", .bool(false))])
    }

    /// A `pin` (`GMSPinImage`): colours, a text, image or colour glyph, the web pin's scale.
    private mutating func pin() -> GeneratedJSON {
        var members: [(String, GeneratedJSON)] = []
        if chance(2) { members.append(("background", .string(color()))) }
        if chance(2) { members.append(("borderColor", .string(color()))) }
        switch int(below: 5) {
        case 0: members.append(("glyph", .string(pick(["A", "Open", "4.7", "🍕", "مفتوح"]))))
        case 1: members.append(("glyph", .object([("text", .string(pick(["1", "東", "ب", "99+", "WWWWWW"]))), ("textColor", .string(color()))])))
        case 2: members.append(("glyph", .object([("image", .string(pick(["icon.png", "icon@2x.png"])))])))
        case 3: members.append(("glyph", .object([("color", .string(color()))])))
        default: break
        }
        if chance(3) { members.append(("scale", declaredNumber("scale", of: .pin))) }
        return .object(members)
    }

    /// Light or dark, and a Dynamic Type size from the smallest to the largest accessibility size.
    private mutating func traits() -> GeneratedJSON {
        var members: [(String, GeneratedJSON)] = []
        if chance(2) { members.append(("userInterfaceStyle", declaredWord("userInterfaceStyle", of: .traits))) }
        if !chance(3) {
            members.append(("preferredContentSizeCategory", declaredWord("preferredContentSizeCategory", of: .traits)))
        }
        return .object(members)
    }

    private mutating func unitPoint() -> GeneratedJSON {
        .object([("x", .number(pick([0, 0.25, 0.5, 1]))), ("y", .number(pick([0, 0.5, 1])))])
    }

    /// The keys views use, always present (a template naming a missing key is an error) but often empty,
    /// false or zero, so `if` and `forEach` go both ways.
    mutating func userData() -> GeneratedJSON {
        .object([
            ("name", .string(chance(4) ? "" : text())),
            ("flag", pick([.bool(true), .bool(false), .number(0), .number(2), .string("")])),
            ("photo", .string(pick(["icon", "icon@2x", ""]))),
            ("tags", .array((0..<int(below: 4)).map { _ in .string(shortText()) })),
            ("count", .number(Double(int(below: 2000)))),
            ("tone", .string(pick(["#EA4335", "systemGreen", "secondaryLabel", "rgba(0, 0, 0, 0.5)"]))),
            ("lines", pick([.number(1), .string("2"), .number(4)])),
            ("store", .object([
                ("name", .string(shortText())), ("open", .bool(chance(2))),
                ("hours", .array((0..<(1 + int(below: 3))).map { _ in
                    .object([("day", .string(pick(["Mon", "Tue", "土", "الأحد"]))), ("open", .string(pick(["8:00", "9:30", ""])))])
                })),
            ])),
        ])
    }

    // MARK: Info windows

    private mutating func infoWindow() -> GeneratedJSON {
        var window: [(String, GeneratedJSON)]
        switch int(below: 4) {
        case 0: window = [("contents", view(depth: 1))]
        case 1:
            guard case .object(var root) = view(depth: 1) else { return .object([]) }
            if chance(2) { root.append(("tail", chance(3) ? .null : .object([("width", .number(16)), ("height", .number(8))]))) }
            if chance(2) { root.append(("shadow", chance(3) ? .null : .object([("blur", .number(Double(int(below: 8))))]))) }
            window = [("window", .object(root))]
        default: window = [("style", style())]
        }
        // The Maps JavaScript InfoWindowOptions (every look honours them).
        if chance(4) { window.append(("disableAutoPan", .bool(chance(2)))) }
        if chance(4) { window.append(("pixelOffset", .object([("x", .number(Double(int(below: 21) - 10))), ("y", .number(Double(int(below: 21) - 10)))]))) }
        if chance(4) {
            let low = Double(int(below: 120))
            window.append(("minWidth", .number(low)))
            if chance(2) { window.append(("maxWidth", .number(low + Double(int(below: 200))))) }
        }
        return .object(window)
    }

    private mutating func style() -> GeneratedJSON {
        var members: [(String, GeneratedJSON)] = []
        if chance(3) { members.append(("maxWidth", .number(Double(1 + int(below: 300))))) }
        if chance(4) { members.append(("minWidth", .number(Double(int(below: 200))))) }
        if chance(4) { members.append(("padding", .number(Double(int(below: 20))))) }
        if chance(4) { members.append(("cornerRadius", .number(Double(int(below: 12))))) }
        if chance(4) { members.append(("background", .string(color()))) }
        if chance(4) { members.append(("tail", chance(2) ? .null : .object([("width", .number(20)), ("height", .number(10))]))) }
        if chance(4) { members.append(("shadow", chance(2) ? .null : shadow())) }
        if chance(6) { members.append(("closeButton", .bool(chance(2)))) }
        if chance(3) { members.append(("titleFont", font())) }
        if chance(3) { members.append(("snippetFont", font())) }
        if chance(4) { members.append(("titleColor", .string(color()))) }
        if chance(4) { members.append(("snippetColor", .string(color()))) }
        if chance(3) { members.append(("titleMaxLines", .number(Double(1 + int(below: 3))))) }
        if chance(3) { members.append(("snippetMaxLines", .number(Double(1 + int(below: 6))))) }
        if chance(3) { members.append(("textAlign", declaredWord("textAlign", of: .style))) }
        return object(members, withDeclaredKeysOf: .style)
    }

    private mutating func shadow() -> GeneratedJSON {
        .object([
            ("color", .string(color())), ("blur", .number(Double(int(below: 8)))), ("offsetX", .number(Double(int(below: 9) - 4))),
            ("offsetY", .number(Double(int(below: 9) - 4))), ("spread", .number(Double(int(below: 4)))),
        ])
    }

    // MARK: Views

    private mutating func view(depth: Int) -> GeneratedJSON {
        let leaf = depth >= maxViewDepth || chance(3)
        var members: [(String, GeneratedJSON)]
        switch leaf ? int(below: 5) : 5 + int(below: 3) {
        case 0, 1: members = textView()
        case 2: members = spansView()
        case 3: members = imageView()
        case 4:
            members = chance(2) ? [("spacer", chance(2) ? .null : .number(Double(int(below: 20))))]
                : [("divider", .object([("color", .string(color())), ("thickness", .number(pick([0, 0.5, 1, 3])))]))]
        default: members = stackView(depth: depth)
        }
        // An image with a templated path has its own `if`: a key is written once.
        for modifier in modifiers() where !members.contains(where: { $0.0 == modifier.0 }) { members.append(modifier) }
        return .object(members)
    }

    private mutating func textView() -> [(String, GeneratedJSON)] {
        var members: [(String, GeneratedJSON)] = [("text", .string(templatedText()))]
        if chance(2) { members.append(("font", font())) }
        if chance(3) { members.append(("color", .string(color()))) }
        members += textOptions()
        return members
    }

    private mutating func spansView() -> [(String, GeneratedJSON)] {
        let spans: [GeneratedJSON] = (0..<(1 + int(below: 4))).map { _ in
            var span: [(String, GeneratedJSON)] = [("text", .string(chance(3) ? templatedText() : text()))]
            if chance(2) { span.append(("font", font())) }
            if chance(2) { span.append(("color", .string(color()))) }
            return .object(span)
        }
        var members: [(String, GeneratedJSON)] = [("spans", .array(spans))]
        if chance(3) { members.append(("font", font())) }
        if chance(3) { members.append(("color", .string(color()))) }
        members += textOptions()
        return members
    }

    private mutating func textOptions() -> [(String, GeneratedJSON)] {
        var members: [(String, GeneratedJSON)] = []
        if chance(2) { members.append(("maxLines", chance(4) ? .string("{{userData.lines}}") : .number(Double(1 + int(below: 4))))) }
        if chance(3) { members.append(("align", .string(pick(["start", "center", "end"])))) }
        if chance(5) { members.append(("locale", .string(pick(Self.locales)))) }
        if chance(5) { members.append(("lineSpacing", .number(Double(int(below: 8))))) }
        return members
    }

    private mutating func imageView() -> [(String, GeneratedJSON)] {
        let path = pick(["icon.png", "icon@2x.png", "{{userData.photo}}.png", "icon{{index}}.png"])
        var members: [(String, GeneratedJSON)] = [("image", .string(path == "icon{{index}}.png" ? "icon.png" : path))]
        if chance(2) { members.append(("contentMode", declaredWord("contentMode", of: .view))) }
        if path.contains("userData.photo") { members.append(("if", .string("userData.photo"))) }
        return members
    }

    private mutating func stackView(depth: Int) -> [(String, GeneratedJSON)] {
        let kind = pick(["vstack", "hstack", "zstack"])
        var children: [GeneratedJSON] = (0..<int(below: 5)).map { _ in view(depth: depth + 1) }
        if chance(4) {
            let repeated: GeneratedJSON = chance(2)
                ? .object([("forEach", .string("userData.tags")), ("view", .object(
                    [("text", .string(pick(["{{item}}", "#{{index}} {{item}}", "{{item}} · {{userData.name}}"])))] + modifiers()))])
                : .object([("forEach", .string("userData.store.hours")), ("view", .object(
                    [("text", .string(pick(["{{item.day}} {{item.open}}", "{{index}}: {{item.open}}"])))] + modifiers()))])
            children.insert(repeated, at: int(below: children.count + 1))
        }
        var members: [(String, GeneratedJSON)] = [(kind, .array(children))]
        if kind != "zstack" && chance(2) { members.append(("spacing", .number(Double(int(below: 12))))) }
        if chance(2) {
            let alignments = kind == "zstack"
                ? ["center", "top", "bottom", "leading", "trailing", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]
                : kind == "hstack" ? ["start", "center", "end", "leading", "trailing", "top", "bottom"]
                : ["start", "center", "end", "leading", "trailing"]
            members.append(("align", .string(pick(alignments))))
        }
        return members
    }

    private mutating func modifiers() -> [(String, GeneratedJSON)] {
        var members: [(String, GeneratedJSON)] = []
        if chance(3) {
            members.append(("padding", chance(2) ? .number(Double(int(below: 16)))
                : .object([("top", .number(Double(int(below: 10)))), ("left", .number(Double(int(below: 10)))),
                           ("bottom", .number(Double(int(below: 10)))), ("right", .number(Double(int(below: 10))))])))
        }
        if chance(3) {
            members.append(("background", chance(3)
                ? .object([("gradient", .object([("from", .string(color())), ("to", .string(color())), ("angle", .number(Double(int(below: 360))))]))])
                : .string(color())))
        }
        if chance(4) {
            members.append(("cornerRadius", chance(2) ? .number(Double(int(below: 30)))
                : .object([("topLeading", .number(Double(int(below: 12)))), ("bottomTrailing", .number(Double(int(below: 12))))])))
        }
        if chance(5) { members.append(("border", .object([("color", .string(color())), ("width", .number(pick([0.5, 1, 2, 6])))]))) }
        let lengths: [Double] = [0, 0.5, 4, 12, 16, 30, 80, 200, 600]
        for axis in ["Width", "Height"] {
            if chance(7) { members.append((axis.lowercased(), .number(pick(lengths)))) }
            let least = chance(7) ? pick(lengths) : nil
            if let least { members.append(("min" + axis, .number(least))) }
            if chance(7) { members.append(("max" + axis, .number(max(least ?? 0, pick(lengths))))) }
        }
        if chance(8) { members.append(("opacity", .number(pick([0, 0.5, 1])))) }
        if chance(8) { members.append(("offset", .object([("x", .number(Double(int(below: 40)) - 20)), ("y", .number(Double(int(below: 40)) - 20))]))) }
        if chance(6) {
            members.append(("if", .string(pick(["userData.flag", "!userData.flag", "userData.tags", "userData.photo", "!userData.name", "userData.store.open"]))))
        }
        return members
    }

    // MARK: Text, fonts and colours

    static var locales: [String] { ["en-US", "ar", "he", "ja", "zh-Hant", "zh-CN", "ko", "de", "fr", "th", "hi", "ru"] }

    /// Texts that break layouts: empty, whitespace, long words and paragraphs, line breaks, right-to-left,
    /// CJK, emoji sequences, combining marks and mixed scripts. None holds "…", so an ellipsis shown is
    /// always one the layout drew.
    static var texts: [String] {
        [
            "", " ", "London", "er", "W", "Tower Bridge Road", "a b c d e f g h i j k l m n o p",
            "Population: 8,174,100 people and counting, in the largest city of the United Kingdom",
            "Supercalifragilisticexpialidocious-antidisestablishmentarianism", "Line one\nLine two\n\nLine four",
            "مرحبا بالعالم، هذه نافذة معلومات", "שלום עולם", "東京タワーは日本の電波塔です", "北京市朝阳区建国门外大街",
            "서울특별시 종로구", "👩‍👩‍👧‍👦 🇬🇧 👍🏽 ❤️", "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}", "Café 東京 مرحبا 👍",
            "สวัสดีชาวโลก", "नमस्ते दुनिया", "\u{200B}\u{200D}\u{FEFF}", "<b>bold</b> & \"quoted\"", "tab\there", "trailing   ",
        ]
    }

    private mutating func text() -> String {
        let base = pick(Self.texts)
        return chance(6) ? String(repeating: base + " ", count: 1 + int(below: 12)) : base
    }

    mutating func shortText() -> String {
        pick(["", "A", "Open", "4.7 ★", "مفتوح", "営業中", "🍕", "vegan"])
    }

    private mutating func templatedText() -> String {
        switch int(below: 6) {
        case 0: "{{title}}"
        case 1: "{{snippet}}"
        case 2: "{{userData.name}} ({{id}})"
        case 3: "{{userData.count}} reviews"
        case 4 where chance(2): "{{userData.store.name}} opens {{userData.store.hours[0].open}}"
        default: text()
        }
    }

    private mutating func font() -> GeneratedJSON {
        var members: [(String, GeneratedJSON)] = chance(3)
            ? [("textStyle", declaredWord("textStyle", of: .font))]
            : [("size", .number(pick([1, 6, 9, 13, 15, 22, 40])))]
        if chance(2) { members.append(("weight", chance(5) ? .number(700) : declaredWord("weight", of: .font))) }
        if chance(4) { members.append(("style", .string("italic"))) }
        if chance(5) { members.append(("family", .string(pick(["Inter", "Noto Sans", "DejaVu Sans", "No Such Family"])))) }
        return .object(members)
    }

    mutating func color() -> String {
        pick(["#202124", "#FFF", "#EA4335", "#1A73E880", "#00000000", "#34A853", "label", "systemBackground", "separator", "rgba(52, 168, 83, 0.5)", "{{userData.tone}}"])
    }

    // MARK: Choices

    mutating func int(below bound: Int) -> Int {
        bound <= 1 ? 0 : Int(entropy.next() % UInt64(bound))
    }

    /// True once in `odds` choices.
    mutating func chance(_ odds: Int) -> Bool {
        int(below: odds) == odds - 1
    }

    mutating func pick<Element>(_ options: [Element]) -> Element {
        options[int(below: options.count)]
    }

    mutating func fraction(_ spread: Double) -> Double {
        (Double(int(below: 2001)) / 1000 - 1) * spread
    }
}
