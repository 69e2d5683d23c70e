import Graphics
import TileIO
import InfoWinKit

/// One bound infowin holds its input to: what it bounds, its value (with the default for the bounds an
/// option changes) and what happens past it.
package struct Limit: Sendable {
    /// The part of infowin it belongs to (`spec`, `map tiles`): the reference page's sections.
    package let area: String
    /// What is bounded.
    package let name: String
    /// Its value, as a user reads it (`32 MiB`, `10,000`).
    package let value: String
    /// Where it is checked, the option that changes it, what happens past it.
    package let note: String
}

/// Every limit of the library in one table, read from the constants the code checks (so the reference
/// page, `infowin manual --reference`, cannot drift from them). The command line adds its own (`serve`'s).
package enum Limits {
    package static let table: [Limit] = spec + text + images + shapes + scenarios + tiles + vectorTiles + basemapStyles + basemapLabels + catalogs + reports

    private static let spec: [Limit] = [
        Limit(area: "spec", name: "spec file", value: Format.bytes(SpecSource.sizeLimit), note: "a spec file or standard input"),
        Limit(area: "spec", name: "JSON nesting", value: Format.grouped(JSONParser.depthLimit) + " levels", note: "a hostile `[[[[…` 100,000 deep is refused at once, without deep recursion"),
        Limit(area: "spec", name: "one string", value: Format.bytes(JSONParser.stringLimit) + " of UTF-8", note: "text that can never be shown is cut before it is shaped"),
        Limit(area: "spec", name: "template expansion", value: Format.bytes(ExpansionBudget.stringLimit) + " a string, " + Format.bytes(ExpansionBudget.totalLimit) + " in all", note: "`{{strings.KEY}}`, `{{data.COLUMN}}`, `{{userData.KEY}}` and `--pseudo-locale`, counted as they fill in"),
        Limit(area: "spec", name: "renders of one spec", value: Format.grouped(SpecVariant.limit), note: "data rows × locales, checked while the rows are read"),
        Limit(area: "spec", name: "markers", value: Format.grouped(SpecDecoder.markerLimit), note: "GeoJSON's points included"),
        Limit(area: "spec", name: "userData depth", value: Format.grouped(UserDataPath.depthLimit) + " levels", note: "a template path at most 16 steps"),
        Limit(area: "spec", name: "userData values", value: Format.grouped(SpecDecoder.userDataValueLimit) + " a marker", note: ""),
        Limit(area: "spec", name: "array elements in userData (forEach)", value: Format.grouped(SpecDecoder.forEachLimit), note: ""),
        Limit(area: "spec", name: "view nesting", value: Format.grouped(SpecDecoder.viewDepthLimit) + " levels", note: ""),
        Limit(area: "spec", name: "data file (`--data`)", value: "32 MiB, " + Format.grouped(DataRows.rowLimit) + " rows, " + Format.grouped(DataRows.columnLimit) + " columns, 16 MiB a value", note: "read a row at a time, stopping at the limit"),
        Limit(area: "spec", name: "project config (`infowin.json`)", value: Format.bytes(ProjectConfig.sizeLimit) + ", " + Format.grouped(ProjectConfig.depthLimit) + " levels", note: "not UTF-8 or a key twice is refused too"),
    ]

    private static let text: [Limit] = [
        Limit(area: "layout", name: "text laid out in one image", value: Format.grouped(TextBudget.defaultLimit) + " characters", note: "in all texts"),
        Limit(area: "layout", name: "output image", value: "8192 × 8192 = " + Format.grouped(SpecDecoder.pixelLimit) + " pixels", note: "`width × scale × height × scale`, checked for `--scale` too"),
        Limit(area: "layout", name: "icons painted", value: Format.grouped(Int(SceneBuilder.paintedPixelLimit)) + " pixels", note: "each icon counted where it falls on the canvas"),
        Limit(
            area: "layout", name: "windows' shadows", value: "blur × mask pixels " + Format.grouped(Int(DrawingBudget.shadowLimit)) + " in all",
            note: "each mask only where it can reach the canvas; a blur costs in proportion to its pixels whatever its radius"),
        Limit(
            area: "layout", name: "windows, icon views' insides and shapes painted", value: Format.grouped(Int(DrawingBudget.paintedPixelLimit)) + " pixels",
            note: "each window's body, views and shadow, the views inside icon views, each shape"),
        Limit(area: "layout", name: "an image drawn beside others", value: "64 MB of buffers", note: "larger images are drawn one at a time in a process"),
        Limit(area: "layout", name: "memory asked for before drawing", value: "12 bytes a pixel (16 in `play`)", note: "768 MB at the pixel limit; \"not enough memory\" instead of aborting"),
    ]

    private static let images: [Limit] = [
        Limit(area: "images", name: "image file", value: Format.bytes(SpecDecoder.imageSizeLimit) + ", " + Format.grouped(ImageSurface.decodedSideLimit) + " × " + Format.grouped(ImageSurface.decodedSideLimit) + " pixels", note: "read from the header before anything is decoded"),
        Limit(area: "images", name: "JPEG scans", value: Format.grouped(JPEGScans.limit), note: "more is refused as damaged (libjpeg-turbo's own limit, 500, is on as well)"),
        Limit(area: "images", name: "images compared by `diff` and `check`", value: "8192 × 8192 pixels", note: "larger: \"cannot compare\", exit 2"),
        Limit(area: "images", name: "a golden read by `check`", value: "512 MiB", note: ""),
    ]

    private static let shapes: [Limit] = [
        Limit(area: "shapes", name: "coordinates in a spec's shapes", value: Format.grouped(SpecDecoder.coordinateLimit), note: "GeoJSON's included, counted while read"),
        Limit(area: "shapes", name: "GeoJSON file", value: Format.bytes(SpecDecoder.geoJSONSizeLimit), note: "sandboxed like icons"),
        Limit(area: "shapes", name: "GeometryCollection nesting", value: Format.grouped(GeoJSONReader.nestingLimit) + " levels", note: ""),
    ]

    private static let basemapLabels: [Limit] = [
        Limit(
            area: "basemap", name: "label candidates in one picture", value: Format.grouped(LabelPlacer.candidateLimit),
            note: "each tile's copy of a feature counted; past it the layer's other labels are not placed, with a warning"),
        Limit(area: "basemap", name: "label anchors along one line", value: Format.grouped(LabelPath.anchorLimit), note: "every `symbol-spacing`"),
        Limit(area: "basemap", name: "cells sought for a polygon's label point", value: Format.grouped(PoleOfInaccessibility.cellLimit), note: "the best found so far is used"),
    ]

    private static let scenarios: [Limit] = [
        Limit(area: "scenarios", name: "events", value: Format.grouped(SpecDecoder.eventLimit), note: ""),
        Limit(area: "scenarios", name: "pixels in all frames", value: Format.grouped(ScenarioPlayer.framePixelLimit), note: "the error names the event that passed it"),
        Limit(area: "scenarios", name: "icon views laid out in all frames", value: Format.grouped(ScenarioPlayer.iconViewLayoutLimit), note: ""),
        Limit(area: "scenarios", name: "an animation frame (`--frame-ms`)", value: "1…" + Format.grouped(ScenarioAnimation.frameMillisecondsLimit) + " ms, default 600", note: ""),
    ]

    private static let tiles: [Limit] = [
        Limit(area: "map tiles", name: "a tile", value: Format.bytes(FolderTileSource.sizeLimit) + ", 4096 × 4096 pixels", note: ""),
        Limit(area: "map tiles", name: "tiles one image draws", value: Format.grouped(TilePlan.tileLimit), note: ""),
        Limit(area: "map tiles", name: "one image's tiles decoded", value: "512 MB", note: "past it the render fails, exit 1"),
        Limit(area: "map tiles", name: "one image's tiles, fetched and decoded (`--tiles-deadline`)", value: "default \(Limits.number(TileSettings().deadline)) s", note: "past it the render fails, exit 1"),
        Limit(area: "map tiles", name: "a tile's fetch (`--tile-timeout`)", value: "default \(Limits.number(TileSettings().timeout)) s, 3 tries", note: "5xx and network errors are retried, 4xx never"),
        Limit(area: "map tiles", name: "the disk cache (`--tile-cache-size`)", value: "default \(Format.grouped(TileSettings().cacheMegabytes)) MB", note: "the least recently used tiles are removed past it"),
        Limit(area: "map tiles", name: "decoded tiles kept in memory", value: Format.bytes(TileProvider.memoryLimit), note: "shared by a process's renders"),
        Limit(area: "map tiles", name: "a tile server's response", value: "16 MiB", note: "by its `Content-Length`, or cut off while it arrives"),
        Limit(area: "map tiles", name: "redirects", value: "5", note: "`http://` and `https://` only"),
        Limit(area: "map tiles", name: "connections", value: "6 a host, 12 in all", note: "for one image"),
        Limit(area: "map tiles", name: "an MBTiles statement", value: "5 s", note: "SQLite's progress handler"),
        Limit(area: "map tiles", name: "an MBTiles string or blob", value: Format.bytes(MBTilesReader.sizeLimit), note: "`SQLITE_LIMIT_LENGTH`"),
        Limit(area: "map tiles", name: "MBTiles metadata", value: Format.grouped(MBTilesReader.metadataRowLimit) + " rows, " + Format.bytes(MBTilesReader.metadataValueLimit) + " a name or value", note: "a longer one is passed over"),
        Limit(area: "map tiles", name: "a PMTiles directory", value: "16 MiB inflated, 1,048,576 entries", note: "at most 4 directories on the way to a tile"),
    ]

    private static let vectorTiles: [Limit] = [
        Limit(area: "vector basemaps", name: "a vector tile", value: Format.bytes(VectorTileDecoder.sizeLimit) + " after inflating", note: "gzip is inflated only up to it; past it the tile is missing, with a warning naming it"),
        Limit(area: "vector basemaps", name: "features in one picture's tiles", value: Format.grouped(VectorTileBudget.featureLimit), note: "counted while decoded; a tile that would pass it is missing, with a warning"),
        Limit(area: "vector basemaps", name: "coordinates in one picture's tiles", value: Format.grouped(VectorTileBudget.coordinateLimit), note: "counted while decoded, before a command's points are made"),
        Limit(area: "vector basemaps", name: "decoded vector tiles kept in memory", value: "\(VectorTileMemory.byteLimit >> 20) MB a tileset (estimated)", note: "for the next pictures of a process; the least recently used tiles are dropped first"),
        Limit(area: "vector basemaps", name: "a PMTiles archive's JSON metadata", value: Format.bytes(PMTilesReader.metadataLimit) + ", before and after inflating", note: "past it the tileset cannot be opened"),
    ]

    private static let basemapStyles: [Limit] = [
        Limit(area: "basemap styles", name: "a style file", value: Format.bytes(MapStyleReader.sizeLimit), note: "checked before it is parsed"),
        Limit(area: "basemap styles", name: "layers", value: Format.grouped(MapStyleReader.layerLimit) + " a style", note: "counted before any layer is read"),
        Limit(area: "basemap styles", name: "expression nesting", value: Format.grouped(StyleExpressionParser.depthLimit) + " levels", note: "legacy filters too; the style's JSON at most \(MapStyleReader.jsonDepthLimit) levels, refused at once past it"),
        Limit(area: "basemap styles", name: "values in a style's expressions", value: Format.grouped(StyleExpressionParser.nodeLimit), note: "operators, arguments, literal elements and match labels, in all the style's filters and properties"),
        Limit(area: "basemap styles", name: "a source's attribution", value: Format.grouped(MapStyleReader.attributionLimit) + " characters", note: "its HTML counted; past it an error naming the source's JSON path"),
        Limit(area: "basemap styles", name: "warnings kept", value: Format.grouped(MapStyleReader.warningLimit), note: "one more says how many were left out"),
        Limit(area: "basemap styles", name: "a sprite's index (`NAME.json`)", value: Format.bytes(SpriteIndex.sizeLimit), note: "JSON at most \(SpriteIndex.jsonDepthLimit) levels; past it an error naming the sprite"),
        Limit(area: "basemap styles", name: "a sprite's sheet (`NAME.png`)", value: Format.bytes(SpriteLoader.sheetSizeLimit), note: "a PNG at most \(Format.grouped(ImageSurface.decodedSideLimit)) pixels a side"),
        Limit(area: "basemap styles", name: "images in a sprite", value: Format.grouped(SpriteIndex.entryLimit), note: "counted before any is read; each inside the sheet"),
        Limit(area: "basemap styles", name: "pixels in a sprite's images", value: Format.grouped(SpriteIndex.pixelLimit), note: "all images together, overlapping ones counted again"),
        Limit(area: "basemap styles", name: "missing sprite images named", value: Format.grouped(MissingSpriteImages.limit) + " a picture", note: "one warning each; one more says how many were left out"),
    ]

    private static let catalogs: [Limit] = [
        Limit(area: "catalogs", name: "catalog file (`--strings`)", value: Format.bytes(CatalogLimits.fileBytes), note: ""),
        Limit(area: "catalogs", name: "files and folders opened", value: Format.grouped(CatalogLimits.files), note: ""),
        Limit(area: "catalogs", name: "keys", value: Format.grouped(CatalogLimits.keys), note: ""),
        Limit(area: "catalogs", name: "strings (a key in a locale)", value: Format.grouped(CatalogLimits.strings), note: ""),
        Limit(area: "catalogs", name: "variations nested", value: Format.grouped(CatalogLimits.nesting) + " levels", note: ""),
        Limit(area: "catalogs", name: "XML elements nested", value: Format.grouped(XMLReader.maxDepth) + " levels", note: "a DOCTYPE is skipped and its entities never expanded"),
        Limit(area: "catalogs", name: "XML elements in a file", value: Format.grouped(XMLReader.maxElements), note: ""),
    ]

    private static let reports: [Limit] = [
        Limit(area: "reports", name: "`results.json` (`report merge`, `review`)", value: Format.bytes(CheckResultsReader.byteLimit), note: "image paths must stay inside their report folder"),
        Limit(area: "reports", name: "an image copied or approved", value: Format.bytes(GoldenApproval.fileLimit), note: ""),
        Limit(
            area: "reports", name: "spec key paths kept in an image (`infowin:spec-keys`)", value: Format.grouped(SpecKeyDigests.pathLimit),
            note: "a spec with more keeps none, and a failure names no changed spec key"),
        Limit(
            area: "reports", name: "a compressed text of an image (`zTXt`: the key lists over 1 KB)", value: Format.bytes(PNGText.inflatedLimit) + " inflated",
            note: "read to its end only up to that; one larger, damaged or of another method is left out"),
        Limit(area: "reports", name: "names `review` approves in one request", value: Format.grouped(GoldenApproval.nameLimit), note: ""),
    ]

    /// `60` for a whole number of seconds, else as written.
    package static func number(_ value: Double) -> String {
        value == value.rounded() ? Format.grouped(Int(value)) : "\(value)"
    }
}
