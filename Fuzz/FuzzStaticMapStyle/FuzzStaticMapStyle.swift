import FuzzSupport
import InfoWinKit
import InfoWinServe

/// libFuzzer target: any bytes read as one `/staticmap` `style` value (Google's `feature:…|element:…|RULES`)
/// give a rule or a 400 that starts with `style:`, never a crash or a hang; a rule read back from its
/// canonical text is the same rule; applied to the built-in style of either schema, every layer's filter
/// and properties evaluate for a feature at any zoom.
public func fuzzStaticMapStyle(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let value = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let rule: GoogleStyleRule
    do throws(Problem) {
        rule = try StaticMapStyleRules.rule(value)
    } catch {
        guard error.status == 400, error.detail.hasPrefix("style: ") else { fatalError("\(value) answered \(error.status): \(error.detail)") }
        return 0
    }
    if !rule.operations.isEmpty {
        guard (try? StaticMapStyleRules.rule(rule.canonicalText)) == rule else { fatalError("\(value) reads back otherwise from \(rule.canonicalText)") }
    }
    let feature = VectorTileFeature(
        id: 3, kind: .polygon,
        properties: ["name": .string("Senn"), "class": .string("motorway"), "kind": .string("highway"), "kind_detail": .string("motorway"),
                     "admin_level": .number(2)],
        geometry: [])
    for schema in BuiltInStyle.Schema.allCases {
        let style = BuiltInStyle.light.mapStyle(for: schema).applyingGoogleStyles([rule, rule], schema: schema)
        for layer in style.layers {
            for zoom in [0.0, 14, 24] {
                let context = StyleEvaluationContext(zoom: zoom, feature: feature)
                _ = layer.passesFilter(context)
                for name in layer.paint.keys.sorted() + layer.layout.keys.sorted() { _ = layer.value(name, in: context) }
            }
        }
    }
    return 0
}

@_cdecl("FuzzStaticMapStyle_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzStaticMapStyle(data, size) })
}
