import Graphics
import Testing
import InfoWinCheck
@testable import InfoWinKit

/// A spec of one selected marker `a` with this userData and a custom `window` view.
private func windowSpec(_ window: String, userData: String, more: [String] = [], extra: String = "") -> String {
    testSpecJSON(
        markers: [testMarker("a", #", "title": "Café", "userData": \#(userData)"#)] + more,
        extra: #", "infoWindow": {"window": \#(window)}\#(extra)"#)
}

/// The error decoding `json` gives, or nil.
private func decodingError(_ json: String) -> String? {
    do throws(InfoWinError) {
        _ = try SpecDecoder.decode(SpecSource(name: "scene-test.json", bytes: Array(json.utf8), folder: TestAssets.folder))
        return nil
    } catch {
        return error.message
    }
}

private func rgb(_ colour: RGBA) -> UInt32 {
    UInt32((colour.red * 255).rounded()) << 16 | UInt32((colour.green * 255).rounded()) << 8 | UInt32((colour.blue * 255).rounded())
}

private func window(_ spec: Spec, _ index: Int = 0) -> ViewSpec? {
    spec.markers[index].shownInfoWindow(default: spec.infoWindow).content.view
}

private func children(_ view: ViewSpec?) -> [ViewSpec] {
    switch view?.kind {
    case .vstack(let stack), .hstack(let stack), .zstack(let stack): stack.children
    default: []
    }
}

@Suite("data-driven values and nested userData")
struct DataDrivenTests {
    @Test("a templated colour, number, boolean and name are read as the key's type for each marker")
    func typedValuesFilled() throws {
        let json = windowSpec(
            #"{"vstack": [{"text": "x", "color": "{{userData.tone}}", "maxLines": "{{userData.lines}}", "align": "{{userData.align}}"}], "spacing": "{{userData.gap}}", "background": "{{userData.fill}}"}"#,
            userData: ##"{"tone": "#FF0000", "lines": 3, "align": "center", "gap": "6.5", "fill": "systemBlue"}"##,
            more: [testMarker("b", #", "userData": {"tone": "systemGreen", "lines": "1", "align": "end", "gap": 0, "fill": "rgb(0, 0, 255)"}"#)],
            extra: #", "traits": {"userInterfaceStyle": "dark"}"#)
        let spec = try testSpec(json)
        for (index, colour, lines, align, gap, fill) in [
            (0, UInt32(0xFF0000), 3, Alignment.center, 6.5, UInt32(0x0A84FF)), (1, UInt32(0x30D158), 1, Alignment.end, 0, UInt32(0x0000FF)),
        ] {
            let root = try #require(window(spec, index))
            guard case .vstack(let stack) = root.kind, case .text(let text) = stack.children[0].kind, case .color(let background) = root.modifiers.background
            else { Issue.record("not the window written"); continue }
            #expect(rgb(text.color) == colour && text.maxLines == lines && text.align == align)
            #expect(stack.spacing == gap && rgb(background) == fill)
        }
    }

    @Test("a filled value of the wrong type is an error naming the JSON path, the template and its text", arguments: [
        (#""color": "{{userData.v}}""#, #""blu""#, #"infoWindow.window.vstack[1].color: {{userData.v}} filled as 'blu', expected a colour (#RRGGBB, #RRGGBBAA, rgb(…), a semantic colour name such as label or systemBlue, or a CSS colour name such as teal)"#),
        (#""maxLines": "{{userData.v}}""#, #""many""#, "infoWindow.window.vstack[1].maxLines: {{userData.v}} filled as 'many', expected a whole number from 1 to 1000"),
        (#""opacity": "{{userData.v}}""#, "5", "infoWindow.window.vstack[1].opacity: {{userData.v}} filled as '5', expected a number from 0 to 1"),
        (#""align": "{{userData.v}}""#, #""middle""#, #"infoWindow.window.vstack[1].align: {{userData.v}} filled as 'middle', expected "start", "center" or "end""#),
        (#""locale": "{{userData.v}}""#, "true", "infoWindow.window.vstack[1].locale: {{userData.v}} filled as 'true', expected a BCP 47 language tag"),
    ])
    func wrongTypeIsAnError(key: String, value: String, expected: String) throws {
        let json = windowSpec(#"{"vstack": [{"text": "a"}, {"text": "b", \#(key)}]}"#, userData: #"{"v": \#(value)}"#)
        let error = try #require(decodingError(json))
        #expect(error.contains(expected), "\(error)")
    }

    @Test("a boolean key takes true or false filled; a style key takes a templated colour; the marker's own window too")
    func booleansStylesAndOwnWindows() throws {
        let shadowless = windowSpec(#"{"text": "x", "shadow": "{{userData.none}}"}"#, userData: #"{"none": "x"}"#)
        #expect(decodingError(shadowless)?.contains("{{userData.none}} filled as 'x'") == true)
        let styled = testSpecJSON(
            markers: [testMarker("a", ##", "title": "T", "userData": {"c": "#00FF00", "n": 4}, "infoWindow": {"style": {"titleColor": "{{userData.c}}", "titleMaxLines": "{{userData.n}}", "closeButton": "{{userData.b}}"}}"##)])
        #expect(decodingError(styled)?.contains("{{userData.b}} names a key that marker \"a\" does not have in its userData") == true, "\(decodingError(styled) ?? "")")
        let fine = styled.replacing(#""n": 4}"#, with: #""n": 4, "b": true}"#)
        let spec = try testSpec(fine)
        let style = try #require(spec.markers[0].infoWindow?.style)
        #expect(rgb(style.titleColor) == 0x00FF00 && style.titleMaxLines == 4 && style.closeButton != nil)
    }

    @Test("inside a forEach, {{item.KEY}} and {{index}} fill typed values for each element; outside one, and a template of several parts, they cannot")
    func itemValues() throws {
        let json = windowSpec(
            ##"{"vstack": [{"forEach": "userData.rows", "view": {"text": "{{item.day}}", "color": "{{item.tone}}", "maxLines": "{{item.lines}}"}}]}"##,
            userData: ##"{"rows": [{"day": "Mon", "tone": "#FF0000", "lines": 1}, {"day": "Tue", "tone": "systemBlue", "lines": 2}]}"##)
        let scene = try layOut(try testSpec(json))
        let texts = try #require(scene.infoWindow?.view).texts
        #expect(texts.map(\.text.lines) == [["Mon"], ["Tue"]])
        let spec = try testSpec(json)
        let copies = children(window(spec)).map { view -> (Int?, UInt32, Int?) in
            guard case .text(let text) = view.kind else { return (nil, 0, nil) }
            return (view.forEachElement, rgb(text.color), text.maxLines)
        }
        #expect(copies.map(\.0) == [0, 1] && copies.map(\.1) == [0xFF0000, 0x007AFF] && copies.map(\.2) == [1, 2])
        let missing = json.replacing(##""tone": "systemBlue", "##, with: "")
        #expect(decodingError(missing)?.contains("{{item.tone}} names a value that element 1 of the forEach of marker \"a\" does not have") == true, "\(decodingError(missing) ?? "")")
        let outside = windowSpec(##"{"text": "x", "color": "{{item.tone}}"}"##, userData: "{}")
        #expect(decodingError(outside)?.contains("can only be used inside a forEach") == true, "\(decodingError(outside) ?? "")")
        let mixed = windowSpec(##"{"text": "x", "color": "{{userData.a}}{{userData.b}}"}"##, userData: ##"{"a": "#FF", "b": "0000"}"##)
        #expect(decodingError(mixed)?.contains("is not one template") == true, "\(decodingError(mixed) ?? "")")
    }

    @Test("nested userData is read with dots and indexes, and forEach repeats over objects with {{item.KEY}}")
    func nestedData() throws {
        let json = windowSpec(
            #"{"vstack": [{"text": "{{userData.store.name}} opens {{userData.store.hours[1].open}}"}, {"forEach": "userData.store.hours", "view": {"text": "{{index}} {{item.day}} {{item.slot.from}}"}}, {"text": "deliver", "if": "userData.store.delivery"}]}"#,
            userData: #"{"store": {"name": "Mondial", "delivery": false, "hours": [{"day": "Mon", "open": "8:00", "slot": {"from": "8"}}, {"day": "Tue", "open": "9:00", "slot": {"from": "9"}}]}}"#)
        let scene = try layOut(try testSpec(json))
        let lines = try #require(scene.infoWindow?.view).texts.flatMap(\.text.lines)
        #expect(lines == ["Mondial opens 9:00", "0 Mon 8", "1 Tue 9"])
    }

    @Test("a path that leads nowhere, or to an object where text is meant, is an error naming the path and why", arguments: [
        ("{{userData.store.hours[2].open}}", "infoWindow.window.vstack[0].text: {{userData.store.hours[2].open}} names a value that marker \"a\" (markers[0]) does not have in its userData: store.hours has 2 elements, so [2] is out of range"),
        ("{{userData.store.city}}", #"store has no key "city""#),
        ("{{userData.store}}", "{{userData.store}} is an object in marker \"a\" (markers[0]), not text"),
        ("{{userData.store.hours[0].day.x}}", #"store.hours[0].day is a value, so it has no key "x""#),
        ("{{userData.nothing}}", "{{userData.nothing}} names a key that marker \"a\" (markers[0]) does not have in its userData"),
    ])
    func missingPaths(template: String, expected: String) throws {
        let json = windowSpec(#"{"vstack": [{"text": "\#(template)"}]}"#, userData: #"{"store": {"hours": [{"day": "Mon"}, {"day": "Tue"}]}}"#)
        let error = try #require(decodingError(json))
        #expect(error.contains(expected), "\(error)")
    }

    @Test("{{item.KEY}} that an element lacks is an error naming the element; a bad path is refused when parsed")
    func itemErrors() throws {
        let json = windowSpec(#"{"vstack": [{"forEach": "userData.l", "view": {"text": "{{item.name}}"}}]}"#, userData: #"{"l": [{"name": "a"}, {"title": "b"}]}"#)
        #expect(decodingError(json)?.contains(#"element 1 of userData.l of marker "a""#) == true, "\(decodingError(json) ?? "")")
        for bad in ["{{userData.a..b}}", "{{userData.a[x]}}", "{{userData.a[0}}", "{{item.}}"] {
            let spec = windowSpec(#"{"vstack": [{"forEach": "userData.l", "view": {"text": "\#(bad)"}}]}"#, userData: #"{"l": []}"#)
            #expect(decodingError(spec) != nil, "\(bad) was accepted")
        }
    }

    @Test("userData nested too deep or holding too many values is refused at its path")
    func hostileUserData() throws {
        let deep = String(repeating: #"{"a": "#, count: 20) + "1" + String(repeating: "}", count: 20)
        #expect(decodingError(windowSpec(#"{"text": "x"}"#, userData: deep))?.contains("nests deeper than 16 levels") == true)
        let many = "{" + (0..<11).map { #""k\#($0)": [\#(Array(repeating: "1", count: 1000).joined(separator: ","))]"# }.joined(separator: ",") + "}"
        #expect(decodingError(windowSpec(#"{"text": "x"}"#, userData: many))?.contains("more than 10,000 values") == true)
        let longPath = "{{userData." + Array(repeating: "a", count: 17).joined(separator: ".") + "}}"
        #expect(decodingError(windowSpec(#"{"text": "\#(longPath)"}"#, userData: "{}")) != nil)
    }

    @Test("a top-level window with data-driven values is filled per marker; markers that fill it alike share one decoding")
    func sharedWindowPerMarker() throws {
        let markers = (0..<300).map { testMarker("m\($0)", #", "userData": {"c": "\#(["#FF0000", "#00FF00", "#0000FF"][$0 % 3])"}"#) }
        let json = testSpecJSON(markers: markers, selected: "m2", extra: #", "infoWindow": {"contents": {"text": "x", "color": "{{userData.c}}"}}"#)
        let spec = try testSpec(json)
        let colours = spec.markers.map { marker -> UInt32 in
            guard case .text(let text) = marker.shownInfoWindow(default: spec.infoWindow).content.view?.kind else { return 0 }
            return rgb(text.color)
        }
        #expect(colours.prefix(3) == [0xFF0000, 0x00FF00, 0x0000FF] && Set(colours).count == 3)
    }
}
