import Foundation
import InfoWinTestSupport
import Testing

@Suite("pin, collisionBehavior, tappable and clipsToBounds from the command line")
struct MarkerKeysCommandTests {
    @Test("validate accepts the new marker keys and names a bad one by its JSON path")
    func validateKeys() throws {
        let folder = try TemporaryFolder()
        let good = Specs.marker("a", extra: ##""pin": {"background": "#1A73E8", "borderColor": "#0B3D91", "glyph": {"text": "A", "textColor": "#FFFFFF"}, "scale": 1.5}, "collisionBehavior": "optionalAndHidesLowerPriority", "tappable": false"##)
        let view = Specs.marker("b", longitude: 0.01, extra: #""iconView": {"text": "Tag", "clipsToBounds": false}"#)
        try folder.write(Specs.spec(markers: [good, view]), to: "good.json")
        let valid = try CLI.run(["validate", "good.json"], in: folder.url)
        #expect(valid.status == 0, "stderr: \(valid.stderr)")
        let bad = Specs.marker("a", extra: #""pin": {"glyph": {"text": "A", "textColor": "bluish"}}"#)
        try folder.write(Specs.spec(markers: [Specs.marker("z"), Specs.marker("y"), bad]), to: "bad.json")
        let invalid = try CLI.run(["validate", "bad.json"], in: folder.url)
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains(##"markers[2].pin.glyph.textColor: expected a colour (#RRGGBB, #RRGGBBAA, rgb(…), a semantic colour name such as label or systemBlue, or a CSS colour name such as teal), got "bluish""##), "\(invalid.stderr)")
        try folder.write(Specs.spec(markers: [Specs.marker("a", extra: #""collisionBehavior": "optional""#)]), to: "choice.json")
        let choice = try CLI.run(["validate", "choice.json"], in: folder.url)
        #expect(choice.status == 1 && choice.stderr.contains("markers[0].collisionBehavior"), "\(choice.stderr)")
    }

    @Test("a label drawn whole in a lower box: --fail-on truncated passes, --fail-on clipped fails naming it")
    func failOnClippedText() throws {
        let folder = try TemporaryFolder()
        let marker = Specs.marker("store", extra: ##""infoWindow": {"window": {"text": "Open until 9 pm", "height": 9, "background": "#FFFFFF"}}"##)
        try folder.write(Specs.spec(markers: [marker], selected: "store"), to: "spec.json")
        let truncated = try CLI.run(["validate", "spec.json", "--fail-on", "truncated"] + CLI.pinnedFontOptions, in: folder.url)
        #expect(truncated.status == 0, "stderr: \(truncated.stderr)")
        let clipped = try CLI.run(["render", "spec.json", "-o", "spec.png", "--layout", "spec.layout.json", "--fail-on", "clipped"] + CLI.pinnedFontOptions, in: folder.url)
        #expect(clipped.status == 1)
        #expect(clipped.stderr.contains(#"marker "store": text view 1 is clipped by its box ("Open until 9 pm")"#), "\(clipped.stderr)")
        let report = try folder.layout("spec.layout.json")
        let window = try #require(report["infoWindow"] as? [String: Any])
        let text = try #require((window["texts"] as? [[String: Any]])?.first)
        #expect(text["clipped"] as? Bool == true && text["truncated"] as? Bool == false)
    }

    @Test("hit passes through an untappable marker and a hidden one, and the report lists hiddenByCollision")
    func hitPassesThrough() throws {
        let folder = try TemporaryFolder()
        let markers = [
            Specs.marker("below", extra: #""collisionBehavior": "requiredAndHidesOptional""#),
            Specs.marker("hidden", longitude: 0.0003, extra: #""collisionBehavior": "optionalAndHidesLowerPriority", "zIndex": 4"#),
            Specs.marker("ghost", longitude: 0.05, extra: #""tappable": false"#),
        ]
        try folder.write(Specs.spec(markers: markers), to: "spec.json")
        // At zoom 12 a degree is 2,913 pt: "hidden" is 0.9 pt right of "below", "ghost" 146 pt right of the centre.
        for (at, kind, marker) in [("196,140", "marker", "below"), ("341,140", "map", nil as String?)] {
            let result = try CLI.run(["hit", "spec.json", "--at", at] + CLI.pinnedFontOptions, in: folder.url)
            #expect(result.status == 0, "\(at): \(result.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
            #expect(json["kind"] as? String == kind && json["marker"] as? String == marker, "\(at): \(result.stdoutText)")
        }
        let render = try CLI.run(["render", "spec.json", "-o", "spec.png", "--layout", "spec.layout.json"] + CLI.pinnedFontOptions, in: folder.url)
        #expect(render.status == 0, "\(render.stderr)")
        let report = try folder.layout("spec.layout.json")
        #expect(report["hiddenByCollision"] as? [String] == ["hidden"])
    }
}
