@testable import InfoWinKit
import Testing

/// The worked example of a new spec key (Documentation/architecture.md, "The declaration decodes"): a key is
/// declared once, with its type, range, default and words, and the decoder names it once; the range it checks
/// and the default it gives are the declaration's. `glow` stands for a new marker key.
@Suite("a key declared once is decoded by its declaration")
struct DeclaredKeyReaderTests {
    /// The declaration: what `SpecDescription.marker` would hold for the new key.
    static let object = SpecObject("a marker with a glow", [
        "glow": .number("0…1, how strongly the icon glows", 0...1), "rings": .number("rings drawn round it", 0...5, integer: true),
        "pulses": .bool("the glow pulses"), "behavior": .choice("how it collides", CollisionBehavior.allCases.map(\.rawValue)),
    ], defaults: ["glow": 0.25, "rings": 1, "pulses": false, "behavior": "optionalAndHidesLowerPriority"])

    /// The use: the decoder's line for each key, reading `json` as the object.
    static func decode(_ json: String) throws(InfoWinError) -> (glow: Double, rings: Int, pulses: Bool, behavior: CollisionBehavior) {
        let reader = ValueReader(file: "glow.json")
        let value = try JSONParser.parse(Array(json.utf8), file: "glow.json")
        let marker = try reader.object(value, .root, declared: object)
        return (try marker.number("glow"), try marker.integer("rings"), try marker.bool("pulses"), try marker.choice("behavior", as: CollisionBehavior.self))
    }

    @Test("a key left out, or null, is its declared default")
    func defaultsAreDeclared() throws {
        for json in [#"{}"#, #"{"glow": null, "rings": null, "pulses": null, "behavior": null}"#] {
            let decoded = try Self.decode(json)
            #expect(decoded.glow == 0.25 && decoded.rings == 1 && !decoded.pulses && decoded.behavior == .optionalAndHidesLowerPriority, "\(json)")
        }
        let written = try Self.decode(#"{"glow": 1, "rings": 5, "pulses": true, "behavior": "required"}"#)
        #expect(written.glow == 1 && written.rings == 5 && written.pulses && written.behavior == .required)
    }

    @Test("a value outside the declared range or type fails as every key's does", arguments: [
        (#"{"glow": 1.5}"#, "glow.json: glow: expected a number from 0 to 1, got 1.5"),
        (#"{"rings": 6}"#, "glow.json: rings: expected a whole number from 0 to 5, got 6"),
        (#"{"rings": 1.5}"#, "glow.json: rings: expected a whole number from 0 to 5, got 1.5"),
        (#"{"pulses": "yes"}"#, #"glow.json: pulses: expected true or false, got "yes""#),
        (#"{"behavior": "requird"}"#, #"glow.json: behavior: expected "required", "requiredAndHidesOptional" or "optionalAndHidesLowerPriority", got "requird" (did you mean "required"?)"#),
        (#"{"glwo": 1}"#, #"glow.json: glwo: unknown key "glwo" (did you mean "glow"?); allowed keys: glow, rings, pulses, behavior"#),
    ])
    func outOfRangeFails(json: String, message: String) {
        do {
            _ = try Self.decode(json)
            Issue.record("\(json) decoded")
        } catch {
            #expect(error.message == message)
        }
    }
}
