import FuzzSupport
import InfoWinKit

/// libFuzzer target: any bytes as a spec must decode or fail with an error, never crash or hang.
public func fuzzSpecDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? SpecDecoder.decode(SpecSource(name: "fuzz.json", bytes: bytes, folder: "/nonexistent-fuzz-folder"))
    _ = try? JSONParser.parse(bytes)
    return 0
}

@_cdecl("FuzzSpecDecoder_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzSpecDecoder(data, size) })
}
