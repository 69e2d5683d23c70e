import Testing
@testable import InfoWinKit

/// A render stops between its steps once its `RenderCancellation` is cancelled, failing with `cancelled`
/// (the machine's kind: not the spec's fault) and the step it stopped before.
@Suite struct RenderCancellationTests {
    private let spec = testSpecJSON(markers: [#"{"id": "a", "position": {"latitude": 0, "longitude": 0}, "title": "Café"}"#])

    @Test func aRenderCancelledBeforeItStartsStopsBeforeLayingItOut() throws {
        var options = RenderOptions()
        options.cancellation = RenderCancellation()
        options.cancellation?.cancel()
        #expect(throws: InfoWinError.cancelled(file: "scene-test.json", step: "laying it out")) {
            try Renderer().render(try testSpec(spec), options: options)
        }
    }

    @Test func aRenderCancelledAfterItsLayoutStopsBeforeDrawingAndIsTheMachinesKind() throws {
        var options = RenderOptions()
        let cancellation = RenderCancellation()
        options.cancellation = cancellation
        let renderer = Renderer()
        let prepared = try renderer.prepare(try testSpec(spec), options: options)
        cancellation.cancel()
        do {
            _ = try renderer.render(prepared)
            Issue.record("expected the render to stop")
        } catch {
            #expect(error == .cancelled(file: "scene-test.json", step: "drawing it"))
            #expect(error.kind == .machine)
            #expect(error.message == "scene-test.json: the render was cancelled before drawing it")
        }
    }

    @Test func aRenderNeverCancelledDrawsTheSameBytesAsOneWithoutACancellation() throws {
        var options = RenderOptions()
        options.cancellation = RenderCancellation()
        let with = try Renderer().render(try testSpec(spec), options: options)
        let without = try Renderer().render(try testSpec(spec))
        #expect(with.bytes == without.bytes)
    }
}
