import FuzzSupport
import InfoWinKit

/// libFuzzer target: any bytes as a MapLibre style file must read, or fail with an error, never crash, hang
/// or grow past the limits (4 MiB, 1,000 layers, expressions 64 deep, 100,000 values); every layer read is
/// then evaluated, its filter and each property, for a feature and a zoom, in its own language as well; each
/// source's `attribution` is made plain text (its HTML's tags and character references).
public func fuzzMapStyle(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let style = try? MapStyleReader.read(bytes, file: "fuzz.json", folder: "/nonexistent-fuzz-folder") else { return 0 }
    let feature = VectorTileFeature(
        id: 7, kind: .lineString,
        properties: ["name": .string("Rue"), "name:ar": .string("شارع"), "class": .string("primary"), "rank": .number(3), "oneway": .bool(true)],
        geometry: [])
    for source in style.sources { _ = source.attribution.map(AttributionHTML.plainText) }
    for candidate in [style, style.preferringName(in: "ar")] {
        for layer in candidate.layers {
            for zoom in [0.0, 7.5, 14, 24] {
                let context = StyleEvaluationContext(zoom: zoom, feature: feature)
                _ = layer.passesFilter(context)
                for name in layer.paint.keys.sorted() + layer.layout.keys.sorted() { _ = layer.value(name, in: context) }
            }
        }
    }
    return 0
}

@_cdecl("FuzzMapStyle_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzMapStyle(data, size) })
}
