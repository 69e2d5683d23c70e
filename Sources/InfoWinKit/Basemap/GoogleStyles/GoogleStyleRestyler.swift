import Graphics

/// Google's map styles applied to a MapLibre style's layers, as Google applies them: every style in order,
/// each rule in order, later ones over earlier ones. A feature type selects layers (and within a layer the
/// features of its classes: `GoogleStyleFeatureTable`), an element type selects what of them is drawn:
///
/// - `geometry.fill`: `background-color`, `fill-color`, and the `line-color` of lines that are not outlines;
/// - `geometry.stroke`: `fill-outline-color`, and the `line-color` of outlines (line layers whose id says
///   `casing` or `outline`, or that have a `line-gap-width`);
/// - `labels.text.fill`: `text-color`; `labels.text.stroke`: `text-halo-color` (its width for `weight`);
/// - `labels.icon`: a symbol's `icon-image`, and `circle` layers (a point of interest's dot), their
///   `circle-color` and `circle-stroke-color` (`weight`: `circle-stroke-width`). A sprite's icons keep their
///   own colours: only their visibility changes.
///
/// A value is changed where it is used (`StyleExpression.overridden`), so a style's colours by class or zoom
/// keep their differences under `hue`, `saturation` and `lightness`. Hidden features are filtered out of
/// the layer (they take no room from other labels); a feature hidden only in part loses that part.
/// `raster` layers are left as they are.
struct GoogleStyleRestyler {
    let rules: [GoogleStyleRule]
    /// The schema's table, or nil when the layers follow neither schema (then only `feature:all` applies).
    let table: GoogleStyleFeatureTable?

    private static let transparent = StyleValue.color(RGBA(red: 0, green: 0, blue: 0, alpha: 0))

    /// `layer` with the rules applied.
    func restyled(_ layer: StyleLayer) -> StyleLayer {
        let roles = Self.roles(of: layer)
        guard !roles.isEmpty else { return layer }
        var changes: [String: [StyleOverride]] = [:]
        var shown: [GoogleStyleElement: [StyleOverride]] = [:]
        for rule in rules {
            guard let selector = selection(rule.feature, in: layer) else { continue }
            let leaves = rule.element.leaves.intersection(roles)
            for operation in rule.operations {
                for leaf in leaves {
                    switch operation {
                    case .visibility(let visibility):
                        let isOn = visibility == .on || (visibility == .simplified && !Self.isOutline(layer))
                        shown[leaf, default: []].append(StyleOverride(selector: selector, change: .value(.bool(isOn))))
                    case .color(let adjustment):
                        for name in Self.colorProperties(leaf, layer) {
                            changes[name, default: []].append(StyleOverride(selector: selector, change: .color(adjustment)))
                        }
                    case .weight(let weight):
                        if let name = Self.widthProperty(leaf, layer) {
                            changes[name, default: []].append(StyleOverride(selector: selector, change: .value(.number(weight))))
                        }
                    }
                }
            }
        }
        var restyled = layer
        for (name, overrides) in changes {
            restyled.set(name, .overridden(Self.base(name, of: layer), overrides))
        }
        return Self.hiding(restyled, roles: roles, shown: shown)
    }

    /// Which of `layer`'s features `feature` selects: nil for none, `.some(nil)` for all.
    private func selection(_ feature: GoogleStyleFeature, in layer: StyleLayer) -> StyleExpression?? {
        if feature == .all { return .some(nil) }
        return table?.selection(feature, in: layer) ?? nil
    }

    /// The element types (leaves) `layer` draws.
    static func roles(of layer: StyleLayer) -> Set<GoogleStyleElement> {
        switch layer.type {
        case .background: [.geometryFill]
        case .fill: [.geometryFill, .geometryStroke]
        case .line: isOutline(layer) ? [.geometryStroke] : [.geometryFill]
        case .circle: [.labelsIcon]
        case .symbol: layer.layout["icon-image"] == nil ? [.labelsTextFill, .labelsTextStroke] : [.labelsTextFill, .labelsTextStroke, .labelsIcon]
        case .raster: []
        }
    }

    /// True for a line layer that outlines another (a road's casing).
    static func isOutline(_ layer: StyleLayer) -> Bool {
        guard layer.type == .line else { return false }
        let id = layer.id.lowercased()
        return id.contains("casing") || id.contains("outline") || layer.paint["line-gap-width"] != nil
    }

    private static func colorProperties(_ leaf: GoogleStyleElement, _ layer: StyleLayer) -> [String] {
        switch (leaf, layer.type) {
        case (.geometryFill, .background): ["background-color"]
        case (.geometryFill, .fill): ["fill-color"]
        case (.geometryFill, .line), (.geometryStroke, .line): ["line-color"]
        // Without its own colour an outline follows the fill, and a patterned fill has none to change.
        case (.geometryStroke, .fill): layer.paint["fill-pattern"] == nil || layer.paint["fill-outline-color"] != nil ? ["fill-outline-color"] : []
        case (.labelsIcon, .circle): ["circle-color", "circle-stroke-color"]
        case (.labelsTextFill, .symbol): ["text-color"]
        case (.labelsTextStroke, .symbol): ["text-halo-color"]
        default: []
        }
    }

    private static func widthProperty(_ leaf: GoogleStyleElement, _ layer: StyleLayer) -> String? {
        switch (leaf, layer.type) {
        case (.geometryFill, .line), (.geometryStroke, .line): "line-width"
        case (.labelsIcon, .circle): "circle-stroke-width"
        case (.labelsTextStroke, .symbol): "text-halo-width"
        default: nil
        }
    }

    /// The property's value before the rules: the style's, else (an outline) the fill's colour, else
    /// MapLibre's default.
    private static func base(_ name: String, of layer: StyleLayer) -> StyleExpression {
        if let given = layer.paint[name] ?? layer.layout[name] { return given }
        if name == "fill-outline-color" { return base("fill-color", of: layer) }
        return .literal(StyleProperties.all[name]?.defaultValue ?? .null)
    }

    /// `layer` without what the visibility rules hide: features all of whose parts are hidden are filtered
    /// out (the layer is not drawn when none is left), and a part hidden alone is made not to draw.
    private static func hiding(_ layer: StyleLayer, roles: Set<GoogleStyleElement>, shown: [GoogleStyleElement: [StyleOverride]]) -> StyleLayer {
        guard !shown.isEmpty else { return layer }
        var layer = layer
        let tests = shown.mapValues { StyleExpression.overridden(.literal(.bool(true)), $0) }
        // Constant when every rule selects the whole layer: then evaluated once, without a feature.
        let constants: [GoogleStyleElement: Bool] = shown.compactMapValues { overrides in
            overrides.allSatisfy { $0.selector == nil } ? overrides.last.map { $0.change.isTrue } : nil
        }
        if roles.allSatisfy({ tests[$0] != nil }) {
            let sorted = roles.sorted { $0.rawValue < $1.rawValue }
            if sorted.allSatisfy({ constants[$0] == false }) {
                layer.isVisible = false
                return layer
            }
            if !sorted.allSatisfy({ constants[$0] != nil }) && layer.type != .background {
                let any = sorted.count == 1 ? tests[sorted[0]]! : .operation(.any, sorted.map { tests[$0]! })
                layer.filter = layer.filter.map { .operation(.all, [$0, any]) } ?? any
            }
        }
        func hidden(_ leaf: GoogleStyleElement) -> StyleExpression?? {
            guard let test = tests[leaf], constants[leaf] != true else { return nil }
            return constants[leaf] == false ? .some(nil) : .some(.operation(.not, [test]))
        }
        func hide(_ name: String, _ selector: StyleExpression?, _ value: StyleValue) {
            layer.set(name, .overridden(base(name, of: layer), [StyleOverride(selector: selector, change: .value(value))]))
        }
        switch layer.type {
        case .fill:
            if let selector = hidden(.geometryFill) {
                // The outline follows the fill's colour unless it has its own: keep it before the fill goes.
                if layer.paint["fill-outline-color"] == nil && layer.paint["fill-pattern"] == nil {
                    layer.paint["fill-outline-color"] = base("fill-color", of: layer)
                }
                hide("fill-color", selector, transparent)
            }
            if let selector = hidden(.geometryStroke), layer.paint["fill-pattern"] == nil || layer.paint["fill-outline-color"] != nil {
                hide("fill-outline-color", selector, transparent)
            }
        case .symbol:
            if let fill = tests[.labelsTextFill], let stroke = tests[.labelsTextStroke], layer.layout["text-field"] != nil,
               constants[.labelsTextFill] != true || constants[.labelsTextStroke] != true {
                let noText: StyleExpression? = constants[.labelsTextFill] == false && constants[.labelsTextStroke] == false
                    ? nil : .operation(.not, [.operation(.any, [fill, stroke])])
                hide("text-field", noText, .string(""))
            }
            if let selector = hidden(.labelsTextFill) { hide("text-color", selector, transparent) }
            if let selector = hidden(.labelsTextStroke) { hide("text-halo-width", selector, .number(0)) }
            if let selector = hidden(.labelsIcon) { hide("icon-image", selector, .null) }
        default:
            // One part a layer: the filter above has hidden it.
            break
        }
        return layer
    }
}

extension StyleOverride.Change {
    /// True for a change to `true`.
    fileprivate var isTrue: Bool {
        if case .value(.bool(true)) = self { return true }
        return false
    }
}

extension StyleLayer {
    /// Sets a paint or layout property, where `StyleProperties` files it.
    fileprivate mutating func set(_ name: String, _ expression: StyleExpression) {
        if StyleProperties.all[name]?.group == .layout { layout[name] = expression } else { paint[name] = expression }
    }
}
