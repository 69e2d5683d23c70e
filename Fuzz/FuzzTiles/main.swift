#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
import Graphics
import TileIO

/// libFuzzer target: any bytes as a PMTiles archive, an MBTiles file, a tile image, a JPEG's markers or
/// an IP address must be refused or read, never crash or hang. The bytes are written to one scratch file per process, since both readers
/// read files.
public func fuzzTiles(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let path = "/tmp/infowin-fuzz-tiles-\(getpid())"
    guard let file = fopen(path, "wb") else { return 0 }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    defer { unlink(path) }
    let tiles = [(0, 0, 0), (1, 1, 0), (2, 3, 1), (3, 5, 6), (12, 2046, 1362)]
    if let archive = try? PMTilesReader(path: path) {
        for (z, x, y) in tiles { _ = try? archive.tile(z: z, x: x, y: y) }
        _ = try? archive.metadata()
    }
    if let database = try? MBTilesReader(path: path) {
        for (z, x, y) in tiles { _ = try? database.tile(z: z, x: x, y: y) }
    }
    _ = try? ImageSurface(encoded: bytes)
    // The walk over a JPEG's markers that counts its scans, on any bytes after a start of image.
    _ = try? JPEGScans.check([0xFF, 0xD8] + bytes)
    // The special-purpose address table, on any text a name could resolve to.
    _ = IPAddress(String(decoding: bytes.prefix(64), as: UTF8.self))?.specialPurpose
    return 0
}

@_cdecl("FuzzTiles_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzTiles(data, size) })
}
