/// What a vector tileset says of itself: its levels, its attribution and its layers (an MBTiles file's
/// `metadata` table and `json` row, a PMTiles archive's header and JSON metadata). A template says
/// nothing: levels 0…22, as MapLibre takes a source's.
struct VectorTileSetMetadata: Sendable, Equatable {
    /// The levels the tileset holds.
    var zooms: ClosedRange<Int> = 0...22
    /// Its `attribution`, when it gives one.
    var attribution: String?
    /// The ids of its `vector_layers`, in their order, when it lists them.
    var layerNames: [String]?
    /// What was wrong with the metadata and left out (a `minzoom` that is no level, JSON that does not
    /// parse): warnings for the picture.
    package var problems: [String] = []

    /// The deepest level a tileset may say it holds.
    static let deepestLevel = 30

    package init() {}

    /// Reads an MBTiles file's metadata rows: `minzoom`, `maxzoom`, `attribution` and `json` (the
    /// `vector_layers`).
    init(mbtiles rows: [String: String]) {
        let min = rows["minzoom"].map { level($0, "minzoom") } ?? 0
        let max = rows["maxzoom"].map { level($0, "maxzoom") } ?? 22
        setZooms(min, max)
        attribution = rows["attribution"].flatMap { $0.isEmpty ? nil : $0 }
        if let json = rows["json"] { read(json: Array(json.utf8), from: "its metadata json", attribution: false) }
    }

    /// Reads a PMTiles archive's header levels and its JSON metadata (`attribution`, `vector_layers`).
    init(pmtilesZooms zooms: ClosedRange<Int>, json: [UInt8]?) {
        setZooms(zooms.lowerBound, zooms.upperBound)
        if let json { read(json: json, from: "its JSON metadata", attribution: true) }
    }

    /// A level as a metadata row writes it, or nil (and a problem) when it is none.
    private mutating func level(_ text: String, _ name: String) -> Int? {
        guard let value = Int(text), (0...Self.deepestLevel).contains(value) else {
            problems.append("its metadata \(name) \(JSONWriter.quoted(text.abbreviated(40))) is not a level 0…\(Self.deepestLevel); it is left out")
            return nil
        }
        return value
    }

    private mutating func setZooms(_ min: Int?, _ max: Int?) {
        let low = Swift.min(min ?? 0, Self.deepestLevel), high = Swift.min(max ?? 22, Self.deepestLevel)
        guard low <= high else {
            problems.append("its metadata minzoom \(low) is above its maxzoom \(high); levels 0…22 are assumed")
            return
        }
        zooms = low...high
    }

    /// The `vector_layers` ids (and, when `attribution`, the `attribution`) of a JSON object; JSON that does
    /// not parse or a `vector_layers` of another shape is a problem, and left out.
    private mutating func read(json: [UInt8], from place: String, attribution readsAttribution: Bool) {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(json, maxDepth: 32, maxStringBytes: 1 << 20)
        } catch {
            problems.append("\(place) is not JSON (line \(error.line), column \(error.column): \(error.message)); its layers are told from the first tile")
            return
        }
        guard case .object(let members) = value.kind else {
            problems.append("\(place) is not a JSON object; its layers are told from the first tile")
            return
        }
        for member in members {
            switch (member.key, member.value.kind) {
            case ("attribution", .string(let text)) where readsAttribution && !text.isEmpty:
                attribution = text
            case ("vector_layers", .array(let layers)):
                let ids = layers.compactMap { layer -> String? in
                    guard case .object(let fields) = layer.kind else { return nil }
                    return fields.lazy.compactMap { field in
                        if field.key == "id", case .string(let id) = field.value.kind { id } else { nil }
                    }.first
                }
                guard ids.count == layers.count else {
                    problems.append("\(place) has vector_layers without an id; its layers are told from the first tile")
                    continue
                }
                layerNames = ids
            case ("vector_layers", _):
                problems.append("\(place) has vector_layers that are not an array; its layers are told from the first tile")
            default:
                continue
            }
        }
    }
}
