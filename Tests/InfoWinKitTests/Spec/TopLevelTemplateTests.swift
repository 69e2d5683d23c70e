import Testing
import InfoWinCheck
@testable import InfoWinKit

/// A top-level `infoWindow` template is checked only against the markers drawn with it (SPEC.md, "Shards
/// by render, causes, CI engines"): the selected marker, those `showInfoWindows` lists, one `--select` or
/// a scenario opens; never a marker that is not drawn, nor one with a window of its own.
@Suite("top-level window templates checked against the markers drawn with them")
struct TopLevelTemplateTests {
    /// Markers `a` (with `eta`), `b` (without) and `c` (without, but with its own window), under a
    /// top-level window whose text or colour names `{{userData.eta}}`.
    private static func json(window: String = #"{"text": "ETA {{userData.eta}}"}"#, selected: String? = "a", extra: String = "") -> String {
        testSpecJSON(
            markers: [
                testMarker("a", #", "title": "A", "userData": {"eta": "5 min"}"#),
                testMarker("b", latitude: 0.01, #", "title": "B", "userData": {"other": 1}"#),
                testMarker("c", latitude: -0.01, #", "title": "C", "infoWindow": {"window": {"text": "own"}}"#),
            ],
            selected: selected, extra: #", "infoWindow": {"window": \#(window)}"# + extra)
    }

    private static func decodingError(_ json: String) -> String? {
        do {
            _ = try testSpec(json)
            return nil
        } catch {
            return (error as? InfoWinError)?.message ?? "\(error)"
        }
    }

    @Test("a marker not drawn with the template may lack what it names; the drawn one is laid out with it")
    func markersNotDrawnAreNotChecked() throws {
        let spec = try testSpec(Self.json())
        let scene = try layOut(spec)
        #expect(scene.infoWindow?.view?.texts.flatMap(\.text.lines) == ["ETA 5 min"])
        let own = try layOut(spec, selection: "c")
        #expect(own.infoWindow?.view?.texts.flatMap(\.text.lines) == ["own"], "c's own window is not the template")
    }

    @Test("the selected marker, or one showInfoWindows lists, lacking what the template names is an error naming it")
    func drawnMarkersAreChecked() throws {
        let selected = try #require(Self.decodingError(Self.json(selected: "b")))
        #expect(selected.contains("{{userData.eta}} names a key that marker \"b\" (markers[1]) does not have in its userData"), "\(selected)")
        let shown = try #require(Self.decodingError(Self.json(extra: #", "showInfoWindows": ["a", "b"]"#)))
        #expect(shown.contains("marker \"b\""), "\(shown)")
        #expect(Self.decodingError(Self.json(extra: #", "showInfoWindows": ["a", "c"]"#)) == nil, "c draws its own window")
    }

    @Test("selecting an unchecked marker when rendering (--select) fails with the template's error, not a blank window")
    func selectingAtRenderTimeIsChecked() throws {
        let spec = try testSpec(Self.json())
        #expect(throws: InfoWinError.self) { try layOut(spec, selection: "b") }
        do {
            _ = try layOut(spec, selection: "b")
        } catch {
            #expect((error as? InfoWinError)?.message.contains("{{userData.eta}} names a key that marker \"b\"") == true, "\(error)")
        }
    }

    @Test("a data-driven top-level window (a templated colour) is filled only for the markers drawn with it")
    func dataDrivenWindowsToo() throws {
        let window = ##"{"text": "x", "color": "{{userData.eta}}"}"##
        let json = Self.json(window: window).replacing(#""eta": "5 min""#, with: ##""eta": "#FF0000""##)
        let spec = try testSpec(json)
        #expect(try layOut(spec).infoWindow != nil)
        #expect(throws: InfoWinError.self) { try layOut(spec, selection: "b") }
        let error = try #require(Self.decodingError(json.replacing(#""selectedMarker": "a""#, with: #""selectedMarker": "b""#)))
        #expect(error.contains("{{userData.eta}}") && error.contains("marker \"b\""), "\(error)")
    }
}
