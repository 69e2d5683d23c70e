import Foundation
import InfoWinKit
import Testing

@Suite("output formats")
struct OutputFormatTests {
    @Test("a file name's extension names its format, in any case; others and none name nothing")
    func extensionsNameFormats() {
        let cases: [(String, OutputFormat?)] = [
            ("out.png", .png), ("a/b/OUT.JPG", .jpeg), ("card.jpeg", .jpeg), ("x.webp", .webp), ("v.svg", .svg),
            ("print.PDF", .pdf), ("card.gif", nil), ("card", nil), (".png", nil), ("dir.png/card", nil), ("a.svg.txt", nil),
        ]
        for (path, format) in cases {
            #expect(OutputFormat(extensionOf: path) == format, "\(path)")
        }
        #expect(OutputFormat.allCases.map(\.fileExtension) == ["png", "jpg", "webp", "svg", "pdf"])
    }

    @Test("window.svg and window.pdf beside the vector-formats example are what its spec makes, twice in one process alike",
        arguments: [OutputFormat.svg, .pdf])
    func vectorExampleIsUpToDate(format: OutputFormat) throws {
        let folder = Repository.examples.appendingPathComponent("vector-formats")
        var options = RenderOptions()
        options.format = format
        let spec = folder.appendingPathComponent("spec.json").path
        let first = try renderWithPinnedFonts(spec, options: options), second = try renderWithPinnedFonts(spec, options: options)
        #expect(first.bytes == second.bytes, "a second render in the same process differs")
        let committed = try [UInt8](Data(contentsOf: folder.appendingPathComponent("window.\(format.fileExtension)")))
        #expect(first.bytes == committed, "window.\(format.fileExtension) is not what the spec makes now: run 'make goldens' and look at it")
    }
}
