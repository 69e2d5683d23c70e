import FuzzSupport
import InfoWinKit

/// libFuzzer target: any bytes as a sprite's index (`NAME.json`) over a 256 × 256 sheet must read, or fail
/// with an error, never crash, hang or grow past the limits (1 MiB, 10,000 images, 4,096² pixels in all).
public func fuzzSpriteIndex(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? SpriteIndex.read(bytes, file: "fuzz.json", sheetWidth: 256, sheetHeight: 256)
    return 0
}

@_cdecl("FuzzSpriteIndex_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzSpriteIndex(data, size) })
}
