import FuzzSupport
import InfoWinKit

/// libFuzzer target: any bytes as a vector tile (plain, or gzip when they start with 1f 8b) must decode
/// or fail with a `VectorTileError`, never crash, hang or grow past the limits (4 MB inflated, the
/// picture's 200,000 features and 2,000,000 coordinates). Each input is decoded twice against one
/// budget, as two tiles of a picture.
public func fuzzVectorTile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var budget = VectorTileBudget()
    for _ in 0..<2 {
        guard let tile = try? VectorTileDecoder.decode(bytes, budget: &budget) else { break }
        // Touch what the painter reads, so that a geometry built wrong shows under the sanitizer.
        for layer in tile.layers {
            for feature in layer.features { _ = feature.geometry.reduce(0) { $0 + $1.count } }
        }
    }
    return 0
}

@_cdecl("FuzzVectorTile_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzVectorTile(data, size) })
}
