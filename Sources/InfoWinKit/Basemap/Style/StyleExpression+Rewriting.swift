/// Rewriting compiled expressions: a style file's labels in another language.
extension StyleExpression {
    /// The expression with `transform` applied to every node, children first.
    func rewritten(_ transform: (StyleExpression) -> StyleExpression) -> StyleExpression {
        func map(_ expression: StyleExpression) -> StyleExpression { expression.rewritten(transform) }
        let rebuilt: StyleExpression = switch self {
        case .literal, .zoom, .featureID, .geometryType, .legacy: self
        case .get(let key, let object): .get(map(key), object: object.map(map))
        case .has(let key, let object): .has(map(key), object: object.map(map))
        case .operation(let operation, let arguments): .operation(operation, arguments.map(map))
        case .comparison(let comparison, let left, let right): .comparison(comparison, map(left), map(right))
        case .match(let input, let table, let fallback):
            .match(map(input), StyleMatchTable(table.branches.map { StyleMatchBranch(labels: $0.labels, output: map($0.output)) }), fallback: map(fallback))
        case .conditional(let branches, let fallback):
            .conditional(branches.map { StyleCaseBranch(condition: map($0.condition), output: map($0.output)) }, fallback: map(fallback))
        case .coalesce(let arguments): .coalesce(arguments.map(map))
        case .step(let input, let first, let stops):
            .step(map(input), first: map(first), stops: stops.map { StyleStop(input: $0.input, output: map($0.output)) })
        case .interpolate(let interpolation, let input, let stops):
            .interpolate(interpolation, map(input), stops: stops.map { StyleStop(input: $0.input, output: map($0.output)) })
        case .assertion(let type, let expression): .assertion(type, map(expression))
        case .typeCheck(let type, let expression): .typeCheck(type, map(expression))
        case .colorCoercion(let expression): .colorCoercion(map(expression))
        case .overridden(let expression, let overrides):
            .overridden(map(expression), overrides.map { StyleOverride(selector: $0.selector.map(map), change: $0.change) })
        }
        return transform(rebuilt)
    }

    /// The expressions this one evaluates directly.
    package var children: [StyleExpression] {
        switch self {
        case .literal, .zoom, .featureID, .geometryType, .legacy: []
        case .get(let key, let object), .has(let key, let object): [key] + (object.map { [$0] } ?? [])
        case .operation(_, let arguments), .coalesce(let arguments): arguments
        case .comparison(_, let left, let right): [left, right]
        case .match(let input, let table, let fallback): [input] + table.branches.map(\.output) + [fallback]
        case .conditional(let branches, let fallback): branches.flatMap { [$0.condition, $0.output] } + [fallback]
        case .step(let input, let first, let stops): [input, first] + stops.map(\.output)
        case .interpolate(_, let input, let stops): [input] + stops.map(\.output)
        case .assertion(_, let expression), .typeCheck(_, let expression), .colorCoercion(let expression): [expression]
        case .overridden(let expression, let overrides): [expression] + overrides.compactMap(\.selector)
        }
    }

    /// True when this expression or one inside it satisfies `predicate`.
    package func contains(where predicate: (StyleExpression) -> Bool) -> Bool {
        predicate(self) || children.contains { $0.contains(where: predicate) }
    }

    /// True when the value depends on the feature (its properties, id or geometry type).
    var readsFeature: Bool {
        contains { expression in
            switch expression {
            case .get(_, nil), .has(_, nil), .featureID, .geometryType, .legacy: true
            default: false
            }
        }
    }

    /// True when the value depends on the zoom.
    var readsZoom: Bool {
        contains { if case .zoom = $0 { true } else { false } }
    }

    /// Each `["get", "name"]` (and `{name}` token) preferring `name:LANGUAGE`, falling back to `name`.
    package func preferringName(in language: String) -> StyleExpression {
        let name = StyleExpression.literal(.string("name"))
        return rewritten { expression in
            guard case .get(.literal(.string("name")), object: nil) = expression else { return expression }
            return .coalesce([.get(.literal(.string("name:" + language)), object: nil), .get(name, object: nil)])
        }
    }
}

extension MapStyle {
    /// SPEC.md: "with a style file, a `language` given explicitly rewrites each `["get", "name"]` and
    /// `{name}` to prefer `name:LANG`": every filter and property of every layer.
    package func preferringName(in language: String) -> MapStyle {
        var style = self
        style.layers = layers.map { layer in
            var layer = layer
            layer.filter = layer.filter?.preferringName(in: language)
            layer.paint = layer.paint.mapValues { $0.preferringName(in: language) }
            layer.layout = layer.layout.mapValues { $0.preferringName(in: language) }
            return layer
        }
        return style
    }
}
