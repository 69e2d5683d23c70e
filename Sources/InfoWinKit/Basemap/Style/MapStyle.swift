/// A MapLibre style (version 8) as infowin draws it: its sources, sprite and the layers of the subset, with
/// a warning for everything the style holds that is left out.
package struct MapStyle: Sendable {
    /// The style file as messages name it.
    package var file: String
    /// The style's `name`, if it has one.
    package var name: String?
    /// The sources, in the style's order.
    package var sources: [MapStyleSource]
    /// The sprite's path without `.json`/`.png` (resolved against the style file's folder), if any.
    var sprite: String?
    /// The layers drawn, in style order (bottom first); layers outside the subset are not here.
    package var layers: [StyleLayer]
    /// What the style holds that is not drawn, each naming the file, the layer or key and what is left out.
    package var warnings: [String]

    package init(file: String, name: String? = nil, sources: [MapStyleSource] = [], sprite: String? = nil, layers: [StyleLayer] = [], warnings: [String] = []) {
        self.file = file
        self.name = name
        self.sources = sources
        self.sprite = sprite
        self.layers = layers
        self.warnings = warnings
    }

    /// The source of that name.
    package func source(named name: String) -> MapStyleSource? {
        sources.first { $0.name == name }
    }
}

/// One `vector` or `raster` source of a style.
package struct MapStyleSource: Sendable, Equatable {
    /// What its tiles hold.
    package enum Kind: String, Sendable { case vector, raster }

    /// Where its tiles are.
    package enum Location: Sendable, Equatable {
        /// `pmtiles://PATH`, resolved against the style file's folder.
        case pmtiles(path: String)
        /// `mbtiles://PATH`, resolved against the style file's folder.
        case mbtiles(path: String)
        /// `tiles`: URL or path templates with `{z}`, `{x}`, `{y}`.
        case tiles([String])
        /// Another `url` (a TileJSON document, a remote PMTiles archive): infowin reads none, so the spec's
        /// `map.basemap.source` must replace this source.
        case url(String)
    }

    package var name: String
    package var kind: Kind
    package var location: Location
    /// The zooms its tiles exist at (MapLibre's defaults 0 and 22).
    package var minZoom: Int
    package var maxZoom: Int
    /// Its tiles' side in pixels (512 by default).
    var tileSize: Int
    /// True for `"scheme": "tms"` (rows counted from the south).
    var isTMS: Bool
    /// Its `attribution`, if given.
    package var attribution: String?

    package init(
        name: String, kind: Kind, location: Location, minZoom: Int = 0, maxZoom: Int = 22, tileSize: Int = 512,
        isTMS: Bool = false, attribution: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.location = location
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.tileSize = tileSize
        self.isTMS = isTMS
        self.attribution = attribution
    }
}
