import Testing
@testable import InfoWinKit

@Suite("selecting a window in the library")
struct SelectionTests {
    @Test("selecting a marker the spec does not have is an error naming the id, as --select is, for render and hit")
    func unknownMarkerIsAnError() throws {
        let spec = try testSpec(testSpecJSON(markers: [testMarker("a", #", "title": "A""#)]))
        for attempt in [
            { _ = try Renderer().render(spec, options: RenderOptions(selection: .marker("nope"))) },
            { _ = try ScenarioPlayer(renderer: Renderer()).hit(spec, at: Point(x: 1, y: 1), selection: .marker("nope")) },
        ] as [() throws -> Void] {
            do {
                try attempt()
                Issue.record("a selection of an unknown marker rendered")
            } catch let error as InfoWinError {
                #expect(error.message.contains(#""nope""#) && error.message.contains("no marker has that id"), "\(error.message)")
            }
        }
        let shown = try Renderer().render(spec, options: RenderOptions(selection: .marker("a")))
        #expect(shown.report.infoWindow?.marker == "a")
    }
}
