extension BuiltInStyle {
    /// The built-in document for `schema` as the style reader reads it, read once a process: a batch of
    /// thousands of pictures does not parse the same 30 KB of JSON for each. The documents read with no
    /// warning (BuiltInStyleTests), so a failure here is a mistake in the recipe.
    package func mapStyle(for schema: Schema) -> MapStyle {
        guard let style = Self.mapStyles[Self.key(self, schema)] else {
            preconditionFailure("the built-in style \(rawValue) (\(schema.rawValue)) was not read")
        }
        return style
    }

    /// The name the built-in documents go by in the style reader's messages: `light (built-in, protomaps)`.
    package func fileName(for schema: Schema) -> String { "\(rawValue) (built-in, \(schema.rawValue))" }

    private static func key(_ style: BuiltInStyle, _ schema: Schema) -> String { "\(style.rawValue)/\(schema.rawValue)" }

    private static let mapStyles: [String: MapStyle] = {
        var styles: [String: MapStyle] = [:]
        for style in BuiltInStyle.allCases {
            for schema in Schema.allCases {
                do {
                    styles[key(style, schema)] = try MapStyleReader.read(Array(style.text(for: schema).utf8), file: style.fileName(for: schema))
                } catch {
                    preconditionFailure("the built-in style \(style.rawValue) (\(schema.rawValue)) cannot be read: \(error)")
                }
            }
        }
        return styles
    }()
}
