import Foundation
import Graphics
import Testing
@testable import InfoWinKit

/// A scenario of four events over two markers; `background` may be transparent (RGBA frames).
private func scenario(background: String = "#E9E5DC") throws -> Spec {
    var spec = try testSpec(#"""
        {"map": {"width": 200, "height": 150, "scale": 1, "background": "\#(background)",
                 "camera": {"target": {"latitude": 0, "longitude": 0}, "zoom": 10}},
         "markers": [{"id": "a", "position": {"latitude": 0, "longitude": 0}, "title": "A"},
                     {"id": "b", "position": {"latitude": 0, "longitude": 0.1}, "title": "B", "snippet": "second"}],
         "events": [{"tapMarker": "a"}, {"tapMarker": "a"}, {"tapMarker": "b"}, {"tapMap": {"x": 10, "y": 140}}]}
        """#)
    spec.fonts = FontSetup(files: Repository.pinnedFonts, hermetic: true)
    return spec
}

@Suite("play --animate: APNG and animated WebP read back by Pillow", .enabled(if: PillowReader.isInstalled, "Pillow (python3-pil) is not installed"))
struct ScenarioAnimationTests {
    @Test("every frame in order, held 600 ms (or --frame-ms), the first again for 1 s, the pixels of the frame PNGs, looping forever",
          arguments: [(ScenarioAnimation.Format.apng, "#E9E5DC", 600), (.webp, "#E9E5DC", 600), (.apng, "#00000000", 250), (.webp, "#FFFFFF40", 250)])
    func readBack(format: ScenarioAnimation.Format, background: String, milliseconds: Int) throws {
        let run = try ScenarioPlayer(renderer: Renderer()).play(try scenario(background: background))
        let bytes = try ScenarioAnimation.encode(run, as: format, frameMilliseconds: milliseconds, file: "spec.json")
        #expect(try ScenarioAnimation.encode(run, as: format, frameMilliseconds: milliseconds, file: "spec.json") == bytes)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("infowin-animation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(format == .webp ? "animation.webp" : "animation.png")
        try Data(bytes).write(to: file)
        for (index, frame) in run.frames.enumerated() { try Data(frame.png).write(to: folder.appendingPathComponent("png-\(index).png")) }
        try PillowReader.decodeAll(in: folder)
        try PillowReader.decodeFrames(of: file, into: folder)
        let lines = try String(contentsOf: folder.appendingPathComponent("frames.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.last == "\(format == .webp ? "WEBP" : "PNG") 0 200x150")
        let durations = lines.dropLast().compactMap { Int($0) }
        #expect(durations == Array(repeating: milliseconds, count: run.frames.count) + [1000])
        for index in 0...run.frames.count {
            let drawn = try Data(contentsOf: folder.appendingPathComponent("frame-\(index).rgba"))
            let expected = try Data(contentsOf: folder.appendingPathComponent("png-\(index == run.frames.count ? 0 : index).rgba"))
            #expect(drawn == expected, "frame \(index)")
        }
        // Frames 1 and 2 are the same picture (a tap on the open marker reopens it): both are kept.
        #expect(run.frames[1].fingerprint.pixels == run.frames[2].fingerprint.pixels && durations.count == 6)
    }

    @Test("frames of different sizes (a crop that follows the window) cannot make one animation")
    func differentSizes() throws {
        var spec = try scenario()
        spec.crop = CropSpec(target: .markers, margin: 0)
        let run = try ScenarioPlayer(renderer: Renderer()).play(spec)
        let error = #expect(throws: InfoWinError.self) { try ScenarioAnimation.encode(run, as: .webp, file: "spec.json") }
        #expect(error?.message.contains("one size") == true)
    }

    @Test("the animated example encodes to the very bytes make goldens recorded, in both formats")
    func exampleGolden() throws {
        let folder = Repository.examples.appendingPathComponent("scenario-animated")
        let settings = RenderSettings(extraFonts: Repository.pinnedFonts, hermeticFonts: true)
        let run = try ScenarioPlayer(renderer: Renderer()).play(try settings.loadSpec(folder.appendingPathComponent("spec.json").path))
        for (format, name) in [(ScenarioAnimation.Format.webp, "animation.webp"), (.apng, "animation.png")] {
            let recorded = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(try ScenarioAnimation.encode(run, as: format, file: "spec.json") == recorded, "\(name)")
        }
    }

    @Test("the output's extension picks the format")
    func formats() {
        #expect(ScenarioAnimation.Format(path: "out.WEBP") == .webp && ScenarioAnimation.Format(path: "a/b.png") == .apng)
        #expect(ScenarioAnimation.Format(path: "out.gif") == nil)
    }
}
