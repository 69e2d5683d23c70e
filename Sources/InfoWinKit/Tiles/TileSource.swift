import TileIO

/// What fetching one tile gave.
enum TileFetch: Sendable, Equatable {
    /// The tile's encoded bytes.
    case bytes([UInt8])
    /// The source has no such tile (no file, no row, HTTP 404): the background shows there.
    case missing(String?)
    /// The tile could not be had; the text says why.
    case failed(String)
    /// The render fails, naming `map.tiles.source`: the tile server is on a private network and the command
    /// line does not allow that, or the source passed one of its limits (an MBTiles statement budget).
    case fatal(String)
}

/// A source of tiles: a folder, an MBTiles file, a PMTiles archive or a tile server. Shared by the
/// renders of a batch, so it must be safe to use from several threads.
protocol TileSource: Sendable {
    /// The tiles, in order; `retina` asks for `{r}` = `@2x` where the source has such a choice. Once
    /// `deadline` has passed the source may stop: the render fails then anyway.
    func fetch(_ tiles: [TileID], retina: Bool, deadline: Deadline) -> [TileFetch]
    /// How many tiles one `fetch` is given: the encoded tiles of one call are all held until they are
    /// decoded, so a source that reads one tile after another takes one.
    var tilesPerFetch: Int { get }
}

extension TileSource {
    var tilesPerFetch: Int { 1 }
}

/// Fills a tile template: `{z}`, `{x}`, `{y}` (the TMS row when the scheme is `tms`), `{-y}` (the TMS row)
/// and `{r}` (`@2x` for retina tiles).
struct TileTemplate: Sendable {
    let text: String
    let scheme: TileScheme

    func filled(_ tile: TileID, retina: Bool) -> String {
        let tmsRow = (1 << tile.z) - 1 - tile.y
        return text
            .replacing("{z}", with: String(tile.z))
            .replacing("{x}", with: String(tile.x))
            .replacing("{-y}", with: String(tmsRow))
            .replacing("{y}", with: String(scheme == .tms ? tmsRow : tile.y))
            .replacing("{r}", with: retina ? "@2x" : "")
    }

    /// True when the template has `{r}`: at scale 2 and more its tiles hold twice the pixels.
    var hasRetinaChoice: Bool { text.contains("{r}") }
}

/// Tiles in files under the spec's folder, named by a template, sandboxed as every asset.
struct FolderTileSource: TileSource {
    let template: TileTemplate
    let baseFolder: String
    let allowedFolders: [String]

    /// The largest tile file read.
    static let sizeLimit = 16 << 20

    func fetch(_ tiles: [TileID], retina: Bool, deadline: Deadline) -> [TileFetch] {
        tiles.map { tile in
            guard !deadline.hasPassed else { return .failed("not read before the deadline") }
            let written = template.filled(tile, retina: retina)
            let lexical = Path.normalized(Path.join(baseFolder, written))
            // Judged before asking whether the file exists, so a template cannot learn whether a file
            // outside does.
            guard let destination = FileSystem.destination(of: lexical),
                  allowedFolders.contains(where: { Path.isInside(destination, folder: $0) }) else {
                return outside(written)
            }
            switch FileSystem.kind(of: lexical) {
            case .missing: return .missing(written)
            case .regularFile: break
            default: return .failed("\(written) is not a regular file")
            }
            // Judged on the file opened, so that a link swapped in after the check cannot lead outside.
            do throws(FileSystemError) {
                guard let bytes = try FileSystem.read(lexical, limit: Self.sizeLimit, confinedTo: allowedFolders) else {
                    return outside(written)
                }
                return .bytes(bytes)
            } catch {
                return .failed("cannot read \(written): \(error.reason)")
            }
        }
    }
}

extension FolderTileSource {
    /// A tile path that leaves the sandbox fails the render, as an icon's does.
    private func outside(_ written: String) -> TileFetch {
        .fatal("\(written) is outside the allowed folder \(allowedFolders[0]) (--asset-root DIR allows another)")
    }
}

/// An archive of tiles read by level, column and row (from the top): an MBTiles file, a PMTiles archive.
protocol TileArchive: Sendable {
    func tile(z: Int, x: Int, y: Int) throws(TileIOError) -> [UInt8]?
}

extension MBTilesReader: TileArchive {}
extension PMTilesReader: TileArchive {}

/// Tiles in an MBTiles file or a PMTiles archive.
struct ArchiveTileSource: TileSource {
    let archive: any TileArchive
    /// The file as the spec names it, for the error that fails the render.
    let name: String

    /// Stops at the first tile over a limit: the others would cost as much, and the render fails anyway.
    func fetch(_ tiles: [TileID], retina: Bool, deadline: Deadline) -> [TileFetch] {
        var results: [TileFetch] = []
        for tile in tiles {
            guard !deadline.hasPassed else {
                results.append(.failed("not read before the deadline"))
                continue
            }
            do throws(TileIOError) {
                results.append(try archive.tile(z: tile.z, x: tile.x, y: tile.y).map(TileFetch.bytes) ?? .missing(nil))
            } catch .overLimit(let reason) {
                let fatal = TileFetch.fatal("\(name): \(reason)")
                return results + [TileFetch](repeating: fatal, count: tiles.count - results.count)
            } catch {
                results.append(.failed(error.message))
            }
        }
        return results
    }
}
