import Testing
@testable import InfoWinKit

@Suite("BasemapStyle: hostile styles are refused within their limits")
struct BasemapStyleHostileTests {
    @Test func aStyleFileOverFourMiBIsRefusedBeforeItIsParsed() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: MapStyleReader.sizeLimit + 1)
        #expect(throws: InfoWinError.io(file: "style.json", message: "the style file is 4,194,305 bytes: at most 4 MiB is read")) {
            try MapStyleReader.read(bytes, file: "style.json")
        }
    }

    @Test func moreThanAThousandLayersIsAnError() {
        let layers = (0...MapStyleReader.layerLimit).map { #"{"id": "l\#($0)", "type": "background"}"# }.joined(separator: ",")
        #expect(styleError(styleJSON(layers: layers)) == "style.json: layers: the style has 1,001 layers: at most 1,000")
    }

    @Test func anExpressionDeeperThanSixtyFourLevelsIsAnErrorNamingItsPath() throws {
        let deep = String(repeating: #"["+", 1, "#, count: 70) + "1" + String(repeating: "]", count: 70)
        let message = try #require(styleError(styleJSON(layers: #"{"id": "a", "type": "line", "source": "city", "source-layer": "x", "paint": {"line-width": \#(deep)}}"#)))
        #expect(message.hasPrefix(#"style.json: layers[0].paint["line-width"][2][2][2]"#))
        #expect(message.hasSuffix("nests deeper than 64 levels"))
    }

    @Test func aHundredThousandLevelsOfBracketsAreRefusedWithoutRecursingThatDeep() {
        let hostile = String(repeating: "[", count: 100_000)
        let message = styleError(styleJSON(layers: #"{"id": "a", "type": "fill", "source": "city", "source-layer": "x", "filter": \#(hostile)}"#))
        #expect(message?.contains("nests deeper than") == true)
    }

    @Test func deepLegacyFiltersAreBoundedToo() {
        let deep = String(repeating: #"["all", "#, count: 66) + #"["!has", "a"]"# + String(repeating: "]", count: 66)
        #expect(styleError(styleJSON(layers: #"{"id": "a", "type": "fill", "source": "city", "source-layer": "x", "filter": \#(deep)}"#))?.hasSuffix("the filter nests deeper than 64 levels") == true)
    }

    @Test func hugeLiteralsCountAgainstTheStylesBudget() {
        let numbers = Array(repeating: "1", count: StyleExpressionParser.nodeLimit).joined(separator: ",")
        let message = styleError(styleJSON(layers: #"{"id": "a", "type": "line", "source": "city", "source-layer": "x", "paint": {"line-dasharray": ["literal", [\#(numbers)]]}}"#))
        #expect(message?.hasSuffix("the style's expressions hold more than 100,000 values") == true)
    }

    @Test func manyMatchLabelsAndWideExpressionsCountToo() {
        let labels = (0..<60_000).map { "\"l\($0)\"" }.joined(separator: ",")
        let layer = { (index: Int) in #"{"id": "a\#(index)", "type": "fill", "source": "city", "source-layer": "x", "filter": ["match", ["get", "k"], [\#(labels)], true, false]}"# }
        #expect(styleError(styleJSON(layers: layer(0) + "," + layer(1)))?.hasSuffix("hold more than 100,000 values") == true)
    }

    @Test func wrongTypesEverywhereAreErrorsNotCrashes() {
        for layers in [
            #""layers""#, #"[1]"#, #"[{"id": 3, "type": "fill"}]"#, #"[{"id": "a", "type": ["fill"]}]"#,
            #"[{"id": "a", "type": "background", "paint": []}]"#, #"[{"id": "a", "type": "background", "paint": {"background-color": {}}}]"#,
            #"[{"id": "a", "type": "background", "paint": {"background-opacity": {"stops": [[1]]}}}]"#,
            #"[{"id": "a", "type": "background", "paint": {"background-opacity": {"stops": [[2, 1], [1, 0]]}}}]"#,
            #"[{"id": "a", "type": "background", "paint": {"background-opacity": ["interpolate", ["linear"], ["zoom"]]}}]"#,
            #"[{"id": "a", "type": "background", "paint": {"background-opacity": []}}]"#,
            #"[{"id": "a", "type": "background", "paint": {"background-opacity": ["get"]}}]"#,
            #"[{"id": "a", "type": "background", "layout": {"visibility": true}}]"#,
            #"[{"id": "a", "type": "background", "minzoom": -1}]"#,
        ] {
            let json = #"{"version": 8, "sources": {}, "layers": \#(layers)}"#
            #expect(styleError(json)?.hasPrefix("style.json: ") == true, "\(layers)")
        }
    }

    @Test func warningsAreBoundedAndSayHowManyMoreThereWere() throws {
        let layers = (0..<150).map { #"{"id": "h\#($0)", "type": "hillshade", "source": "city"}"# }.joined(separator: ",")
        let style = try readStyle(styleJSON(layers: layers))
        #expect(style.warnings.count == MapStyleReader.warningLimit + 1)
        #expect(style.warnings.last == "style.json: and 50 more warnings")
    }
}
