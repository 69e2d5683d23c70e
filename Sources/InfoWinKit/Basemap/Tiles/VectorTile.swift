/// One decoded Mapbox Vector Tile (version 2.1): its layers in the tile's order.
package struct VectorTile: Sendable {
    /// The layers, in the order the tile holds them.
    package var layers: [VectorTileLayer]

    package init(layers: [VectorTileLayer]) {
        self.layers = layers
    }

    /// About how many bytes the decoded tile takes in memory: what `VectorTileMemory` counts.
    package var estimatedBytes: Int {
        var bytes = 32
        for layer in layers {
            var tables: [ObjectIdentifier] = []
            bytes += 96
            for feature in layer.features {
                bytes += 80 + feature.properties.estimatedBytes + 32 + 8 * feature.geometry.count
                for part in feature.geometry { bytes += 32 + 16 * part.count }
                let table = ObjectIdentifier(feature.properties.sharedTable)
                if !tables.contains(table) {
                    tables.append(table)
                    bytes += feature.properties.sharedTable.estimatedBytes
                }
            }
        }
        return bytes
    }

    /// The first layer of that name (a tile should hold one), or nil.
    package func layer(named name: String) -> VectorTileLayer? {
        layers.first { $0.name == name }
    }
}

/// One layer of a vector tile: its features share a coordinate grid of `extent` units a side.
package struct VectorTileLayer: Sendable {
    /// The layer's name (`water`, `transportation`, `roads`): what a style's `source-layer` names.
    package var name: String
    /// Units along a side of the tile (4,096 unless the layer says otherwise).
    package var extent: Int
    /// The features, in the tile's order (the order a style draws and labels them in).
    package var features: [VectorTileFeature]

    package init(name: String, extent: Int, features: [VectorTileFeature]) {
        self.name = name
        self.extent = extent
        self.features = features
    }
}

/// One feature of a vector tile layer.
package struct VectorTileFeature: Sendable {
    /// The geometry types of MVT 2.1; `geometry-type` names them `Point`, `LineString` and `Polygon`.
    package enum Kind: Sendable, Hashable {
        case unknown, point, lineString, polygon
    }

    /// The feature's id, when the tile gives one.
    package var id: UInt64?
    package var kind: Kind
    /// Its attributes; MVT's integer and floating kinds are all numbers, as MapLibre reads them.
    package var properties: FeatureAttributes
    /// In tile units (0…extent, y down; a buffer may run past the edges). A point feature: one part per
    /// point, each of one point. A line: one part per line. A polygon: its rings in the tile's order, each
    /// exterior ring (positive area in y-down units) followed by its holes; rings are closed implicitly.
    package var geometry: [[Point]]

    package init(id: UInt64?, kind: Kind, properties: FeatureAttributes, geometry: [[Point]]) {
        self.id = id
        self.kind = kind
        self.properties = properties
        self.geometry = geometry
    }

    /// A feature with attributes of its own (tests, fuzz targets, features made by hand).
    package init(id: UInt64?, kind: Kind, properties: [String: FeatureValue], geometry: [[Point]]) {
        self.init(id: id, kind: kind, properties: FeatureAttributes(properties), geometry: geometry)
    }
}

/// A feature attribute's value.
package enum FeatureValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
}
