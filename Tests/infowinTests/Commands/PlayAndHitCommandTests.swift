import Foundation
import InfoWinTestSupport
import Testing

// MARK: - Support

/// Options that draw with two DejaVu files only, so output does not depend on the machine's fonts.
private let pinnedFontOptions = [
    "--hermetic-fonts", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
]

/// A 390 × 300 pt spec at scale 1 centred on 0,0 at zoom 12: `a` at the centre (title "A"), `b` 0.02° east
/// (about 58 pt right), `a` selected unless `selected` says otherwise, and these events.
private func scenario(_ events: String?, selected: String? = "a") -> String {
    var spec = Specs.spec(
        scale: 1,
        markers: [Specs.marker("a", title: "A", snippet: "first"), Specs.marker("b", longitude: 0.02, title: "B")],
        selected: selected)
    if let events {
        let end = spec.range(of: "}", options: .backwards)!
        spec.replaceSubrange(end, with: ",\n  \"events\": \(events)\n}")
    }
    return spec
}

/// Each line of a JSON-lines file, parsed.
private func jsonLines(_ bytes: [UInt8]) throws -> [[String: Any]] {
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.isEmpty || text.hasSuffix("\n"), "events.jsonl does not end with a newline")
    return try text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
    }
}

/// The parsed JSON object `hit` printed.
private func hitJSON(_ result: CLIResult) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any], "stdout: \(result.stdoutText)")
}

// MARK: - Tests

@Suite("infowin play and infowin hit")
struct PlayAndHitCommandTests {
    // MARK: play

    @Test("play writes frame-000 and a frame per event, each with its layout, and events.jsonl; exit 0")
    func playWritesFramesAndEvents() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(#"[{"tapMarker": "b"}, {"tapMap": {"x": 20, "y": 280}}, {"select": "a"}]"#), to: "spec.json")
        let result = try CLI.run(["play", "spec.json", "-o", "out"] + pinnedFontOptions, in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        var expected = ["events.jsonl"]
        for index in 0...3 { expected += ["frame-00\(index).layout.json", "frame-00\(index).png"] }
        #expect(try folder.entries("out") == expected.sorted())
        for index in 0...3 {
            let size = PNG.size(try folder.bytes("out/frame-00\(index).png"))
            #expect(size?.width == 390 && size?.height == 300)
            let layout = try folder.layout("out/frame-00\(index).layout.json")
            #expect(layout["image"] != nil && layout["markers"] != nil)
        }
        // frame 0: a's window; 1: b's; 2: none (map tapped); 3: a's again.
        let windows = try (0...3).map { index in
            (try folder.layout("out/frame-00\(index).layout.json")["infoWindow"] as? [String: Any])?["marker"] as? String
        }
        #expect(windows == ["a", "b", nil, "a"])

        let lines = try jsonLines(try folder.bytes("out/events.jsonl"))
        let summary = lines.map { line in
            "\(line["step"] as? Int ?? -1) \(line["callback"] as? String ?? "?") \(line["marker"] as? String ?? "-")"
        }
        #expect(summary == [
            "0 markerInfoWindow a", "0 markerInfoContents a",
            "1 didTapMarker b", "1 didCloseInfoWindowOfMarker a", "1 markerInfoWindow b", "1 markerInfoContents b",
            "1 willMove -", "1 didChangeCameraPosition -", "1 idleAtCameraPosition -",
            "2 didTapAtCoordinate -", "2 didCloseInfoWindowOfMarker b",
            "3 markerInfoWindow a", "3 markerInfoContents a",
        ])
        let camera = try #require(lines.first { $0["callback"] as? String == "didChangeCameraPosition" }?["camera"] as? [String: Any])
        let target = try #require(camera["target"] as? [String: Any])
        #expect(Layout.number(target["latitude"]) == 0 && Layout.number(target["longitude"]) == 0.02)
        #expect(Layout.number(camera["zoom"]) == 12 && Layout.number(camera["bearing"]) == 0)
        let tap = try #require(lines.first { $0["callback"] as? String == "didTapAtCoordinate" }?["coordinate"] as? [String: Any])
        #expect(Layout.number(tap["latitude"]) != nil && Layout.number(tap["longitude"]) != nil)
        // Keys beyond step, callback, marker appear only where they apply.
        for line in lines {
            let callback = line["callback"] as? String
            #expect((line["camera"] != nil) == (callback == "didChangeCameraPosition" || callback == "idleAtCameraPosition"))
            #expect((line["gesture"] != nil) == (callback == "willMove"))
            #expect((line["coordinate"] != nil) == (callback == "didTapAtCoordinate"))
        }
        #expect(result.stdoutText.contains("out"))
    }

    @Test("the first line of events.jsonl is exactly SPEC.md's format")
    func jsonLineBytes() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(#"[{"tapMarker": "b", "handled": true}]"#, selected: nil), to: "spec.json")
        let result = try CLI.run(["play", "spec.json", "-o", "out"] + pinnedFontOptions, in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: try folder.bytes("out/events.jsonl"), as: UTF8.self) == #"{"step":1,"callback":"didTapMarker","marker":"b"}"# + "\n")
    }

    @Test("a spec without events gives frame-000 only and an empty events.jsonl")
    func playWithoutEvents() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(nil, selected: nil), to: "spec.json")
        let result = try CLI.run(["play", "spec.json", "-o", "out"] + pinnedFontOptions, in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try folder.entries("out") == ["events.jsonl", "frame-000.layout.json", "frame-000.png"])
        #expect(try folder.bytes("out/events.jsonl").isEmpty)
    }

    @Test("a selected marker and no events: frame-000 and the step-0 asks only")
    func playInitialSelectionOnly() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(nil), to: "spec.json")
        let result = try CLI.run(["play", "spec.json", "-o", "out"] + pinnedFontOptions, in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try folder.entries("out") == ["events.jsonl", "frame-000.layout.json", "frame-000.png"])
        let lines = try jsonLines(try folder.bytes("out/events.jsonl"))
        #expect(lines.map { $0["callback"] as? String } == ["markerInfoWindow", "markerInfoContents"])
        #expect(lines.allSatisfy { $0["step"] as? Int == 0 && $0["marker"] as? String == "a" })
    }

    @Test("play frame N is what render draws for the state after event N")
    func playFrameZeroMatchesRender() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(#"[{"select": null}]"#), to: "spec.json")
        #expect(try CLI.run(["play", "spec.json", "-o", "out"] + pinnedFontOptions, in: folder.url).status == 0)
        #expect(try CLI.run(["render", "spec.json", "-o", "r0.png"] + pinnedFontOptions, in: folder.url).status == 0)
        // The same pixels; the input hashes differ (a frame's inputs are the scenario and its frame number).
        #expect(try PNG.textChunk("infowin:pixels", of: folder.bytes("out/frame-000.png")) == PNG.textChunk("infowin:pixels", of: folder.bytes("r0.png")))
        #expect(try folder.layout("out/frame-001.layout.json")["infoWindow"] is NSNull)
    }

    @Test("a long press with no window open: exit 0, no callback, a warning naming the event")
    func playLongPressWarning() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(#"[{"longPressInfoWindow": true}]"#, selected: nil), to: "spec.json")
        let result = try CLI.run(["play", "spec.json", "-o", "out"] + pinnedFontOptions, in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("events[0]"), "\(result.stderr)")
        #expect(try folder.bytes("out/events.jsonl").isEmpty)
        #expect(folder.exists("out/frame-001.png"))
    }

    @Test("a play error exits 1, names the event, and writes nothing")
    func playError() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(#"[{"tapMarker": "a"}, {"select": "b"}, {"tapMarker": "zz"}]"#), to: "spec.json")
        let result = try CLI.run(["play", "spec.json", "-o", "out"] + pinnedFontOptions, in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("spec.json"))
        #expect(result.stderr.contains("events[2].tapMarker"), "\(result.stderr)")
        #expect(result.stderr.contains("zz"))
        let written = folder.exists("out") ? try folder.entries("out") : []
        #expect(written.isEmpty)
        #expect(try folder.entries() == ["spec.json"])

        try folder.write(scenario(##"[{"set": {"marker": "a", "colour": "#FF0000"}}]"##), to: "colour.json")
        let colour = try CLI.run(["play", "colour.json", "-o", "out"] + pinnedFontOptions, in: folder.url)
        #expect(colour.status == 1)
        #expect(colour.stderr.contains("events[0].set.colour"), "\(colour.stderr)")
        #expect(!folder.exists("out"))
    }

    @Test("play's command line: missing -o, -o -, no SPEC exit 2")
    func playUsage() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(nil), to: "spec.json")
        for arguments in [["play", "spec.json"], ["play", "spec.json", "-o", "-"], ["play", "-o", "out"], ["play", "a.json", "b.json", "-o", "out"]] {
            let result = try CLI.run(arguments, in: folder.url)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.isEmpty)
        }
        #expect(try folder.entries() == ["spec.json"])
    }

    // MARK: hit

    @Test("hit --at prints parseable JSON with the right kind, marker and coordinate")
    func hitKinds() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(nil), to: "spec.json")
        // a's pin: tip at (195, 150), 27 × 43 pt; its window: above (195, 107), the tail from 97.
        let cases: [(String, String, String?)] = [
            ("195,130", "marker", "a"), ("253,130", "marker", "b"), ("20,280", "map", nil), ("195,100", "infoWindow", "a"),
            ("195,85", "infoWindow", "a"), ("195,5", "map", nil),
        ]
        for (at, kind, marker) in cases {
            let result = try CLI.run(["hit", "spec.json", "--at", at] + pinnedFontOptions, in: folder.url)
            #expect(result.status == 0, "\(at): \(result.stderr)")
            let json = try hitJSON(result)
            #expect(json["kind"] as? String == kind, "\(at): \(result.stdoutText)")
            #expect(json["marker"] as? String == marker, "\(at): \(result.stdoutText)")
            let coordinate = try #require(json["coordinate"] as? [String: Any], "\(at): \(result.stdoutText)")
            #expect(Layout.number(coordinate["latitude"]) != nil && Layout.number(coordinate["longitude"]) != nil)
        }
    }

    @Test("hit: the canvas centre is the camera target; --select opens another window")
    func hitCentreAndSelect() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(nil, selected: nil), to: "spec.json")
        let centre = try hitJSON(try CLI.run(["hit", "spec.json", "--at", "195,150"] + pinnedFontOptions, in: folder.url))
        let coordinate = try #require(centre["coordinate"] as? [String: Any])
        #expect(abs(Layout.number(coordinate["latitude"]) ?? 99) < 1e-9)
        #expect(abs(Layout.number(coordinate["longitude"]) ?? 99) < 1e-9)
        // No window open: above a's pin is map; with --select a, a's window.
        let closed = try hitJSON(try CLI.run(["hit", "spec.json", "--at", "195,90"] + pinnedFontOptions, in: folder.url))
        #expect(closed["kind"] as? String == "map")
        #expect(closed["marker"] == nil)
        let open = try hitJSON(try CLI.run(["hit", "spec.json", "--at", "195,90", "--select", "a"] + pinnedFontOptions, in: folder.url))
        #expect(open["kind"] as? String == "infoWindow" && open["marker"] as? String == "a")
    }

    @Test("hit --at off the canvas or malformed exits 2; so does --select of an unknown marker")
    func hitUsageErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(nil), to: "spec.json")
        for at in ["391,10", "10,300.5", "-1,10", "abc", "1,2,3", "1;2", "", "1,", "nan,1", "inf,2"] {
            let result = try CLI.run(["hit", "spec.json", "--at", at] + pinnedFontOptions, in: folder.url)
            #expect(result.status == 2, "--at '\(at)': \(result.status) \(result.stderr)")
            #expect(result.stdout.isEmpty, "--at '\(at)'")
            #expect(!result.stderr.isEmpty, "--at '\(at)'")
        }
        #expect(try CLI.run(["hit", "spec.json"], in: folder.url).status == 2)
        #expect(try CLI.run(["hit", "spec.json", "--at", "1,1", "--select", "nope"], in: folder.url).status == 2)
        // The canvas's edges are on it.
        #expect(try CLI.run(["hit", "spec.json", "--at", "390,300"] + pinnedFontOptions, in: folder.url).status == 0)
        #expect(try CLI.run(["hit", "spec.json", "--at", "0,0"] + pinnedFontOptions, in: folder.url).status == 0)
    }

    @Test("hit of an invalid spec exits 1")
    func hitInvalidSpec() throws {
        let folder = try TemporaryFolder()
        try folder.write(#"{"map": {"width": 390}}"#, to: "bad.json")
        let result = try CLI.run(["hit", "bad.json", "--at", "1,1"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.json"))
    }

    // MARK: help

    @Test("play --help and hit --help print their usage and options and exit 0")
    func help() throws {
        let play = try CLI.run(["play", "--help"])
        #expect(play.status == 0)
        #expect(play.stdoutText.contains("infowin play SPEC -o DIR"))
        for option in ["-o", "--output", "--help", "events.jsonl"] {
            #expect(play.stdoutText.contains(option), "play --help does not mention \(option)")
        }
        let hit = try CLI.run(["hit", "--help"])
        #expect(hit.status == 0)
        #expect(hit.stdoutText.contains("infowin hit SPEC --at X,Y"))
        for option in ["--at", "--select", "--help"] {
            #expect(hit.stdoutText.contains(option), "hit --help does not mention \(option)")
        }
        #expect(play.stderr.isEmpty && hit.stderr.isEmpty)
    }
}

@Suite("infowin play --animate")
struct PlayAnimateCommandTests {
    @Test("--animate writes the animation beside the frames, or alone without -o; the same bytes every run")
    func writesAnimation() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(#"[{"tapMarker": "b"}, {"longPressMap": {"x": 5, "y": 5}}]"#), to: "spec.json")
        let both = try CLI.run(["play", "spec.json", "-o", "out", "--animate", "out.webp", "--frame-ms", "250"] + pinnedFontOptions, in: folder.url)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(folder.exists("out/frame-002.png") && folder.exists("out.webp"))
        #expect(Array(try folder.bytes("out.webp").prefix(4)) == Array("RIFF".utf8))
        let lines = try jsonLines(try folder.bytes("out/events.jsonl"))
        #expect(lines.last?["callback"] as? String == "didLongPressAtCoordinate" && lines.last?["coordinate"] != nil)
        let alone = try CLI.run(["play", "spec.json", "--animate", "again.webp", "--frame-ms", "250"] + pinnedFontOptions, in: folder.url)
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(try folder.bytes("again.webp") == folder.bytes("out.webp"))
        let apng = try CLI.run(["play", "spec.json", "--animate", "out.png"] + pinnedFontOptions, in: folder.url)
        let header = String(decoding: try folder.bytes("out.png").prefix(41), as: UTF8.self)
        #expect(apng.status == 0 && header.contains("acTL"))
    }

    @Test("a wrong extension, --frame-ms out of range or without --animate are command-line errors (exit 2); nothing is written")
    func usageErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(#"[{"tapMarker": "b"}]"#), to: "spec.json")
        for arguments in [["--animate", "out.gif"], ["--animate", "out.webp", "--frame-ms", "0"], ["-o", "out", "--frame-ms", "300"], []] {
            let result = try CLI.run(["play", "spec.json"] + arguments + pinnedFontOptions, in: folder.url)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
        }
        #expect(!folder.exists("out.gif") && !folder.exists("out.webp") && !folder.exists("out"))
    }

    @Test("frames of different sizes fail the command whole: no frame and no animation is written")
    func allOrNone() throws {
        let folder = try TemporaryFolder()
        try folder.write(scenario(#"[{"tapMarker": "b"}]"#).replacingOccurrences(of: #""version": 1,"#, with: #""version": 1, "crop": {"to": "markers"},"#), to: "spec.json")
        let result = try CLI.run(["play", "spec.json", "-o", "out", "--animate", "out.webp"] + pinnedFontOptions, in: folder.url)
        #expect(result.status == 1 && result.stderr.contains("one size"), "\(result.stderr)")
        #expect(!folder.exists("out.webp") && !folder.exists("out/frame-000.png"))
    }
}
