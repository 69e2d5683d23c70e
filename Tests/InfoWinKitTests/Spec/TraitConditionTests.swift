import Foundation
import Testing
@testable import InfoWinKit

/// The texts the open window shows when its contents hold `always` and a view shown `if: condition`,
/// drawn with `traits`.
private func shownTexts(_ condition: String, style: String = "light", size: String = "L") throws -> [String] {
    let spec = try testSpec(#"""
        {"map": {"width": 390, "height": 300, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 3}},
         "traits": {"userInterfaceStyle": "\#(style)", "preferredContentSizeCategory": "\#(size)"},
         "infoWindow": {"contents": {"vstack": [{"text": "always"}, {"text": "conditional", "if": "\#(condition)"}]}},
         "markers": [{"id": "m", "position": {"latitude": 0, "longitude": 0}, "title": "T"}], "selectedMarker": "m"}
        """#)
    return try Renderer().report(spec).infoWindow?.texts.flatMap(\.lines) ?? []
}

private func failure(_ condition: String) -> String {
    do {
        _ = try shownTexts(condition)
        return "no error"
    } catch let error as InfoWinError {
        return error.message
    } catch {
        return "\(error)"
    }
}

@Suite("views that depend on traits: if: traits.… (SPEC.md, Shards by render, causes, CI engines)")
struct TraitConditionTests {
    @Test("isAccessibilityCategory holds at AX1…AX5 only; ! negates it")
    func accessibilityCategory() throws {
        #expect(try shownTexts("traits.isAccessibilityCategory", size: "AX1") == ["always", "conditional"])
        #expect(try shownTexts("traits.isAccessibilityCategory", size: "XXXL") == ["always"])
        #expect(try shownTexts("!traits.isAccessibilityCategory", size: "XXXL") == ["always", "conditional"])
    }

    @Test("userInterfaceStyle compares with == and !=")
    func interfaceStyle() throws {
        #expect(try shownTexts("traits.userInterfaceStyle == dark", style: "dark") == ["always", "conditional"])
        #expect(try shownTexts("traits.userInterfaceStyle == dark") == ["always"])
        #expect(try shownTexts("traits.userInterfaceStyle != dark") == ["always", "conditional"])
    }

    @Test("preferredContentSizeCategory compares by its place in XS … XXXL, AX1 … AX5", arguments: [
        ("traits.preferredContentSizeCategory >= XXL", "XXL", true), ("traits.preferredContentSizeCategory >= XXL", "XL", false),
        ("traits.preferredContentSizeCategory > XXL", "AX1", true), ("traits.preferredContentSizeCategory < M", "S", true),
        ("traits.preferredContentSizeCategory <= M", "L", false), ("traits.preferredContentSizeCategory == L", "L", true),
        ("traits.preferredContentSizeCategory != L", "L", false),
    ])
    func sizeCategory(condition: String, size: String, shown: Bool) throws {
        #expect(try shownTexts(condition, size: size).contains("conditional") == shown)
    }

    @Test("an unknown trait, operator or value is an error naming the JSON path and the one meant")
    func unknownTraitsAreErrors() {
        let trait = failure("traits.userInterfaceStlye == dark")
        #expect(trait.contains("infoWindow.contents.vstack[1].if") && trait.contains("did you mean \"userInterfaceStyle\"?"), "\(trait)")
        let value = failure("traits.preferredContentSizeCategory >= XXXXL")
        #expect(value.contains("unknown preferredContentSizeCategory \"XXXXL\""), "\(value)")
        let style = failure("traits.userInterfaceStyle >= dark")
        #expect(style.contains("compared with == or != only"), "\(style)")
    }
}
