extension BuiltInStyle {
    /// The built-in document for `schema` as the style reader reads it, read once a process and only when
    /// first drawn: a batch of thousands of pictures does not parse the same 30 KB of JSON for each, and a
    /// cold `render` reads the one document it draws, not all four. The documents read with no warning
    /// (BuiltInStyleTests), so a failure here is a mistake in the recipe.
    package func mapStyle(for schema: Schema) -> MapStyle {
        Self.read(self, schema).style
    }

    /// The digest of the built-in document's text (what the input hash holds for it), made with its reading.
    package func digest(for schema: Schema) -> String {
        Self.read(self, schema).digest
    }

    /// The name the built-in documents go by in the style reader's messages: `light (built-in, protomaps)`.
    package func fileName(for schema: Schema) -> String { "\(rawValue) (built-in, \(schema.rawValue))" }

    private static func key(_ style: BuiltInStyle, _ schema: Schema) -> String { "\(style.rawValue)/\(schema.rawValue)" }

    /// The documents read so far, with their digests.
    private static let documents = Locked([String: (style: MapStyle, digest: String)]())

    /// `style` for `schema`, read the first time it is asked for (two threads asking at once may both read
    /// it: they read the same document).
    private static func read(_ style: BuiltInStyle, _ schema: Schema) -> (style: MapStyle, digest: String) {
        let key = key(style, schema)
        if let read = documents.withLock({ $0[key] }) { return read }
        let text = style.text(for: schema)
        let read: (style: MapStyle, digest: String)
        do {
            read = (try MapStyleReader.read(Array(text.utf8), file: style.fileName(for: schema)), Fingerprint.digest(text.utf8))
        } catch {
            preconditionFailure("the built-in style \(style.rawValue) (\(schema.rawValue)) cannot be read: \(error)")
        }
        documents.withLock { $0[key] = read }
        return read
    }
}
