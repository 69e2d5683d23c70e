extension SpecDecoder {
    /// The `InfoWindowOptions` keys of an `infoWindow` object: `disableAutoPan`, `pixelOffset` (`{ "x", "y" }`,
    /// points, y down), `minWidth` and `maxWidth` (points, `minWidth` not above `maxWidth`).
    func decodeWindowOptions(_ window: ObjectReader, _ path: JSONPath) throws(InfoWinError) -> InfoWindowOptions {
        var options = InfoWindowOptions()
        options.disableAutoPan = try window.optional("disableAutoPan", reader.bool) ?? false
        options.pixelOffset = try window.optional("pixelOffset") { value, path throws(InfoWinError) in
            let offset = try reader.object(value, path, allowed: SpecDescription.infoWindow.keys(of: "pixelOffset"))
            let length = { (value: JSONValue, path: JSONPath) throws(InfoWinError) in try reader.number(value, path, in: -4096...4096) }
            return Point(x: try offset.optional("x", length) ?? 0, y: try offset.optional("y", length) ?? 0)
        } ?? options.pixelOffset
        let width = { (value: JSONValue, path: JSONPath) throws(InfoWinError) in try reader.number(value, path, in: 0...4096) }
        options.minWidth = try window.optional("minWidth", width)
        options.maxWidth = try window.optional("maxWidth", width)
        if let minWidth = options.minWidth, let maxWidth = options.maxWidth, minWidth > maxWidth {
            throw reader.failure(
                path.appending("minWidth"),
                "is \(JSONWriter.format(minWidth)), more than \"maxWidth\" (\(JSONWriter.format(maxWidth))): expected at most \(JSONWriter.format(maxWidth))")
        }
        return options
    }
}
