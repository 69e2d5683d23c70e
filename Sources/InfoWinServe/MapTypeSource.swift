import InfoWinKit

/// The map a `maptype` names (`serve --maptype NAME=SOURCE`): a vector basemap, or raster tiles.
package enum MapTypeSource: Sendable {
    /// A vector tileset drawn with a style.
    case basemap(BasemapSpec)
    /// Raster tiles, as `map.tiles` draws them.
    case tiles(TilesSpec)

    /// `spec` drawn on this map, unless it names a map of its own; `language` is `/staticmap`'s for a basemap's
    /// labels, `styles` its `style` rules for a basemap's layers.
    func apply(to spec: inout Spec, language: BasemapLanguage?, styles: [GoogleStyleRule] = []) {
        guard spec.map.tiles == nil && spec.map.basemap == nil else { return }
        switch self {
        case .basemap(var basemap):
            basemap.language = language ?? basemap.language
            basemap.googleStyles += styles
            spec.map.basemap = basemap
        case .tiles(let tiles):
            spec.map.tiles = tiles
        }
    }
}
