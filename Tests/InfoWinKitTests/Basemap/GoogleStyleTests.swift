import Graphics
import Testing
@testable import InfoWinKit

/// Google's map styles on a MapLibre style's layers (`GoogleStyleRestyler`): the HSL changes as Google
/// documents them, feature types found by the schema's source layers and classes, elements by the paint
/// properties they change, visibility by filters, and the order of the rules.
struct GoogleStyleTests {
    static let red = RGBA(red: 1, green: 0, blue: 0)

    static func close(_ color: RGBA?, _ expected: RGBA) -> Bool {
        guard let color else { return false }
        return abs(color.red - expected.red) < 0.002 && abs(color.green - expected.green) < 0.002 && abs(color.blue - expected.blue) < 0.002
            && abs(color.alpha - expected.alpha) < 0.002
    }

    static func feature(_ properties: [String: FeatureValue], kind: VectorTileFeature.Kind = .lineString) -> VectorTileFeature {
        VectorTileFeature(id: 1, kind: kind, properties: properties, geometry: [])
    }

    static func style(_ schema: BuiltInStyle.Schema, _ rules: [GoogleStyleRule]) -> [String: StyleLayer] {
        let style = BuiltInStyle.light.mapStyle(for: schema).applyingGoogleStyles(rules, schema: schema)
        return Dictionary(uniqueKeysWithValues: style.layers.map { ($0.id, $0) })
    }

    @Test func saturationLightnessHueGammaAndInversionChangeAColourAsGoogleDocumentsThem() {
        let teal = RGBA(red: 0.2, green: 0.6, blue: 0.5, alpha: 0.7)
        let grey = StyleColorAdjustment.saturation(-100).applied(to: teal)
        #expect(abs(grey.red - grey.green) < 1e-9 && abs(grey.green - grey.blue) < 1e-9 && grey.alpha == 0.7, "\(grey)")
        #expect(Self.close(StyleColorAdjustment.lightness(100).applied(to: teal), RGBA(red: 1, green: 1, blue: 1, alpha: 0.7)))
        #expect(Self.close(StyleColorAdjustment.lightness(-100).applied(to: teal), RGBA(red: 0, green: 0, blue: 0, alpha: 0.7)))
        // Half way to white: red's lightness 0.5 becomes 0.75.
        #expect(Self.close(StyleColorAdjustment.lightness(50).applied(to: Self.red), RGBA(red: 1, green: 0.5, blue: 0.5)))
        // Half way to grey: red's saturation 1 becomes 0.5 at lightness 0.5.
        #expect(Self.close(StyleColorAdjustment.saturation(-50).applied(to: Self.red), RGBA(red: 0.75, green: 0.25, blue: 0.25)))
        // The hue of blue, red's saturation and lightness: pure blue; a grey names no hue.
        #expect(Self.close(StyleColorAdjustment.hue(RGBA(red: 0.1, green: 0.1, blue: 0.4)).applied(to: Self.red), RGBA(red: 0, green: 0, blue: 1)))
        #expect(Self.close(StyleColorAdjustment.hue(RGBA(red: 0.5, green: 0.5, blue: 0.5)).applied(to: teal), teal))
        #expect(Self.close(StyleColorAdjustment.gamma(1).applied(to: teal), teal))
        #expect(Self.close(StyleColorAdjustment.gamma(3).applied(to: RGBA(red: 1, green: 1, blue: 1)), RGBA(red: 1, green: 1, blue: 1)))
        #expect(Self.close(StyleColorAdjustment.invertLightness.applied(to: RGBA(red: 1, green: 1, blue: 1)), RGBA(red: 0, green: 0, blue: 0)))
        #expect(Self.close(StyleColorAdjustment.color(Self.red).applied(to: teal), RGBA(red: 1, green: 0, blue: 0, alpha: 0.7)), "the colour's opacity is kept")
    }

    @Test func aFeatureTypeSelectsTheClassesOfItsSourceLayerInBothSchemas() {
        let rule = GoogleStyleRule(feature: .roadHighway, element: .geometryFill, operations: [.color(.color(Self.red))])
        let cases: [(BuiltInStyle.Schema, highway: [String: FeatureValue], local: [String: FeatureValue])] = [
            (.openMapTiles, ["class": .string("motorway")], ["class": .string("minor")]),
            (.protomaps, ["kind": .string("highway"), "kind_detail": .string("motorway")], ["kind": .string("minor_road")]),
        ]
        for (schema, highway, local) in cases {
            let layers = Self.style(schema, [rule])
            let motorway = try? #require(layers["road-motorway"]), minor = try? #require(layers["road-minor"])
            let highwayColor = motorway?.color("line-color", in: StyleEvaluationContext(zoom: 14, feature: Self.feature(highway)))
            #expect(Self.close(highwayColor, Self.red), "\(schema): \(String(describing: highwayColor))")
            let plain = BuiltInStyle.light.mapStyle(for: schema).layers.first { $0.id == "road-minor" }
            let context = StyleEvaluationContext(zoom: 14, feature: Self.feature(local))
            #expect(minor?.color("line-color", in: context) == plain?.color("line-color", in: context), "\(schema): a local road keeps its colour")
            // The casing is the stroke, not the fill.
            let casing = layers["road-motorway-casing"]?.color("line-color", in: StyleEvaluationContext(zoom: 14, feature: Self.feature(highway)))
            #expect(!Self.close(casing, Self.red), "\(schema): the casing is geometry.stroke")
        }
    }

    @Test func visibilityOffFiltersTheFeaturesOutAndSimplifiedDropsOnlyTheOutlines() {
        for schema in BuiltInStyle.Schema.allCases {
            let motorway: [String: FeatureValue] = schema == .openMapTiles ? ["class": .string("motorway")] : ["kind": .string("highway")]
            let context = StyleEvaluationContext(zoom: 14, feature: Self.feature(motorway))
            let off = Self.style(schema, [GoogleStyleRule(feature: .road, operations: [.visibility(.off)])])
            #expect(off["road-motorway"]?.passesFilter(context) == false && off["road-motorway-casing"]?.passesFilter(context) == false, "\(schema)")
            #expect(off["water"]?.isVisible == true, "\(schema): water stays")
            let simplified = Self.style(schema, [GoogleStyleRule(feature: .road, operations: [.visibility(.simplified)])])
            #expect(simplified["road-motorway"]?.passesFilter(context) == true, "\(schema): the road stays")
            #expect(simplified["road-motorway-casing"]?.passesFilter(context) == false, "\(schema): its outline goes")
            let again = Self.style(schema, [GoogleStyleRule(feature: .road, operations: [.visibility(.off)]),
                                            GoogleStyleRule(feature: .roadHighway, operations: [.visibility(.on)])])
            #expect(again["road-motorway"]?.passesFilter(context) == true, "\(schema): a later rule shows it again")
            let all = Self.style(schema, [GoogleStyleRule(operations: [.visibility(.off)])])
            #expect(all.values.allSatisfy { !$0.isVisible }, "\(schema): feature:all off hides every layer")
        }
    }

    @Test func labelPartsAreHiddenAloneTheTextFillTheHaloOrTheWholeText() {
        let place = Self.feature(["class": .string("city"), "name": .string("Port Aurel")], kind: .point)
        let context = StyleEvaluationContext(zoom: 12, feature: place)
        let fillOff = Self.style(.openMapTiles, [GoogleStyleRule(element: .labelsTextFill, operations: [.visibility(.off)])])["city-label"]
        #expect(fillOff?.color("text-color", in: context)?.alpha == 0 && (fillOff?.number("text-halo-width", in: context) ?? 0) > 0)
        #expect(fillOff?.string("text-field", in: context) == "Port Aurel", "the halo alone is still a label")
        let strokeOff = Self.style(.openMapTiles, [GoogleStyleRule(element: .labelsTextStroke, operations: [.visibility(.off)])])["city-label"]
        #expect(strokeOff?.number("text-halo-width", in: context) == 0 && strokeOff?.color("text-color", in: context)?.alpha == 1)
        let textOff = Self.style(.openMapTiles, [GoogleStyleRule(feature: .administrativeLocality, element: .labelsText, operations: [.visibility(.off)])])["city-label"]
        #expect(textOff?.passesFilter(context) == false, "a label without text or icon is filtered out")
        let village = StyleEvaluationContext(zoom: 12, feature: Self.feature(["class": .string("suburb"), "name": .string("Old Quay")], kind: .point))
        let districts = Self.style(.openMapTiles, [GoogleStyleRule(feature: .administrativeLocality, element: .labelsText, operations: [.visibility(.off)])])["district-label"]
        #expect(districts?.passesFilter(village) == true, "a suburb is administrative.neighborhood, not locality")
    }

    @Test func weightSetsTheLineWidthAndRulesApplyInOrder() {
        let water = Self.feature(["class": .string("river")])
        let context = StyleEvaluationContext(zoom: 14, feature: water)
        let layers = Self.style(.openMapTiles, [
            GoogleStyleRule(feature: .water, element: .geometry, operations: [.weight(6), .color(.saturation(-100)), .color(.color(Self.red))]),
        ])
        #expect(layers["waterway"]?.number("line-width", in: context) == 6)
        #expect(Self.close(layers["waterway"]?.color("line-color", in: context), Self.red), "grey, then red: red")
        let reversed = Self.style(.openMapTiles, [
            GoogleStyleRule(feature: .water, element: .geometry, operations: [.color(.color(Self.red)), .color(.saturation(-100))]),
        ])
        let grey = reversed["waterway"]?.color("line-color", in: context)
        #expect(grey.map { abs($0.red - $0.green) < 1e-9 } == true, "red, then grey: grey \(String(describing: grey))")
    }

    @Test func theCanonicalTextNamesEveryRuleInOrder() {
        let rule = GoogleStyleRule(feature: .poiPark, element: .labelsTextFill, operations: [
            .visibility(.simplified), .color(.color(RGBA(red: 1, green: 0, blue: 0x80 / 255))), .color(.hue(Self.red)), .color(.saturation(-20)),
            .color(.lightness(12.5)), .color(.gamma(0.5)), .color(.invertLightness), .weight(3),
        ])
        #expect(rule.canonicalText == "feature:poi.park|element:labels.text.fill|visibility:simplified|color:0xff0080|hue:0xff0000|saturation:-20|lightness:12.5|gamma:0.5|invert_lightness:true|weight:3")
        #expect(GoogleStyleFeature.road.covers(.roadHighwayControlledAccess) && !GoogleStyleFeature.roadHighway.covers(.road) && GoogleStyleFeature.road.covers(.roadArterial))
        #expect(GoogleStyleElement.labels.leaves == [.labelsIcon, .labelsTextFill, .labelsTextStroke])
    }
}
