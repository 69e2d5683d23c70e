import Foundation
import Graphics
import InfoWinCheck
@testable import InfoWinKit
import Testing

// The worked example of the image-encoder door (Documentation/architecture.md, "Costs of change"): a new
// raster format is this one type and one registration. A real one registers in `ImageEncoders.builtIn`;
// the test registers its dummy for its own task only, so that concurrent tests see the built-in formats.

extension OutputFormat {
    /// The dummy format: the drawn pixels as they are.
    static let argb = OutputFormat(named: "argb")
}

/// A dummy raster format: a one-line header, then the premultiplied 0xAARRGGBB pixels, little-endian.
struct RawARGBOutput: ImageEncoder {
    let format = OutputFormat.argb
    let displayName = "raw ARGB"
    let mediaType = "image/x-argb"

    func encode(_ image: ImageSurface, _ settings: EncodingSettings) throws(GraphicsError) -> [UInt8] {
        Array("ARGB \(image.width) \(image.height)\n".utf8) + image.argbPixels().flatMap { pixel in
            (0..<4).map { UInt8(truncatingIfNeeded: pixel >> ($0 * 8)) }
        }
    }

    /// The image in `bytes`, which `encode` wrote.
    static func decode(_ bytes: [UInt8]) -> PixelImage? {
        guard let newline = bytes.firstIndex(of: 10) else { return nil }
        let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        guard header.count == 3, header[0] == "ARGB", let width = Int(header[1]), let height = Int(header[2]) else { return nil }
        let body = Array(bytes[(newline + 1)...])
        guard body.count == width * height * 4 else { return nil }
        let pixels = stride(from: 0, to: body.count, by: 4).map { start in
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(body[start + $1]) << ($1 * 8) }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }
}

@Suite("the image-encoder door")
struct EncoderDoorTests {
    let spec = Repository.examples.appendingPathComponent("london-title/spec.json").path

    @Test("a dummy format registered beside the built-in ones is named, chosen by extension and written by the normal render")
    func dummyEncoderRenders() throws {
        #expect(OutputFormat(rawValue: "argb") == nil)
        #expect(OutputFormat(extensionOf: "card.argb") == nil)
        let png = try renderWithPinnedFonts(spec)
        try ImageEncoders.withRegistered([RawARGBOutput()]) {
            #expect(OutputFormat(rawValue: "argb") == .argb)
            #expect(OutputFormat(extensionOf: "out/card.ARGB") == .argb)
            #expect(OutputFormat.allCases.map(\.rawValue) == ["png", "jpeg", "webp", "svg", "pdf", "argb"])
            #expect(ImageEncoders.names == "png, jpeg, webp, svg, pdf or argb")
            #expect(ImageEncoders.encoder(forMediaType: "image/x-argb")?.format == .argb)
            var options = RenderOptions()
            options.format = .argb
            let dummy = try renderWithPinnedFonts(spec, options: options)
            #expect(dummy.format == .argb)
            #expect(dummy.report.text == png.report.text)
            #expect(RawARGBOutput.decode(dummy.bytes) == PixelImage(png: png.bytes), "the dummy's pixels are not the PNG's")
        }
        #expect(OutputFormat.allCases.count == 5, "the dummy outlived its registration")
    }

    @Test("the built-in formats come from the registry: names, extensions, media types and quality")
    func builtInFormatsAreRegistered() {
        #expect(ImageEncoders.names == "png, jpeg, webp, svg or pdf")
        #expect(ImageEncoders.extensions == ".png, .jpg, .jpeg, .webp, .svg or .pdf")
        #expect(ImageEncoders.takingQuality == "JPEG and WebP")
        #expect(ImageEncoders.encoder(named: "JPG")?.format == .jpeg)
        #expect(OutputFormat.allCases.map { $0.encoder.mediaType } == ["image/png", "image/jpeg", "image/webp", "image/svg+xml", "application/pdf"])
        #expect(OutputFormat.allCases.filter { $0.vector != nil } == [.svg, .pdf])
    }
}
