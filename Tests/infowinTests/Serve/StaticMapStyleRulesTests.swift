import Graphics
import HTTPServer
import InfoWinKit
import InfoWinServe
import Testing

/// `/staticmap`'s `style` values read on their own: Google's syntax into typed rules, and every refusal a
/// 400 that starts with `style:` (what `FuzzStaticMapStyle` checks under `make fuzz`, here over fixed cases).
@Suite struct StaticMapStyleRulesTests {
    static func rules(_ values: [String]) throws(Problem) -> [GoogleStyleRule] {
        try StaticMapStyleRules.rules(values.map { QueryParameter("style", $0) })
    }

    @Test func featureAndElementDefaultToAllAndRulesKeepTheirOrder() throws {
        let rules = try Self.rules(["saturation:-100", "feature:road.local|element:geometry.stroke|color:0xFF8000|weight:2.5|visibility:simplified"])
        #expect(rules.count == 2)
        #expect(rules[0] == GoogleStyleRule(feature: .all, element: .all, operations: [.color(.saturation(-100))]))
        #expect(rules[1].feature == .roadLocal && rules[1].element == .geometryStroke)
        #expect(rules[1].operations == [.color(.color(RGBA(red: 1, green: 0x80 / 255, blue: 0))), .weight(2.5), .visibility(.simplified)])
        #expect(try Self.rules([]).isEmpty)
    }

    @Test func coloursAreGooglesHexAndInvertLightnessFalseChangesNothing() throws {
        #expect(try Self.rules(["color:#00ff00"])[0].operations == [.color(.color(RGBA(red: 0, green: 1, blue: 0)))])
        #expect(try Self.rules(["hue:0X0000FF"])[0].operations == [.color(.hue(RGBA(red: 0, green: 0, blue: 1)))])
        #expect(try Self.rules(["invert_lightness:false"])[0].operations.isEmpty)
        #expect(try Self.rules(["lightness:1e1|gamma:0.01|gamma:10"])[0].operations == [.color(.lightness(10)), .color(.gamma(0.01)), .color(.gamma(10))])
    }

    @Test func everyRefusalNamesTheStyleAndWhatWasExpected() {
        let cases: [(String, String)] = [
            ("feature:highway|color:0xff0000", "unknown feature \"highway\""),
            ("element:text|color:0xff0000", "unknown element \"text\""),
            ("visibilty:off", "unknown rule \"visibilty\" (did you mean visibility?)"),
            ("color:red", "0xRRGGBB"), ("color:0xgg0000", "0xRRGGBB"), ("hue:0x12345", "0xRRGGBB"),
            ("saturation:0x10", "-100 to 100"), ("saturation:inf", "-100 to 100"), ("lightness:", "-100 to 100"),
            ("weight:101", "0 to 100"), ("gamma:11", "0.01 to 10"),
            ("", "has no rule"), ("feature:all|element:all", "has no rule"), ("|||", "has no rule"),
            ("weight:2|element:labels", "before the rules"), ("element:labels|element:geometry|weight:1", "more than once"),
            (String(repeating: "weight:1|", count: 17), "at most 16 items"),
        ]
        for (value, expected) in cases {
            do throws(Problem) {
                let rules = try Self.rules([value])
                Issue.record("\(value) was taken: \(rules)")
            } catch {
                #expect(error.status == 400 && error.detail.hasPrefix("style: ") && error.detail.contains(expected), "\(value): \(error.detail)")
            }
        }
        do throws(Problem) {
            _ = try Self.rules(Array(repeating: "lightness:1", count: StaticMapStyleRules.styleLimit + 1))
            Issue.record("101 styles were taken")
        } catch {
            #expect(error.detail.contains("at most 100 styles"), "\(error.detail)")
        }
    }

    @Test func aRuleReadBackFromItsCanonicalTextIsTheSameRule() throws {
        for value in ["feature:transit.station.rail|element:labels.icon|visibility:off", "hue:0x3a72d8|saturation:35.5|lightness:-12|gamma:2|invert_lightness:true|weight:0",
                      "feature:water|color:0x000000"] {
            let rule = try StaticMapStyleRules.rule(value)
            #expect(try StaticMapStyleRules.rule(rule.canonicalText) == rule, "\(value) → \(rule.canonicalText)")
        }
    }

    @Test func aStyleIsAParameterOfTheQueryAndIsCheckedWithIt() {
        let base = "size=100x80&center=51.5,-0.127&zoom=12"
        for query in [base + "&style=feature:water|color:0xff0000&style=element:labels|visibility:off"] {
            #expect((try? StaticMapQuery.parse(QueryString.parse(query))) != nil, "\(query)")
        }
        do throws(Problem) {
            _ = try StaticMapQuery.parse(QueryString.parse(base + "&style=feature:rivers|color:0xff0000"))
            Issue.record("an unknown feature was taken")
        } catch {
            #expect(error.status == 400 && error.detail.contains("rivers"), "\(error.detail)")
        }
    }
}
