import Graphics
import FuzzSupport
import InfoWinCheck
import InfoWinKit

/// libFuzzer target: any bytes as a PNG file must be refused from the header or decoded, never crash; its
/// infowin text chunks (a golden's fingerprint: spec and catalog keys among them) are read and compared.
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let header = PNGHeader(bytes: bytes), header.width <= 4096, header.height <= 4096 else { return 0 }
    if let image = PixelImage(png: bytes) {
        // A golden's fingerprint, compared as check compares it: hostile key lists must only name changes.
        if let golden = Fingerprint(entries: PNGText.entries(of: bytes)) {
            var actual = golden
            actual.specKeys = golden.specKeys.map { Array($0.dropFirst()) }
            actual.catalogKeys = golden.catalogKeys.map { Array($0.reversed().dropFirst()) }
            _ = actual.differences(from: golden)
        }
        _ = PerceptualDiff.compare(expected: image, actual: image)
    }
    return 0
}

@_cdecl("FuzzPNG_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzPNG(data, size) })
}
