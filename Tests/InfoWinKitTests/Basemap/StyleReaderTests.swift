import Graphics
import Testing
@testable import InfoWinKit

@Suite("BasemapStyle: reading a MapLibre style file")
struct BasemapStyleReaderTests {
    @Test func sourcesAreResolvedAgainstTheStyleFolder() throws {
        let style = try readStyle(styleJSON(layers: "", extra: #""sprite": "sprites/city", "glyphs": "https://example.com/{fontstack}/{range}.pbf","#))
        #expect(style.name == "test")
        #expect(style.sprite == "/styles/sprites/city")
        #expect(style.source(named: "city") == MapStyleSource(name: "city", kind: .vector, location: .pmtiles(path: "/styles/tiles/city.pmtiles")))
        #expect(style.source(named: "hills")?.location == .tiles(["https://example.com/{z}/{x}/{y}.png"]))
        #expect(style.source(named: "hills")?.tileSize == 256)
        #expect(style.warnings.isEmpty)
    }

    @Test func aLayerKeepsItsZoomsVisibilityAndProperties() throws {
        let layer = try readLayer(##"{"id": "roads", "type": "line", "source": "city", "source-layer": "transportation", "minzoom": 5, "maxzoom": 14, "layout": {"visibility": "none", "line-cap": "round"}, "paint": {"line-color": "#ff0000", "line-width": {"stops": [[10, 1], [20, 11]]}}}"##)
        #expect(layer.type == .line && layer.sourceLayer == "transportation" && layer.minZoom == 5 && layer.maxZoom == 14)
        #expect(!layer.isVisible)
        let context = StyleEvaluationContext(zoom: 15)
        #expect(layer.color("line-color", in: context) == RGBA(red: 1, green: 0, blue: 0))
        #expect(layer.number("line-width", in: context) == 6)
        #expect(layer.string("line-cap", in: context) == "round")
        #expect(layer.string("line-join", in: context) == "miter")
        #expect(layer.number("line-opacity", in: context) == 1)
        #expect(layer.numbers("line-dasharray", in: context) == nil)
        let unset = try readLayer(#"{"id": "a", "type": "line", "source": "city", "source-layer": "x", "paint": {"line-width": null}}"#)
        #expect(unset.number("line-width", in: context) == 1)
    }

    @Test func legacyAndExpressionFiltersSelectTheSameFeatures() throws {
        let legacy = try readLayer(#"{"id": "parks", "type": "fill", "source": "city", "source-layer": "landuse", "filter": ["all", ["==", "$type", "Polygon"], ["in", "class", "park", "garden"], ["!has", "private"]]}"#)
        let modern = try readLayer(#"{"id": "parks", "type": "fill", "source": "city", "source-layer": "landuse", "filter": ["all", ["==", ["geometry-type"], "Polygon"], ["match", ["get", "class"], ["park", "garden"], true, false], ["!", ["has", "private"]]]}"#)
        for (properties, passes) in [(["class": FeatureValue.string("park")], true), (["class": .string("garden"), "private": .bool(true)], false), (["class": .string("forest")], false), ([:], false)] {
            let context = StyleEvaluationContext(zoom: 12, feature: styleFeature(properties))
            #expect(legacy.passesFilter(context) == passes)
            #expect(modern.passesFilter(context) == passes)
        }
    }

    @Test func aLegacyComparisonNeverMatchesAMissingPropertyOrAnotherType() throws {
        let layer = try readLayer(#"{"id": "a", "type": "fill", "source": "city", "source-layer": "x", "filter": ["any", [">=", "rank", 3], ["!=", "kind", "x"]]}"#)
        #expect(layer.passesFilter(StyleEvaluationContext(zoom: 1, feature: styleFeature(["rank": .string("5"), "kind": .string("x")]))) == false)
        #expect(layer.passesFilter(StyleEvaluationContext(zoom: 1, feature: styleFeature(["rank": .number(5), "kind": .string("x")]))))
        #expect(layer.passesFilter(StyleEvaluationContext(zoom: 1, feature: styleFeature([:]))))
    }

    @Test func textFieldTokensReadTheFeatureAndAMissingOneWritesNothing() throws {
        let layer = try readLayer(#"{"id": "labels", "type": "symbol", "source": "city", "source-layer": "place", "layout": {"text-field": "{name} ({ref})", "text-font": ["Noto Sans Regular"]}}"#)
        let context = StyleEvaluationContext(zoom: 12, feature: styleFeature(["name": .string("Mitte"), "ref": .number(7)]))
        #expect(layer.string("text-field", in: context) == "Mitte (7)")
        #expect(layer.string("text-field", in: StyleEvaluationContext(zoom: 12, feature: styleFeature())) == " ()")
        #expect(layer.strings("text-font", in: context) == ["Noto Sans Regular"])
        #expect(layer.string("text-anchor", in: context) == "center")
    }

    @Test func aValueThatDoesNotFitTakesTheDefault() throws {
        let layer = try readLayer(#"{"id": "c", "type": "circle", "source": "city", "source-layer": "poi", "paint": {"circle-radius": ["get", "size"], "circle-color": ["get", "colour"]}}"#)
        let bad = StyleEvaluationContext(zoom: 12, feature: styleFeature(["size": .string("big"), "colour": .string("not a colour")]))
        #expect(layer.number("circle-radius", in: bad) == 5)
        #expect(layer.color("circle-color", in: bad) == RGBA(red: 0, green: 0, blue: 0))
        let good = StyleEvaluationContext(zoom: 12, feature: styleFeature(["size": .number(3), "colour": .string("teal")]))
        #expect(layer.number("circle-radius", in: good) == 3)
        #expect(layer.color("circle-color", in: good) == RGBA(red: 0, green: 128.0 / 255, blue: 128.0 / 255))
    }

    @Test func propertyFunctionsAreConvertedAsMapLibreConvertsThem() throws {
        let layer = try readLayer(##"{"id": "f", "type": "fill", "source": "city", "source-layer": "landuse", "paint": {"fill-color": {"property": "class", "type": "categorical", "stops": [["park", "#00ff00"], ["water", "#0000ff"]], "default": "#ffffff"}, "fill-opacity": {"property": "level", "stops": [[0, 0], [10, 1]], "default": 0.5}}}"##)
        func context(_ properties: [String: FeatureValue]) -> StyleEvaluationContext { StyleEvaluationContext(zoom: 12, feature: styleFeature(properties)) }
        #expect(layer.color("fill-color", in: context(["class": .string("water")])) == RGBA(red: 0, green: 0, blue: 1))
        #expect(layer.color("fill-color", in: context(["class": .string("road")])) == RGBA(red: 1, green: 1, blue: 1))
        #expect(layer.number("fill-opacity", in: context(["level": .number(5)])) == 0.5)
        #expect(layer.number("fill-opacity", in: context(["level": .number(10)])) == 1)
        #expect(layer.number("fill-opacity", in: context(["level": .string("x")])) == 0.5)
    }

    @Test func anExplicitLanguageMakesNamePreferTheLocalisedOne() throws {
        let style = try readStyle(styleJSON(layers: #"{"id": "l", "type": "symbol", "source": "city", "source-layer": "place", "layout": {"text-field": ["coalesce", ["get", "name"], "?"]}}, {"id": "m", "type": "symbol", "source": "city", "source-layer": "place", "layout": {"text-field": "{name}"}}"#))
        let arabic = style.preferringName(in: "ar")
        let both = StyleEvaluationContext(zoom: 12, feature: styleFeature(["name": .string("Cairo"), "name:ar": .string("القاهرة")]))
        let local = StyleEvaluationContext(zoom: 12, feature: styleFeature(["name": .string("Cairo")]))
        for layer in arabic.layers {
            #expect(layer.string("text-field", in: both) == "القاهرة")
            #expect(layer.string("text-field", in: local) == "Cairo")
        }
        #expect(style.layers[0].string("text-field", in: both) == "Cairo")
    }

    @Test func whatIsOutsideTheSubsetIsAWarningNamingTheLayer() throws {
        let style = try readStyle(styleJSON(layers: #"""
            {"id": "buildings-3d", "type": "fill-extrusion", "source": "city", "source-layer": "building"},
            {"id": "roads", "type": "line", "source": "city", "source-layer": "transportation", "paint": {"line-blur": 2, "line-width": ["^", 2, ["zoom"]], "line-color": "#000"}},
            {"id": "odd", "type": "fill", "source": "city", "source-layer": "x", "filter": ["within", {"type": "Polygon", "coordinates": []}]},
            {"id": "wrong-group", "type": "line", "source": "city", "source-layer": "x", "layout": {"line-color": "#000"}}
            """#, extra: #""terrain": {"source": "dem"},"#))
        #expect(style.layers.map(\.id) == ["roads", "wrong-group"])
        #expect(style.layers[0].paint.keys.sorted() == ["line-color"])
        #expect(style.warnings.contains(#"style.json: layer "buildings-3d": layer type "fill-extrusion" is not drawn"#))
        #expect(style.warnings.contains(#"style.json: layer "roads": paint property "line-blur" is not drawn"#))
        #expect(style.warnings.contains(#"style.json: layer "roads": "line-width" uses "^", which infowin does not evaluate: the property is not drawn"#))
        #expect(style.warnings.contains(#"style.json: layer "odd": the filter uses "within", which infowin does not evaluate: the layer is not drawn"#))
        #expect(style.warnings.contains(#"style.json: layer "wrong-group": "line-color" is a paint property, not a layout one: not drawn"#))
        #expect(style.warnings.contains(#"style.json: "terrain": the style's terrain is not drawn"#))
    }

    @Test func anotherSourceTypeIsAWarningAndSoAreItsLayers() throws {
        let style = try readStyle(#"{"version": 8, "sources": {"pins": {"type": "geojson", "data": {}}}, "layers": [{"id": "pins", "type": "circle", "source": "pins"}]}"#)
        #expect(style.layers.isEmpty)
        #expect(style.warnings == [#"style.json: source "pins": source type "geojson" is not drawn"#, #"style.json: layer "pins": its source "pins" is not drawn, nor is the layer"#])
    }

    @Test func anInvalidStyleIsAnErrorNamingTheFilePathAndWhatWasExpected() {
        #expect(styleError(#"{"version": 7, "sources": {}, "layers": []}"#) == "style.json: version: expected 8 (MapLibre style version 8), got 7")
        #expect(styleError(#"{"version": 8, "sources": {}}"#) == #"style.json: (the whole spec): expected "layers" (an array), got none"#)
        #expect(styleError(styleJSON(layers: #"{"id": "a", "type": "line", "source": "nowhere", "source-layer": "x"}"#)) == #"style.json: layers[0].source: no source is named "nowhere" in "sources""#)
        #expect(styleError(styleJSON(layers: #"{"id": "a", "type": "line", "source": "city", "source-layer": "x", "paint": {"line-width": "wide"}}"#)) == #"style.json: layers[0].paint["line-width"]: expected a number, got a string"#)
        #expect(styleError(styleJSON(layers: #"{"id": "a", "type": "line", "source": "city", "source-layer": "x", "layout": {"line-cap": "pointy"}}"#)) == #"style.json: layers[0].layout["line-cap"]: expected "butt", "round" or "square", got "pointy""#)
        #expect(styleError(styleJSON(layers: ##"{"id": "a", "type": "fill", "source": "city", "source-layer": "x", "paint": {"fill-color": "#12"}}"##))?.hasPrefix(#"style.json: layers[0].paint["fill-color"]: expected a colour"#) == true)
        #expect(styleError(styleJSON(layers: #"{"id": "a", "type": "line", "source": "city"}"#)) == #"style.json: layers[0]: expected a "source-layer" for a layer of the vector source "city", got none"#)
        #expect(styleError(styleJSON(layers: #"{"id": "a", "type": "background"}, {"id": "a", "type": "background"}"#)) == #"style.json: layers[1].id: the layer id "a" is given twice"#)
        #expect(styleError(styleJSON(layers: #"{"id": "a", "type": "line", "source": "city", "source-layer": "x", "paint": {"line-width": ["+", ["zoom"], 1]}}"#))?.contains(#"["zoom"] may only be the input"#) == true)
        #expect(styleError(styleJSON(layers: #"{"id": "a", "type": "background", "paint": {"background-color": ["get", "c"]}}"#))?.contains("cannot read a feature's data") == true)
        #expect(styleError(#"{"version": 8,"#)?.hasPrefix("style.json:1:") == true)
    }
}
