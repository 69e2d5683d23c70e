import Foundation
import InfoWinTestSupport
@testable import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit
@testable import TileIO

// MARK: - Hostile archives built in the test

/// A folder of its own for one test's hostile files, removed afterwards.
final class HostileTileFolder {
    private let folder: TemporaryFolder
    var path: String { folder.url.path }

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Writes an SQLite file made by running `sql` with Python's sqlite3 module (so the test needs no C).
    func mbtiles(_ name: String, sql: String) throws -> String {
        let file = path + "/" + name
        #expect(try Tools.sqlite(file, script: sql) == 0, "python3 could not write \(name)")
        return file
    }

    func write(_ bytes: [UInt8], to name: String) -> String {
        let file = path + "/" + name
        FileManager.default.createFile(atPath: file, contents: Data(bytes))
        return file
    }
}

/// A view that counts for ever: `WHERE n < 0` is never true, so the recursion never stops.
private let endlessCTE = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c WHERE n < 0"

/// A PMTiles v3 archive of uncompressed directories: `root` and the leaves written one after another
/// from `leafOffset` on (the header's leaf section), no tile data.
private func pmtiles(root: [UInt8], leaves: [UInt8], leafOffset: UInt64? = nil) -> [UInt8] {
    func u64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }
    let rootOffset: UInt64 = 127
    let leaves0 = leafOffset ?? rootOffset + UInt64(root.count)
    let data = rootOffset + UInt64(root.count + leaves.count)
    var header = Array("PMTiles".utf8) + [3]
    header += u64(rootOffset) + u64(UInt64(root.count)) + u64(0) + u64(0)
    header += u64(leaves0) + u64(UInt64(leaves.count)) + u64(data) + u64(0)
    header += u64(0) + u64(0) + u64(0)
    header += [0, 1, 1, 1, 0, 8]
    header += [UInt8](repeating: 0, count: 127 - header.count)
    return header + root + leaves
}

/// A directory of one entry for tile id 0: a leaf directory (`run` 0) of `length` bytes at `offset`
/// within the leaf section.
private func leafEntry(offset: UInt64, length: UInt8) -> [UInt8] {
    [1, 0, 0, length, UInt8(offset + 1)]
}

/// The error reading tile 0/0/0 of an MBTiles file made by `sql` gives, or nil when it reads.
private func tileZeroError(mbtiles sql: String, statementSeconds: Double = MBTilesReader.statementSeconds) throws -> TileIOError? {
    let folder = try HostileTileFolder()
    let reader = try MBTilesReader(path: try folder.mbtiles("hostile.mbtiles", sql: sql), statementSeconds: statementSeconds)
    return #expect(throws: TileIOError.self) { try reader.tile(z: 0, x: 0, y: 0) }
}

/// The error reading tile 0/0/0 of the PMTiles archive `bytes` gives, or nil when it reads.
private func tileZeroError(pmtiles bytes: [UInt8]) throws -> TileIOError? {
    let folder = try HostileTileFolder()
    let reader = try PMTilesReader(path: folder.write(bytes, to: "hostile.pmtiles"))
    return #expect(throws: TileIOError.self) { try reader.tile(z: 0, x: 0, y: 0) }
}

// MARK: - Tests

@Suite("hostile map tile sources")
struct TileHostileTests {
    @Test func anMBTilesViewThatNeverEndsIsStoppedByTheStatementBudget() throws {
        let error = try tileZeroError(mbtiles: """
            CREATE VIEW tiles AS SELECT 0 AS zoom_level, 0 AS tile_column, 0 AS tile_row, x'00' AS tile_data
              FROM (\(endlessCTE));
            """, statementSeconds: 0.2)
        #expect(error == .overLimit("cannot read tile 0/0/0: its SQL ran longer than 0.2 s and was stopped (a view that never ends?)"))
    }

    @Test func anMBTilesMetadataViewThatNeverEndsFailsTheOpening() throws {
        let folder = try HostileTileFolder()
        let file = try folder.mbtiles("endless-metadata.mbtiles", sql: """
            CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            CREATE VIEW metadata AS SELECT 'name' AS name, n AS value FROM (\(endlessCTE));
            """)
        let error = #expect(throws: TileIOError.self) { try MBTilesReader(path: file, statementSeconds: 0.2) }
        #expect(error?.message.contains("cannot read its metadata: its SQL ran longer than 0.2 s") == true, "\(String(describing: error))")
    }

    @Test(arguments: ["zeroblob(1073741824)", "randomblob(1073741824)", "zeroblob(16777217)"])
    func anMBTilesViewMakingAGigabyteTileIsRefusedBeforeTheBlobIsMade(blob: String) throws {
        let error = try tileZeroError(mbtiles: """
            CREATE VIEW tiles AS SELECT 0 AS zoom_level, 0 AS tile_column, 0 AS tile_row, \(blob) AS tile_data;
            """)
        #expect(error == .overLimit("cannot read tile 0/0/0: its SQL made a value larger than 16 MB"))
    }

    @Test func metadataRowsAreCappedInCountAndSize() throws {
        let folder = try HostileTileFolder()
        let file = try folder.mbtiles("metadata.mbtiles", sql: """
            CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            CREATE TABLE metadata (name TEXT, value TEXT);
            INSERT INTO metadata VALUES ('scale', '2'), ('huge', hex(zeroblob(1048576)));
            WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5000) INSERT INTO metadata SELECT 'k' || n, n FROM c;
            """)
        let reader = try MBTilesReader(path: file)
        #expect(reader.metadata["scale"] == "2")
        #expect(reader.metadata["huge"] == nil, "a value over 64 KiB is passed over")
        #expect(reader.metadata.count == MBTilesReader.metadataRowLimit - 1)
    }

    @Test func anMBTilesMetadataViewMakingAGigabyteValueFailsTheOpening() throws {
        let folder = try HostileTileFolder()
        let file = try folder.mbtiles("huge-metadata.mbtiles", sql: """
            CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            CREATE VIEW metadata AS SELECT 'name' AS name, zeroblob(1073741824) AS value;
            """)
        let error = #expect(throws: TileIOError.self) { try MBTilesReader(path: file) }
        #expect(error == .overLimit("cannot read its metadata: its SQL made a value larger than 16 MB"))
    }

    @Test func theDeduplicatedMapAndImagesSchemaStillReadsThroughItsView() throws {
        let folder = try HostileTileFolder()
        let file = try folder.mbtiles("dedup.mbtiles", sql: """
            CREATE TABLE map (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_id TEXT);
            CREATE TABLE images (tile_id TEXT, tile_data BLOB);
            CREATE VIEW tiles AS SELECT zoom_level, tile_column, tile_row, tile_data FROM map JOIN images USING (tile_id);
            INSERT INTO map VALUES (1, 0, 1, 'a'), (1, 1, 1, 'a');
            INSERT INTO images VALUES ('a', x'0102');
            """)
        let reader = try MBTilesReader(path: file)
        #expect(try reader.tile(z: 1, x: 0, y: 0) == [1, 2])
        #expect(try reader.tile(z: 1, x: 1, y: 0) == [1, 2])
        #expect(try reader.tile(z: 1, x: 0, y: 1) == nil)
    }

    @Test func anMBTilesInWALModeIsReadImmutableWithNoSideFiles() throws {
        let folder = try HostileTileFolder()
        let file = try folder.mbtiles("wal.mbtiles", sql: """
            PRAGMA journal_mode = WAL;
            CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            INSERT INTO tiles VALUES (0, 0, 0, x'07');
            """)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let reader = try MBTilesReader(path: file)
        #expect(try reader.tile(z: 0, x: 0, y: 0) == [7])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["wal.mbtiles"])
        #expect(MBTilesReader.immutableURI("/a b/c%?#.mbtiles") == "file:/a%20b/c%25%3F%23.mbtiles?immutable=1")
    }

    @Test func anMBTilesOverItsBudgetFailsTheRenderNamingTheSource() throws {
        let folder = try HostileTileFolder()
        _ = try folder.mbtiles("huge.mbtiles", sql: """
            CREATE VIEW tiles AS SELECT z AS zoom_level, x AS tile_column, y AS tile_row, zeroblob(1073741824) AS tile_data
              FROM (SELECT 1 AS z, 0 AS x, 0 AS y);
            """)
        let json = #"{"map": {"width": 100, "height": 100, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}, "tiles": {"source": "huge.mbtiles"}}}"#
        let spec = try SpecDecoder.decode(SpecSource(name: "spec.json", bytes: Array(json.utf8), folder: folder.path))
        let error = #expect(throws: InfoWinError.self) { try Renderer().render(spec) }
        #expect(error?.message.contains("map.tiles.source") == true)
        let message = error?.message ?? ""
        #expect(message.contains("huge.mbtiles: cannot read tile 1/") && message.contains("its SQL made a value larger than 16 MB"), "\(message)")
    }

    @Test func aPMTilesLeafPointingAtItselfIsACycle() throws {
        let error = try tileZeroError(pmtiles: pmtiles(root: leafEntry(offset: 0, length: 5), leaves: leafEntry(offset: 0, length: 5)))
        #expect(error?.message.contains("points back at itself or at a directory above it") == true, "\(String(describing: error))")
    }

    @Test func aPMTilesLeafPointingAtTheRootIsACycle() throws {
        // The leaf section starts at the root directory itself.
        let error = try tileZeroError(pmtiles: pmtiles(root: leafEntry(offset: 0, length: 5), leaves: [], leafOffset: 127))
        #expect(error?.message.contains("points back at itself or at a directory above it") == true, "\(String(describing: error))")
    }

    @Test func pmtilesLeavesNestAtMostFourDirectoriesDeep() throws {
        let chain = (1...6).flatMap { leafEntry(offset: UInt64($0) * 5, length: 5) }
        let error = try tileZeroError(pmtiles: pmtiles(root: leafEntry(offset: 0, length: 5), leaves: chain))
        #expect(error == .overLimit("leaf directories nest deeper than 4 levels"))
    }
}

// MARK: - Tiles that cost more to decode than they are worth

/// A JPEG of `scans` start-of-scan segments, each with a little entropy-coded data holding a stuffed
/// zero and a restart marker, after an APP1 segment that holds the bytes of a start of scan itself.
private func manyScanJPEG(scans: Int) -> [UInt8] {
    let app1: [UInt8] = [0xFF, 0xE1, 0x00, 0x06, 0xFF, 0xDA, 0xFF, 0xDA]
    let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]
    return [0xFF, 0xD8] + app1 + (0..<scans).flatMap { _ in scan } + [0xFF, 0xD9]
}

@Suite("hostile map tile images")
struct TileImageHostileTests {
    @Test func aJPEGOfMoreThanAHundredScansIsRefusedAsDamagedBeforeDecoding() {
        let error = #expect(throws: GraphicsError.self) { try ImageSurface(encoded: manyScanJPEG(scans: 101)) }
        #expect(error?.message == "a damaged JPEG: more than 100 scans (an ordinary progressive JPEG has about 10)")
    }

    @Test func scansAreCountedByMarkersNotByBytesThatLookLikeThem() throws {
        #expect(JPEGScans.count(manyScanJPEG(scans: 100), stoppingAfter: 100) == 100)
        #expect(JPEGScans.count(manyScanJPEG(scans: 3), stoppingAfter: 100) == 3)
        #expect(JPEGScans.count(manyScanJPEG(scans: 5000), stoppingAfter: 100) == 101, "counting stops past the limit")
        #expect(JPEGScans.count(Array(manyScanJPEG(scans: 7).prefix(40)), stoppingAfter: 100) == 2, "a truncated file counts what it has")
        let baseline = try ImageSurface(width: 16, height: 16).jpegData(quality: 80, matte: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(JPEGScans.count(baseline, stoppingAfter: 100) == 1)
        #expect(try ImageSurface(encoded: baseline).width == 16)
    }

    @Test func aPNGWithDamagedImageDataIsDamagedNotOutOfMemory() throws {
        let png = try PixelImage(width: 64, height: 64, pixels: (0..<4096).map { 0xFF00_0000 | UInt32($0 * 2654435761 & 0xFFFFFF) }).pngData()
        let idat = try #require((8..<png.count - 4).first { Array(png[$0..<$0 + 4]) == Array("IDAT".utf8) })
        var damaged = png
        for offset in stride(from: idat + 8, to: min(idat + 200, png.count - 16), by: 3) { damaged[offset] ^= 0x5A }
        for bytes in [damaged, Array(png.prefix(idat + 60))] {
            let error = #expect(throws: GraphicsError.self) { try ImageSurface(encoded: bytes) }
            let message = error?.message ?? ""
            #expect(message.hasPrefix("a damaged PNG") && !message.contains("memory"), "\(message)")
        }
    }
}

// MARK: - Folder templates

/// The error rendering a 100 × 100 map of `source` in `folder` gives.
private func renderError(source: String, in folder: HostileTileFolder, settings: TileSettings = TileSettings()) throws -> String {
    let json = #"{"map": {"width": 100, "height": 100, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 1}, "tiles": {"source": "\#(source)"}}}"#
    let spec = try SpecDecoder.decode(SpecSource(name: "spec.json", bytes: Array(json.utf8), folder: folder.path))
    let error = #expect(throws: InfoWinError.self) { try Renderer(tiles: TileProvider(settings: settings)).render(spec) }
    return error?.message ?? ""
}

@Suite("hostile folder templates")
struct FolderTemplateHostileTests {
    @Test func aTemplateLeavingTheFolderFailsAlikeWhetherTheFileOutsideExistsOrNot() throws {
        let folder = try HostileTileFolder()
        let up = String(repeating: "../", count: 30)
        let existing = try renderError(source: "t/{z}/{x}/{y}/\(up)etc/passwd", in: folder)
        let missing = try renderError(source: "t/{z}/{x}/{y}/\(up)etc/no-such-file-here", in: folder)
        #expect(existing.contains("map.tiles.source") && existing.contains("is outside the allowed folder"), "\(existing)")
        #expect(existing.replacing("passwd", with: "X") == missing.replacing("no-such-file-here", with: "X"))
    }

    @Test func aLinkLeavingTheFolderFailsAlikeWhetherItsTargetExistsOrNot() throws {
        let folder = try HostileTileFolder()
        for z in 0...1 {
            try FileManager.default.createDirectory(atPath: "\(folder.path)/a/\(z)", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: "\(folder.path)/b/\(z)", withIntermediateDirectories: true)
            for x in 0..<(1 << z) {
                try FileManager.default.createSymbolicLink(atPath: "\(folder.path)/a/\(z)/\(x)", withDestinationPath: "/etc")
                try FileManager.default.createSymbolicLink(atPath: "\(folder.path)/b/\(z)/\(x)", withDestinationPath: "/no-such-folder-here")
            }
        }
        let existing = try renderError(source: "a/{z}/{x}/passwd{y}", in: folder)
        let missing = try renderError(source: "b/{z}/{x}/passwd{y}", in: folder)
        #expect(existing.contains("is outside the allowed folder"), "\(existing)")
        #expect(existing.replacing("a/", with: "X/") == missing.replacing("b/", with: "X/"))
    }

    @Test func destinationsFollowLinksAsFarAsTheyGo() throws {
        let folder = try HostileTileFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/up", withDestinationPath: "../..")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/loop", withDestinationPath: "loop")
        let real = try #require(FileSystem.realPath(folder.path))
        #expect(FileSystem.destination(of: real + "/missing/x.png") == real + "/missing/x.png")
        #expect(FileSystem.destination(of: real + "/up/x.png") == Path.normalized(real + "/../../x.png"))
        #expect(FileSystem.destination(of: real + "/loop/x.png") == nil)
    }
}

// MARK: - One render's tiles: memory and time

/// A folder of 256 px PNG tiles for levels 0…2, each of its own colour or all of one.
private func colourTiles(in folder: HostileTileFolder, alike: Bool) throws {
    for z in 0...2 {
        for x in 0..<(1 << z) {
            try FileManager.default.createDirectory(atPath: "\(folder.path)/t/\(z)/\(x)", withIntermediateDirectories: true)
            for y in 0..<(1 << z) {
                let colour = alike ? 0xFF33_6699 : 0xFF00_0000 | UInt32(z * 80 << 16 | x * 60 << 8 | y * 60)
                let png = try PixelImage(width: 256, height: 256, pixels: [UInt32](repeating: colour, count: 65536)).pngData()
                _ = folder.write(png, to: "t/\(z)/\(x)/\(y).png")
            }
        }
    }
}

@Suite("one render's tiles, bounded")
struct TileBudgetTests {
    private func spec(_ folder: HostileTileFolder) throws -> Spec {
        let json = #"{"map": {"width": 700, "height": 700, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 2}, "tiles": {"source": "t/{z}/{x}/{y}.png"}}}"#
        return try SpecDecoder.decode(SpecSource(name: "spec.json", bytes: Array(json.utf8), folder: folder.path))
    }

    @Test func tilesOverTheRenderMemoryBudgetFailTheRenderNamingTheSource() throws {
        let folder = try HostileTileFolder()
        try colourTiles(in: folder, alike: false)
        let provider = TileProvider(settings: TileSettings(), renderMemoryLimit: 1 << 20)
        let error = #expect(throws: InfoWinError.self) { try Renderer(tiles: provider).render(try spec(folder)) }
        let message = error?.message ?? ""
        #expect(message.contains("map.tiles.source") && message.contains("the map's tiles take more than 1 MB of memory decoded ("), "\(message)")
    }

    @Test func identicalTilesAreDecodedOnceAndCountedOnce() throws {
        let folder = try HostileTileFolder()
        try colourTiles(in: folder, alike: true)
        let provider = TileProvider(settings: TileSettings(), renderMemoryLimit: 1 << 20)
        let result = try Renderer(tiles: provider).render(try spec(folder))
        #expect((result.report.tiles?.drawn ?? 0) > 4, "more tiles than 1 MB holds decoded apart")
    }

    @Test func tilesPastTheDeadlineFailTheRenderNamingTheOption() throws {
        let folder = try HostileTileFolder()
        try colourTiles(in: folder, alike: false)
        let message = try renderError(source: "t/{z}/{x}/{y}.png", in: folder, settings: TileSettings(deadline: 0))
        #expect(message == "spec.json: map.tiles.source: tiles took longer than 0 s in all (--tiles-deadline)")
    }
}

// MARK: - The disk cache

@Suite("the tile disk cache, bounded")
struct TileDiskCacheTests {
    private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test func onlyImagesAreKept() throws {
        let folder = try HostileTileFolder()
        let cache = TileDiskCache(folder: folder.path, limit: 1 << 20)
        cache.write(Array("<html>over quota</html>".utf8), for: "http://a/0/0/0.png")
        cache.write(Self.png + [1, 2, 3], for: "http://a/1/0/0.png")
        #expect(cache.read("http://a/0/0/0.png") == nil)
        #expect(cache.read("http://a/1/0/0.png") == Self.png + [1, 2, 3])
    }

    @Test func pastItsSizeTheLeastRecentlyUsedTilesAreRemovedWhileWriting() throws {
        let folder = try HostileTileFolder()
        let cache = TileDiskCache(folder: folder.path, limit: 1 << 20)
        let tile = Self.png + [UInt8](repeating: 7, count: 300 << 10)
        for index in 0..<3 {
            cache.write(tile, for: "http://a/\(index)")
            usleep(20_000)
        }
        #expect(cache.read("http://a/0") != nil, "read, so used most recently")
        usleep(20_000)
        cache.write(tile, for: "http://a/3")
        #expect(cache.read("http://a/0") != nil)
        #expect(cache.read("http://a/1") == nil, "the least recently used went first")
        #expect(cache.read("http://a/3") != nil)
        var total = 0
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where path.hasSuffix(".tile") {
            total += try FileManager.default.attributesOfItem(atPath: folder.path + "/" + path)[.size] as? Int ?? 0
        }
        #expect(total <= 1 << 20)
    }
}
