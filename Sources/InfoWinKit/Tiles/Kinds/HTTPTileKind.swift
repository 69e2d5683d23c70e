import TileIO

extension TileSourceSpec {
    /// An `http://` or `https://` URL template.
    static func http(template: String) -> TileSourceSpec { TileSourceSpec(kind: HTTPTileKind(), location: template) }
}

/// A tile server, named by an `http://` or `https://` URL template.
struct HTTPTileKind: TileSourceKind {
    let name = "http"
    var isTemplate: Bool { true }

    func claims(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    func located(_ text: String, _ value: JSONValue, _ path: JSONPath, by decoder: SpecDecoder) throws(InfoWinError) -> TileSourceSpec {
        try decoder.checkTemplate(text, path)
        guard text.utf8.count <= 2000, !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
            throw decoder.reader.failure(path, "a URL template has no spaces or control characters and at most 2,000 bytes")
        }
        return .http(template: text)
    }

    func open(_ source: TileSourceSpec, scheme: TileScheme, settings: TileSettings) throws(TileIOError) -> any TileSource {
        HTTPTileSource(template: TileTemplate(text: source.location, scheme: scheme), settings: settings)
    }
}
