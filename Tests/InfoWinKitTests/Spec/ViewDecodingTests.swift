import Testing
@testable import InfoWinKit

@Suite("custom view errors")
struct ViewDecodingTests {
    private func refusal(contents view: String, userData: String = "{}", selected: Bool = false) -> InfoWinError? {
        let selection = selected ? #", "selectedMarker": "a""# : ""
        let json = #"{"map": {"width": 390, "height": 300, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 3}}, "infoWindow": {"contents": \#(view)}, "markers": [{"id": "a", "position": {"latitude": 0, "longitude": 0}, "userData": \#(userData)}]\#(selection)}"#
        do {
            _ = try testSpec(json)
            return nil
        } catch {
            return error as? InfoWinError
        }
    }

    @Test("each bad view is refused at its JSON path with a message saying what was expected", arguments: [
        (#"{}"#, "infoWindow.contents", "needs one of text, spans, image, vstack, hstack, zstack, spacer, divider"),
        (#"{"text": "a", "image": "icon.png"}"#, "infoWindow.contents", "exactly one kind, but this one has text and image"),
        (##"{"text": "a", "colour": "#fff"}"##, "infoWindow.contents.colour", #"did you mean "color""#),
        (##"{"text": "a", "colour": "#fff"}"##, "infoWindow.contents.colour", "allowed keys: text, font, color, maxLines, align, locale, lineSpacing, padding"),
        (#"{"text": "a", "width": -5}"#, "infoWindow.contents.width", "from 0 to 4096, got -5"),
        (#"{"text": "a", "maxWidth": 1e6}"#, "infoWindow.contents.maxWidth", "from 0 to 4096"),
        (#"{"text": "a", "padding": -1}"#, "infoWindow.contents.padding", "from 0 to 1000"),
        (#"{"text": "a", "minWidth": 50, "maxWidth": 10}"#, "infoWindow.contents.minWidth", "larger than maxWidth"),
        (#"{"image": "missing.png"}"#, "infoWindow.contents.image", "does not exist"),
        (#"{"image": "../outside.png"}"#, "infoWindow.contents.image", "outside the allowed folder"),
        (#"{"text": "{{titel}}"}"#, "infoWindow.contents.text", "unknown template name {{titel}}"),
        (#"{"text": "{{title"}"#, "infoWindow.contents.text", "not closed"),
        (#"{"vstack": [{"text": "a"}, {"spacer": "x"}]}"#, "infoWindow.contents.vstack[1].spacer", "expected a number"),
        (#"{"divider": {"thickness": 500}}"#, "infoWindow.contents.divider.thickness", "from 0 to 100"),
        (#"{"image": "icon.png", "contentMode": "zoom"}"#, "infoWindow.contents.contentMode", #""fit", "fill" or "stretch""#),
        (#"{"text": "a", "align": "left"}"#, "infoWindow.contents.align", #""start", "center" or "end""#),
        (#"{"text": "a", "tail": null}"#, "infoWindow.contents.tail", "unknown key"),
        (##"{"text": "a", "background": {"gradient": {"from": "#fff"}}}"##, "infoWindow.contents.background.gradient.to", "is required"),
        (#""text""#, "infoWindow.contents", "expected a view"),
    ])
    func badViews(view: String, path: String, fragment: String) throws {
        let error = try #require(refusal(contents: view))
        #expect(error.message.hasPrefix("scene-test.json: \(path): "), "\(error.message)")
        #expect(error.message.contains(fragment), "\(error.message)")
    }

    @Test("a template naming a userData key the marker drawn with it lacks is refused, naming the key and the marker")
    func missingUserDataKey() throws {
        let error = try #require(refusal(contents: #"{"text": "{{userData.price}}"}"#, selected: true))
        #expect(error.message.contains("{{userData.price}}") && error.message.contains(#"marker "a" (markers[0])"#))
        #expect(refusal(contents: #"{"text": "{{userData.price}}"}"#, userData: #"{"price": 3}"#, selected: true) == nil)
        #expect(refusal(contents: #"{"text": "{{userData.price}}"}"#) == nil, "a marker whose window is not drawn is not checked")
    }

    @Test("views nested deeper than 32 levels are refused; 32 are fine")
    func depth() throws {
        func nested(_ depth: Int) -> String {
            (1..<depth).reduce(#"{"text": "x"}"#) { inner, _ in #"{"vstack": [\#(inner)]}"# }
        }
        #expect(refusal(contents: nested(32)) == nil)
        let error = try #require(refusal(contents: nested(33)))
        #expect(error.message.contains("deeper than 32"))
    }

    @Test("a window root may have a tail and a shadow; they default to none")
    func windowRoot() throws {
        let json = #"{"map": {"width": 390, "height": 300, "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 3}}, "infoWindow": {"window": {"text": "a", "tail": {"height": 6}, "shadow": null}}}"#
        guard case .window(let view) = try testSpec(json).infoWindow.content else { Issue.record("no window"); return }
        #expect(view.modifiers.tail?.height == 6 && view.modifiers.tail?.width == 11.3)
        #expect(view.modifiers.shadow == nil)
    }
}
