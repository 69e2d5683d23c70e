/// Writes Mapbox Vector Tiles 2.1 for tests (the decoder's, the painter's): layers of features with
/// properties and geometry given as parts of integer points in tile units, encoded as the specification
/// says (keys and values tables in order of first use, MoveTo/LineTo/ClosePath commands of zigzag
/// deltas). Not a general encoder: it writes what it is given, rings in the winding they are given in.
public enum VectorTileWriter {
    /// A property value, of each of MVT's kinds.
    public enum Value: Hashable {
        case string(String), float(Float), double(Double), int(Int64), uint(UInt64), sint(Int64), bool(Bool)
    }

    /// MVT's geometry types.
    public enum GeometryType: Int {
        case unknown = 0, point = 1, lineString = 2, polygon = 3
    }

    /// One feature: `parts` are points (each part one point, or several points of a multipoint), lines, or
    /// polygon rings (not repeating their first point; a ClosePath ends each).
    public struct Feature {
        public var id: UInt64?
        public var type: GeometryType
        public var properties: [(String, Value)]
        public var parts: [[(x: Int, y: Int)]]

        public init(id: UInt64? = nil, type: GeometryType, properties: [(String, Value)] = [], parts: [[(x: Int, y: Int)]]) {
            self.id = id
            self.type = type
            self.properties = properties
            self.parts = parts
        }
    }

    /// One layer.
    public struct Layer {
        public var name: String
        public var extent: Int
        public var version: Int
        public var features: [Feature]

        public init(name: String, extent: Int = 4096, version: Int = 2, features: [Feature]) {
            self.name = name
            self.extent = extent
            self.version = version
            self.features = features
        }
    }

    /// The tile's bytes (not compressed).
    public static func tile(_ layers: [Layer]) -> [UInt8] {
        var tile = ProtobufWriter()
        for layer in layers { tile.bytes(3, self.layer(layer)) }
        return tile.bytes
    }

    /// One layer's bytes.
    public static func layer(_ layer: Layer) -> [UInt8] {
        var keys: [String] = [], values: [Value] = []
        var writer = ProtobufWriter()
        writer.varint(15, UInt64(layer.version))
        writer.string(1, layer.name)
        for feature in layer.features {
            var tags: [UInt32] = []
            for (key, value) in feature.properties {
                if !keys.contains(key) { keys.append(key) }
                if !values.contains(value) { values.append(value) }
                tags += [UInt32(keys.firstIndex(of: key)!), UInt32(values.firstIndex(of: value)!)]
            }
            var encoded = ProtobufWriter()
            if let id = feature.id { encoded.varint(1, id) }
            if !tags.isEmpty { encoded.packed(2, tags) }
            encoded.varint(3, UInt64(feature.type.rawValue))
            encoded.packed(4, commands(feature.type, feature.parts))
            writer.bytes(2, encoded.bytes)
        }
        for key in keys { writer.string(3, key) }
        for value in values { writer.bytes(4, self.value(value)) }
        writer.varint(5, UInt64(layer.extent))
        return writer.bytes
    }

    /// The geometry commands of `parts` for `type`: a point's parts in one MoveTo of all their points,
    /// a line's each a MoveTo and a LineTo, a ring's each a MoveTo, a LineTo and a ClosePath.
    public static func commands(_ type: GeometryType, _ parts: [[(x: Int, y: Int)]]) -> [UInt32] {
        var commands: [UInt32] = []
        var cursor = (x: 0, y: 0)
        func points(_ points: ArraySlice<(x: Int, y: Int)>) {
            for point in points {
                commands += [ProtobufWriter.zigzag(point.x - cursor.x), ProtobufWriter.zigzag(point.y - cursor.y)]
                cursor = point
            }
        }
        if type == .point {
            let all = parts.flatMap { $0 }
            commands.append(command(1, count: all.count))
            points(all[...])
            return commands
        }
        for part in parts where !part.isEmpty {
            commands.append(command(1, count: 1))
            points(part.prefix(1))
            commands.append(command(2, count: part.count - 1))
            points(part.dropFirst())
            if type == .polygon { commands.append(command(7, count: 1)) }
        }
        return commands
    }

    /// A command integer: the command's id in the low three bits, its count above.
    public static func command(_ id: Int, count: Int) -> UInt32 {
        UInt32(id & 7) | UInt32(count) << 3
    }

    private static func value(_ value: Value) -> [UInt8] {
        var writer = ProtobufWriter()
        switch value {
        case .string(let text): writer.string(1, text)
        case .float(let number): writer.fixed(2, UInt64(number.bitPattern), size: 4)
        case .double(let number): writer.fixed(3, number.bitPattern, size: 8)
        case .int(let number): writer.varint(4, UInt64(bitPattern: number))
        case .uint(let number): writer.varint(5, number)
        case .sint(let number): writer.varint(6, UInt64(bitPattern: (number << 1) ^ (number >> 63)))
        case .bool(let flag): writer.varint(7, flag ? 1 : 0)
        }
        return writer.bytes
    }
}
