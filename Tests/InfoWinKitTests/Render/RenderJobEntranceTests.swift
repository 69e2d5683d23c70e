import Testing
@testable import InfoWinKit

/// Every way in to the renderer goes through the render job: `serve`'s prepare-then-draw, `play`'s
/// frames and the Swift API's `Renderer.render(_:format:)` draw what `render` draws, with the job's
/// options and its fail-on step.
@Suite("the render job's other entrances: serve's prepare, play and the Swift API")
struct RenderJobEntranceTests {
    /// A small card whose snippet is cut at three lines, so `--fail-on truncated` has something to find.
    private static let spec = """
        { "version": 1, "map": { "width": 200, "height": 160, "camera": { "target": { "latitude": 52.52, "longitude": 13.405 }, "zoom": 14 } },
          "infoWindow": { "style": { "maxWidth": 120, "snippetMaxLines": 1 } },
          "markers": [ { "id": "a", "position": { "latitude": 52.52, "longitude": 13.405 }, "title": "Mitte",
                         "snippet": "A snippet long enough to wrap onto a second line and so be cut with an ellipsis" } ],
          "selectedMarker": "a",
          "events": [ { "tapMap": { "x": 5, "y": 5 } }, { "tapMarker": "a" } ] }
        """

    private static func job(scales: [Int]? = nil, failOn: FailOn = []) -> RenderJob {
        var settings = RenderSettings()
        settings.failOn = failOn
        return RenderJob(settings: settings, scales: scales)
    }

    @Test("a version's options take its scale, else the settings'")
    func optionsTakeTheVersionsScale() {
        var settings = RenderSettings(scale: 3)
        settings.drawing.format = .jpeg
        let job = RenderJob(settings: settings)
        #expect(job.options(for: RenderVersion(scale: 2)).scale == 2)
        #expect(job.options(for: RenderVersion()).scale == 3)
        #expect(job.options(for: RenderVersion(), selection: .marker("a")).format == .jpeg)
    }

    @Test("serve's prepare, then draw, gives render's bytes; what a request adjusts is applied")
    func prepareThenDrawIsRender() throws {
        let spec = try Spec(json: Self.spec), renderer = Renderer(), job = Self.job()
        let drawn = try job.draw(spec, in: SpecVariant(), with: renderer)
        let prepared = try job.prepare(spec, as: RenderVersion(), with: renderer)
        #expect(try renderer.render(prepared).bytes == drawn.renders[0].result.bytes)
        let doubled = try job.prepare(spec, as: RenderVersion(), with: renderer) { $0.scale = 2.5 }
        #expect(doubled.options.scale == 2.5)
        #expect(try renderer.render(doubled).bytes != drawn.renders[0].result.bytes)
    }

    @Test("play draws each frame as the version is drawn and gathers fail-on over every frame")
    func playGathersFailOnOverFrames() throws {
        let spec = try Spec(json: Self.spec)
        let quiet = try Self.job().play(spec, with: Renderer())
        #expect(quiet.run.frames.count == 3 && quiet.problems.isEmpty)
        let strict = try Self.job(failOn: .truncated).play(spec, with: Renderer())
        // Frames 0 and 2 show the cut window, frame 1 none: the finding is listed once.
        #expect(strict.problems.count == 1, "\(strict.problems)")
        #expect(strict.problems.first?.contains("snippet") == true, "\(strict.problems)")
        let first = try Self.job().draw(spec, in: SpecVariant(), with: Renderer()).renders[0].result
        #expect(quiet.run.frames[0].bytes == first.bytes, "the first frame is the spec as render draws it")
        let scaled = try Self.job().play(spec, as: RenderVersion(scale: 2), with: Renderer())
        #expect(scaled.run.frames.map { Self.pngWidth($0.bytes) } == [400, 400, 400], "every frame at the version's scale 2")
        #expect(Self.pngWidth(first.bytes) == 200)
    }

    @Test("the Swift API's render(_:format:) is the job's draw of the spec as it is")
    func swiftAPIIsTheJobsDraw() throws {
        let spec = try Spec(json: Self.spec), renderer = Renderer()
        #expect(try renderer.render(spec, format: .png).bytes == (try Self.job().draw(spec, in: SpecVariant(), with: renderer).renders[0].result.bytes))
        let jpeg = try renderer.render(spec, format: .jpeg).bytes
        #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF])
    }

    /// The width in a PNG's header (IHDR, bytes 16–19, big-endian).
    private static func pngWidth(_ png: [UInt8]) -> Int {
        png[16..<20].reduce(0) { $0 << 8 | Int($1) }
    }
}
