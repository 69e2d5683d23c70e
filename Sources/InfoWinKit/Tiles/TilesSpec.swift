import Graphics

/// `map.tiles` (SPEC.md, "Map tiles"): where tiles come from and how they are drawn.
package struct TilesSpec: Sendable {
    /// Where the tiles are.
    package var source: TileSourceSpec
    /// The side of a tile in pixels at `{r}`-less scale (256 for most servers, 512 for some).
    var tileSize: Int = 256
    /// How tile rows are counted.
    package var scheme: TileScheme = .xyz
    /// The lowest level the source has.
    package var minZoom: Int = 0
    /// The highest level the source has; beyond it tiles are enlarged.
    package var maxZoom: Int = 22
    /// The text every map must show for its tiles, drawn in the bottom-right corner.
    var attribution: String?
    /// 0…1.
    package var opacity: Double = 1
    /// At scale 2 and more, when the source has no `{r}` and its tiles are not of double density, draw
    /// one level deeper (up to `maxZoom`), each tile at half its size, as Leaflet's `detectRetina` does.
    var detectRetina = false
}

/// How a tile source counts rows: XYZ from the top (Google, OpenStreetMap), TMS from the bottom.
package enum TileScheme: String, Sendable, CaseIterable {
    case xyz, tms
}
