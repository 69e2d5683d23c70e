import FuzzSupport
import Graphics

/// libFuzzer target: any bytes, read as an image's size and premultiplied pixels, must come back from
/// Cairo's PNG reader (libpng and zlib, not our code) with the very same pixels, whichever compression
/// wrote them. A difference or an unreadable file stops the fuzzer.
public func fuzzPNGWriter(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 3 else { return 0 }
    let width = 1 + Int(data[0]) % 96, height = 1 + Int(data[1]) % 64
    let compression = PNGCompression.allCases[Int(data[2]) % PNGCompression.allCases.count]
    let opaque = data[2] & 0x10 != 0
    let body = UnsafeBufferPointer(start: data + 3, count: size - 3)
    let pixels = (0..<(width * height)).map { index -> UInt32 in
        guard !body.isEmpty else { return 0 }
        // Four bytes a pixel, repeated when the input is short (runs and repeats for the matcher);
        // channels clamped to alpha (premultiplied); every pixel opaque when the flag byte says so.
        let byte = { (offset: Int) in UInt32(body[(4 * index + offset) % body.count]) }
        let alpha = opaque ? 255 : byte(3)
        return alpha << 24 | min(byte(0), alpha) << 16 | min(byte(1), alpha) << 8 | min(byte(2), alpha)
    }
    guard let surface = try? ImageSurface(width: width, height: height, argbPixels: pixels),
          let png = try? surface.pngData(compression: compression) else { fatalError("cannot write the PNG") }
    guard let decoded = try? ImageSurface(pngData: png) else { fatalError("libpng cannot read our PNG") }
    if decoded.argbPixels() != pixels { fatalError("libpng reads other pixels than were written") }
    return 0
}

@_cdecl("FuzzPNGWriter_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzPNGWriter(data, size) })
}
