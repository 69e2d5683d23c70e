import FuzzSupport
import InfoWinKit

/// libFuzzer target: any bytes as a spec's inline `geojson` must decode and lay out, or fail with an
/// error, never crash, hang or grow past the limits (100,000 coordinates, 10,000 markers).
public func fuzzGeoJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let prefix = #"{"map": {"width": 120, "height": 90, "camera": {"fit": {"shapes": true}}}, "geojson": "#
    let bytes = Array(prefix.utf8) + Array(UnsafeBufferPointer(start: data, count: size)) + Array("}".utf8)
    guard let spec = try? SpecDecoder.decode(SpecSource(name: "fuzz.json", bytes: bytes, folder: "/nonexistent-fuzz-folder")) else { return 0 }
    _ = try? Renderer().report(spec)
    return 0
}

@_cdecl("FuzzGeoJSON_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzGeoJSON(data, size) })
}
