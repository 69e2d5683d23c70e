import Graphics
import Testing
@testable import InfoWinKit

@Suite("BasemapStyle: expressions evaluate as MapLibre's do")
struct BasemapStyleExpressionTests {
    @Test func getReadsAFeaturePropertyAndNullWhenItIsMissing() throws {
        #expect(try evaluate(#"["get", "name"]"#, ["name": .string("Mitte")]) == .string("Mitte"))
        #expect(try evaluate(#"["get", "name"]"#) == .null)
        #expect(try evaluate(#"["has", "name"]"#, ["name": .string("x")]) == .bool(true))
        #expect(try evaluate(#"["get", "b", ["literal", {"b": 2}]]"#) == .number(2))
    }

    @Test func equalityIsStrictAcrossTypesAndOrderingAcrossTypesIsAnError() throws {
        #expect(try evaluate(#"["==", ["get", "rank"], "1"]"#, ["rank": .number(1)]) == .bool(false))
        #expect(try evaluate(#"["!=", ["get", "rank"], "1"]"#, ["rank": .number(1)]) == .bool(true))
        #expect(try evaluate(#"["<", ["get", "rank"], 2]"#, ["rank": .number(1)]) == .bool(true))
        // A string where `<` needs the other side's number: an error, so null (a filter reads false).
        #expect(try evaluate(#"["<", ["get", "rank"], 2]"#, ["rank": .string("1")]) == .null)
        #expect(throws: StyleExpressionIssue.self) { try compileExpression(#"["==", "a", 1]"#) }
    }

    @Test func stringsOrderByUTF16CodeUnitsAsJavaScriptDoes() throws {
        #expect(try evaluate(#"["<", "Z", "a"]"#) == .bool(true))
        #expect(try evaluate(#"["<", "\uFFFF", "😀"]"#) == .bool(false))
    }

    @Test func matchSelectsByLabelAndFallsBackOnAnotherType() throws {
        let match = #"["match", ["get", "class"], ["primary", "trunk"], 4, "minor", 1, 0]"#
        #expect(try evaluate(match, ["class": .string("trunk")]) == .number(4))
        #expect(try evaluate(match, ["class": .string("minor")]) == .number(1))
        #expect(try evaluate(match, ["class": .number(1)]) == .number(0))
        #expect(throws: StyleExpressionIssue.self) { try compileExpression(#"["match", ["get", "a"], 1.5, 1, 0]"#) }
        #expect(throws: StyleExpressionIssue.self) { try compileExpression(#"["match", ["get", "a"], "x", 1, "x", 2, 0]"#) }
    }

    @Test func caseCoalesceAndStep() throws {
        #expect(try evaluate(#"["case", ["has", "a"], "A", ["has", "b"], "B", "none"]"#, ["b": .bool(true)]) == .string("B"))
        #expect(try evaluate(#"["coalesce", ["get", "name:de"], ["get", "name"]]"#, ["name": .string("Berlin")]) == .string("Berlin"))
        let step = #"["step", ["zoom"], 1, 10, 2, 14, 3]"#
        #expect(try evaluate(step, zoom: 9.99) == .number(1))
        #expect(try evaluate(step, zoom: 10) == .number(2))
        #expect(try evaluate(step, zoom: 20) == .number(3))
    }

    @Test func interpolateClampsAndBlendsNumbersColoursAndArrays() throws {
        let linear = #"["interpolate", ["linear"], ["zoom"], 10, 1, 20, 11]"#
        #expect(try evaluate(linear, zoom: 5) == .number(1))
        #expect(try evaluate(linear, zoom: 15) == .number(6))
        #expect(try evaluate(linear, zoom: 25) == .number(11))
        // Exponential base 2 between 0 and 2: (2^1 − 1) / (2^2 − 1) = 1/3 of the way.
        let exponential = try evaluate(#"["interpolate", ["exponential", 2], ["zoom"], 0, 0, 2, 3]"#, zoom: 1)
        #expect(exponential == .number(1))
        let color = try evaluate(##"["interpolate", ["linear"], ["zoom"], 0, "#000000", 10, "#ffffff"]"##, zoom: 5, expecting: .color)
        #expect(color == .color(RGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)))
        let offset = try evaluate(#"["interpolate", ["linear"], ["zoom"], 0, ["literal", [0, 0]], 10, ["literal", [2, 4]]]"#, zoom: 5)
        #expect(offset == .array([.number(1), .number(2)]))
        #expect(throws: StyleExpressionIssue.self) { try compileExpression(#"["interpolate", ["linear"], ["zoom"], 0, "a", 1, "b"]"#) }
        #expect(throws: StyleExpressionIssue.self) { try compileExpression(#"["interpolate", ["linear"], ["zoom"], 5, 1, 2, 3]"#) }
    }

    @Test func toStringWritesNumbersAndColoursAsJavaScriptDoes() throws {
        #expect(try evaluate(#"["to-string", 1]"#) == .string("1"))
        #expect(try evaluate(#"["to-string", 0.1]"#) == .string("0.1"))
        #expect(try evaluate(#"["to-string", 1e21]"#) == .string("1e+21"))
        #expect(try evaluate(#"["to-string", 1.5e-7]"#) == .string("1.5e-7"))
        #expect(try evaluate(#"["to-string", 123456789012]"#) == .string("123456789012"))
        #expect(try evaluate(#"["to-string", ["get", "x"]]"#) == .string(""))
        #expect(try evaluate(#"["concat", "a", 1, true, null]"#) == .string("a1true"))
        #expect(StyleValue.color(RGBA(red: 1, green: 0, blue: 0, alpha: 0.5)).text == "rgba(255,0,0,0.5)")
    }

    @Test func toNumberAndToBooleanFollowJavaScript() throws {
        #expect(try evaluate(#"["to-number", " 12 "]"#) == .number(12))
        #expect(try evaluate(#"["to-number", "0x10"]"#) == .number(16))
        #expect(try evaluate(#"["to-number", "abc", "2"]"#) == .number(2))
        #expect(try evaluate(#"["to-number", "abc"]"#) == .null)
        #expect(try evaluate(#"["to-number", null]"#) == .number(0))
        #expect(try evaluate(#"["to-boolean", ""]"#) == .bool(false))
        #expect(try evaluate(#"["to-boolean", "0"]"#) == .bool(true))
    }

    @Test func arithmeticMinMaxAndText() throws {
        #expect(try evaluate(#"["+", 1, 2, 3]"#) == .number(6))
        #expect(try evaluate(#"["-", 5]"#) == .number(-5))
        #expect(try evaluate(#"["%", -7, 3]"#) == .number(-1))
        #expect(try evaluate(#"["/", ["get", "a"], 2]"#, ["a": .number(5)]) == .number(2.5))
        #expect(try evaluate(#"["max"]"#) == .number(-.infinity))
        #expect(try evaluate(#"["upcase", "straße"]"#) == .string("STRASSE"))
        #expect(try evaluate(#"["in", "ll", "hello"]"#) == .bool(true))
        #expect(try evaluate(#"["in", ["get", "c"], ["literal", ["a", "b"]]]"#, ["c": .string("b")]) == .bool(true))
    }

    @Test func geometryTypeAndIDReadTheFeature() throws {
        let context = StyleEvaluationContext(zoom: 3, feature: styleFeature(kind: .lineString, id: 42))
        #expect(try compileExpression(#"["geometry-type"]"#).evaluate(in: context) == .string("LineString"))
        #expect(try compileExpression(#"["id"]"#).evaluate(in: context) == .number(42))
    }

    @Test func coloursAreReadAsMapLibreReadsThem() {
        #expect(StyleColorParser.parse("rebeccapurple") == RGBA(red: 0x66 / 255, green: 0x33 / 255, blue: 0x99 / 255))
        #expect(StyleColorParser.parse("#f00") == RGBA(red: 1, green: 0, blue: 0))
        #expect(StyleColorParser.parse("#ff000080")?.alpha == 128.0 / 255)
        #expect(StyleColorParser.parse("rgba(255, 0, 0, 0.5)") == RGBA(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(StyleColorParser.parse("rgb(100% 0% 0% / 50%)") == RGBA(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(StyleColorParser.parse("hsl(120, 100%, 50%)") == RGBA(red: 0, green: 1, blue: 0))
        #expect(StyleColorParser.parse("transparent")?.alpha == 0)
        #expect(StyleColorParser.parse("rgb(255, 0 0)") == nil)
        #expect(StyleColorParser.parse("rgb(100%, 0, 0)") == nil)
        #expect(StyleColorParser.parse("#ggg") == nil)
        #expect(StyleColorParser.parse("blurple") == nil)
    }
}
