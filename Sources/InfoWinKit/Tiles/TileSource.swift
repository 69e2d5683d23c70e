import TileIO

/// What fetching one tile gave.
enum TileFetch: Sendable, Equatable {
    /// The tile's encoded bytes.
    case bytes([UInt8])
    /// The source has no such tile (no file, no row, no entry, HTTP 404 or 204): the background shows there.
    /// The text, when given, says why for every tile alike (`HTTP 404`, offline).
    case missing(String?)
    /// The tile could not be had for another reason, and the render fails naming `map.tiles.source`: the
    /// text names the path or host and the cause (an unreadable file, a timeout, a refused connection, a
    /// private address, a limit of the source).
    case failed(String)
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
    /// What `validate` finds wrong with the source without reading a tile or sending a request, or nil.
    func check() -> String?
    /// True when every tile holds twice the pixels of its size on the map (an MBTiles archive whose
    /// metadata says `"scale": "2"`).
    var isDoubleDensity: Bool { get }
}

extension TileSource {
    var tilesPerFetch: Int { 1 }
    func check() -> String? { nil }
    var isDoubleDensity: Bool { false }
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
package struct FolderTileSource: TileSource {
    let template: TileTemplate
    let baseFolder: String
    let allowedFolders: [String]

    /// The largest tile file read.
    package static let sizeLimit = 16 << 20

    func fetch(_ tiles: [TileID], retina: Bool, deadline: Deadline) -> [TileFetch] {
        tiles.map { tile in
            guard !deadline.hasPassed else { return .failed("not read before the deadline") }
            let written = template.filled(tile, retina: retina)
            let lexical = Path.normalized(Path.join(baseFolder, written))
            // Judged before asking whether the file exists, so a template cannot learn whether a file
            // outside does.
            guard leadsInside(lexical) else { return outside(written) }
            switch FileSystem.kind(of: lexical) {
            case .missing: return .missing(nil)
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
    /// The first tile's path judged against the sandbox, as every tile's is before it is read.
    func check() -> String? {
        let written = template.filled(TileID(z: 0, x: 0, y: 0), retina: false)
        guard !leadsInside(Path.normalized(Path.join(baseFolder, written))) else { return nil }
        if case .failed(let reason) = outside(written) { return reason }
        return nil
    }

    /// True when `path`, every link on the way followed, is inside an allowed folder.
    private func leadsInside(_ path: String) -> Bool {
        guard let destination = FileSystem.destination(of: path) else { return false }
        return allowedFolders.contains { Path.isInside(destination, folder: $0) }
    }

    /// A tile path that leaves the sandbox fails the render, as an icon's does.
    private func outside(_ written: String) -> TileFetch {
        .failed("\(written) is outside the allowed folder \(allowedFolders[0]) (--asset-root DIR allows another)")
    }
}

/// An archive of tiles read by level, column and row (from the top): an MBTiles file, a PMTiles archive.
protocol TileArchive: Sendable {
    func tile(z: Int, x: Int, y: Int) throws(TileIOError) -> [UInt8]?
    /// True when its tiles hold twice the pixels of their size on the map.
    var isDoubleDensity: Bool { get }
}

extension MBTilesReader: TileArchive {
    /// The metadata's `scale` (as MapTiler and TileServer GL write it for retina archives) is 2.
    var isDoubleDensity: Bool { metadata["scale"].flatMap { Double($0) } == 2 }
}

extension PMTilesReader: TileArchive {
    var isDoubleDensity: Bool { false }
}

/// Tiles in an MBTiles file or a PMTiles archive.
struct ArchiveTileSource: TileSource {
    let archive: any TileArchive
    /// The file as the spec names it, for the error that fails the render.
    let name: String

    var isDoubleDensity: Bool { archive.isDoubleDensity }

    /// Stops at the first tile that cannot be read: the render fails anyway, and an archive over a limit
    /// would cost as much again for each other tile.
    func fetch(_ tiles: [TileID], retina: Bool, deadline: Deadline) -> [TileFetch] {
        var results: [TileFetch] = []
        for tile in tiles {
            guard !deadline.hasPassed else {
                results.append(.failed("not read before the deadline"))
                continue
            }
            do throws(TileIOError) {
                results.append(try archive.tile(z: tile.z, x: tile.x, y: tile.y).map(TileFetch.bytes) ?? .missing(nil))
            } catch {
                let failure = TileFetch.failed("\(name): \(error.message)")
                return results + [TileFetch](repeating: failure, count: tiles.count - results.count)
            }
        }
        return results
    }
}
