extension SpecDecoder {
    /// The `InfoWindowOptions` keys of an `infoWindow` object: `disableAutoPan`, `pixelOffset` (`{ "x", "y" }`,
    /// points, y down), `minWidth` and `maxWidth` (points, `minWidth` not above `maxWidth`).
    func decodeWindowOptions(_ window: ObjectReader, _ path: JSONPath) throws(InfoWinError) -> InfoWindowOptions {
        var options = InfoWindowOptions()
        options.disableAutoPan = try window.bool("disableAutoPan")
        options.pixelOffset = try window.optional("pixelOffset") { value, path throws(InfoWinError) in
            let offset = try reader.object(value, path, declared: SpecDescription.infoWindow.object(of: "pixelOffset"))
            return Point(x: try offset.number("x"), y: try offset.number("y"))
        } ?? options.pixelOffset
        options.minWidth = try window.numberIfPresent("minWidth")
        options.maxWidth = try window.numberIfPresent("maxWidth")
        if let minWidth = options.minWidth, let maxWidth = options.maxWidth, minWidth > maxWidth {
            throw reader.failure(
                path.appending("minWidth"),
                "is \(JSONWriter.format(minWidth)), more than \"maxWidth\" (\(JSONWriter.format(maxWidth))): expected at most \(JSONWriter.format(maxWidth))")
        }
        return options
    }
}
