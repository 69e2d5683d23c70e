import Foundation
import InfoWinTestSupport
import Testing

/// London (SPEC.md's example) rendered to `out.png` with its report `out.json`, in a fresh folder; returns
/// the folder and the window body's centre in pixels (a pixel of the window's own white).
private func londonWithPNG(_ extraArguments: [String] = []) throws -> (TemporaryFolder, x: Int, y: Int) {
    let folder = try TemporaryFolder()
    try folder.write(Specs.london, to: "spec.json")
    let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "out.json"] + extraArguments, in: folder.url)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let window = try folder.layout("out.json")["infoWindow"] as? [String: Any]
    let frame = try #require(Layout.rect(window?["frame"]))
    return (folder, Int(frame.x + 6), Int(frame.y + frame.height / 2))
}

/// Renders `spec.json` in `folder` with `arguments`, expecting success.
private func render(_ folder: TemporaryFolder, _ arguments: [String]) throws {
    let result = try CLI.run(["render", "spec.json"] + arguments, in: folder.url)
    #expect(result.status == 0, "infowin render \(arguments.joined(separator: " ")): \(result.stderr)")
}

/// Rasterises `out.svg` and `out.pdf` in `folder` and expects each to be `out.png`'s size and close to it.
private func expectVectorsLookLikeThePNG(in folder: TemporaryFolder) throws {
    for vector in ["out.svg", "out.pdf"] {
        let raster = vector + ".png"
        #expect(try Readers.rasterise(vector, to: raster, in: folder.url), "\(vector) could not be rasterised")
        let comparison = try Readers.compare("out.png", raster, in: folder.url)
        #expect(comparison.otherSize == comparison.size, "\(vector)")
        #expect(comparison.meanDifference < 3, "\(vector): mean difference \(comparison.meanDifference)")
    }
}

@Suite("output formats: JPEG, WebP, SVG, PDF read back by other software")
struct OutputFormatTests {
    @Test(.enabled(if: Tools.pillow, "Pillow (python3-pil) is not installed"))
    func jpegAndWebPReadByPillowHaveThePNGsSizeAndColours() throws {
        let (folder, x, y) = try londonWithPNG()
        try render(folder, ["-o", "out.jpg"])
        try render(folder, ["-o", "out.webp"])
        for name in ["out.jpg", "out.webp"] {
            let comparison = try Readers.compare("out.png", name, in: folder.url, sampleX: x, sampleY: y)
            #expect(comparison.otherSize == [780, 600], "\(name)")
            #expect(comparison.meanDifference < 1.5, "\(name): mean difference \(comparison.meanDifference)")
            #expect(comparison.otherSample == [255, 255, 255] || zip(comparison.sample, comparison.otherSample).allSatisfy { abs($0 - $1) <= 4 },
                "\(name): \(comparison.otherSample) where the PNG has \(comparison.sample)")
        }
        #expect(try folder.bytes("out.jpg").starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(try folder.bytes("out.webp")[8..<12].elementsEqual("WEBP".utf8))
    }

    @Test(.enabled(if: Tools.pillow, "Pillow (python3-pil) is not installed"))
    func webpAtQuality100IsLossless() throws {
        let (folder, _, _) = try londonWithPNG()
        try render(folder, ["-o", "out.webp", "--quality", "100"])
        #expect(try Readers.compare("out.png", "out.webp", in: folder.url).identicalPixels)
    }

    @Test(.enabled(if: Tools.pillow, "Pillow (python3-pil) is not installed"))
    func transparencyIsWhiteInJPEGAndKeptInWebP() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london.replacingOccurrences(of: "\"scale\": 2,", with: "\"scale\": 2, \"background\": \"#00000000\","), to: "spec.json")
        try render(folder, ["-o", "out.jpg"])
        try render(folder, ["-o", "out.webp"])
        let corner = "from PIL import Image; import sys; print(list(Image.open(sys.argv[1]).convert('RGBA').getpixel((0, 0))))"
        #expect(try Tools.run([Tools.python, "-c", corner, "out.jpg"], in: folder.url).stdout == "[255, 255, 255, 255]\n")
        #expect(try Tools.run([Tools.python, "-c", corner, "out.webp"], in: folder.url).stdout.hasSuffix(", 0]\n"))
    }

    @Test func qualityChangesTheJPEGsSize() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        try render(folder, ["-o", "low.jpg", "--quality", "20"])
        try render(folder, ["-o", "high.jpeg", "--quality", "95"])
        let low = try folder.bytes("low.jpg").count, high = try folder.bytes("high.jpeg").count
        #expect(low * 4 < high * 3, "quality 20: \(low) bytes, quality 95: \(high) bytes")
    }

    @Test(.enabled(if: Tools.pdf && Tools.pillow, "pdftotext, pdftoppm (poppler-utils) or Pillow is not installed"))
    func pdfHasTheTitleAsTextAndRastersLikeThePNG() throws {
        let (folder, x, y) = try londonWithPNG()
        try render(folder, ["-o", "out.pdf"])
        let pdf = try folder.bytes("out.pdf")
        #expect(pdf.starts(with: Array("%PDF".utf8)))
        #expect(String(decoding: pdf, as: UTF8.self).contains("/FontFile"), "no embedded font")
        let text = try Tools.run(["pdftotext", "out.pdf", "-"], in: folder.url)
        #expect(text.status == 0 && text.stdout.contains("London") && text.stdout.contains("Population: 8,174,100"), "\(text.stdout)")
        #expect(try Readers.rasterise("out.pdf", to: "raster.png", in: folder.url))
        let comparison = try Readers.compare("out.png", "raster.png", in: folder.url, sampleX: x, sampleY: y)
        #expect(comparison.otherSize == [780, 600])
        #expect(comparison.meanDifference < 1.5, "mean difference \(comparison.meanDifference)")
        #expect(comparison.otherSample == comparison.sample)
    }

    @Test(.enabled(if: Tools.svg && Tools.pillow, "rsvg-convert (librsvg2-bin) or Pillow is not installed"))
    func svgKeepsShapesAndOutlinesAndRastersLikeThePNG() throws {
        let (folder, x, y) = try londonWithPNG()
        try render(folder, ["-o", "out.svg"])
        let svg = String(decoding: try folder.bytes("out.svg"), as: UTF8.self)
        #expect(svg.contains("<path") && svg.contains("<image"), "shapes as paths, the blurred shadow as an image")
        #expect(!svg.contains("<text"), "text is outlines in SVG")
        #expect(try Readers.rasterise("out.svg", to: "raster.png", in: folder.url))
        let comparison = try Readers.compare("out.png", "raster.png", in: folder.url, sampleX: x, sampleY: y)
        #expect(comparison.otherSize == [780, 600])
        #expect(comparison.meanDifference < 1.5, "mean difference \(comparison.meanDifference)")
        #expect(comparison.otherSample == comparison.sample)
    }

    @Test(.enabled(if: Tools.svg && Tools.pdf && Tools.pillow, "rsvg-convert, pdftoppm or Pillow is not installed"))
    func croppedVectorsHaveTheCroppedPNGsSize() throws {
        let (folder, _, _) = try londonWithPNG(["--crop", "window"])
        try render(folder, ["-o", "out.svg", "--crop", "window"])
        try render(folder, ["-o", "out.pdf", "--crop", "window"])
        try expectVectorsLookLikeThePNG(in: folder)
    }

    @Test(.enabled(if: Tools.svg && Tools.pdf && Tools.pillow, "rsvg-convert, pdftoppm or Pillow is not installed"))
    func photosAndShadowsAreEmbeddedImagesInVectors() throws {
        let spec = CLI.repository.appendingPathComponent("Examples/place-card/spec.json").path
        let folder = try TemporaryFolder()
        for name in ["out.png", "out.svg", "out.pdf"] {
            let result = try CLI.run(["render", spec, "-o", name], in: folder.url)
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        let svg = String(decoding: try folder.bytes("out.svg"), as: UTF8.self)
        #expect(svg.components(separatedBy: "<image").count - 1 == 2, "the photo and the shadow")
        let pdf = String(decoding: try folder.bytes("out.pdf"), as: UTF8.self)
        #expect(pdf.components(separatedBy: "/Subtype /Image").count - 1 >= 2, "the photo and the shadow")
        try expectVectorsLookLikeThePNG(in: folder)
    }

    @Test func everyFormatGivesTheSameBytesOnEveryRender() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        for format in ["png", "jpg", "webp", "svg", "pdf"] {
            try render(folder, ["-o", "first.\(format)"])
            try render(folder, ["-o", "second.\(format)"])
            #expect(try folder.bytes("first.\(format)") == folder.bytes("second.\(format)"), "\(format) differs between runs")
        }
        #expect(!String(decoding: try folder.bytes("first.pdf"), as: UTF8.self).contains("CreationDate (D:2"), "a creation date")
    }

    @Test func batchWritesTheSameVectorBytesForTheSameSpecWhateverCameBefore() throws {
        let folder = try TemporaryFolder()
        for name in ["a", "b", "c"] { try folder.write(Specs.london, to: "specs/\(name).json") }
        for format in ["svg", "pdf"] {
            let result = try CLI.run(["batch", "specs", "-o", format, "--format", format, "--jobs", "2"], in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            let first = try folder.bytes("\(format)/a.\(format)")
            #expect(try folder.bytes("\(format)/b.\(format)") == first && folder.bytes("\(format)/c.\(format)") == first, "\(format)")
        }
    }
}

@Suite("output formats: the command line")
struct OutputFormatCommandTests {
    @Test(arguments: [
        (["-o", "card.gif"], "unknown image extension"),
        (["-o", "card", "--format", "png"], "no extension"),
        (["-o", "card.png", "--format", "jpeg"], "--format jpeg"),
        (["-o", "card.png", "--format", "tiff"], "tiff"),
        (["-o", "card.jpg", "--quality", "0"], "--quality"),
        (["-o", "card.png", "--quality", "80"], "JPEG and WebP only"),
        (["-o", "card.jpg", "--format", "webp"], "contradicts"),
        (["-o", "card.png", "--scale", "1,2,2"], "twice"),
        (["-o", "card.png", "--scale", "1,2.5"], "--scale"),
        (["-o", "-", "--scale", "1,2"], "standard output"),
    ])
    func wrongFormatArgumentsExit2AndWriteNothing(arguments: [String], mentions: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        let result = try CLI.run(["render", "spec.json"] + arguments, in: folder.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
        #expect(try folder.entries() == ["spec.json"])
    }

    @Test func formatSetsWhatGoesToStandardOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        let signatures: [(String?, [UInt8])] = [
            (nil, [0x89, 0x50, 0x4E, 0x47]), ("jpeg", [0xFF, 0xD8, 0xFF]), ("JPG", [0xFF, 0xD8, 0xFF]), ("webp", Array("RIFF".utf8)),
            ("svg", Array("<?xml".utf8)), ("pdf", Array("%PDF".utf8)),
        ]
        for (format, signature) in signatures {
            let result = try CLI.run(["render", "spec.json", "-o", "-"] + (format.map { ["--format", $0] } ?? []), in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.starts(with: signature), "\(format ?? "default")")
        }
    }

    @Test func batchFormatJpegWritesJpgFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "specs/london.json")
        try folder.write(Specs.london, to: "specs/more/again.json")
        let result = try CLI.run(["batch", "specs", "-o", "out", "--format", "jpeg", "--quality", "80"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try folder.entries("out") == ["london.jpg", "london.layout.json", "more"])
        #expect(try folder.entries("out/more") == ["again.jpg", "again.layout.json"])
        #expect(try folder.bytes("out/london.jpg").starts(with: [0xFF, 0xD8, 0xFF]))
    }

    @Test func scaleListWritesOneImageAndReportPerScaleNamedAsAssetCatalogues() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        let result = try CLI.run(["render", "spec.json", "-o", "out.png", "--layout", "L.json", "--scale", "1,2,3"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try folder.entries() == ["L.json", "L@2x.json", "L@3x.json", "out.png", "out@2x.png", "out@3x.png", "spec.json"])
        for (scale, suffix) in [(1, ""), (2, "@2x"), (3, "@3x")] {
            let size = try #require(PNG.size(folder.bytes("out\(suffix).png")))
            #expect(size.width == 390 * scale && size.height == 300 * scale, "out\(suffix).png")
            let image = try folder.layout("L\(suffix).json")["image"] as? [String: Any]
            #expect(Layout.number(image?["scale"]) == Double(scale))
        }
        let single = try CLI.run(["render", "spec.json", "-o", "one.png", "--scale", "3"], in: folder.url)
        #expect(single.status == 0 && folder.exists("one.png") && !folder.exists("one@3x.png"), "one scale keeps its name")
    }

    @Test func batchScaleListWritesEachSpecOncePerScale() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "specs/london.json")
        let result = try CLI.run(["batch", "specs", "-o", "out", "--scale", "1,3", "--format", "webp"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try folder.entries("out") == ["london.layout.json", "london.webp", "london@3x.layout.json", "london@3x.webp"])
        let image = try folder.layout("out/london@3x.layout.json")["image"] as? [String: Any]
        #expect(Layout.number(image?["width"]) == 1170)
    }

    @Test func dataRowsAndScalesNameFilesRowThenScale() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london.replacingOccurrences(of: "\"title\": \"London\"", with: "\"title\": \"{{data.name}}\""), to: "spec.json")
        try folder.write("id,name\nuk,London\nfr,Paris\n", to: "rows.csv")
        let result = try CLI.run(["render", "spec.json", "-o", "out.svg", "--data", "rows.csv", "--scale", "1,2"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try folder.entries() == ["out.fr.svg", "out.fr@2x.svg", "out.uk.svg", "out.uk@2x.svg", "rows.csv", "spec.json"])
        #expect(String(decoding: try folder.bytes("out.fr@2x.svg"), as: UTF8.self).contains("width=\"780px\""))
    }

    @Test func scaleListIsAllOrNone() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        try FileManager.default.createDirectory(atPath: folder.path("out@3x.pdf"), withIntermediateDirectories: true)
        let result = try CLI.run(["render", "spec.json", "-o", "out.pdf", "--scale", "1,2,3"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try folder.entries() == ["out@3x.pdf", "spec.json"], "a file was written though another failed")
    }

    @Test func checkTakesOneScaleAndNoFormat() throws {
        let folder = try TemporaryFolder()
        try folder.write(Specs.london, to: "spec.json")
        let list = try CLI.run(["check", "spec.json", "--golden", "golden", "--scale", "1,2"], in: folder.url)
        #expect(list.status == 2 && list.stderr.contains("render and batch"), "\(list.stderr)")
        let format = try CLI.run(["check", "spec.json", "--golden", "golden", "--format", "jpeg"], in: folder.url)
        #expect(format.status == 2 && format.stderr.contains("--format"), "\(format.stderr)")
        #expect(try folder.entries() == ["spec.json"])
    }

    @Test func helpNamesTheFormatsAndTheirOptions() throws {
        for command in ["render", "batch"] {
            let help = try CLI.run([command, "--help"]).stdoutText
            for word in ["--format", "--quality", "jpeg", "webp", "svg", "pdf"] {
                #expect(help.contains(word), "\(command) --help lacks \(word)")
            }
        }
        #expect(try CLI.run(["render", "--help"]).stdoutText.contains("out@2x.png"))
    }
}
