import Foundation
import InfoWinTestSupport
import Testing

/// A spec whose custom window uses semantic colours and a text style, so every trait variant draws differently.
private let card = Specs.spec(width: 240, height: 160, markers: [Specs.marker("a", title: "Café")], selected: "a")
    .replacing(#""version": 1,"#, with: #""version": 1, "infoWindow": {"window": {"text": "{{title}}", "font": {"textStyle": "body"}, "color": "label", "background": "systemBackground", "padding": 8}},"#)

@Suite("--traits on the command line: variants named <spec>.dark, <spec>.AX3, compared per variant")
struct TraitsCommandTests {
    @Test("batch --traits all writes the six variants, the defaults left out of the names")
    func batchAll() throws {
        let folder = try TemporaryFolder(holding: ["specs/card.json": card])
        let run = try CLI.run(["batch", "specs", "-o", "out", "--traits", "all"] + CLI.pinnedFontOptions, in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        for name in ["card", "card.XXXL", "card.AX5", "card.dark", "card.dark.XXXL", "card.dark.AX5"] {
            #expect(folder.exists("out/\(name).png") && folder.exists("out/\(name).layout.json"), "\(name)")
        }
        let light = try Data(contentsOf: folder.url.appendingPathComponent("out/card.png"))
        let dark = try Data(contentsOf: folder.url.appendingPathComponent("out/card.dark.png"))
        #expect(light != dark)
    }

    @Test("render names each file with several items, keeps the name for one; after a pseudo-locale the traits come last")
    func renderNames() throws {
        let folder = try TemporaryFolder(holding: ["card.json": card])
        let several = try CLI.run(["render", "card.json", "-o", "out.png", "--traits", "dark,AX3,dark.AX3"] + CLI.pinnedFontOptions, in: folder.url)
        #expect(several.status == 0, "\(several.stderr)")
        #expect(folder.exists("out.dark.png") && folder.exists("out.AX3.png") && folder.exists("out.dark.AX3.png") && !folder.exists("out.png"))
        let one = try CLI.run(["render", "card.json", "-o", "one.png", "--traits", "dark"] + CLI.pinnedFontOptions, in: folder.url)
        #expect(one.status == 0 && folder.exists("one.png") && !folder.exists("one.dark.png"), "\(one.stderr)")
        let pseudo = try CLI.run(["batch", "card.json", "-o", "p", "--pseudo-locale", "en-XA", "--traits", "dark"] + CLI.pinnedFontOptions, in: folder.url)
        #expect(pseudo.status == 0 && folder.exists("p/card.en-XA.dark.png"), "\(pseudo.stderr)")
    }

    @Test("check --traits all records a golden per variant, then compares each with its own")
    func checkPerVariant() throws {
        let folder = try TemporaryFolder(holding: ["specs/card.json": card])
        let options = ["--golden", "goldens", "--traits", "all"] + CLI.pinnedFontOptions
        let record = try CLI.run(["check", "specs", "--record", "all"] + options, in: folder.url)
        #expect(record.status == 0, "\(record.stderr)")
        for name in ["card", "card.XXXL", "card.AX5", "card.dark", "card.dark.XXXL", "card.dark.AX5"] {
            #expect(folder.exists("goldens/\(name).png"), "\(name)")
        }
        let again = try CLI.run(["check", "specs", "--record", "never"] + options, in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        // The dark golden swapped for the light one: only the dark variant fails.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("goldens/card.dark.png"))
        try FileManager.default.copyItem(at: folder.url.appendingPathComponent("goldens/card.png"), to: folder.url.appendingPathComponent("goldens/card.dark.png"))
        let swapped = try CLI.run(["check", "specs", "--record", "never"] + options, in: folder.url)
        #expect(swapped.status == 1)
        let text = swapped.stdoutText + swapped.stderr
        #expect(text.contains("card.json [dark]:") && text.contains("5 passed, 1 failed"), "\(text)")
    }

    @Test("a wrong --traits item is a usage error with the nearest right one", arguments: [
        ("drak", "did you mean 'dark'?"), ("dark.AX9", "unknown trait 'dark.AX9'"), ("XXXXL", "unknown trait 'XXXXL'"),
    ])
    func badItems(item: String, expected: String) throws {
        let folder = try TemporaryFolder(holding: ["card.json": card])
        for command in [["render", "card.json", "-o", "x.png"], ["validate", "card.json"], ["batch", "card.json", "-o", "out"]] {
            let run = try CLI.run(command + ["--traits", item], in: folder.url)
            #expect(run.status == 2 && run.stderr.contains(expected), "\(command[0]): \(run.stderr)")
        }
    }

    @Test("play takes one trait variant and refuses a list")
    func playOneVariant() throws {
        let folder = try TemporaryFolder(holding: ["card.json": card])
        let one = try CLI.run(["play", "card.json", "-o", "frames", "--traits", "dark"] + CLI.pinnedFontOptions, in: folder.url)
        #expect(one.status == 0 && folder.exists("frames/frame-000.png"), "\(one.stderr)")
        let many = try CLI.run(["play", "card.json", "-o", "frames2", "--traits", "all"], in: folder.url)
        #expect(many.status == 2, "\(many.stderr)")
    }
}
