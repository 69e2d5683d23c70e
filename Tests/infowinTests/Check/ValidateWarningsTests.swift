import Foundation
import InfoWinTestSupport
import Testing

/// `validate` prints the warnings `render` prints for the same spec (SPEC.md, "Comparing, round four").
@Suite("validate: render's warnings")
struct ValidateWarningsTests {
    /// The `warning:` lines of a run's standard error, in order.
    private func warnings(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("warning:") }
    }

    @Test func validatePrintsTheSameWarningLinesAsRenderForAWindowCutByTheCanvasAndMarkersOffIt() throws {
        let folder = try TemporaryFolder()
        // The selected pin sits near the top edge (its window sticks out above); two more lie far off the map.
        try folder.write(Specs.spec(markers: [
            Specs.marker("north", latitude: 0.035, title: "Top", snippet: "near the top edge"),
            Specs.marker("far-east", longitude: 5, title: "East"),
            Specs.marker("far-west", longitude: -5, title: "West"),
        ], selected: "north"), to: "spec.json")

        let render = try CLI.run(["render", "spec.json", "-o", "out.png"], in: folder.url)
        let validate = try CLI.run(["validate", "spec.json"], in: folder.url)

        #expect(render.status == 0 && validate.status == 0, "warnings do not fail: \(render.stderr) \(validate.stderr)")
        let rendered = warnings(render.stderr)
        #expect(rendered.contains { $0.contains("north") && $0.contains("top edge") }, "\(rendered)")
        #expect(rendered.contains { $0.contains("off the canvas") && $0.contains("far-east") }, "\(rendered)")
        #expect(warnings(validate.stderr) == rendered, "validate: \(validate.stderr)\nrender: \(render.stderr)")
    }

    @Test func validatePrintsNoWarningWhereRenderPrintsNone() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [Specs.marker("mid", title: "Middle")], selected: "mid"), to: "spec.json")
        let validate = try CLI.run(["validate", "spec.json"], in: folder.url)
        #expect(validate.status == 0)
        #expect(warnings(validate.stderr).isEmpty, "\(validate.stderr)")
    }

    @Test func validateWarningsFollowTheSpecInAFolderAndFailOnlyWithFailOn() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [
            Specs.marker("north", latitude: 0.035, title: "Top", snippet: "near the top edge"),
        ], selected: "north"), to: "specs/cut.json")
        let plain = try CLI.run(["validate", "specs"], in: folder.url)
        #expect(plain.status == 0)
        #expect(warnings(plain.stderr) == [#"warning: specs/cut.json: marker "north": the info window is cut by the top edge of the canvas"#],
                "\(plain.stderr)")
        let failing = try CLI.run(["validate", "specs", "--fail-on", "clipped"], in: folder.url)
        #expect(failing.status == 1, "\(failing.stderr)")
    }
}
