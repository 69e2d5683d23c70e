import Foundation
import InfoWinTestSupport
import Testing

@Suite("render: images and layout reports")
struct RenderCommandTests {
    @Test func validSpecWritesAPNGOfWidthTimesScaleByHeightTimesScale() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")

        let result = try CLI.run(["render", "spec.json", "-o", "out.png"], in: folder.url)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.isEmpty)
        let png = try folder.bytes("out.png")
        #expect(Array(png.prefix(8)) == PNG.signature)
        let size = try #require(PNG.size(png))
        #expect(size.width == 390 * 2)
        #expect(size.height == 300 * 2)
        #expect(try folder.entries() == ["out.png", "spec.json"], "temporary files were left")
    }

    @Test func layoutReportHasEveryKeyOfTheSpec() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")

        let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let report = try folder.layout("out.json")

        let image = try #require(report["image"] as? [String: Any])
        #expect(Layout.number(image["width"]) == 780)
        #expect(Layout.number(image["height"]) == 600)
        #expect(Layout.number(image["scale"]) == 2)

        let markers = try #require(report["markers"] as? [[String: Any]])
        #expect(markers.count == 1)
        let marker = try #require(markers.first)
        #expect(marker["id"] as? String == "london")
        let icon = try #require(Layout.rect(marker["icon"]))
        #expect(icon.width == 52 && icon.height == 82, "the default pin is 26 × 41 pt at scale 2")
        let ground = try #require(Layout.point(marker["groundAnchor"]))
        #expect(ground.x == 390 && ground.y == 300, "the marker sits on the camera target, the canvas centre")
        let windowAnchor = try #require(Layout.point(marker["infoWindowAnchor"]))
        #expect(windowAnchor.x == 390 && windowAnchor.y == icon.y)

        let window = try #require(report["infoWindow"] as? [String: Any])
        #expect(window["marker"] as? String == "london")
        #expect(window["kind"] as? String == "default")
        let frame = try #require(Layout.rect(window["frame"]))
        #expect(frame.width > 0 && frame.height > 0)
        #expect(frame.y + frame.height <= windowAnchor.y, "the window is above its anchor")
        #expect(abs(frame.x + frame.width / 2 - windowAnchor.x) <= 1, "the window is centred on its anchor")
        let tip = try #require(Layout.point(window["tailTip"]))
        #expect(tip.x == windowAnchor.x && tip.y == windowAnchor.y, "the tail's tip is on the info-window anchor")
        #expect((window["clipped"] as? [String]) == [])

        let title = try #require(window["title"] as? [String: Any])
        #expect(title["lines"] as? [String] == ["London"])
        #expect(title["truncated"] as? Bool == false)
        let snippet = try #require(window["snippet"] as? [String: Any])
        #expect(snippet["lines"] as? [String] == ["Population: 8,174,100"])
        #expect(snippet["truncated"] as? Bool == false)

        #expect((report["missingGlyphs"] as? [Any])?.isEmpty == true)
        #expect((report["warnings"] as? [Any])?.isEmpty == true)
        #expect(result.stderr.isEmpty, "no warning expected: \(result.stderr)")
    }

    @Test func scaleOptionOverridesMapScale() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json") // map.scale is 2

        let one = try CLI.run(["render", "spec.json", "-o", "one.png", "--layout", "one.json", "--scale", "1"],
                              in: folder.url)
        #expect(one.status == 0, "stderr: \(one.stderr)")
        let oneSize = try #require(PNG.size(try folder.bytes("one.png")))
        #expect(oneSize.width == 390 && oneSize.height == 300)
        let oneImage = try #require(try folder.layout("one.json")["image"] as? [String: Any])
        #expect(Layout.number(oneImage["scale"]) == 1)
        #expect(Layout.number(oneImage["width"]) == 390)

        let three = try CLI.run(["render", "spec.json", "-o", "three.png", "--scale=3"], in: folder.url)
        #expect(three.status == 0, "stderr: \(three.stderr)")
        let threeSize = try #require(PNG.size(try folder.bytes("three.png")))
        #expect(threeSize.width == 1170 && threeSize.height == 900)
    }

    @Test func selectOptionShowsThatMarkersWindowInsteadOfSelectedMarker() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [
            Specs.marker("west", longitude: -0.02, title: "West"),
            Specs.marker("east", longitude: 0.02, title: "East", snippet: "the other one"),
        ], selected: "west"), to: "spec.json")

        let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json", "--select", "east"],
                                 in: folder.url)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        let report = try folder.layout("out.json")
        let window = try #require(report["infoWindow"] as? [String: Any])
        #expect(window["marker"] as? String == "east")
        #expect((window["title"] as? [String: Any])?["lines"] as? [String] == ["East"])
        let markers = try #require(report["markers"] as? [[String: Any]])
        let east = try #require(markers.first { $0["id"] as? String == "east" })
        let anchor = try #require(Layout.point(east["infoWindowAnchor"]))
        let tip = try #require(Layout.point(window["tailTip"]))
        #expect(tip.x == anchor.x && tip.y == anchor.y, "the window hangs from the selected marker")
    }

    @Test func specWithoutSelectedMarkerReportsNullInfoWindow() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [Specs.marker("a", title: "A", snippet: "B")]), to: "spec.json")

        let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        let report = try folder.layout("out.json")
        #expect(report.keys.contains("infoWindow"), "infoWindow must be present, as null")
        #expect(report["infoWindow"] is NSNull)
        #expect((report["markers"] as? [Any])?.count == 1)
    }

    @Test func markerWithEmptyTitleAndEmptySnippetShowsNoWindow() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.spec(markers: [Specs.marker("blank", title: "", snippet: "")], selected: "blank"),
                         to: "spec.json")

        let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try folder.layout("out.json")["infoWindow"] is NSNull)

        let selected = try CLI.run(["render", "spec.json", "-o", "out2.png", "--layout", "out2.json",
                                    "--select", "blank"], in: folder.url)
        #expect(selected.status == 0, "stderr: \(selected.stderr)")
        #expect(try folder.layout("out2.json")["infoWindow"] is NSNull)
    }

    @Test func sameSpecRenderedTwiceGivesByteIdenticalFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")

        let first = try CLI.run(["render", "spec.json", "-o", "a.png", "--layout", "a.json"], in: folder.url)
        let second = try CLI.run(["render", "spec.json", "-o", "b.png", "--layout", "b.json"], in: folder.url)

        #expect(first.status == 0 && second.status == 0)
        let a = try folder.bytes("a.png")
        #expect(!a.isEmpty)
        #expect(a == (try folder.bytes("b.png")), "two renders of one spec differ")
        #expect(try folder.bytes("a.json") == (try folder.bytes("b.json")))
    }

    @Test func iconImageSizeIsItsPixelSizeTimesScale() throws {
        let folder = try TemporaryFolder()
        try folder.write(PNG.solid(width: 20, height: 10), to: "icons/pin.png")
        try folder.write(Specs.spec(scale: 2, markers: [Specs.marker("a", extra: #""icon": "icons/pin.png""#)]),
                         to: "spec.json")

        let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json"], in: folder.url)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        let marker = try #require((try folder.layout("out.json")["markers"] as? [[String: Any]])?.first)
        let icon = try #require(Layout.rect(marker["icon"]))
        #expect(icon.width == 40 && icon.height == 20, "a 20 × 10 px image at scale 1 is 20 × 10 pt, 40 × 20 px at 2×")
    }
}

@Suite("render: standard input and output")
struct StandardStreamTests {
    @Test func dashAsSpecReadsTheSpecFromStandardInput() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")

        let piped = try CLI.run(["render", "-", "-o", "piped.png"], stdin: Array(Specs.london.utf8), in: folder.url)
        #expect(piped.status == 0, "stderr: \(piped.stderr)")
        let fromFile = try CLI.run(["render", "spec.json", "-o", "file.png"], in: folder.url)
        #expect(fromFile.status == 0)

        let png = try folder.bytes("piped.png")
        #expect(PNG.size(png)?.width == 780)
        #expect(png == (try folder.bytes("file.png")), "the same spec through stdin renders differently")
    }

    @Test func specFromStandardInputResolvesIconsAgainstTheCurrentFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write(PNG.solid(width: 10, height: 10), to: "dot.png")
        let spec = Specs.spec(markers: [Specs.marker("a", extra: #""icon": "dot.png""#)])

        let result = try CLI.run(["render", "-", "-o", "out.png", "--layout", "out.json"],
                                 stdin: Array(spec.utf8), in: folder.url)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        let marker = try #require((try folder.layout("out.json")["markers"] as? [[String: Any]])?.first)
        #expect(Layout.rect(marker["icon"])?.width == 10)
    }

    @Test func dashAsOutputWritesThePNGBytesToStandardOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")

        let result = try CLI.run(["render", "spec.json", "-o", "-"], in: folder.url)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Array(result.stdout.prefix(8)) == PNG.signature)
        let size = try #require(PNG.size(result.stdout))
        #expect(size.width == 780 && size.height == 600)
        #expect(try folder.entries() == ["spec.json"], "-o - must not create a file")
        _ = try CLI.run(["render", "spec.json", "-o", "file.png"], in: folder.url)
        #expect(result.stdout == (try folder.bytes("file.png")))
    }

    @Test func dashAsLayoutWritesTheReportToStandardOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")

        let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "-"], in: folder.url)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        let report = try Layout.parse(result.stdout)
        #expect((report["infoWindow"] as? [String: Any])?["marker"] as? String == "london")
        #expect(try folder.entries() == ["out.png", "spec.json"])
    }

    @Test func standardInputSpecAndStandardOutputImageTogether() throws {
        let folder = try TemporaryFolder()
        let result = try CLI.run(["render", "-", "-o", "-"], stdin: Array(Specs.london.utf8), in: folder.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(PNG.size(result.stdout)?.height == 600)
        #expect(try folder.entries().isEmpty)
    }
}
