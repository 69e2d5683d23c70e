import FuzzSupport
import InfoWinCheck
import InfoWinKit

/// libFuzzer target: any bytes read as a project config file (`infowin.json`) must give a config or an
/// error naming the file, never crash or hang; every key of a config read gives its option's values.
public func fuzzProjectConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let config = try? ProjectConfig.decode(bytes, file: "infowin.json", folder: "/nonexistent/project") else { return 0 }
    for key in ProjectConfig.keys {
        _ = key.optionValues(config)
    }
    return 0
}

@_cdecl("FuzzProjectConfig_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzProjectConfig(data, size) })
}
