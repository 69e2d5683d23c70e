import Foundation
import Graphics
import Testing
@testable import InfoWinKit

@Suite("hostile sprites: refused with the file, the JSON path and what was expected")
struct SpriteHostileTests {
    /// Loads a sprite whose index is `json` over a 32 × 16 sheet, and returns the error's words.
    private func refusal(_ json: String, sheetWidth: Int = 32) throws -> String {
        let sprite = try TestSprite()
        try sprite.writeSheet("sprite", pixels: [UInt32](repeating: 0xFFFF_0000, count: sheetWidth * 16), width: sheetWidth, height: 16)
        try sprite.folder.write(json, to: "sprite.json")
        let error = try #require(throws: InfoWinError.self) { try sprite.load() }
        return error.message
    }

    @Test("an index that is not an object of images", arguments: ["[]", "\"pins\"", "{\"a\": 3}", "{\"a\": [1, 2]}"])
    func notAnIndex(json: String) throws {
        let message = try refusal(json)
        #expect(message.contains("sprite.json") && message.contains("expected"), "\(message)")
    }

    @Test("wrong types, fractions, negatives and unknown keys in an entry name the entry's key",
          arguments: [
            (#"{"a": {"x": "0", "y": 0, "width": 16, "height": 16}}"#, "a.x"),
            (#"{"a": {"x": 0.5, "y": 0, "width": 16, "height": 16}}"#, "a.x"),
            (#"{"a": {"x": 0, "y": -1, "width": 16, "height": 16}}"#, "a.y"),
            (#"{"a": {"x": 0, "y": 0, "width": 16, "height": 16, "pixelRatio": 0}}"#, "a.pixelRatio"),
            (#"{"a": {"x": 0, "y": 0, "width": 16, "height": 16, "sdf": "yes"}}"#, "a.sdf"),
            (#"{"a": {"x": 0, "y": 0, "width": 16, "height": 16, "colour": 1}}"#, "a.colour"),
            (#"{"a": {"x": 0, "y": 0, "width": 16}}"#, "height"),
            (#"{"a": {"x": 0, "y": 0, "width": 1e300, "height": 16}}"#, "a.width"),
          ])
    func wrongTypes(json: String, path: String) throws {
        let message = try refusal(json)
        #expect(message.contains(path), "\(message)")
    }

    @Test("an entry reaching outside the sheet is refused, naming it and the sheet's size",
          arguments: [#"{"a": {"x": 20, "y": 0, "width": 16, "height": 16}}"#, #"{"b": {"x": 0, "y": 1, "width": 16, "height": 16}}"#])
    func outsideTheSheet(json: String) throws {
        let message = try refusal(json)
        #expect(message.contains("outside the sprite sheet") && message.contains("32 × 16"), "\(message)")
    }

    @Test("more entries than the limit, more pixels than the limit, and an index over its size are refused")
    func overTheLimits() throws {
        let many = (0...SpriteIndex.entryLimit).map { "\"i\($0)\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}" }
        #expect(try refusal("{" + many.joined(separator: ",") + "}").contains("at most 10,000"))
        // Each entry the whole 4,096 × 16 sheet: 257 of them hold more than 4,096² pixels together.
        let heavy = (0...256).map { "\"i\($0)\": {\"x\": 0, \"y\": 0, \"width\": 4096, \"height\": 16}" }
        let pixels = try refusal("{" + heavy.joined(separator: ",") + "}", sheetWidth: 4096)
        #expect(pixels.contains("pixels"), "\(pixels)")
        let huge = "{\"a\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1, \"content\": [" + String(repeating: "0,", count: 600_000) + "0]}}"
        #expect(try refusal(huge).contains("at most 1 MiB"))
    }

    @Test("a sheet that is not a PNG, a missing sprite and one outside the asset roots are errors naming the style's sprite")
    func missingOrForeignSheet() throws {
        let sprite = try TestSprite()
        try sprite.folder.write(#"{}"#, to: "sprite.json")
        try sprite.folder.write("GIF89a not a png", to: "sprite.png")
        let notPNG = try #require(throws: InfoWinError.self) { try sprite.load() }
        #expect(notPNG.message.contains("not a PNG"), "\(notPNG.message)")
        let missing = try #require(throws: InfoWinError.self) { try sprite.load("nothing") }
        #expect(missing.message.contains("nothing.json"), "\(missing.message)")
        let elsewhere = try TestSprite()
        try elsewhere.write(images: [("a", 0xFFFF_0000)])
        let outside = try #require(throws: InfoWinError.self) {
            try SpriteLoader(styleFile: sprite.root + "/style.json", allowedFolders: [sprite.root]).load(elsewhere.root + "/sprite", scale: 1)
        }
        #expect(outside.message.contains("outside the folders"), "\(outside.message)")
    }
}
