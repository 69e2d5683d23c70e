import FuzzSupport
import HTTPServer
import InfoWinKit
import InfoWinServe

/// libFuzzer target: any bytes read as a `GET /staticmap` query string give a request or a 400, never a
/// crash or a hang; the spec a request makes is always well-formed JSON (the decoder may refuse its
/// values, with a JSON path, but never its syntax), custom icons' included once their size is known.
public func fuzzStaticMapQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let query = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let request = try? StaticMapQuery.parse(QueryString.parse(query), iconHosts: ["icons.example.com"], mapIds: ["night"], hasBasemap: true)
    let text: String
    switch request {
    case .spec(let spec)?: text = spec
    case .withIcons(let draft)?:
        // Each icon 32 × 48 pixels: X,Y anchors become points of its unit square, or a 400.
        guard let spec = try? draft.spec(iconSizes: Dictionary(uniqueKeysWithValues: draft.icons.map { ($0, (width: 32, height: 48)) })) else { return 0 }
        text = spec
    default: return 0
    }
    do throws(InfoWinError) {
        _ = try SpecDecoder.decode(SpecSource(name: "<staticmap>", bytes: Array(text.utf8), folder: "/nonexistent/infowin-serve"))
    } catch {
        if case .syntax = error { fatalError("the query \(query) made a spec that is not JSON: \(error.message)\n\(text)") }
    }
    return 0
}

@_cdecl("FuzzStaticMapQuery_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzStaticMapQuery(data, size) })
}
