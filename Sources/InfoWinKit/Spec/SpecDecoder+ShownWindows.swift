extension SpecDecoder {
    /// `showInfoWindows`: marker ids whose windows are shown at once (beyond the SDK, for static pictures),
    /// each known and listed once.
    func decodeShownWindows(_ value: JSONValue, _ path: JSONPath, markers: [MarkerSpec]) throws(InfoWinError) -> [String] {
        let ids = markers.map(\.id)
        let known = Set(ids)
        var seen = Set<String>()
        return try reader.array(value, path).enumerated().map { index, element throws(InfoWinError) -> String in
            let id = try reader.string(element, path.appending(index))
            guard known.contains(id) else {
                let guess = closestName(to: id, among: ids).map { " (did you mean \(JSONWriter.quoted($0))?)" } ?? ""
                throw reader.failure(path.appending(index), "no marker has the id \(JSONWriter.quoted(id))\(guess)")
            }
            guard seen.insert(id).inserted else {
                throw reader.failure(path.appending(index), "lists the marker \(JSONWriter.quoted(id)) a second time: each window is shown once")
            }
            return id
        }
    }
}
