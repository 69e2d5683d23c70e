import Foundation
import InfoWinTestSupport
import InfoWinKit
import Testing

/// SPEC.md, "Comparing, round four": `render`, `batch`, `check --record`, `play`'s first frame, `serve`'s
/// `POST /render` and the Swift API write the same bytes for the same spec and options, text chunks
/// included, so that a golden recorded through one door is skipped and passed through every other.
@Suite("the same bytes from every door")
struct SameBytesFromEveryDoorTests {
    /// The pinned font files (the test fixtures' list).
    private static let fontFiles = ((try? String(contentsOf: CLI.repository.appendingPathComponent("Tests/InfoWinKitTests/Fixtures/pinned-fonts.txt"), encoding: .utf8)) ?? "")
        .split(separator: "\n").map(String.init)

    /// A spec with its fonts pinned in it (copies beside it: no command-line option needed by any door), a
    /// route and a window.
    private static func spec() -> String {
        let fonts = fontFiles.map { Specs.quoted("fonts/" + URL(fileURLWithPath: $0).lastPathComponent) }.joined(separator: ", ")
        return """
            { "version": 1, "fonts": [\(fonts)], "hermeticFonts": true,
              "map": { "width": 320, "height": 240, "scale": 2,
                "camera": { "target": { "latitude": 51.5, "longitude": -0.127 }, "zoom": 13 } },
              "markers": [ { "id": "london", "position": { "latitude": 51.5, "longitude": -0.127 },
                "title": "London", "snippet": "Population: 8,174,100" } ],
              "polylines": [ { "strokeColor": "#D81B60", "strokeWidth": 4,
                "path": [ { "latitude": 51.49, "longitude": -0.14 }, { "latitude": 51.51, "longitude": -0.11 } ] } ],
              "selectedMarker": "london" }

            """
    }

    @Test func renderBatchCheckPlayServeAndTheSwiftAPIWriteTheSameBytes() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.spec(), to: "specs/card.json")
        for font in Self.fontFiles {
            try folder.write(Array(try Data(contentsOf: URL(fileURLWithPath: font))), to: "specs/fonts/" + URL(fileURLWithPath: font).lastPathComponent)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        func run(_ arguments: [String]) throws {
            let result = try CLI.run(arguments, in: folder.url, environment: environment)
            #expect(result.status == 0, "\(arguments.first ?? ""): \(result.stdoutText)\(result.stderr)")
        }
        try run(["render", "specs/card.json", "-o", "render.png"])
        try run(["batch", "specs", "-o", "batch"])
        try run(["check", "specs", "--golden", "golden", "--record", "all"])
        try run(["play", "specs/card.json", "-o", "frames"])
        let rendered = try folder.bytes("render.png")
        #expect(PNG.textChunk("infowin:inputs", of: rendered) != nil)
        var doors: [(String, [UInt8])] = [
            ("batch", try folder.bytes("batch/card.png")), ("check --record", try folder.bytes("golden/card.png")),
            ("play frame 0", try folder.bytes("frames/frame-000.png")),
        ]
        try Serve.with(["--asset-root", folder.path("specs")], in: folder.url.appendingPathComponent("specs")) { port, _ in
            let answer = try RawHTTP.request(
                port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: Array(Self.spec().utf8))
            #expect(answer.status == 200)
            doors.append(("serve POST /render", answer.body))
        }
        let spec = try Spec(json: Self.spec(), file: "card.json", folder: folder.path("specs"))
        doors.append(("the Swift API", try Renderer().render(spec, format: .png).bytes))
        for (door, bytes) in doors {
            #expect(bytes == rendered, "\(door) wrote \(bytes.count) bytes, render \(rendered.count)")
        }
    }
}
